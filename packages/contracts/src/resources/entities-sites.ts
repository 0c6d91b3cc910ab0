import { DEFAULT_STABILITY, INDICATOR_FORMATS, type IndicatorFormat } from '../weighing';
import { defineResource, type FieldIssue, type Localized } from './define';

const name = { en: 'Name', ar: 'الاسم' };
const details = { en: 'Details', ar: 'التفاصيل' };
const location = { en: 'Location', ar: 'الموقع' };
const latitude = { en: 'Latitude', ar: 'خط العرض' };
const longitude = { en: 'Longitude', ar: 'خط الطول' };
const address = { en: 'Address', ar: 'العنوان' };
const city = { en: 'City', ar: 'المدينة' };

/** Kinds of rows of the `locations` table: the agency's warehouses, and the delivery locations of consignees and customers. */
export const LOCATION_KIND_IDS = { warehouse: 1, deliveryLocation: 2 } as const;

/** Storage types of spec section 9 (1 silo, 2 open area, 3 both), as stored and as ids in agency data and pickers. */
export const STORAGE_TYPE_IDS = { silo: 1, openArea: 2, both: 3 } as const;
export type StorageType = keyof typeof STORAGE_TYPE_IDS;

const storageTypeField = {
  kind: 'enum',
  label: { en: 'Storage type', ar: 'نوع التخزين' },
  required: true,
  filterable: true,
  sortable: true,
  options: [
    { value: 'silo', label: { en: 'Silos', ar: 'صوامع' } },
    { value: 'openArea', label: { en: 'Open Area', ar: 'ساحة مفتوحة' } },
    { value: 'both', label: { en: 'Silos and open area', ar: 'صوامع وساحة مفتوحة' } },
  ],
} as const;

/** The agency's warehouses (spec 9: storage type 1 silo, 2 open area, 3 both); their silos are `silo` rows. */
export const warehouseResource = defineResource({
  key: 'warehouse',
  route: 'warehouse',
  table: 'locations',
  fixed: { locationKindId: LOCATION_KIND_IDS.warehouse },
  scope: { id: 'location' },
  permissionModule: 'Warehouse',
  labels: { one: { en: 'Warehouse', ar: 'مستودع' }, many: { en: 'Warehouses', ar: 'المستودعات' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 100, required: true, unique: true, searchable: true, sortable: true },
    code: { kind: 'text', label: { en: 'Code', ar: 'الرمز' }, max: 20, upperCase: true, searchable: true, sortable: true },
    storageType: storageTypeField,
    capacity: { kind: 'quantity', label: { en: 'Capacity (MT)', ar: 'السعة (طن)' }, min: 0.001, max: 10_000_000, sortable: true },
    address: { kind: 'text', label: address, max: 255 },
    city: { kind: 'text', label: city, max: 50, searchable: true, sortable: true, filterable: true },
    latitude: { kind: 'latitude', label: latitude, required: true },
    longitude: { kind: 'longitude', label: longitude, required: true },
  },
  list: { columns: ['name', 'code', 'storageType', 'capacity', 'city'], defaultSort: { field: 'name', order: 'asc' } },
  form: {
    sections: [
      { title: details, rows: [['name', 'code'], ['storageType', 'capacity']] },
      { title: location, rows: [['address'], ['city'], ['latitude', 'longitude']] },
    ],
  },
});

const OWNER_REQUIRED: Record<'consignee' | 'customer', Localized> = {
  consignee: { en: 'Please select consignee!', ar: 'يرجى اختيار المستلم!' },
  customer: { en: 'Please select customer!', ar: 'يرجى اختيار العميل!' },
};

