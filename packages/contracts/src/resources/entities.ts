import { defineResource, type FieldDef, type ResourceDef } from './define';
import { cargoControlRuleResource, driverRuleResource, handlingLossRuleResource, truckRuleResource } from './entities-rules';
import { deliveryLocationResource, hikConnectResource, siloResource, vesselResource, warehouseResource, weightMachineResource } from './entities-sites';

const name = { en: 'Name', ar: 'الاسم' };
const details = { en: 'Details', ar: 'التفاصيل' };
const location = { en: 'Location', ar: 'الموقع' };

/** Cargo types (spec 2.3 `cargoType`): wheat, barley, corn, ... */
export const cargoTypeResource = defineResource({
  key: 'cargoType',
  route: 'cargoType',
  table: 'cargo_types',
  permissionModule: 'CargoType',
  labels: { one: { en: 'Cargo type', ar: 'نوع البضاعة' }, many: { en: 'Cargo types', ar: 'أنواع البضائع' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 50, required: true, unique: true, searchable: true, sortable: true },
    code: {
      kind: 'text',
      label: { en: 'Code', ar: 'الرمز' },
      max: 20,
      pattern: /^[A-Z0-9-]+$/,
      upperCase: true,
      example: (n) => `CT-${n}`,
      unique: true,
      searchable: true,
      sortable: true,
      messages: { invalid: { en: 'Code may hold letters, digits and dashes only.', ar: 'يجب أن يحتوي الرمز على حروف وأرقام وشرطات فقط.' } },
    },
  },
  list: { columns: ['name', 'code'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name', 'code']] }] },
});

/** Ports (spec 2.3 `port`), with their UN/LOCODE and position. */
export const portResource = defineResource({
  key: 'port',
  route: 'port',
  table: 'ports',
  permissionModule: 'Port',
  labels: { one: { en: 'Port', ar: 'ميناء' }, many: { en: 'Ports', ar: 'الموانئ' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 50, required: true, unique: true, searchable: true, sortable: true },
    code: {
      kind: 'text',
      label: { en: 'UN/LOCODE', ar: 'رمز الأمم المتحدة للموقع' },
      max: 5,
      pattern: /^[A-Z]{2}[A-Z2-9]{3}$/,
      upperCase: true,
      example: (n) => `SA${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (Math.floor(n / 676) % 26))}`,
      unique: true,
      searchable: true,
      sortable: true,
      messages: { invalid: { en: 'Please enter a UN/LOCODE: 2 letters of the country and 3 letters or digits (e.g. SAJED).', ar: 'يرجى إدخال رمز الأمم المتحدة: حرفان للدولة و3 حروف أو أرقام (مثل SAJED).' } },
    },
    countryCode: {
      kind: 'text',
      label: { en: 'Country', ar: 'الدولة' },
      max: 2,
      pattern: /^[A-Z]{2}$/,
      upperCase: true,
      example: () => 'SA',
      required: true,
      filterable: true,
      sortable: true,
      messages: { invalid: { en: 'Please enter the ISO country code (2 letters, e.g. SA).', ar: 'يرجى إدخال رمز الدولة (حرفان، مثل SA).' } },
    },
    latitude: { kind: 'latitude', label: { en: 'Latitude', ar: 'خط العرض' } },
    longitude: { kind: 'longitude', label: { en: 'Longitude', ar: 'خط الطول' } },
  },
  list: { columns: ['name', 'code', 'countryCode', 'latitude', 'longitude'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name', 'code'], ['countryCode']] }, { title: location, rows: [['latitude', 'longitude']] }] },
});

/** Berths of a port (spec 2.3 `berth`). */
export const berthResource = defineResource({
  key: 'berth',
  route: 'berth',
  table: 'berths',
  permissionModule: 'Berth',
  labels: { one: { en: 'Berth', ar: 'رصيف' }, many: { en: 'Berths', ar: 'الأرصفة' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 50, required: true, unique: true, searchable: true, sortable: true },
    portId: { kind: 'reference', resource: 'port', label: { en: 'Port', ar: 'الميناء' }, required: true, filterable: true, sortable: true },
    maxDraft: {
      kind: 'decimal',
      label: { en: 'Maximum draft (m)', ar: 'أقصى غاطس (م)' },
      scale: 2,
      min: 0.01,
      max: 30,
      unit: { en: 'm', ar: 'م' },
      sortable: true,
      filterable: true,
    },
  },
  list: { columns: ['name', 'portId', 'maxDraft'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name', 'portId'], ['maxDraft']] }] },
});

/** Destinations (spec 2.3 `destination`). */
export const destinationResource = defineResource({
  key: 'destination',
  route: 'destination',
  table: 'destinations',
  permissionModule: 'Destination',
  labels: { one: { en: 'Destination', ar: 'وجهة' }, many: { en: 'Destinations', ar: 'الوجهات' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 50, required: true, unique: true, searchable: true, sortable: true },
    latitude: { kind: 'latitude', label: { en: 'Latitude', ar: 'خط العرض' }, required: true },
    longitude: { kind: 'longitude', label: { en: 'Longitude', ar: 'خط الطول' }, required: true },
  },
  list: { columns: ['name', 'latitude', 'longitude'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name'], ['latitude', 'longitude']] }] },
});

/** Company type ids of the lookups (server/src/modules/lookups): the discriminator of the shared companies table. */
export const COMPANY_TYPE_IDS = { transporter: 1, buyer: 2, consignee: 3, seller: 4, shipmentManager: 5, customer: 6, supplier: 7 } as const;

const companyFields = {
  name: { kind: 'text', label: name, max: 100, required: true, unique: true, searchable: true, sortable: true },
  code: { kind: 'text', label: { en: 'Code', ar: 'الرمز' }, max: 20, upperCase: true, searchable: true, sortable: true },
  contactPerson: { kind: 'text', label: { en: 'Contact person', ar: 'جهة الاتصال' }, max: 100, searchable: true },
  email: { kind: 'email', label: { en: 'E-mail', ar: 'البريد الإلكتروني' } },
  phone: { kind: 'phone', label: { en: 'Phone', ar: 'الهاتف' } },
  address: { kind: 'text', label: { en: 'Address', ar: 'العنوان' }, max: 200 },
  countryCode: {
    kind: 'text',
    label: { en: 'Country', ar: 'الدولة' },
    max: 2,
    pattern: /^[A-Z]{2}$/,
    upperCase: true,
    example: () => 'SA',
    filterable: true,
    sortable: true,
    messages: { invalid: { en: 'Please enter the ISO country code (2 letters, e.g. SA).', ar: 'يرجى إدخال رمز الدولة (حرفان، مثل SA).' } },
  },
  city: { kind: 'text', label: { en: 'City', ar: 'المدينة' }, max: 50, searchable: true, sortable: true, filterable: true },
  latitude: { kind: 'latitude', label: { en: 'Headquarters latitude', ar: 'خط عرض المقر' } },
  longitude: { kind: 'longitude', label: { en: 'Headquarters longitude', ar: 'خط طول المقر' } },
} as const satisfies Record<string, FieldDef>;

/** The company's admin user (a user of type Company admin with this company), read-only here: set on the user form. */
const companyDerived = { adminName: { label: { en: 'Company admin', ar: 'مسؤول الشركة' } } } as const;

const companyForm = {
  sections: [
    { title: details, rows: [['name', 'code'], ['contactPerson', 'email'], ['phone']] },
    { title: location, rows: [['address'], ['countryCode', 'city'], ['latitude', 'longitude']] },
  ],
} as const;

/** A company type of spec 2.3 over the one `companies` table, told apart by its company type id. */
function companyResource(key: keyof typeof COMPANY_TYPE_IDS, permissionModule: string, labels: ResourceDef['labels']): ResourceDef {
  return defineResource({
    key,
    route: key,
    table: 'companies',
    fixed: { companyTypeId: COMPANY_TYPE_IDS[key] },
    permissionModule,
    labels,
    display: 'name',
    fields: companyFields,
    derived: companyDerived,
    list: { columns: ['name', 'code', 'contactPerson', 'phone', 'city', 'adminName'], defaultSort: { field: 'name', order: 'asc' } },
    form: companyForm,
  });
}

export const shipmentManagerResource = defineResource({
  ...companyResource('shipmentManager', 'ShipmentManager', {
    one: { en: 'Shipment Manager', ar: 'مدير الشحنة' },
    many: { en: 'Shipment Managers', ar: 'مديرو الشحنات' },
  }),
  scope: { id: 'shipmentManager' },
});

/** Consignees (spec 2.3), each optionally under a shipment manager. */
export const consigneeResource = defineResource({
  key: 'consignee',
  route: 'consignee',
  table: 'companies',
  fixed: { companyTypeId: COMPANY_TYPE_IDS.consignee },
  permissionModule: 'Consignee',
  labels: { one: { en: 'Consignee', ar: 'مستلم' }, many: { en: 'Consignees', ar: 'المستلمون' } },
  display: 'name',
  fields: {
    ...companyFields,
    shipmentManagerId: { kind: 'reference', resource: 'shipmentManager', label: { en: 'Shipment manager', ar: 'مدير الشحنة' }, filterable: true, sortable: true },
  },
  derived: companyDerived,
  scope: { id: 'consignee', fields: { shipmentManagerId: 'shipmentManager' } },
  list: { columns: ['name', 'code', 'shipmentManagerId', 'contactPerson', 'phone', 'city', 'adminName'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name', 'code'], ['shipmentManagerId'], ['contactPerson', 'email'], ['phone']] }, companyForm.sections[1]] },
});

export const supplierResource = companyResource('supplier', 'Supplier', { one: { en: 'Supplier', ar: 'مورد' }, many: { en: 'Suppliers', ar: 'الموردون' } });
export const sellerResource = companyResource('seller', 'Seller', { one: { en: 'Seller', ar: 'بائع' }, many: { en: 'Sellers', ar: 'البائعون' } });
export const buyerResource = companyResource('buyer', 'Buyer', { one: { en: 'Buyer', ar: 'مشترٍ' }, many: { en: 'Buyers', ar: 'المشترون' } });
export const customerResource = companyResource('customer', 'Customer', { one: { en: 'Customer', ar: 'عميل' }, many: { en: 'Customers', ar: 'العملاء' } });
export const transporterResource = companyResource('transporter', 'Transporter', { one: { en: 'Transporter', ar: 'ناقل' }, many: { en: 'Transporters', ar: 'الناقلون' } });

/** Drivers (spec 2.3 `driver`) of a transporter, with their driving licence. */
export const driverResource = defineResource({
  key: 'driver',
  route: 'driver',
  table: 'drivers',
  permissionModule: 'Driver',
  labels: { one: { en: 'Driver', ar: 'سائق' }, many: { en: 'Drivers', ar: 'السائقون' } },
  display: 'name',
  fields: {
    transporterId: { kind: 'reference', resource: 'transporter', label: { en: 'Transporter', ar: 'الناقل' }, required: true, filterable: true, sortable: true },
    name: { kind: 'text', label: name, max: 100, required: true, searchable: true, sortable: true },
    licenceNumber: {
      kind: 'text',
      label: { en: 'Licence number', ar: 'رقم الرخصة' },
      max: 30,
      pattern: /^[A-Z0-9][A-Z0-9 -]*$/,
      upperCase: true,
      example: (n) => `DL-${n}`,
      required: true,
      unique: true,
      searchable: true,
      sortable: true,
      messages: { invalid: { en: 'Licence number may hold letters, digits, spaces and dashes only.', ar: 'يجب أن يحتوي رقم الرخصة على حروف وأرقام ومسافات وشرطات فقط.' } },
    },
    licenceExpiry: { kind: 'date', label: { en: 'Licence expiry', ar: 'انتهاء الرخصة' }, required: true, sortable: true, filterable: true },
    idNumber: { kind: 'text', label: { en: 'ID number', ar: 'رقم الهوية' }, max: 20, searchable: true },
    phone: { kind: 'phone', label: { en: 'Phone', ar: 'الهاتف' } },
    photo: { kind: 'image', folder: 'drivers', label: { en: 'Photo', ar: 'الصورة' } },
  },
  list: { columns: ['photo', 'name', 'transporterId', 'licenceNumber', 'licenceExpiry', 'phone'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name', 'transporterId'], ['licenceNumber', 'licenceExpiry'], ['idNumber', 'phone'], ['photo']] }] },
});

/** Trucks (spec 2.3 `Truck`), each of its transporter. */
export const truckResource = defineResource({
  key: 'truck',
  route: 'Truck',
  table: 'trucks',
  permissionModule: 'Truck',
  labels: { one: { en: 'Truck', ar: 'شاحنة' }, many: { en: 'Trucks', ar: 'الشاحنات' } },
  display: 'plateNumber',
  fields: {
    plateNumber: {
      kind: 'text',
      label: { en: 'Plate number', ar: 'رقم اللوحة' },
      max: 20,
      pattern: /^[A-Z0-9][A-Z0-9 -]*$/,
      upperCase: true,
      example: (n) => `TRK ${n}`,
      required: true,
      unique: true,
      searchable: true,
      sortable: true,
      messages: { invalid: { en: 'Plate number may hold letters, digits, spaces and dashes only.', ar: 'يجب أن يحتوي رقم اللوحة على حروف وأرقام ومسافات وشرطات فقط.' } },
    },
    transporterId: { kind: 'reference', resource: 'transporter', label: { en: 'Transporter', ar: 'الناقل' }, required: true, filterable: true, sortable: true },
    tareWeight: { kind: 'quantity', label: { en: 'Tare weight (MT)', ar: 'الوزن الفارغ (طن)' }, min: 0.001, max: 100, required: true, sortable: true },
    capacity: { kind: 'quantity', label: { en: 'Capacity (MT)', ar: 'الحمولة (طن)' }, min: 0.001, max: 200, required: true, sortable: true, filterable: true },
  },
  indexes: [['transporterId', 'capacity']],
  list: { columns: ['plateNumber', 'transporterId', 'tareWeight', 'capacity'], defaultSort: { field: 'plateNumber', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['plateNumber', 'transporterId'], ['tareWeight', 'capacity']] }] },
});

/** Every declared resource, in dependency order (a referenced resource before those referring to it). */
export const resourceRegistry: readonly ResourceDef[] = [
  cargoTypeResource,
  portResource,
  berthResource,
  destinationResource,
  shipmentManagerResource,
  consigneeResource,
  supplierResource,
  sellerResource,
  buyerResource,
  customerResource,
  transporterResource,
  driverResource,
  truckResource,
  vesselResource,
  warehouseResource,
  deliveryLocationResource,
  siloResource,
  weightMachineResource,
  hikConnectResource,
  truckRuleResource,
  driverRuleResource,
  cargoControlRuleResource,
  handlingLossRuleResource,
];

/** The declaration of a resource key; throws for an unknown key (a programming error). */
export function resourceByKey(key: string): ResourceDef {
  const found = resourceRegistry.find((r) => r.key === key);
  if (!found) throw new Error(`Unknown resource ${key}`);
  return found;
}
