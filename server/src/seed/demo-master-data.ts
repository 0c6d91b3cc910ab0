import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { COMPANY_TYPE_IDS, LOCATION_KIND_IDS, RULE_SUBJECT_IDS, type IndicatorFormat, type StorageType } from '@tonnage/contracts';
import {
  berths,
  cargoControlRules,
  cargoTypes,
  columnOf,
  companies,
  destinations,
  drivers,
  handlingLossRules,
  hikConnectDevices,
  locations,
  ports,
  silos,
  transporterRules,
  trucks,
  vessels,
  weightMachines,
} from '../modules/master-data/master-data.schema';

/** Columns of the registry's tables by field name. */
const col = columnOf;

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

/** The sale orders' parties: exporters at the loading end, importers who buy from them (`countryCode` of their seat). */
const demoSellers: (DemoCompany & { countryCode: string })[] = [
  { name: 'Euxine Grain Export LLC', code: 'EUXG', contactPerson: 'Andriy Melnyk', phone: '+380 48 705 1200', email: 'trade@euxinegrain.example', city: 'Odesa', countryCode: 'UA', latitude: 46.4825, longitude: 30.7233 },
  { name: 'Pampa Cereales SA', code: 'PAMPA', contactPerson: 'Lucía Fernández', phone: '+54 341 420 3300', email: 'export@pampacereales.example', city: 'Rosario', countryCode: 'AR', latitude: -32.9442, longitude: -60.6505 },
];

const demoBuyers: DemoCompany[] = [
  { name: 'Hijaz Grain Trading Co.', code: 'HGT', contactPerson: 'Waleed Bakhsh', phone: '+966 12 661 4300', email: 'imports@hijazgrain.example', city: 'Jeddah', latitude: 21.5169, longitude: 39.2192 },
  { name: 'Najd Feed Imports Co.', code: 'NFI', contactPerson: 'Sultan Al-Rasheed', phone: '+966 11 218 5400', email: 'purchasing@najdfeed.example', city: 'Riyadh', latitude: 24.7743, longitude: 46.7386 },
];

/**
 * A demo driver. The licence runs out `licenceValidDays` after the demo is made (not on a fixed date): with fixed dates
 * the licences ran out one by one from June 2027, and the season's trucks and drivers would change with the year the
 * product first started.
 */
type DemoDriver = { name: string; licenceNumber: string; licenceValidDays: number; idNumber: string; phone: string };

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
      { name: 'Mohammed Al-Sulami', licenceNumber: 'SA-DL-4410293', licenceValidDays: 479, idNumber: '1048822931', phone: '+966 55 310 4471' },
      { name: 'Imran Khan', licenceNumber: 'SA-DL-7719004', licenceValidDays: 313, idNumber: '2391047765', phone: '+966 56 822 1093' },
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
    drivers: [{ name: 'Fahad Al-Mutairi', licenceNumber: 'SA-DL-5530817', licenceValidDays: 792, idNumber: '1077310452', phone: '+966 50 441 2286' }],
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
      { name: 'Ahmed Al-Johani', licenceNumber: 'SA-DL-6602148', licenceValidDays: 199, idNumber: '1059921847', phone: '+966 54 730 9912' },
      { name: 'Samir Haddad', licenceNumber: 'SA-DL-8841375', licenceValidDays: 712, idNumber: '2287730164', phone: '+966 53 118 4420' },
    ],
  },
];

/** Bulk carriers calling at Red Sea ports (made-up names; IMO numbers pass the check digit). */
const demoVessels = [
  { name: 'MV Desert Falcon', imoNumber: '9512343', vesselType: 'panamax', flag: 'PA', deadweight: 76500 },
  { name: 'MV Nile Harvest', imoNumber: '9634529', vesselType: 'handymax', flag: 'MT', deadweight: 57300 },
  { name: 'MV Coral Trader', imoNumber: '9401788', vesselType: 'handysize', flag: 'LR', deadweight: 34800 },
];

