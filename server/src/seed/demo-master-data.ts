import type { Db } from '../platform/db/client';
import { COMPANY_TYPE_IDS } from '@tonnage/contracts';
import { berths, cargoTypes, companies, destinations, drivers, ports, trucks } from '../modules/master-data/master-data.schema';

/** Real Red Sea ports (UN/LOCODE, coordinates of the port) with some of their bulk berths. */
const demoPorts = [
  {
    name: 'Jeddah Islamic Port',
    code: 'SAJED',
    latitude: 21.4707,
    longitude: 39.1578,
    berths: [
      { name: 'JIP Berth 5 (bulk grain)', maxDraft: 14 },
      { name: 'JIP Berth 6 (bulk grain)', maxDraft: 14 },
      { name: 'JIP Berth 39 (general cargo)', maxDraft: 12.5 },
    ],
  },
  {
    name: 'King Abdullah Port',
    code: 'SAKAC',
    latitude: 22.5183,
    longitude: 39.0911,
    berths: [
      { name: 'KAP Bulk Berth 1', maxDraft: 18 },
      { name: 'KAP Bulk Berth 2', maxDraft: 18 },
    ],
  },
  {
    name: 'Yanbu Commercial Port',
    code: 'SAYNB',
    latitude: 24.0894,
    longitude: 38.0618,
    berths: [
      { name: 'Yanbu Berth 1 (grain)', maxDraft: 12 },
      { name: 'Yanbu Berth 2', maxDraft: 11.5 },
    ],
  },
];

const demoCargoTypes = [
  { name: 'Wheat', code: 'WHEAT' },
  { name: 'Barley', code: 'BARLEY' },
  { name: 'Corn', code: 'CORN' },
  { name: 'Soybean meal', code: 'SBM' },
  { name: 'Rice', code: 'RICE' },
];

const demoDestinations = [
  { name: 'Riyadh Dry Port', latitude: 24.6528, longitude: 46.7711 },
  { name: 'Madinah', latitude: 24.4672, longitude: 39.6111 },
  { name: 'Makkah', latitude: 21.4225, longitude: 39.8262 },
  { name: 'Tabuk', latitude: 28.3835, longitude: 36.5662 },
];

type DemoCompany = { name: string; code: string; contactPerson: string; phone: string; email: string; city: string; latitude: number; longitude: number };

const demoShipmentManagers: DemoCompany[] = [
  { name: 'Red Sea Grain Logistics', code: 'RSGL', contactPerson: 'Faisal Al-Harbi', phone: '+966 12 640 1100', email: 'ops@rsgl.example', city: 'Jeddah', latitude: 21.5433, longitude: 39.1728 },
  { name: 'Al Bahr Shipping Services', code: 'ABSS', contactPerson: 'Khalid Al-Ghamdi', phone: '+966 12 651 2200', email: 'desk@albahr.example', city: 'Jeddah', latitude: 21.4858, longitude: 39.1925 },
];

/** Consignees; `sm` names the shipment manager they are under. */
const demoConsignees: (DemoCompany & { sm?: string })[] = [
  { name: 'Arabian Milling Company', code: 'AMC', contactPerson: 'Omar Al-Zahrani', phone: '+966 11 462 3300', email: 'receiving@arabianmills.example', city: 'Riyadh', latitude: 24.6333, longitude: 46.7167, sm: 'Red Sea Grain Logistics' },
  { name: 'Hejaz Flour Mills', code: 'HFM', contactPerson: 'Saeed Al-Juhani', phone: '+966 14 822 4400', email: 'stores@hejazflour.example', city: 'Madinah', latitude: 24.4686, longitude: 39.6142, sm: 'Red Sea Grain Logistics' },
  { name: 'Tihama Feed Company', code: 'TFC', contactPerson: 'Yousef Al-Qahtani', phone: '+966 17 322 5500', email: 'feed@tihama.example', city: 'Jizan', latitude: 16.8892, longitude: 42.5511, sm: 'Al Bahr Shipping Services' },
  { name: 'Yanbu Poultry Farms', code: 'YPF', contactPerson: 'Majed Al-Otaibi', phone: '+966 14 391 6600', email: 'farm@yanbupoultry.example', city: 'Yanbu', latitude: 24.0889, longitude: 38.0637 },
];

const demoCustomers: DemoCompany[] = [
  { name: 'Makkah Bakeries Cooperative', code: 'MBC', contactPerson: 'Hassan Al-Maliki', phone: '+966 12 545 7700', email: 'orders@makkahbakeries.example', city: 'Makkah', latitude: 21.3891, longitude: 39.8579 },
  { name: 'Tabuk Livestock Traders', code: 'TLT', contactPerson: 'Nasser Al-Balawi', phone: '+966 14 428 8800', email: 'buy@tabuklivestock.example', city: 'Tabuk', latitude: 28.3998, longitude: 36.5715 },
];

type DemoDriver = { name: string; licenceNumber: string; licenceExpiry: string; idNumber: string; phone: string };

