import { resourceByKey, resourceSchemas, type TResourceRow } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESTRICTED } from '../../identity/data-scope';
import { inAgency } from '../../platform/db/tenancy';
import { makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createResource, toggleResource, type Writer } from './master-data.service';
import { allowedHandlingLossPercent, cargoControlFor, checkTransportRules } from './transport-rules';

/** The rule evaluation the loading flows call, over rows written through the master-data service. */
let t: TestApp;
let writer: Writer;
let other: Writer;
let n = 0;

/** Adds a row of a resource from a body as the API would take it (the create schema fills the defaults). */
async function add(key: string, body: Record<string, unknown>, as: Writer = writer): Promise<TResourceRow> {
  const resource = resourceByKey(key);
  n += 1;
  return inAgency(t.database.db, as.agencyId, (tx) => createResource(tx, { ...as, resource, input: resourceSchemas(resource).input.parse(body) }));
}

const company = (key: 'transporter' | 'cargoType', as: Writer = writer) => add(key, key === 'cargoType' ? { name: `Cargo ${n}`, code: `C-${n}` } : { name: `Transporter ${n}` }, as);
const warehouse = () => add('warehouse', { name: `Warehouse ${n}`, storageType: 'openArea', latitude: 21.5, longitude: 39.2 });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agencyId = (await makeAgency(db, { name: 'Rules agency' })).id;
  const otherAgency = (await makeAgency(db, { name: 'Other rules agency' })).id;
  writer = { agencyId, userId: (await makeUser(db, { kind: 'agencyAdmin', agencyId })).id, now: new Date('2027-01-01T08:00:00Z'), scope: UNRESTRICTED, config: t.config };
  other = { agencyId: otherAgency, userId: (await makeUser(db, { kind: 'agencyAdmin', agencyId: otherAgency })).id, now: writer.now, scope: UNRESTRICTED, config: t.config };
});
afterAll(async () => {
  await t.close();
});

describe('checkTransportRules', () => {
  let transporterId: number;
  let truckId: number;
  let otherTruckId: number;
  let driverId: number;
  let otherDriverId: number;
  const check = (params: { truckId?: number | null; driverId?: number | null; date: string; trips?: { truck: number; driver: number } }, agencyId = writer.agencyId) =>
    inAgency(t.database.db, agencyId, (tx) =>
      checkTransportRules(tx, {
        agencyId,
        transporterId,
        truckId: params.truckId === undefined ? truckId : params.truckId,
        driverId: params.driverId === undefined ? driverId : params.driverId,
        date: params.date,
        tripsToday: params.trips ?? { truck: 0, driver: 0 },
      }),
    );
  const codes = async (params: Parameters<typeof check>[0]) => (await check(params)).map((v) => `${v.subject}:${v.code}`);

  beforeAll(async () => {
    transporterId = (await company('transporter')).id;
    const elsewhere = (await company('transporter')).id;
    truckId = (await add('truck', { plateNumber: 'RULE 1', transporterId, tareWeight: 14, capacity: 40 })).id;
    otherTruckId = (await add('truck', { plateNumber: 'RULE 2', transporterId, tareWeight: 14, capacity: 40 })).id;
    driverId = (await add('driver', { name: 'Rule Driver', transporterId, licenceNumber: 'RD-1', licenceExpiry: '2027-06-30' })).id;
    otherDriverId = (await add('driver', { name: 'Other Driver', transporterId, licenceNumber: 'RD-2', licenceExpiry: '2029-01-01' })).id;
    const rule = { transporterId, truckId: null, validFrom: null, validTo: null };
    // March: the truck is blocked for its brakes.
    await add('truckRule', { ...rule, name: 'Brakes', truckId, ruleType: 'block', validFrom: '2027-03-01', validTo: '2027-03-31', reason: 'Brakes' });
    // Every truck of the transporter: 3 trips a day; insurance valid until 1 May.
    await add('truckRule', { ...rule, name: 'Cap', ruleType: 'maxTripsPerDay', maxTripsPerDay: 3 });
    await add('truckRule', { ...rule, name: 'Insurance', ruleType: 'requireDocument', documentName: 'insurance', documentExpiry: '2027-05-01' });
    // The driver needs a valid licence; from August every driver is blocked.
    await add('driverRule', { transporterId, driverId, name: 'Licence', ruleType: 'requireValidLicence' });
    await add('driverRule', { transporterId, name: 'Strike', ruleType: 'block', validFrom: '2027-08-01' });
    await add('driverRule', { transporterId, driverId, name: 'Driver cap', ruleType: 'maxTripsPerDay', maxTripsPerDay: 2 });
    // Ignored: an inactive rule, a rule of another transporter, a rule of another agency.
    const inactive = await add('truckRule', { ...rule, name: 'Old block', ruleType: 'block' });
    await inAgency(t.database.db, writer.agencyId, (tx) => toggleResource(tx, { ...writer, resource: resourceByKey('truckRule'), id: inactive.id }));
    const elsewhereTruck = (await add('truck', { plateNumber: 'RULE 3', transporterId: elsewhere, tareWeight: 14, capacity: 40 })).id;
    await add('truckRule', { transporterId: elsewhere, truckId: elsewhereTruck, name: 'Elsewhere', ruleType: 'block' });
    const foreignTransporter = (await company('transporter', other)).id;
    await add('truckRule', { transporterId: foreignTransporter, name: 'Foreign', ruleType: 'block' }, other);
  });

  it('passes a trip that breaks no rule', async () => {
    expect(await check({ date: '2027-02-10' })).toEqual([]);
  });

  it('blocks the truck within the rule\'s period only, and only that truck', async () => {
    const [violation, ...rest] = await check({ date: '2027-03-10' });
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ subject: 'truck', code: 'blocked', message: { en: 'This truck is blocked by the rule "Brakes" (Brakes).' } });
    expect(typeof violation?.ruleId).toBe('number');
    expect(violation?.message.ar).toContain('محظور');
    expect(await codes({ date: '2027-03-01' })).toEqual(['truck:blocked']);
    expect(await codes({ date: '2027-03-31' })).toEqual(['truck:blocked']);
    expect(await codes({ date: '2027-04-01' })).toEqual([]);
    expect(await codes({ truckId: otherTruckId, date: '2027-03-10' })).toEqual([]);
  });

  it('caps the trips per day for every truck of the transporter and for the driver', async () => {
    expect(await codes({ date: '2027-02-10', trips: { truck: 2, driver: 1 } })).toEqual([]);
    expect(await codes({ truckId: otherTruckId, date: '2027-02-10', trips: { truck: 3, driver: 2 } })).toEqual(['truck:tripsPerDay', 'driver:tripsPerDay']);
    // The driver cap is the driver's own: another driver is not capped by it.
    expect(await codes({ driverId: otherDriverId, date: '2027-02-10', trips: { truck: 0, driver: 5 } })).toEqual([]);
  });

  it('requires the document valid on the day and the driver\'s licence valid on the day', async () => {
    expect(await codes({ date: '2027-05-01' })).toEqual([]);
    expect(await codes({ date: '2027-05-02' })).toEqual(['truck:documentExpired']);
    const late = await check({ date: '2027-07-01' });
    expect(late.map((v) => v.code)).toEqual(['documentExpired', 'licenceExpired']);
    expect(late[1]?.message.en).toBe('The driver\'s licence expired on 2027-06-30 (rule "Licence").');
    expect(await codes({ driverId: otherDriverId, date: '2027-07-01' })).toEqual(['truck:documentExpired']);
  });

  it('applies a rule with no truck or driver to every one of the transporter, from its first day on', async () => {
    expect(await codes({ driverId: otherDriverId, date: '2027-07-31' })).toEqual(['truck:documentExpired']);
    expect(await codes({ driverId: otherDriverId, date: '2027-08-01' })).toEqual(['truck:documentExpired', 'driver:blocked']);
    expect(await codes({ truckId: null, driverId: null, date: '2027-08-01' })).toEqual(['truck:documentExpired', 'driver:blocked']);
  });
});

