import { defineResource, type FieldDef, type FieldIssue, type Localized, type ResourceDef } from './define';

const details = { en: 'Details', ar: 'التفاصيل' };
const ruleName = { kind: 'text', label: { en: 'Rule name', ar: 'اسم القاعدة' }, max: 100, required: true, searchable: true, sortable: true } as const;
const validity = { en: 'Validity', ar: 'الصلاحية' };

/** Rows of the `transporter_rules` table: rules on a truck or on a driver (spec 2.3 `truckRules`, `driverRules`). */
export const RULE_SUBJECT_IDS = { truck: 1, driver: 2 } as const;

const periodFields = {
  validFrom: { kind: 'date', label: { en: 'Valid from', ar: 'ساري من' }, sortable: true },
  validTo: { kind: 'date', label: { en: 'Valid to', ar: 'ساري حتى' }, sortable: true },
  reason: { kind: 'text', label: { en: 'Reason', ar: 'السبب' }, max: 255, searchable: true },
} as const satisfies Record<string, FieldDef>;

/** validTo on or after validFrom (ISO dates compare as text). */
function periodIssues(values: Readonly<Record<string, unknown>>): FieldIssue[] {
  const { validFrom, validTo } = values;
  if (typeof validFrom === 'string' && typeof validTo === 'string' && validTo < validFrom) {
    return [{ field: 'validTo', message: { en: 'Valid to can not be before valid from.', ar: 'لا يمكن أن يسبق تاريخ الانتهاء تاريخ البدء.' } }];
  }
  return [];
}

const need = (values: Readonly<Record<string, unknown>>, field: string, message: Localized): FieldIssue[] =>
  values[field] === null || values[field] === undefined ? [{ field, message }] : [];

const ruleTypeOption = {
  block: { value: 'block', label: { en: 'Block', ar: 'حظر' } },
  maxTripsPerDay: { value: 'maxTripsPerDay', label: { en: 'Trips per day cap', ar: 'حد الرحلات اليومية' } },
  requireDocument: { value: 'requireDocument', label: { en: 'Requires a valid document', ar: 'يتطلب وثيقة سارية' } },
  requireValidLicence: { value: 'requireValidLicence', label: { en: 'Requires a valid licence', ar: 'يتطلب رخصة سارية' } },
} as const;

const ruleLimitFields = {
  maxTripsPerDay: { kind: 'integer', label: { en: 'Maximum trips per day', ar: 'أقصى عدد رحلات يوميًا' }, min: 1, max: 100 },
  documentName: { kind: 'text', label: { en: 'Document', ar: 'الوثيقة' }, max: 100, searchable: true },
  documentExpiry: { kind: 'date', label: { en: 'Document valid until', ar: 'الوثيقة سارية حتى' }, sortable: true },
} as const satisfies Record<string, FieldDef>;

/** The conditional fields of a rule type: a cap needs its number, a document its name and expiry. */
function ruleTypeIssues(values: Readonly<Record<string, unknown>>): FieldIssue[] {
  switch (values.ruleType) {
    case 'maxTripsPerDay':
      return need(values, 'maxTripsPerDay', { en: 'Please input maximum trips per day!', ar: 'يرجى إدخال أقصى عدد رحلات يوميًا!' });
    case 'requireDocument':
      return [
        ...need(values, 'documentName', { en: 'Please input document!', ar: 'يرجى إدخال الوثيقة!' }),
        ...need(values, 'documentExpiry', { en: 'Please input document valid until!', ar: 'يرجى إدخال تاريخ سريان الوثيقة!' }),
      ];
    default:
      return [];
  }
}

/** What differs between the truck and the driver rules over the one `transporter_rules` table. */
interface RuleSubject {
  subject: keyof typeof RULE_SUBJECT_IDS;
  key: string;
  route: string;
  permissionModule: string;
  labels: ResourceDef['labels'];
  /** The truck or driver reference field: its name and its label (empty meaning every one of the transporter). */
  target: { name: 'truckId' | 'driverId'; resource: 'truck' | 'driver'; label: Localized };
  ruleTypes: readonly { value: string; label: Localized }[];
}