/** Delivery locations (spec 2.3 `deliveryLocation`): a consignee's or a customer's own site, where trucks deliver. */
export const deliveryLocationResource = defineResource({
  key: 'deliveryLocation',
  route: 'deliveryLocation',
  table: 'locations',
  fixed: { locationKindId: LOCATION_KIND_IDS.deliveryLocation },
  // A customer's location follows the location rule alone (customers have no shipment manager); a consignee's
  // also needs its consignee in scope.
  scope: { id: 'location', via: ['consigneeId'] },
  permissionModule: 'DeliveryLocation',
  labels: { one: { en: 'Delivery location', ar: 'موقع التسليم' }, many: { en: 'Delivery locations', ar: 'مواقع التسليم' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 100, required: true, unique: true, searchable: true, sortable: true },
    ownerType: {
      kind: 'enum',
      label: { en: 'Owner', ar: 'المالك' },
      required: true,
      filterable: true,
      sortable: true,
      options: [
        { value: 'consignee', label: { en: 'Consignee', ar: 'مستلم' } },
        { value: 'customer', label: { en: 'Customer', ar: 'عميل' } },
      ],
    },
    consigneeId: { kind: 'reference', resource: 'consignee', label: { en: 'Consignee', ar: 'المستلم' }, filterable: true, sortable: true },
    customerId: { kind: 'reference', resource: 'customer', label: { en: 'Customer', ar: 'العميل' }, filterable: true, sortable: true },
    storageType: storageTypeField,
    address: { kind: 'text', label: address, max: 255, searchable: true },
    city: { kind: 'text', label: city, max: 50, searchable: true, sortable: true, filterable: true },
    latitude: { kind: 'latitude', label: latitude, required: true },
    longitude: { kind: 'longitude', label: longitude, required: true },
  },
  validate: (values) => {
    const issues: FieldIssue[] = [];
    const owner = values.ownerType;
    if (owner === 'consignee' || owner === 'customer') {
      const own = owner === 'consignee' ? 'consigneeId' : 'customerId';
      const other = owner === 'consignee' ? 'customerId' : 'consigneeId';
      if (values[own] === null || values[own] === undefined) issues.push({ field: own, message: OWNER_REQUIRED[owner] });
      if (values[other] !== null && values[other] !== undefined) {
        issues.push({ field: other, message: { en: `A ${owner}'s location has no ${owner === 'consignee' ? 'customer' : 'consignee'}.`, ar: 'الموقع يتبع مالكًا واحدًا فقط.' } });
      }
    }
    return issues;
  },
  list: { columns: ['name', 'ownerType', 'consigneeId', 'customerId', 'storageType', 'city'], defaultSort: { field: 'name', order: 'asc' } },
  form: {
    sections: [
      { title: details, rows: [['name', 'storageType'], ['ownerType'], ['consigneeId', 'customerId']] },
      { title: location, rows: [['address'], ['city'], ['latitude', 'longitude']] },
    ],
  },
});

/** Silos of a warehouse (screen "Warehouse Silos"): each with its capacity in MT; names are unique per warehouse. */
export const siloResource = defineResource({
  key: 'silo',
  route: 'warehouse-silos',
  table: 'silos',
  permissionModule: 'Warehouse',
  labels: { one: { en: 'Silo', ar: 'صومعة' }, many: { en: 'Warehouse Silos', ar: 'صوامع المستودعات' } },
  display: 'name',
  scope: { via: ['warehouseId'] },
  fields: {
    name: { kind: 'text', label: name, max: 50, required: true, searchable: true, sortable: true },
    warehouseId: { kind: 'reference', resource: 'warehouse', label: { en: 'Warehouse', ar: 'المستودع' }, required: true, filterable: true, sortable: true },
    capacity: { kind: 'quantity', label: { en: 'Capacity (MT)', ar: 'السعة (طن)' }, min: 0.001, max: 1_000_000, required: true, sortable: true, filterable: true },
  },
  uniqueTogether: [{ fields: ['warehouseId', 'name'], message: { en: 'This warehouse already has a silo of this name.', ar: 'يوجد في هذا المستودع صومعة بهذا الاسم.' } }],
  list: { columns: ['name', 'warehouseId', 'capacity'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['warehouseId'], ['name', 'capacity']] }] },
});