describe('allowedHandlingLossPercent', () => {
  it('takes the warehouse\'s own active rule over the rule for every warehouse; null when none', async () => {
    const cargo = (await company('cargoType')).id;
    const bare = (await company('cargoType')).id;
    const own = (await warehouse()).id;
    const plain = (await warehouse()).id;
    const every = await add('handlingLossRule', { name: 'Every warehouse', cargoTypeId: cargo, locationId: null, allowedLossPercent: 0.5 });
    const mine = await add('handlingLossRule', { name: 'Own warehouse', cargoTypeId: cargo, locationId: own, allowedLossPercent: 0.125 });
    const allowed = (cargoTypeId: number, locationId: number | null) =>
      inAgency(t.database.db, writer.agencyId, (tx) => allowedHandlingLossPercent(tx, { agencyId: writer.agencyId, cargoTypeId, locationId }));
    expect(await allowed(cargo, own)).toBe(0.125);
    expect(await allowed(cargo, plain)).toBe(0.5);
    expect(await allowed(cargo, null)).toBe(0.5);
    expect(await allowed(bare, own)).toBeNull();
    await inAgency(t.database.db, writer.agencyId, (tx) => toggleResource(tx, { ...writer, resource: resourceByKey('handlingLossRule'), id: mine.id }));
    expect(await allowed(cargo, own)).toBe(0.5);
    await inAgency(t.database.db, writer.agencyId, (tx) => toggleResource(tx, { ...writer, resource: resourceByKey('handlingLossRule'), id: every.id }));
    expect(await allowed(cargo, plain)).toBeNull();
  });
});

describe('cargoControlFor', () => {
  it('merges the active rules valid on the day for the warehouse and for every warehouse', async () => {
    const cargo = (await company('cargoType')).id;
    const own = (await warehouse()).id;
    const plain = (await warehouse()).id;
    await add('cargoControlRule', { name: 'January quarantine', cargoTypeId: cargo, locationId: null, blockIn: true, validFrom: '2027-01-01', validTo: '2027-01-31' });
    await add('cargoControlRule', { name: 'Yard cap', cargoTypeId: cargo, locationId: own, maxStock: 500 });
    await add('cargoControlRule', { name: 'Fumigation', cargoTypeId: cargo, locationId: own, blockOut: true, maxStock: 300, validFrom: '2027-02-01' });
    const stopped = await add('cargoControlRule', { name: 'Switched off', cargoTypeId: cargo, locationId: plain, blockOut: true, maxStock: 1 });
    await inAgency(t.database.db, writer.agencyId, (tx) => toggleResource(tx, { ...writer, resource: resourceByKey('cargoControlRule'), id: stopped.id }));
    const control = (locationId: number | null, date: string) =>
      inAgency(t.database.db, writer.agencyId, (tx) => cargoControlFor(tx, { agencyId: writer.agencyId, cargoTypeId: cargo, locationId, date }));
    expect(await control(own, '2027-01-15')).toEqual({ blockIn: true, blockOut: false, maxStock: 500 });
    expect(await control(own, '2027-02-15')).toEqual({ blockIn: false, blockOut: true, maxStock: 300 });
    expect(await control(plain, '2027-01-15')).toEqual({ blockIn: true, blockOut: false, maxStock: null });
    expect(await control(plain, '2027-02-15')).toEqual({ blockIn: false, blockOut: false, maxStock: null });
  });
});