/** A truck or driver rule resource: block, cap trips per day, or require a valid document (or licence), for a period. */
function transporterRuleResource(subject: RuleSubject): ResourceDef {
  const { name: target } = subject.target;
  const fields: Record<string, FieldDef> = {
    name: ruleName,
    transporterId: { kind: 'reference', resource: 'transporter', label: { en: 'Transporter', ar: 'الناقل' }, required: true, filterable: true, sortable: true },
    [target]: { kind: 'reference', resource: subject.target.resource, label: subject.target.label, filterable: true, sortable: true },
    ruleType: { kind: 'enum', label: { en: 'Rule', ar: 'القاعدة' }, required: true, filterable: true, sortable: true, options: subject.ruleTypes },
    ...ruleLimitFields,
    ...periodFields,
  };
  return defineResource({
    key: subject.key,
    route: subject.route,
    table: 'transporter_rules',
    fixed: { ruleSubjectId: RULE_SUBJECT_IDS[subject.subject] },
    permissionModule: subject.permissionModule,
    labels: subject.labels,
    display: 'name',
    fields,
    validate: (values) => [...ruleTypeIssues(values), ...periodIssues(values)],
    list: { columns: ['name', 'transporterId', target, 'ruleType', 'maxTripsPerDay', 'validFrom', 'validTo'], defaultSort: { field: 'name', order: 'asc' } },
    form: {
      sections: [
        { title: details, rows: [['name'], ['transporterId', target], ['ruleType', 'maxTripsPerDay'], ['documentName', 'documentExpiry']] },
        { title: validity, rows: [['validFrom', 'validTo'], ['reason']] },
      ],
    },
  });
}

/**
 * Truck rules: block a truck (or every truck of a transporter), cap its trips per day, or require a valid
 * document (registration, insurance). The loading flows check them before a slip is saved.
 */
export const truckRuleResource = transporterRuleResource({
  subject: 'truck',
  key: 'truckRule',
  route: 'truckRules',
  permissionModule: 'TruckRule',
  labels: { one: { en: 'Truck rule', ar: 'قاعدة شاحنة' }, many: { en: 'Truck Rules', ar: 'قواعد الشاحنات' } },
  target: { name: 'truckId', resource: 'truck', label: { en: 'Truck (empty: every truck)', ar: 'الشاحنة (فارغ: كل الشاحنات)' } },
  ruleTypes: [ruleTypeOption.block, ruleTypeOption.maxTripsPerDay, ruleTypeOption.requireDocument],
});

/** Driver rules: block a driver (or every driver of a transporter), cap trips per day, require a valid licence or document. */
export const driverRuleResource = transporterRuleResource({
  subject: 'driver',
  key: 'driverRule',
  route: 'driverRules',
  permissionModule: 'DriverRule',
  labels: { one: { en: 'Driver rule', ar: 'قاعدة سائق' }, many: { en: 'Driver Rules', ar: 'قواعد السائقين' } },
  target: { name: 'driverId', resource: 'driver', label: { en: 'Driver (empty: every driver)', ar: 'السائق (فارغ: كل السائقين)' } },
  ruleTypes: [ruleTypeOption.block, ruleTypeOption.maxTripsPerDay, ruleTypeOption.requireValidLicence, ruleTypeOption.requireDocument],
});

/**
 * Cargo control rules: stop a cargo type coming into or going out of a warehouse (or every warehouse), or cap the
 * stock a warehouse may hold of it, for a period (a quarantine, a fumigation, a full silo).
 */