/** How each indicator format is named on the weighbridge form (WEIGHING.md, "Indicator output formats"). */
const INDICATOR_FORMAT_LABELS: Record<IndicatorFormat, Localized> = {
  toledo: { en: 'Mettler Toledo continuous', ar: 'ميتلر توليدو المستمر' },
  mtsics: { en: 'MT-SICS (polled)', ar: 'MT-SICS (بالطلب)' },
  sma: { en: 'SMA (Avery, Minebea)', ar: 'SMA (أفيري، مينيبيا)' },
  stgs: { en: 'ST,GS (A&D style)', ar: 'ST,GS (نمط A&D)' },
  yaohua: { en: 'Yaohua / Keli', ar: 'ياوهوا / كيلي' },
};

/** A weight limit of the capture rules, in kilograms. */
const kgField = (en: string, ar: string, fallback: number | null, required: boolean) =>
  ({
    kind: 'integer',
    label: { en: `${en} (kg)`, ar: `${ar} (كغ)` },
    min: 1,
    max: 500_000,
    required,
    ...(fallback === null ? {} : { default: fallback }),
  }) as const;

const LIMIT_ORDER: ReadonlyArray<readonly [string, string, Localized]> = [
  ['minGross', 'maxGross', { en: 'Maximum gross must not be below minimum gross.', ar: 'يجب ألا يقل الحد الأقصى للوزن القائم عن الحد الأدنى.' }],
  ['minNet', 'maxNet', { en: 'Maximum net must not be below minimum net.', ar: 'يجب ألا يقل الحد الأقصى للوزن الصافي عن الحد الأدنى.' }],
  ['zeroBand', 'threshold', { en: 'Truck-on-deck threshold must be above the zero band.', ar: 'يجب أن يكون حد وجود الشاحنة أعلى من نطاق الصفر.' }],
];

const BAUD_RATES = ['1200', '2400', '4800', '9600', '19200', '38400', '57600', '115200'] as const;

/**
 * Weighbridges (spec 2.3 `weightMachine`): the device serial the live weight display registers (`weightMachineId`),
 * the warehouse it stands at, and how the weighbridge indicator is reached: TCP (host and port) or a serial line.
 */