/** Transporters with their trucks and drivers. */
const demoTransporters: (DemoCompany & { trucks: { plateNumber: string; tareWeight: number; capacity: number }[]; drivers: DemoDriver[] })[] = [
  {
    name: 'Al Safwa Transport',
    code: 'SAFWA',
    contactPerson: 'Abdullah Al-Shehri',
    phone: '+966 12 682 9900',
    email: 'dispatch@alsafwa.example',
    city: 'Jeddah',
    latitude: 21.4241,
    longitude: 39.2192,
    trucks: [
      { plateNumber: 'JED 4821', tareWeight: 15.2, capacity: 38 },
      { plateNumber: 'JED 7310', tareWeight: 14.85, capacity: 36.5 },
    ],
    drivers: [
      { name: 'Mohammed Al-Sulami', licenceNumber: 'SA-DL-4410293', licenceExpiry: '2028-03-14', idNumber: '1048822931', phone: '+966 55 310 4471' },
      { name: 'Imran Khan', licenceNumber: 'SA-DL-7719004', licenceExpiry: '2027-09-30', idNumber: '2391047765', phone: '+966 56 822 1093' },
    ],
  },
  {
    name: 'Najd Haulage Company',
    code: 'NAJD',
    contactPerson: 'Turki Al-Dosari',
    phone: '+966 11 477 1010',
    email: 'fleet@najdhaulage.example',
    city: 'Riyadh',
    latitude: 24.7136,
    longitude: 46.6753,
    trucks: [{ plateNumber: 'RUH 1190', tareWeight: 16.1, capacity: 40 }],
    drivers: [{ name: 'Fahad Al-Mutairi', licenceNumber: 'SA-DL-5530817', licenceExpiry: '2029-01-21', idNumber: '1077310452', phone: '+966 50 441 2286' }],
  },
  {
    name: 'Yanbu Coastal Carriers',
    code: 'YCC',
    contactPerson: 'Ibrahim Al-Harthi',
    phone: '+966 14 322 2020',
    email: 'trucks@yanbucoastal.example',
    city: 'Yanbu',
    latitude: 24.0232,
    longitude: 38.19,
    trucks: [
      { plateNumber: 'MED 5502', tareWeight: 15.6, capacity: 38 },
      { plateNumber: 'YNB 3077', tareWeight: 14.4, capacity: 35 },
    ],
    drivers: [
      { name: 'Ahmed Al-Johani', licenceNumber: 'SA-DL-6602148', licenceExpiry: '2027-06-08', idNumber: '1059921847', phone: '+966 54 730 9912' },
      { name: 'Samir Haddad', licenceNumber: 'SA-DL-8841375', licenceExpiry: '2028-11-02', idNumber: '2287730164', phone: '+966 53 118 4420' },
    ],
  },
];

/** Master data of the demo agency (ports with berths, cargo types, destinations, companies, drivers, trucks), in its seed transaction. */
export async function seedDemoMasterData(tx: Db, params: { agencyId: number; now: Date }): Promise<void> {
  const { agencyId, now } = params;
  const stamp = { agencyId, createdAt: now, updatedAt: now };
  await tx.insert(cargoTypes).values(demoCargoTypes.map((c) => ({ ...c, ...stamp })));
  for (const port of demoPorts) {
    const [row] = await tx
      .insert(ports)
      .values({ name: port.name, code: port.code, countryCode: 'SA', latitude: port.latitude, longitude: port.longitude, ...stamp })
      .returning();
    const portId = row?.id;
    if (typeof portId !== 'number') throw new Error('demo port insert returned no row');
    await tx.insert(berths).values(port.berths.map((b) => ({ ...b, portId, ...stamp })));
  }
  await tx.insert(destinations).values(demoDestinations.map((d) => ({ ...d, ...stamp })));
  const insertCompanies = async (companyTypeId: number, list: (DemoCompany & { shipmentManagerId?: number | null })[]) => {
    const rows = await tx
      .insert(companies)
      .values(list.map(({ name, code, contactPerson, phone, email, city, latitude, longitude, shipmentManagerId }) => ({ name, code, contactPerson, phone, email, city, latitude, longitude, shipmentManagerId: shipmentManagerId ?? null, countryCode: 'SA', companyTypeId, ...stamp })))
      .returning();
    return new Map(rows.map((row) => [String(row.name), Number(row.id)]));
  };
  const managers = await insertCompanies(COMPANY_TYPE_IDS.shipmentManager, demoShipmentManagers);
  await insertCompanies(
    COMPANY_TYPE_IDS.consignee,
    demoConsignees.map(({ sm, ...c }) => ({ ...c, shipmentManagerId: sm === undefined ? null : (managers.get(sm) ?? null) })),
  );
  await insertCompanies(COMPANY_TYPE_IDS.customer, demoCustomers);
  const transporters = await insertCompanies(
    COMPANY_TYPE_IDS.transporter,
    demoTransporters.map(({ trucks: _trucks, drivers: _drivers, ...t }) => t),
  );
  await tx.insert(trucks).values(
    demoTransporters.flatMap((t) => t.trucks.map((truck) => ({ ...truck, transporterId: transporters.get(t.name), ...stamp }))),
  );
  await tx.insert(drivers).values(demoTransporters.flatMap((t) => t.drivers.map((driver) => ({ ...driver, transporterId: transporters.get(t.name), ...stamp }))));
}
