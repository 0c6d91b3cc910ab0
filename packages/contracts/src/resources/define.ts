/**
 * The resource registry's declarations: one `defineResource({...})` per master-data entity gives the table, the
 * REST routes, the validation (with messages) and, for the web, the list and form screens.
 */

/** A text in both languages every screen must support. */
export interface Localized {
  en: string;
  ar: string;
}

/** Messages a field may override; each has a default derived from the field's label. */
export type FieldMessageKey = 'required' | 'invalid' | 'max' | 'min' | 'duplicate';

interface FieldBase {
  label: Localized;
  /** Refused when missing or empty; otherwise stored as null. */
  required?: boolean;
  /** Unique per agency (case-insensitive for text). */
  unique?: boolean;
  /** Matched by the list's search (more than 2 typed characters, case-insensitive, anywhere in the value). */
  searchable?: boolean;
  sortable?: boolean;
  /** The list takes a filter on it: equality (text, enum, boolean, reference) or a min/max range (numbers). */
  filterable?: boolean;
  messages?: Partial<Record<FieldMessageKey, Localized>>;
  /**
   * The value a new form starts with and the column default (rows existing when the field was added get it); a
   * required field left out of a write (or sent empty) takes it.
   */
  default?: string | number;
}

export interface TextField extends FieldBase {
  kind: 'text';
  max: number;
  pattern?: RegExp;
  /** Stored upper-cased (codes, plate numbers). */
  upperCase?: boolean;
  /** A valid example value for the n-th record (placeholders, import templates, generic tests); needed with a pattern. */
  example?: (n: number) => string;
}
export interface EmailField extends FieldBase {
  kind: 'email';
}
export interface PhoneField extends FieldBase {
  kind: 'phone';
}
export interface IntegerField extends FieldBase {
  kind: 'integer';
  min: number;
  max: number;
}
/** A decimal with a fixed number of decimals, stored exactly as numeric(precision, scale). */
export interface DecimalField extends FieldBase {
  kind: 'decimal';
  scale: number;
  min: number;
  max: number;
  unit?: Localized;
}
/** A weight in metric tonnes with 3 decimals (spec 9), stored exactly as numeric(14, 3). */
export interface QuantityField extends FieldBase {
  kind: 'quantity';
  min: number;
  max: number;
}
export interface BooleanField extends FieldBase {
  kind: 'boolean';
}
export interface EnumField extends FieldBase {
  kind: 'enum';
  options: readonly { value: string; label: Localized }[];
}
/** The id of a row of another resource of the same agency; shown by that row's display field. */
export interface ReferenceField extends FieldBase {
  kind: 'reference';
  resource: string;
}
/** A calendar date: an ISO date string (YYYY-MM-DD) in the API, a date column, shown as DD-MMM-YYYY. */
export interface DateField extends FieldBase {
  kind: 'date';
}
export interface LatitudeField extends FieldBase {
  kind: 'latitude';
}
export interface LongitudeField extends FieldBase {
  kind: 'longitude';
}
/** An uploaded image (jpg, jpeg, png up to 5 MB): the storage path the upload returned, shown as a thumbnail. */
export interface ImageField extends FieldBase {
  kind: 'image';
  /** The upload folder (`/api/uploads/file?directory=`); must be an image folder of the uploads module. */
  folder: 'drivers' | 'images';
}
/**
 * A credential (a device password): stored encrypted, never returned. The row carries `<name>Set` (whether one is
 * stored); on update an empty value keeps the stored one.
 */
export interface SecretField extends FieldBase {
  kind: 'secret';
  max: number;
}

export type FieldDef =
  | TextField
  | EmailField
  | PhoneField
  | IntegerField
  | DecimalField
  | QuantityField
  | BooleanField
  | EnumField
  | ReferenceField
  | DateField
  | LatitudeField
  | LongitudeField
  | ImageField
  | SecretField;

export type FieldKind = FieldDef['kind'];

/** Columns every resource row has besides its fields; the list may sort by them too. */
export const SYSTEM_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;

/** A problem found by a resource's cross-field rule, reported on one field. */
export interface FieldIssue {
  field: string;
  message: Localized;
}