export const weightMachineResource = defineResource({
  key: 'weightMachine',
  route: 'weightMachine',
  table: 'weight_machines',
  permissionModule: 'WeightMachine',
  labels: { one: { en: 'Weight machine', ar: 'ميزان الشاحنات' }, many: { en: 'Weight machines', ar: 'موازين الشاحنات' } },
  display: 'weightMachineId',
  scope: { via: ['locationId'] },
  fields: {
    weightMachineId: {
      kind: 'text',
      label: { en: 'Device serial', ar: 'الرقم التسلسلي للجهاز' },
      max: 50,
      pattern: /^[A-Z0-9][A-Z0-9_-]*$/,
      upperCase: true,
      example: (n) => `WB-${n}`,
      required: true,
      unique: true,
      searchable: true,
      sortable: true,
      messages: { invalid: { en: 'Device serial may hold letters, digits, dashes and underscores only.', ar: 'يجب أن يحتوي الرقم التسلسلي على حروف وأرقام وشرطات فقط.' } },
    },
    name: { kind: 'text', label: { en: 'Description', ar: 'الوصف' }, max: 100, searchable: true },
    locationId: { kind: 'reference', resource: 'warehouse', label: { en: 'Location', ar: 'الموقع' }, required: true, filterable: true, sortable: true },
    protocol: {
      kind: 'enum',
      label: { en: 'Connection', ar: 'الاتصال' },
      required: true,
      filterable: true,
      options: [
        { value: 'tcp', label: { en: 'Network (TCP)', ar: 'شبكة (TCP)' } },
        { value: 'serial', label: { en: 'Serial port (RS-232/485)', ar: 'منفذ تسلسلي (RS-232/485)' } },
      ],
    },
    host: {
      kind: 'text',
      label: { en: 'Host', ar: 'المضيف' },
      max: 255,
      pattern: /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/,
      example: (n) => `10.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      messages: { invalid: { en: 'Please enter a host name or IP address.', ar: 'يرجى إدخال اسم مضيف أو عنوان IP.' } },
    },
    port: { kind: 'integer', label: { en: 'Port', ar: 'المنفذ' }, min: 1, max: 65535 },
    serialPath: { kind: 'text', label: { en: 'Serial device', ar: 'الجهاز التسلسلي' }, max: 100 },
    baudRate: { kind: 'enum', label: { en: 'Baud rate', ar: 'معدل الباود' }, options: BAUD_RATES.map((value) => ({ value, label: { en: value, ar: value } })) },
    dataBits: { kind: 'enum', label: { en: 'Data bits', ar: 'بتات البيانات' }, options: ['7', '8'].map((value) => ({ value, label: { en: value, ar: value } })) },
    parity: {
      kind: 'enum',
      label: { en: 'Parity', ar: 'التكافؤ' },
      options: [
        { value: 'none', label: { en: 'None', ar: 'بدون' } },
        { value: 'even', label: { en: 'Even', ar: 'زوجي' } },
        { value: 'odd', label: { en: 'Odd', ar: 'فردي' } },
      ],
    },
    stopBits: { kind: 'enum', label: { en: 'Stop bits', ar: 'بتات التوقف' }, options: ['1', '2'].map((value) => ({ value, label: { en: value, ar: value } })) },
    indicatorFormat: {
      kind: 'enum',
      label: { en: 'Indicator format', ar: 'تنسيق المؤشر' },
      required: true,
      filterable: true,
      default: 'toledo',
      options: INDICATOR_FORMATS.map((value) => ({ value, label: INDICATOR_FORMAT_LABELS[value] })),
    },
    // The capture rules (StabilitySettings, WEIGHING.md "Stable weight"): kilograms and milliseconds.
    stableSeconds: {
      kind: 'decimal',
      label: { en: 'Stable for (seconds)', ar: 'مدة الثبات (ثانية)' },
      scale: 1,
      min: 0.5,
      max: 60,
      unit: { en: 's', ar: 'ث' },
      required: true,
      default: DEFAULT_STABILITY.stableSeconds,
    },
    motionBand: kgField('Motion band', 'نطاق الحركة', DEFAULT_STABILITY.motionBand, true),
    threshold: kgField('Truck-on-deck threshold', 'حد وجود الشاحنة', DEFAULT_STABILITY.threshold, true),
    zeroBand: kgField('Zero band', 'نطاق الصفر', DEFAULT_STABILITY.zeroBand, true),
    staleMs: {
      kind: 'integer',
      label: { en: 'Offline after (ms)', ar: 'غير متصل بعد (مللي ثانية)' },
      min: 100,
      max: 60_000,
      required: true,
      default: DEFAULT_STABILITY.staleMs,
    },
    minGross: kgField('Minimum gross', 'الحد الأدنى للوزن القائم', DEFAULT_STABILITY.minGross, false),
    maxGross: kgField('Maximum gross', 'الحد الأقصى للوزن القائم', DEFAULT_STABILITY.maxGross, false),
    minNet: kgField('Minimum net', 'الحد الأدنى للوزن الصافي', DEFAULT_STABILITY.minNet, false),
    maxNet: kgField('Maximum net', 'الحد الأقصى للوزن الصافي', DEFAULT_STABILITY.maxNet, false),
    minDifference: kgField('Minimum difference between weighings', 'الحد الأدنى للفرق بين الوزنتين', DEFAULT_STABILITY.minDifference, true),
  },
  validate: (values) => {
    const issues: FieldIssue[] = [];
    for (const [low, high, message] of LIMIT_ORDER) {
      const a = values[low];
      const b = values[high];
      if (typeof a === 'number' && typeof b === 'number' && (low === 'zeroBand' ? a >= b : a > b)) issues.push({ field: high, message });
    }
    const need = (field: string, message: Localized) => {
      if (values[field] === null || values[field] === undefined) issues.push({ field, message });
    };
    if (values.protocol === 'tcp') {
      need('host', { en: 'Please input host!', ar: 'يرجى إدخال المضيف!' });
      need('port', { en: 'Please input port!', ar: 'يرجى إدخال المنفذ!' });
    }
    if (values.protocol === 'serial') {
      need('serialPath', { en: 'Please input serial device!', ar: 'يرجى إدخال الجهاز التسلسلي!' });
      need('baudRate', { en: 'Please select baud rate!', ar: 'يرجى اختيار معدل الباود!' });
    }
    return issues;
  },
  list: { columns: ['weightMachineId', 'name', 'locationId', 'protocol', 'host'], defaultSort: { field: 'weightMachineId', order: 'asc' } },
  form: {
    sections: [
      { title: details, rows: [['weightMachineId', 'locationId'], ['name']] },
      { title: { en: 'Connection', ar: 'الاتصال' }, rows: [['protocol', 'indicatorFormat'], ['host', 'port'], ['serialPath', 'baudRate'], ['dataBits', 'parity', 'stopBits']] },
      {
        title: { en: 'Weighing rules', ar: 'قواعد الوزن' },
        rows: [['stableSeconds', 'motionBand'], ['threshold', 'zeroBand'], ['staleMs', 'minDifference'], ['minGross', 'maxGross'], ['minNet', 'maxNet']],
      },
    ],
  },
});

/** Vessel types of the `vesselTypes` lookup (ids stable: other tables may store them). */
export const VESSEL_TYPES = [
  { id: 1, key: 'bulkCarrier', name: 'Bulk carrier', nameAr: 'ناقلة بضائع سائبة' },
  { id: 2, key: 'handysize', name: 'Handysize', nameAr: 'هاندي سايز' },
  { id: 3, key: 'handymax', name: 'Handymax / Supramax', nameAr: 'هاندي ماكس / سوبرا ماكس' },
  { id: 4, key: 'panamax', name: 'Panamax', nameAr: 'باناماكس' },
  { id: 5, key: 'capesize', name: 'Capesize', nameAr: 'كيب سايز' },
  { id: 6, key: 'generalCargo', name: 'General cargo', nameAr: 'بضائع عامة' },
  { id: 7, key: 'other', name: 'Other', nameAr: 'أخرى' },
] as const;

/** An IMO ship number's check: the 7th digit is the sum of the first six weighted 7..2, modulo 10. */
export function isValidImoNumber(value: string): boolean {
  if (!/^\d{7}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 6).reduce((total, digit, i) => total + digit * (7 - i), 0);
  return sum % 10 === digits[6];
}

/** Vessels (spec 2.3 `vessel`): name, IMO number, type (vesselTypes lookup), flag and deadweight. */
export const vesselResource = defineResource({
  key: 'vessel',
  route: 'vessel',
  table: 'vessels',
  permissionModule: 'Vessel',
  labels: { one: { en: 'Vessel', ar: 'سفينة' }, many: { en: 'Vessels', ar: 'السفن' } },
  display: 'name',
  fields: {
    name: { kind: 'text', label: name, max: 100, required: true, searchable: true, sortable: true },
    imoNumber: {
      kind: 'text',
      label: { en: 'IMO number', ar: 'رقم المنظمة البحرية الدولية' },
      max: 7,
      pattern: /^\d{7}$/,
      example: (n) => imoExample(n),
      unique: true,
      required: true,
      searchable: true,
      sortable: true,
      messages: { invalid: { en: 'Please enter the 7-digit IMO number (e.g. 9074729).', ar: 'يرجى إدخال رقم IMO من 7 أرقام (مثل 9074729).' } },
    },
    vesselType: {
      kind: 'enum',
      label: { en: 'Vessel type', ar: 'نوع السفينة' },
      required: true,
      filterable: true,
      sortable: true,
      options: VESSEL_TYPES.map((row) => ({ value: row.key, label: { en: row.name, ar: row.nameAr } })),
    },
    flag: {
      kind: 'text',
      label: { en: 'Flag', ar: 'العلم' },
      max: 2,
      pattern: /^[A-Z]{2}$/,
      upperCase: true,
      example: () => 'PA',
      filterable: true,
      sortable: true,
      messages: { invalid: { en: 'Please enter the ISO country code of the flag (2 letters, e.g. PA).', ar: 'يرجى إدخال رمز دولة العلم (حرفان، مثل PA).' } },
    },
    deadweight: { kind: 'quantity', label: { en: 'Deadweight (MT)', ar: 'الحمولة الساكنة (طن)' }, min: 1, max: 500_000, sortable: true, filterable: true },
  },
  validate: (values) =>
    typeof values.imoNumber === 'string' && values.imoNumber !== '' && !isValidImoNumber(values.imoNumber)
      ? [{ field: 'imoNumber', message: { en: 'This IMO number fails its check digit.', ar: 'رقم IMO هذا لا يطابق رقم التحقق.' } }]
      : [],
  list: { columns: ['name', 'imoNumber', 'vesselType', 'flag', 'deadweight'], defaultSort: { field: 'name', order: 'asc' } },
  form: { sections: [{ title: details, rows: [['name', 'imoNumber'], ['vesselType', 'flag'], ['deadweight']] }] },
});

/** A valid IMO number for the n-th sample: six digits from n and the check digit. */
function imoExample(n: number): string {
  const six = String(900000 + (n % 100000)).padStart(6, '0');
  const sum = [...six].map(Number).reduce((total, digit, i) => total + digit * (7 - i), 0);
  return `${six}${sum % 10}`;
}

/**
 * Hik-Connect camera devices (spec 2.3 `hik-connect`): where they stand and which weighbridge they watch, how they
 * are reached (address, channel), and a login whose password is stored encrypted and never returned.
 */
export const hikConnectResource = defineResource({
  key: 'hikConnect',
  route: 'hik-connect',
  table: 'hik_connect_devices',
  permissionModule: 'HikConnect',
  labels: { one: { en: 'Hik-Connect device', ar: 'جهاز Hik-Connect' }, many: { en: 'Hik-Connect devices', ar: 'أجهزة Hik-Connect' } },
  display: 'name',
  scope: { via: ['locationId'] },
  fields: {
    name: { kind: 'text', label: name, max: 100, required: true, unique: true, searchable: true, sortable: true },
    locationId: { kind: 'reference', resource: 'warehouse', label: { en: 'Location', ar: 'الموقع' }, required: true, filterable: true, sortable: true },
    machineId: { kind: 'reference', resource: 'weightMachine', label: { en: 'Weight machine', ar: 'ميزان الشاحنات' }, filterable: true, sortable: true },
    deviceSerial: { kind: 'text', label: { en: 'Device serial', ar: 'الرقم التسلسلي للجهاز' }, max: 50, upperCase: true, searchable: true },
    address: { kind: 'text', label: { en: 'Address (host or URL)', ar: 'العنوان (مضيف أو رابط)' }, max: 255, required: true },
    channel: { kind: 'integer', label: { en: 'Channel', ar: 'القناة' }, min: 1, max: 256, required: true, sortable: true },
    /** How the picture is asked for: from the camera itself (empty: direct) or through an NVR's streaming proxy. */
    connection: {
      kind: 'enum',
      label: { en: 'Connection', ar: 'طريقة الاتصال' },
      options: [
        { value: 'direct', label: { en: 'Camera (direct)', ar: 'الكاميرا مباشرة' } },
        { value: 'nvr', label: { en: 'Through an NVR', ar: 'عبر جهاز تسجيل NVR' } },
      ],
    },
    /** Which stream's picture (empty: main). */
    stream: {
      kind: 'enum',
      label: { en: 'Stream', ar: 'البث' },
      options: [
        { value: 'main', label: { en: 'Main stream', ar: 'البث الرئيسي' } },
        { value: 'sub', label: { en: 'Sub stream', ar: 'البث الفرعي' } },
      ],
    },
    username: { kind: 'text', label: { en: 'Username', ar: 'اسم المستخدم' }, max: 100 },
    password: { kind: 'secret', label: { en: 'Password', ar: 'كلمة المرور' }, max: 100 },
  },
  list: { columns: ['name', 'locationId', 'machineId', 'address', 'channel'], defaultSort: { field: 'name', order: 'asc' } },
  form: {
    sections: [
      { title: details, rows: [['name', 'deviceSerial'], ['locationId', 'machineId']] },
      { title: { en: 'Connection', ar: 'الاتصال' }, rows: [['address', 'channel'], ['connection', 'stream'], ['username', 'password']] },
    ],
  },
});