type DemoWarehouse = {
  name: string;
  code: string;
  storageType: StorageType;
  capacity: number;
  address: string;
  city: string;
  latitude: number;
  longitude: number;
  silos: { name: string; capacity: number }[];
  /** The demo's simulated indicators on this machine (DEMO_WEIGHBRIDGES, see server/src/main.ts): one format each. */
  weighbridges: { weightMachineId: string; name: string; host: string; port: number; indicatorFormat: IndicatorFormat }[];
};

/** The agency's storage: a port silo terminal with an open yard, a silo complex at King Abdullah Port, an open yard at Yanbu. */
const demoWarehouses: DemoWarehouse[] = [
  {
    name: 'Jeddah Grain Terminal',
    code: 'JGT',
    storageType: 'both',
    capacity: 120000,
    address: 'Jeddah Islamic Port, North Gate 3',
    city: 'Jeddah',
    latitude: 21.4812,
    longitude: 39.1653,
    silos: [
      { name: 'Silo A1', capacity: 12500 },
      { name: 'Silo A2', capacity: 12500 },
      { name: 'Silo B1', capacity: 20000 },
    ],
    weighbridges: [
      { weightMachineId: 'WB-JGT-01', name: 'Gate 3 inbound weighbridge', host: '127.0.0.1', port: 4001, indicatorFormat: 'toledo' },
      { weightMachineId: 'WB-JGT-02', name: 'Gate 3 outbound weighbridge', host: '127.0.0.1', port: 4002, indicatorFormat: 'mtsics' },
    ],
  },
  {
    name: 'KAP Silo Complex',
    code: 'KAPS',
    storageType: 'silo',
    capacity: 90000,
    address: 'King Abdullah Port, Bulk Zone',
    city: 'King Abdullah Economic City',
    latitude: 22.5101,
    longitude: 39.0977,
    silos: [
      { name: 'Silo 1', capacity: 30000 },
      { name: 'Silo 2', capacity: 30000 },
      { name: 'Silo 3', capacity: 30000 },
    ],
    weighbridges: [{ weightMachineId: 'WB-KAP-01', name: 'Main weighbridge', host: '127.0.0.1', port: 4003, indicatorFormat: 'stgs' }],
  },
  {
    name: 'Yanbu Open Yard',
    code: 'YOY',
    storageType: 'openArea',
    capacity: 40000,
    address: 'Yanbu Commercial Port, Yard 7',
    city: 'Yanbu',
    latitude: 24.0952,
    longitude: 38.0551,
    silos: [],
    weighbridges: [{ weightMachineId: 'WB-YNB-01', name: 'Yard 7 weighbridge', host: '127.0.0.1', port: 4004, indicatorFormat: 'sma' }],
  },
];

/** Consignees' and customers' own sites, with real coordinates of their towns' industrial areas. */
const demoDeliveryLocations: { name: string; owner: string; ownerType: 'consignee' | 'customer'; storageType: StorageType; address: string; city: string; latitude: number; longitude: number }[] = [
  { name: 'AMC Riyadh Mill', owner: 'Arabian Milling Company', ownerType: 'consignee', storageType: 'silo', address: '2nd Industrial City, Riyadh', city: 'Riyadh', latitude: 24.5876, longitude: 46.7592 },
  { name: 'HFM Madinah Mill', owner: 'Hejaz Flour Mills', ownerType: 'consignee', storageType: 'both', address: 'Industrial Area, Madinah', city: 'Madinah', latitude: 24.5247, longitude: 39.5692 },
  { name: 'Tihama Feed Plant', owner: 'Tihama Feed Company', ownerType: 'consignee', storageType: 'openArea', address: 'Jizan Economic City', city: 'Jizan', latitude: 16.8655, longitude: 42.5708 },
  { name: 'Makkah Central Bakery Store', owner: 'Makkah Bakeries Cooperative', ownerType: 'customer', storageType: 'openArea', address: 'Al Awali, Makkah', city: 'Makkah', latitude: 21.3598, longitude: 39.8903 },
];