/** Fields whose values together are unique in the agency (nulls compare equal: one "all locations" rule per cargo). */
export interface UniqueTogether {
  fields: readonly string[];
  message: Localized;
}

/** A read-only column the server derives (the company's admin user): text, shown in the list and on the form. */
export interface DerivedColumn {
  label: Localized;
}

/** One of a user's data-scope lists (spec 6: assigned shipment managers, consignees, locations). */
export type ScopeDimension = 'shipmentManager' | 'consignee' | 'location';

/**
 * How a resource's rows fall inside a user's data scope (spec 6). Every read and write of the generic service
 * (list, get, export, reference checks, import lookups, update, toggle, delete) narrows by it; a row outside the
 * scope is unknown (404), and a create must make a row inside it.
 */
export interface ResourceScope {
  /** The list the row's own id is checked against (a consignee row is a consignee). */
  id?: ScopeDimension;
  /** Fields holding an id of a list (a consignee's shipment manager); an empty value is outside a restricted list. */
  fields?: Readonly<Record<string, ScopeDimension>>;
  /** Reference fields whose row, when set, must itself be in scope by its own resource's rule (a location's owner). */
  via?: readonly string[];
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** The API path segment: `/api/<key>`. */
  key: string;
  /** The web route of spec 2.3 under `/agencies/{agencyId}/` (`<route>`, `<route>/add`, `<route>/{id}/edit`). */
  route: string;
  /** The database table; several resources may share one (companies by type), each told apart by `fixed`. */
  table: string;
  /**
   * Columns every row of this resource holds with a set value (the discriminator of a shared table, e.g.
   * `{ companyTypeId: 5 }`): written on create and import, matched by every read and write, never an API field.
   */
  fixed?: Readonly<Record<string, number>>;
  /** A key of `permissionModules`: view, add and edit flags guard the routes. */
  permissionModule: string;
  labels: { one: Localized; many: Localized };
  /** The field shown for a row elsewhere (pickers, references, messages). */
  display: keyof F & string;
  fields: F;
  /**
   * Rules over several fields (a value required by another's choice, an order of dates), checked by the API and by
   * the form alike; values are the parsed input (null when empty).
   */
  validate?: (values: Readonly<Record<string, unknown>>) => readonly FieldIssue[];
  uniqueTogether?: readonly UniqueTogether[];
  /**
   * Composite indexes, led by the agency, for a list's common filter-and-sort pairs (a transporter's trucks by
   * capacity): single filterable and sortable fields have their own index already.
   */
  indexes?: readonly (readonly string[])[];
  derived?: Readonly<Record<string, DerivedColumn>>;
  /** Where the resource's rows fall in a user's data scope; absent: every row of the agency is in scope. */
  scope?: ResourceScope;
  list: {
    /** Field names, or derived column names. */
    columns: readonly string[];
    defaultSort: { field: (keyof F & string) | (typeof SYSTEM_SORT_FIELDS)[number]; order: 'asc' | 'desc' };
  };
  form: { sections: readonly { title: Localized; rows: readonly (readonly (keyof F & string)[])[] }[] };
}