export const cargoControlRuleResource = defineResource({
  key: 'cargoControlRule',
  route: 'cargoControlRules',
  table: 'cargo_control_rules',
  permissionModule: 'CargoControlRule',
  labels: { one: { en: 'Cargo control rule', ar: 'قاعدة التحكم بالبضائع' }, many: { en: 'Cargo control rules', ar: 'قواعد التحكم بالبضائع' } },
  display: 'name',
  fields: {
    name: ruleName,
    cargoTypeId: { kind: 'reference', resource: 'cargoType', label: { en: 'Cargo type', ar: 'نوع البضاعة' }, required: true, filterable: true, sortable: true },
    locationId: { kind: 'reference', resource: 'warehouse', label: { en: 'Warehouse (empty: every warehouse)', ar: 'المستودع (فارغ: كل المستودعات)' }, filterable: true, sortable: true },
    blockIn: { kind: 'boolean', label: { en: 'Block intake', ar: 'منع الإدخال' }, filterable: true },
    blockOut: { kind: 'boolean', label: { en: 'Block dispatch', ar: 'منع الإخراج' }, filterable: true },
    maxStock: { kind: 'quantity', label: { en: 'Maximum stock (MT)', ar: 'أقصى مخزون (طن)' }, min: 0.001, max: 10_000_000, sortable: true },
    ...periodFields,
  },
  validate: (values) => [
    ...(values.blockIn !== true && values.blockOut !== true && (values.maxStock === null || values.maxStock === undefined)
      ? [{ field: 'maxStock', message: { en: 'Please block intake or dispatch, or set a maximum stock.', ar: 'يرجى منع الإدخال أو الإخراج أو تحديد أقصى مخزون.' } }]
      : []),
    ...periodIssues(values),
  ],
  list: { columns: ['name', 'cargoTypeId', 'locationId', 'blockIn', 'blockOut', 'maxStock', 'validTo'], defaultSort: { field: 'name', order: 'asc' } },
  form: {
    sections: [
      { title: details, rows: [['name'], ['cargoTypeId', 'locationId'], ['blockIn', 'blockOut'], ['maxStock']] },
      { title: validity, rows: [['validFrom', 'validTo'], ['reason']] },
    ],
  },
});

/** Handling loss rules: the loss allowed per cargo type at a warehouse (or at every warehouse), in percent of the quantity handled. */
export const handlingLossRuleResource = defineResource({
  key: 'handlingLossRule',
  route: 'handlingLossRules',
  table: 'handling_loss_rules',
  permissionModule: 'HandlingLossRule',
  labels: { one: { en: 'Handling loss rule', ar: 'قاعدة فاقد المناولة' }, many: { en: 'Handling loss rules', ar: 'قواعد فاقد المناولة' } },
  display: 'name',
  fields: {
    name: ruleName,
    cargoTypeId: { kind: 'reference', resource: 'cargoType', label: { en: 'Cargo type', ar: 'نوع البضاعة' }, required: true, filterable: true, sortable: true },
    locationId: { kind: 'reference', resource: 'warehouse', label: { en: 'Warehouse (empty: every warehouse)', ar: 'المستودع (فارغ: كل المستودعات)' }, filterable: true, sortable: true },
    allowedLossPercent: {
      kind: 'decimal',
      label: { en: 'Allowed loss (%)', ar: 'الفاقد المسموح (%)' },
      scale: 3,
      min: 0,
      max: 100,
      unit: { en: '%', ar: '%' },
      required: true,
      sortable: true,
      filterable: true,
    },
    reason: { kind: 'text', label: { en: 'Note', ar: 'ملاحظة' }, max: 255 },
  },
  uniqueTogether: [
    { fields: ['cargoTypeId', 'locationId'], message: { en: 'A rule for this cargo type and warehouse already exists.', ar: 'توجد قاعدة لهذا النوع من البضاعة وهذا المستودع.' } },
  ],
  list: { columns: ['name', 'cargoTypeId', 'locationId', 'allowedLossPercent'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name'], ['cargoTypeId', 'locationId'], ['allowedLossPercent'], ['reason']] }] },
});