/** Master data of the demo agency: ports with berths, cargo types, destinations, companies (sellers and buyers too), drivers, trucks, vessels, warehouses with silos and weighbridges, delivery locations and rules, in its seed transaction. */
export async function seedDemoMasterData(tx: Db, params: { agencyId: number; now: Date }): Promise<{ shipmentManagers: Map<string, number> }> {
  const { agencyId, now } = params;
  const stamp = { agencyId, createdAt: now, updatedAt: now };
  const cargo = await tx.insert(cargoTypes).values(demoCargoTypes.map((c) => ({ ...c, ...stamp }))).returning({ id: col(cargoTypes, 'id'), name: col(cargoTypes, 'name') });
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
  const insertCompanies = async (companyTypeId: number, list: (DemoCompany & { shipmentManagerId?: number | null; countryCode?: string })[]) => {
    const rows = await tx
      .insert(companies)
      .values(list.map(({ name, code, contactPerson, phone, email, city, latitude, longitude, shipmentManagerId, countryCode }) => ({ name, code, contactPerson, phone, email, city, latitude, longitude, shipmentManagerId: shipmentManagerId ?? null, countryCode: countryCode ?? 'SA', companyTypeId, ...stamp })))
      .returning();
    return new Map(rows.map((row) => [String(row.name), Number(row.id)]));
  };
  const managers = await insertCompanies(COMPANY_TYPE_IDS.shipmentManager, demoShipmentManagers);
  const consignees = await insertCompanies(
    COMPANY_TYPE_IDS.consignee,
    demoConsignees.map(({ sm, ...c }) => ({ ...c, shipmentManagerId: sm === undefined ? null : (managers.get(sm) ?? null) })),
  );
  const customers = await insertCompanies(COMPANY_TYPE_IDS.customer, demoCustomers);
  await insertCompanies(COMPANY_TYPE_IDS.seller, demoSellers);
  await insertCompanies(COMPANY_TYPE_IDS.buyer, demoBuyers);
  const transporters = await insertCompanies(
    COMPANY_TYPE_IDS.transporter,
    demoTransporters.map(({ trucks: _trucks, drivers: _drivers, ...t }) => t),
  );
  await tx.insert(trucks).values(
    demoTransporters.flatMap((t) => t.trucks.map((truck) => ({ ...truck, transporterId: transporters.get(t.name), ...stamp }))),
  );
  await tx.insert(drivers).values(
    demoTransporters.flatMap((t) =>
      t.drivers.map(({ licenceValidDays, ...driver }) => ({
        ...driver,
        licenceExpiry: new Date(now.getTime() + licenceValidDays * 86_400_000).toISOString().slice(0, 10),
        transporterId: transporters.get(t.name),
        ...stamp,
      })),
    ),
  );
  await tx.insert(vessels).values(demoVessels.map((v) => ({ ...v, ...stamp })));
  const cargoId = (name: string) => idOf(new Map(cargo.map((c) => [String(c.name), Number(c.id)])), name);
  await seedDemoSites(tx, { stamp, consignees, customers });
  await seedDemoRules(tx, { stamp, cargoId, transporters });
  return { shipmentManagers: managers };
}

type Stamp = { agencyId: number; createdAt: Date; updatedAt: Date };

function idOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`demo data: no ${name}`);
  return id;
}