/** Declares a resource; checks at load time what the types cannot (display, columns, form and sort name real fields). */
export function defineResource<F extends Record<string, FieldDef>>(resource: ResourceDef<F>): ResourceDef {
  const names = new Set(Object.keys(resource.fields));
  const fail = (what: string) => {
    throw new Error(`Resource ${resource.key}: ${what}`);
  };
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(resource.key)) fail('key must be letters and digits');
  if (!/^[a-z][a-z0-9_]*$/.test(resource.table)) fail('table must be snake_case');
  const displayField = resource.fields[resource.display];
  if (displayField?.kind !== 'text' || !displayField.required) fail('display must be a required text field');
  const derived = Object.keys(resource.derived ?? {});
  for (const column of resource.list.columns) if (!names.has(column) && !derived.includes(column)) fail(`unknown list column ${column}`);
  for (const name of derived) if (names.has(name)) fail(`derived column ${name} is also a field`);
  for (const combo of resource.uniqueTogether ?? []) for (const name of combo.fields) if (!names.has(name)) fail(`unknown unique field ${name}`);
  for (const combo of resource.indexes ?? []) for (const name of combo) if (!names.has(name)) fail(`unknown index field ${name}`);
  for (const section of resource.form.sections) for (const row of section.rows) for (const name of row) if (!names.has(name)) fail(`unknown form field ${name}`);
  const sort = resource.list.defaultSort.field;
  if (!(SYSTEM_SORT_FIELDS as readonly string[]).includes(sort) && !resource.fields[sort]?.sortable) fail(`default sort ${sort} is not sortable`);
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'text' && field.pattern && !field.example) fail(`field ${name} has a pattern and needs an example`);
    if (resource.fixed && name in resource.fixed) fail(`field ${name} is a fixed column`);
    if (name === 'id' || name === 'isActive' || name.endsWith('Name') && resource.fields[name.slice(0, -4)]?.kind === 'reference') fail(`field name ${name} is reserved`);
    if (name.endsWith('Set') && resource.fields[name.slice(0, -3)]?.kind === 'secret') fail(`field name ${name} is reserved`);
  }
  for (const name of Object.keys(resource.scope?.fields ?? {})) if (!names.has(name)) fail(`unknown scope field ${name}`);
  for (const name of resource.scope?.via ?? []) if (resource.fields[name]?.kind !== 'reference') fail(`scope via ${name} is not a reference field`);
  for (const name of Object.keys(resource.fixed ?? {})) if (!/^[a-z][A-Za-z0-9]*$/.test(name)) fail(`fixed column ${name} must be camelCase`);
  const { fields, display, list, form } = resource;
  return { ...resource, fields, display, list: { columns: list.columns, defaultSort: list.defaultSort }, form: { sections: form.sections } };
}

/** snake_case column name of a field name. */
export function columnName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The messages of a field in both languages: its own, else defaults from its label. */
export function fieldMessages(field: FieldDef): Record<FieldMessageKey, Localized> {
  const { en, ar } = field.label;
  const choose = field.kind === 'enum' || field.kind === 'reference' || field.kind === 'image';
  const limits = (() => {
    switch (field.kind) {
      case 'text':
        return { max: { en: `Maximum ${field.max} characters`, ar: `الحد الأقصى ${field.max} حرفًا` }, min: { en: `${en} is required`, ar: `${ar} مطلوب` } };
      case 'integer':
      case 'decimal':
      case 'quantity':
        return {
          max: { en: `${en} must be at most ${field.max}`, ar: `يجب ألا يزيد ${ar} عن ${field.max}` },
          min: { en: `${en} must be at least ${field.min}`, ar: `يجب ألا يقل ${ar} عن ${field.min}` },
        };
      case 'email':
        return { max: { en: 'Maximum 50 characters', ar: 'الحد الأقصى 50 حرفًا' }, min: { en: `${en} is required`, ar: `${ar} مطلوب` } };
      case 'secret':
        return { max: { en: `Maximum ${field.max} characters`, ar: `الحد الأقصى ${field.max} حرفًا` }, min: { en: `${en} is required`, ar: `${ar} مطلوب` } };
      case 'boolean':
      case 'date':
      case 'enum':
      case 'image':
      case 'latitude':
      case 'longitude':
      case 'phone':
      case 'reference':
        return { max: { en: `${en} is out of range`, ar: `${ar} خارج النطاق` }, min: { en: `${en} is out of range`, ar: `${ar} خارج النطاق` } };
    }
  })();
  const defaults: Record<FieldMessageKey, Localized> = {
    required: choose ? { en: `Please select ${lowerFirst(en)}!`, ar: `يرجى اختيار ${ar}!` } : { en: `Please input ${lowerFirst(en)}!`, ar: `يرجى إدخال ${ar}!` },
    invalid: { en: `Please enter a valid ${lowerFirst(en)}!`, ar: `يرجى إدخال ${ar} صالح!` },
    duplicate: { en: `This ${lowerFirst(en)} is already used by another record.`, ar: `${ar} مستخدم في سجل آخر.` },
    ...limits,
    ...(field.kind === 'image' ? { required: { en: 'Upload file is required.', ar: 'رفع الملف مطلوب.' } } : {}),
  };
  return { ...defaults, ...field.messages };
}
