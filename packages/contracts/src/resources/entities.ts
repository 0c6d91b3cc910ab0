import { defineResource, type ResourceDef } from './define';

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

/** Trucks (spec 2.3 `Truck`); the transporter reference arrives with companies. */
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
    tareWeight: { kind: 'quantity', label: { en: 'Tare weight (MT)', ar: 'الوزن الفارغ (طن)' }, min: 0.001, max: 100, required: true, sortable: true },
    capacity: { kind: 'quantity', label: { en: 'Capacity (MT)', ar: 'الحمولة (طن)' }, min: 0.001, max: 200, required: true, sortable: true, filterable: true },
  },
  list: { columns: ['plateNumber', 'tareWeight', 'capacity'], defaultSort: { field: 'plateNumber', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['plateNumber'], ['tareWeight', 'capacity']] }] },
});

/** Every declared resource, in dependency order (a referenced resource before those referring to it). */
export const resourceRegistry: readonly ResourceDef[] = [cargoTypeResource, portResource, berthResource, destinationResource, truckResource];

/** The declaration of a resource key; throws for an unknown key (a programming error). */
export function resourceByKey(key: string): ResourceDef {
  const found = resourceRegistry.find((r) => r.key === key);
  if (!found) throw new Error(`Unknown resource ${key}`);
  return found;
}