/** Warehouses with their silos, weighbridges and a camera, and the consignees' and customers' delivery locations. */
async function seedDemoSites(tx: Db, params: { stamp: Stamp; consignees: Map<string, number>; customers: Map<string, number> }): Promise<void> {
  const { stamp } = params;
  for (const { silos: siloList, weighbridges, ...warehouse } of demoWarehouses) {
    const [row] = await tx
      .insert(locations)
      .values({ ...warehouse, locationKindId: LOCATION_KIND_IDS.warehouse, ...stamp })
      .returning({ id: col(locations, 'id') });
    const warehouseId = row?.id;
    if (typeof warehouseId !== 'number') throw new Error('demo warehouse insert returned no row');
    if (siloList.length > 0) await tx.insert(silos).values(siloList.map((silo) => ({ ...silo, warehouseId, ...stamp })));
    const machines = await tx
      .insert(weightMachines)
      .values(weighbridges.map((machine) => ({ ...machine, locationId: warehouseId, protocol: 'tcp', ...stamp })))
      .returning({ id: col(weightMachines, 'id') });
    const firstMachine = machines[0]?.id;
    await tx.insert(hikConnectDevices).values({
      name: `${warehouse.code} weighbridge camera`,
      locationId: warehouseId,
      machineId: typeof firstMachine === 'number' ? firstMachine : null,
      address: weighbridges[0]?.host ?? '10.0.0.1',
      channel: 1,
      username: 'viewer',
      ...stamp,
    });
  }
  await tx.insert(locations).values(
    demoDeliveryLocations.map(({ owner, ...site }) => ({
      ...site,
      locationKindId: LOCATION_KIND_IDS.deliveryLocation,
      consigneeId: site.ownerType === 'consignee' ? idOf(params.consignees, owner) : null,
      customerId: site.ownerType === 'customer' ? idOf(params.customers, owner) : null,
      ...stamp,
    })),
  );
}

/** Rules the loading and warehouse flows check: a blocked truck, a trip cap, licences, handling loss allowances, a quarantine. */
async function seedDemoRules(tx: Db, params: { stamp: Stamp; cargoId: (name: string) => number; transporters: Map<string, number> }): Promise<void> {
  const { stamp, cargoId, transporters } = params;
  // This agency's rows: the seed runs as the owner (no row-level security), beside any other agency's demo data.
  const [yard] = await tx
    .select({ id: col(locations, 'id') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), stamp.agencyId), eq(col(locations, 'name'), 'Yanbu Open Yard')))
    .limit(1);
  const [blockedTruck] = await tx
    .select({ id: col(trucks, 'id') })
    .from(trucks)
    .where(and(eq(col(trucks, 'agencyId'), stamp.agencyId), eq(col(trucks, 'plateNumber'), 'YNB 3077')))
    .limit(1);
  await tx.insert(transporterRules).values([
    {
      ruleSubjectId: RULE_SUBJECT_IDS.truck,
      name: 'YNB 3077 off the road: brake inspection',
      transporterId: idOf(transporters, 'Yanbu Coastal Carriers'),
      truckId: blockedTruck?.id ?? null,
      ruleType: 'block',
      reason: 'Failed brake inspection at the Yanbu gate; blocked until re-inspected.',
      ...stamp,
    },
    {
      ruleSubjectId: RULE_SUBJECT_IDS.truck,
      name: 'Najd Haulage: 3 port trips a day',
      transporterId: idOf(transporters, 'Najd Haulage Company'),
      ruleType: 'maxTripsPerDay',
      maxTripsPerDay: 3,
      reason: 'Long-haul fleet to Riyadh; drivers rest between trips.',
      ...stamp,
    },
    {
      ruleSubjectId: RULE_SUBJECT_IDS.driver,
      name: 'Al Safwa drivers: valid licence',
      transporterId: idOf(transporters, 'Al Safwa Transport'),
      ruleType: 'requireValidLicence',
      ...stamp,
    },
  ]);
  await tx.insert(handlingLossRules).values([
    { name: 'Wheat: every warehouse', cargoTypeId: cargoId('Wheat'), allowedLossPercent: 0.25, ...stamp },
    { name: 'Corn: every warehouse', cargoTypeId: cargoId('Corn'), allowedLossPercent: 0.35, ...stamp },
    { name: 'Corn: Yanbu Open Yard', cargoTypeId: cargoId('Corn'), locationId: yard?.id ?? null, allowedLossPercent: 0.5, reason: 'Open storage: wind and birds.', ...stamp },
  ]);
  await tx.insert(cargoControlRules).values({
    name: 'Soybean meal kept out of the open yard',
    cargoTypeId: cargoId('Soybean meal'),
    locationId: yard?.id ?? null,
    blockIn: true,
    reason: 'Meal cakes in the open; store under cover only.',
    ...stamp,
  });
}
