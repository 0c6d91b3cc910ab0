import type { Db } from '../platform/db/client';
import { berths, cargoTypes, destinations, ports, trucks } from '../modules/master-data/master-data.schema';

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

const demoTrucks = [
  { plateNumber: 'JED 4821', tareWeight: 15.2, capacity: 38 },
  { plateNumber: 'JED 7310', tareWeight: 14.85, capacity: 36.5 },
  { plateNumber: 'RUH 1190', tareWeight: 16.1, capacity: 40 },
  { plateNumber: 'MED 5502', tareWeight: 15.6, capacity: 38 },
  { plateNumber: 'YNB 3077', tareWeight: 14.4, capacity: 35 },
];

/** Master data of the demo agency (ports with berths, cargo types, destinations, trucks), in its seed transaction. */
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
  await tx.insert(trucks).values(demoTrucks.map((t) => ({ ...t, ...stamp })));
}
