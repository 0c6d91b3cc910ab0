import { Messages, PortLoadingMessages, permissionFlag, type TLoadingSlip, type TLoadingSlipList, type TPortLoadingDetail, type TPortLoadingList, type TVoyageShipments } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransitAccount, onBoardAccount } from '../../ledger/accounts';
import { ledgerEntries, ledgerTransactions } from '../../ledger/ledger.schema';
import { accountBalance } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { renderLoadingSlipPdf } from './loading-slip.pdf';
import { getLoadingSlip } from './loading-slips.service';
import { addResource, makeCargoWorld, makeShipment, portLoadingBody, postShortage, type CargoWorld, type Writer } from './port-loading.fixtures';
import { loadingSlips, portLoadings } from './port-loading.schema';

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let admin: string;
let headers: Record<string, string>;
let otherAgencyHeaders: Record<string, string>;
let truckA: number;
let truckB: number;
let foreignTruck: number;
let driverA: number;
let driverB: number;
let foreignDriver: number;

const kg = (tonnes: number) => BigInt(Math.round(tonnes * 1000));

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: response.statusCode, body: response.json<T & { message: string; code: string; details?: Record<string, string> }>(), raw: response };
}

const plBody = (shipment: { voyageId: number; shipmentId: number }, overrides: Record<string, unknown> = {}) => portLoadingBody(world, shipment, overrides);

let wbt = 0;
const slipBody = (overrides: Record<string, unknown> = {}) => {
  wbt += 1;
  return { truckId: truckA, driverId: driverA, wbtNumber: `WBT-${wbt}`, quantity: '30', ...overrides };
};

async function newPortLoading(blTonnes: string, overrides: Record<string, unknown> = {}) {
  const shipment = await makeShipment(t.database.db, writer, world, { blTonnes });
  const created = await call<TPortLoadingDetail>('POST', '/api/portLoading', plBody(shipment, overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { shipment, portLoading: created.body };
}

const shortage = (shipment: { voyageId: number; consignmentId: number }, tonnes: string) => postShortage(t.database.db, writer, shipment, tonnes);

const balance = (account: Parameters<typeof accountBalance>[1]['account']) =>
  inAgency(t.database.db, writer.agencyId, async (tx) => (await accountBalance(tx, { agencyId: writer.agencyId, account }))?.balanceKg ?? 0n);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Port agency', timezone: 'Asia/Riyadh' });
  const other = await makeAgency(db, { name: 'Other agency' });
  const adminUser = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Amal', lastName: 'Admin' });
  const otherAdmin = await makeUser(db, { kind: 'agencyAdmin', agencyId: other.id });
  writer = { agencyId: agency.id, userId: adminUser.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('TRK A');
  truckB = await world.truck('TRK B');
  foreignTruck = await world.truck('TRK X', world.otherTransporterId);
  driverA = await world.driver('Ali');
  driverB = await world.driver('Badr');
  foreignDriver = await world.driver('Xavier', world.otherTransporterId);
  admin = await loginAs(t.app, adminUser.username);
  headers = { ...bearer(admin), 'x-agency-id': String(agency.id) };
  otherAgencyHeaders = { ...bearer(await loginAs(t.app, otherAdmin.username)), 'x-agency-id': String(other.id) };
});
afterAll(async () => {
  await t.close();
});

describe('port loadings', () => {
  it('creates a port loading with the voyage port and the BL consignee as owner by default, and audits it', async () => {
    const { portLoading } = await newPortLoading('500');
    expect(portLoading.portId).toBe(world.portId);
    expect(portLoading.ownerCompanyId).toBe(world.consigneeId);
    expect(portLoading).toMatchObject({ quantity: '100.000', loadedQuantity: '0.000', remainingQuantity: '100.000', trips: 0, status: 'Active', createdBy: 'Amal Admin', slips: [] });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'portLoading'), eq(auditLog.entityId, String(portLoading.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('offers the voyage’s shipments with their on-board balance', async () => {
    const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '321.5' });
    const { status, body } = await call<TVoyageShipments>('GET', `/api/portLoading/voyages/${shipment.voyageId}/shipments`);
    expect(status).toBe(200);
    expect(body.voyage.portId).toBe(world.portId);
    expect(body.rows).toEqual([expect.objectContaining({ shipmentId: shipment.shipmentId, lcPoNumber: shipment.lcNumber, blQuantity: '321.500', onBoardQuantity: '321.500' })]);
  });

  it('checks the destination against the transportation type and the owner', async () => {
    const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '200' });
    const refuse = async (overrides: Record<string, unknown>, message: string) => {
      const { status, body } = await call('POST', '/api/portLoading', plBody(shipment, overrides));
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    };
    await refuse({ toLocationId: null }, Messages.warehouseRequired);
    await refuse({ toLocationId: world.consigneeLocationId }, Messages.warehouseRequired);
    await refuse({ transportationType: 'directDelivery', toLocationId: world.strangerLocationId }, PortLoadingMessages.consigneeLocationRequired);
    await refuse({ transportationType: 'directDelivery', toLocationId: world.warehouseId }, PortLoadingMessages.consigneeLocationRequired);
    await refuse({ transportationType: 'customerDelivery', toLocationId: world.consigneeLocationId }, PortLoadingMessages.customerLocationRequired);
    await refuse({ ownerCompanyId: world.customerId }, PortLoadingMessages.ownerNotAllowed);
    await refuse({ transporterId: null }, PortLoadingMessages.transporterRequired);
    await refuse({ transporterId: world.consigneeId }, PortLoadingMessages.transporterRequired);
    await refuse({ transporterKind: 'thirdParty', thirdPartyName: ' ' }, PortLoadingMessages.thirdPartyRequired);
    await refuse({ quantity: '0' }, Messages.quantityPositive);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(portLoadings);

    const direct = await call<TPortLoadingDetail>('POST', '/api/portLoading', plBody(shipment, { transportationType: 'directDelivery', toLocationId: world.sisterLocationId, transporterKind: 'self' }));
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ toLocationId: world.sisterLocationId, ownerCompanyId: world.consigneeId, transporterId: null, transporterKind: 'self' });
    const customer = await call<TPortLoadingDetail>('POST', '/api/portLoading', plBody(shipment, { transportationType: 'customerDelivery', toLocationId: world.customerLocationId, transporterKind: 'thirdParty', thirdPartyName: 'Quick Trucks' }));
    expect(customer.status).toBe(200);
    expect(customer.body).toMatchObject({ ownerCompanyId: world.customerId, thirdPartyName: 'Quick Trucks', transporterId: null });
    expect(customer.body.ownerCompanyName).toContain('Customer');
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(portLoadings);
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 2);
  });

  it('lists with filters, paging and loaded / remaining quantities from the slips', async () => {
    const { shipment, portLoading } = await newPortLoading('400', { quantity: '90' });
    expect((await call('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '25.125' }))).status).toBe(200);
    const { status, body } = await call<TPortLoadingList>('GET', `/api/portLoading?voyageId=${shipment.voyageId}`);
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.rows[0]).toMatchObject({ id: portLoading.id, loadedQuantity: '25.125', trips: 1, inTransitQuantity: '25.125', remainingQuantity: '64.875', lcPoNumber: shipment.lcNumber });
    const none = await call<TPortLoadingList>('GET', `/api/portLoading?voyageId=${shipment.voyageId}&transportationType=customerDelivery`);
    expect(none.body.count).toBe(0);
    const all = await call<TPortLoadingList>('GET', '/api/portLoading?limit=20&page=1');
    expect(all.body.count).toBeGreaterThanOrEqual(2);
    const paged = await call<TPortLoadingList>('GET', '/api/portLoading?limit=20&page=99');
    expect(paged.body.rows).toEqual([]);
  });

  it('keeps the quantity above what was loaded and locks destination and transporter once slips exist', async () => {
    const { shipment, portLoading } = await newPortLoading('400', { quantity: '100' });
    expect((await call('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '40' }))).status).toBe(200);
    const below = await call('PUT', `/api/portLoading/${portLoading.id}`, plBody(shipment, { quantity: '39.999' }));
    expect(below.status).toBe(409);
    expect(below.body.message).toBe(PortLoadingMessages.quantityBelowLoaded);
    const moved = await call('PUT', `/api/portLoading/${portLoading.id}`, plBody(shipment, { transportationType: 'directDelivery', toLocationId: world.consigneeLocationId }));
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(PortLoadingMessages.lockedBySlips);
    const ok = await call<TPortLoadingDetail>('PUT', `/api/portLoading/${portLoading.id}`, plBody(shipment, { quantity: '40', remarks: 'trimmed' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ quantity: '40.000', remainingQuantity: '0.000', remarks: 'trimmed', updatedBy: 'Amal Admin' });
  });
});

describe('loading slips', () => {
  it('posts ON_BOARD -> IN_TRANSIT(trip) with entries summing to zero, numbers slips and says so', async () => {
    const { shipment, portLoading } = await newPortLoading('200', { quantity: '150' });
    const onBoard = onBoardAccount(shipment);
    const first = await call<{ message: string; slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '30.5' }));
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(Messages.loadingSlipCreated);
    const second = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: 20, truckId: truckB, driverId: driverB }));
    expect(second.status).toBe(200);
    expect(second.body.slip.slipNumber).toBe(first.body.slip.slipNumber + 1);
    expect(await balance(onBoard)).toBe(kg(200 - 30.5 - 20));
    const transit = inTransitAccount({ ...shipment, tripId: first.body.slip.tripId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId });
    expect(await balance(transit)).toBe(kg(30.5));
    const [slipRow] = await t.database.db.select().from(loadingSlips).where(eq(loadingSlips.id, first.body.slip.id));
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, slipRow?.ledgerTransactionId ?? -1));
    expect(entries).toHaveLength(2);
    expect(entries.reduce((sum, e) => sum + e.quantityKg, 0n)).toBe(0n);
    expect(first.body.slip).toMatchObject({ quantity: '30.500', received: false });
    expect(first.body.slip.truckPlate).toContain('TRK A');
    expect(first.body.slip.driverName).toContain('Ali');
    expect(first.body.slip.transporterName).toContain('Haulage');
  });

  it('answers every spec message of the slip form and changes nothing', async () => {
    const { shipment, portLoading } = await newPortLoading('200');
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    const cases: [Record<string, unknown>, string][] = [
      [{ truckId: undefined }, Messages.truckRequired],
      [{ truckId: '' }, Messages.truckRequired],
      [{ driverId: null }, Messages.driverRequired],
      [{ wbtNumber: '  ' }, Messages.wbtRequired],
      [{ quantity: undefined }, Messages.wbqRequired],
      [{ quantity: '' }, Messages.wbqRequired],
      [{ quantity: '0' }, Messages.quantityPositive],
      [{ quantity: -4 }, Messages.quantityPositive],
    ];
    for (const [overrides, message] of cases) {
      const { status, body } = await call('POST', url, slipBody(overrides));
      expect(status, message).toBe(400);
      expect(body.message).toBe(message);
    }
    expect(await balance(onBoardAccount(shipment))).toBe(kg(200));
  });

  it('refuses slips beyond the port loading quantity, and beyond what is on board with Quantity not available', async () => {
    const { shipment, portLoading } = await newPortLoading('80', { quantity: '80' });
    // An out-turn shortage approved after the planning leaves 50 on board for a plan of 80.
    await shortage(shipment, '30');
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    expect((await call('POST', url, slipBody({ quantity: '45' }))).status).toBe(200);
    const vessel = await call('POST', url, slipBody({ quantity: '10' }));
    expect(vessel.status).toBe(409);
    expect(vessel.body.message).toBe(Messages.quantityNotAvailable);
    const beyond = await call('POST', url, slipBody({ quantity: '35.001' }));
    expect(beyond.status).toBe(409);
    expect(beyond.body.message).toBe(PortLoadingMessages.exceedsPortLoading);
    expect(await balance(onBoardAccount(shipment))).toBe(kg(5));
    const slips = await t.database.db.select().from(loadingSlips).where(eq(loadingSlips.portLoadingId, portLoading.id));
    expect(slips).toHaveLength(1);
  });

  it('refuses a truck or driver of another transporter, and a WBT number in use', async () => {
    const { portLoading } = await newPortLoading('300');
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    const truck = await call('POST', url, slipBody({ truckId: foreignTruck }));
    expect(truck.status).toBe(409);
    expect(truck.body.message).toBe(PortLoadingMessages.truckOfOtherTransporter);
    const driver = await call('POST', url, slipBody({ driverId: foreignDriver }));
    expect(driver.status).toBe(409);
    expect(driver.body.message).toBe(PortLoadingMessages.driverOfOtherTransporter);
    expect((await call('POST', url, slipBody({ wbtNumber: 'WB-DUP-1' }))).status).toBe(200);
    const duplicate = await call('POST', url, slipBody({ wbtNumber: 'wb-dup-1' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(PortLoadingMessages.wbtTaken);
    // A self-transported port loading takes any transporter's truck.
    const { portLoading: own } = await newPortLoading('300', { transporterKind: 'self' });
    expect((await call('POST', `/api/portLoading/${own.id}/loadingSlips`, slipBody({ truckId: foreignTruck, driverId: foreignDriver }))).status).toBe(200);
  });

  it('applies the transport rules: a blocked truck (in the request language) and the trips per day of a driver', async () => {
    const { portLoading } = await newPortLoading('500', { quantity: '400' });
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    const add = (key: string, body: Record<string, unknown>) => addResource(t.database.db, writer, key, body);
    const blockedTruck = await world.truck('TRK BLK');
    await add('truckRule', { transporterId: world.transporterId, truckId: blockedTruck, name: 'Brakes', ruleType: 'block', reason: 'Brakes' });
    const blocked = await call('POST', url, slipBody({ truckId: blockedTruck }));
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe('This truck is blocked by the rule "Brakes" (Brakes).');
    const arabic = await call('POST', `${url}?lang=ar`, slipBody({ truckId: blockedTruck }));
    expect(arabic.body.message).toBe('هذه الشاحنة محظور بموجب القاعدة "Brakes" (Brakes).');

    const cappedDriver = await world.driver('Capped');
    await add('driverRule', { transporterId: world.transporterId, driverId: cappedDriver, name: 'Two a day', ruleType: 'maxTripsPerDay', maxTripsPerDay: 2 });
    // 23:30 UTC on the 20th is the 21st in Riyadh: the three trips fall on one local day.
    const times = ['2026-11-20T22:30:00Z', '2026-11-21T10:00:00Z', '2026-11-21T20:59:00Z'];
    expect((await call('POST', url, slipBody({ driverId: cappedDriver, loadedAt: times[0] }))).status).toBe(200);
    expect((await call('POST', url, slipBody({ driverId: cappedDriver, loadedAt: times[1] }))).status).toBe(200);
    const third = await call('POST', url, slipBody({ driverId: cappedDriver, loadedAt: times[2] }));
    expect(third.status).toBe(409);
    expect(third.body.message).toContain('already made 2 of at most 2 trips today');
    // The next local day (21:00 UTC = 00:00 in Riyadh) is a new day.
    expect((await call('POST', url, slipBody({ driverId: cappedDriver, loadedAt: '2026-11-21T21:00:00Z' }))).status).toBe(200);
  });

  it('edits a slip by reverse-and-repost in one transaction, keeping its trip and number', async () => {
    const { shipment, portLoading } = await newPortLoading('100', { quantity: '100' });
    const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '30' }));
    const slip = created.body.slip;
    const [before] = await t.database.db.select().from(loadingSlips).where(eq(loadingSlips.id, slip.id));
    const edited = await call<{ message: string; slip: TLoadingSlip }>('PUT', `/api/loadingSlips/${slip.id}`, { truckId: truckB, driverId: driverB, wbtNumber: slip.wbtNumber, quantity: '42.5' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(Messages.loadingSlipUpdated);
    expect(edited.body.slip).toMatchObject({ id: slip.id, slipNumber: slip.slipNumber, tripId: slip.tripId, quantity: '42.500', truckId: truckB });
    expect(await balance(onBoardAccount(shipment))).toBe(kg(100 - 42.5));
    const transit = inTransitAccount({ ...shipment, tripId: slip.tripId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId });
    expect(await balance(transit)).toBe(kg(42.5));
    const reversal = await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reversesId, before?.ledgerTransactionId ?? -1));
    expect(reversal).toHaveLength(1);
    // Too much for the vessel (an approved shortage left 7.5 on board): the whole edit rolls back, the old posting stays.
    await shortage(shipment, '50');
    const tooMuch = await call('PUT', `/api/loadingSlips/${slip.id}`, { truckId: truckB, driverId: driverB, wbtNumber: slip.wbtNumber, quantity: '50.001' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(Messages.quantityNotAvailable);
    expect(await balance(transit)).toBe(kg(42.5));
  });

  it('reverses a slip and then a port loading, giving the stock back to the vessel', async () => {
    const { shipment, portLoading } = await newPortLoading('100', { quantity: '100' });
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    const a = await call<{ slip: TLoadingSlip }>('POST', url, slipBody({ quantity: '10' }));
    await call('POST', url, slipBody({ quantity: '20' }));
    const noReason = await call('DELETE', `/api/loadingSlips/${a.body.slip.id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(Messages.reasonRequired);
    expect((await call('DELETE', `/api/loadingSlips/${a.body.slip.id}/reverse`, { reason: 'Wrong truck' })).status).toBe(200);
    expect(await balance(onBoardAccount(shipment))).toBe(kg(80));
    const again = await call('DELETE', `/api/loadingSlips/${a.body.slip.id}/reverse`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect((await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 1 })).status).toBe(200);
    expect(await balance(onBoardAccount(shipment))).toBe(kg(100));
    const detail = await call<TPortLoadingDetail>('GET', `/api/portLoading/${portLoading.id}`);
    expect(detail.body).toMatchObject({ status: 'Reversed', reverseReason: 'Cancelled', reversedBy: 'Amal Admin', loadedQuantity: '0.000' });
    expect(detail.body.slips.map((s) => s.status)).toEqual(['Reversed', 'Reversed']);
    const slipAfter = await call('POST', url, slipBody({ quantity: '1' }));
    expect(slipAfter.status).toBe(409);
    expect(slipAfter.body.message).toBe(PortLoadingMessages.portLoadingReversed);
  });

  it('refuses reversal once a slip was received: by a warehouse in, or by another transaction', async () => {
    for (const [table, message] of [
      ['warehouse_ins', Messages.portLoadingInWarehouse],
      ['consignee_ins', Messages.portLoadingDelivered],
    ] as const) {
      const { shipment, portLoading } = await newPortLoading('100', { quantity: '100' });
      const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '10' }));
      await t.database.db.update(loadingSlips).set({ receivedTable: table, receivedId: 7, receivedAt: new Date() }).where(eq(loadingSlips.id, created.body.slip.id));
      const refused = await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(message);
      const slipRefused = await call('DELETE', `/api/loadingSlips/${created.body.slip.id}/reverse`, { reason: 'Cancelled' });
      expect(slipRefused.status).toBe(409);
      const edit = await call('PUT', `/api/loadingSlips/${created.body.slip.id}`, slipBody({ quantity: '5' }));
      expect(edit.status).toBe(409);
      expect(await balance(onBoardAccount(shipment))).toBe(kg(90));
      const [row] = await t.database.db.select().from(portLoadings).where(eq(portLoadings.id, portLoading.id));
      expect(row?.status).toBe('Active');
    }
  });

  it('lists slips with filters and the total quantity of the filter', async () => {
    const { shipment, portLoading } = await newPortLoading('300', { quantity: '300' });
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    const one = await call<{ slip: TLoadingSlip }>('POST', url, slipBody({ quantity: '10.001', wbtNumber: 'LIST-ONE' }));
    await call('POST', url, slipBody({ quantity: '20.002', truckId: truckB, driverId: driverB }));
    const all = await call<TLoadingSlipList>('GET', `/api/loadingSlips?voyageId=${shipment.voyageId}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 2, totalQuantity: '30.003' });
    const byTruck = await call<TLoadingSlipList>('GET', `/api/loadingSlips?voyageId=${shipment.voyageId}&truckId=${truckB}`);
    expect(byTruck.body).toMatchObject({ count: 1, totalQuantity: '20.002' });
    const search = await call<TLoadingSlipList>('GET', '/api/loadingSlips?search=list-on');
    expect(search.body.rows.map((r) => r.id)).toEqual([one.body.slip.id]);
    await t.database.db.update(loadingSlips).set({ receivedTable: 'consignee_ins', receivedId: 1 }).where(eq(loadingSlips.id, one.body.slip.id));
    const delivered = await call<TLoadingSlipList>('GET', `/api/loadingSlips?voyageId=${shipment.voyageId}&received=delivered`);
    expect(delivered.body.rows.map((r) => r.id)).toEqual([one.body.slip.id]);
    const byDate = await call<TLoadingSlipList>('GET', `/api/loadingSlips?voyageId=${shipment.voyageId}&fromDate=2026-11-22`);
    expect(byDate.body.count).toBe(0);
    const single = await call<TLoadingSlip>('GET', `/api/loadingSlips/${one.body.slip.id}`);
    expect(single.body).toMatchObject({ wbtNumber: 'LIST-ONE', received: true });
  });

  it('prints the slip as a PDF in English and Arabic', async () => {
    const { portLoading } = await newPortLoading('100');
    const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '12.5' }));
    for (const lang of ['en', 'ar']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/loadingSlips/${created.body.slip.id}/pdf?lang=${lang}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline;/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The cookie-less plain link of the web (token in the query) works too.
    const link = await t.app.inject({ method: 'GET', url: `/api/loadingSlips/${created.body.slip.id}/pdf?lang=en&token=${admin}`, headers: { 'x-agency-id': headers['x-agency-id'] ?? '' } });
    expect(link.statusCode).toBe(200);
    // The text layer: the embedded font's ToUnicode map names the Arabic letters and the slip's digits.
    const slip = await inAgency(t.database.db, writer.agencyId, (tx) => getLoadingSlip(tx, { agencyId: writer.agencyId, scope: { shipmentManagerIds: null, consigneeIds: null, locationIds: null }, id: created.body.slip.id }));
    const pdf = (await renderLoadingSlipPdf({ slip, agencyName: 'Port agency', timezone: 'Asia/Riyadh', createdBy: 'Amal Admin' }, 'ar', { compress: false })).toString('latin1');
    expect(pdf).toContain('/ToUnicode');
    // 'إيصال تحميل' is shaped: the presentation forms are drawn, mapped back to the letters (ت = 062A, ح = 062D).
    expect(pdf).toMatch(/<062a>|<062A>/);
    expect(pdf).toMatch(/<062d>|<062D>/);
  });
});

describe('cargo rules a new user broke (issue #10)', () => {
  const countPortLoadings = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(portLoadings))[0]?.n ?? 0;

  it('refuses a port loading that plans more than the BL has on board, less what its other port loadings still plan, on create and update', async () => {
    const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '15000' });
    const before = await countPortLoadings();
    // The pen test: 15,000.500 MT planned against 15,000.000 MT on board.
    const over = await call('POST', '/api/portLoading', plBody(shipment, { quantity: '15000.5' }));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ message: PortLoadingMessages.quantityAboveOnBoard, code: 'QUANTITY_NOT_AVAILABLE', details: { available: '15000.000' } });
    expect(await countPortLoadings()).toBe(before);

    const a = await call<TPortLoadingDetail>('POST', '/api/portLoading', plBody(shipment, { quantity: '10000' }));
    expect(a.status).toBe(200);
    const tooMuch = await call('POST', '/api/portLoading', plBody(shipment, { quantity: '5000.001' }));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.details?.available).toBe('5000.000');
    const b = await call<TPortLoadingDetail>('POST', '/api/portLoading', plBody(shipment, { quantity: '5000' }));
    expect(b.status).toBe(200);

    // A slip of A leaves the vessel and A's plan alike: nothing frees up, nothing is counted twice.
    expect((await call('POST', `/api/portLoading/${a.body.id}/loadingSlips`, slipBody({ quantity: '30' }))).status).toBe(200);
    const none = await call('POST', '/api/portLoading', plBody(shipment, { quantity: '0.001' }));
    expect(none.status).toBe(409);
    expect(none.body.details?.available).toBe('0.000');

    // Update: growing A is refused; lowering it frees room that B may then take, to the kilogram.
    const grow = await call('PUT', `/api/portLoading/${a.body.id}`, plBody(shipment, { quantity: '10000.001' }));
    expect(grow.status).toBe(409);
    expect(grow.body.message).toBe(PortLoadingMessages.quantityAboveOnBoard);
    expect((await call('PUT', `/api/portLoading/${a.body.id}`, plBody(shipment, { quantity: '9000' }))).status).toBe(200);
    const bTooMuch = await call('PUT', `/api/portLoading/${b.body.id}`, plBody(shipment, { quantity: '6000.001' }));
    expect(bTooMuch.status).toBe(409);
    expect(bTooMuch.body.details?.available).toBe('6000.000');
    expect((await call('PUT', `/api/portLoading/${b.body.id}`, plBody(shipment, { quantity: '6000' }))).status).toBe(200);

    // A shortage approved later leaves the plans above what is on board: they can still be lowered and edited.
    await shortage(shipment, '100');
    const lowered = await call<TPortLoadingDetail>('PUT', `/api/portLoading/${b.body.id}`, plBody(shipment, { quantity: '5950', remarks: 'short' }));
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ quantity: '5950.000', remarks: 'short' });
  });

  it('refuses a slip above its truck’s capacity, naming the capacity in the request language, on create and update', async () => {
    const { shipment, portLoading } = await newPortLoading('500', { quantity: '400' });
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    const smallTruck = await addResource(t.database.db, writer, 'truck', { plateNumber: `SMALL ${wbt}`, transporterId: world.transporterId, tareWeight: 14, capacity: 36.5 });
    const refused = await call('POST', url, slipBody({ truckId: smallTruck, quantity: '100' }));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The loading slip quantity is above the truck’s capacity of 36.500 MT.');
    expect(refused.body.details).toMatchObject({ capacity: '36.500' });
    const arabic = await call('POST', `${url}?lang=ar`, slipBody({ truckId: smallTruck, quantity: '36.501' }));
    expect(arabic.status).toBe(422);
    expect(arabic.body.message).toBe('كمية إيصال التحميل أكبر من حمولة الشاحنة البالغة 36.500 طن متري.');
    expect(await balance(onBoardAccount(shipment))).toBe(kg(500));

    const full = await call<{ slip: TLoadingSlip }>('POST', url, slipBody({ truckId: smallTruck, quantity: '36.5' }));
    expect(full.status).toBe(200);
    const edit = await call('PUT', `/api/loadingSlips/${full.body.slip.id}`, { truckId: smallTruck, driverId: driverA, wbtNumber: full.body.slip.wbtNumber, quantity: '36.501' });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe('The loading slip quantity is above the truck’s capacity of 36.500 MT.');
    expect(await balance(onBoardAccount(shipment))).toBe(kg(500 - 36.5));
    // The same slip on a bigger truck is fine.
    expect((await call('PUT', `/api/loadingSlips/${full.body.slip.id}`, { truckId: truckB, driverId: driverA, wbtNumber: full.body.slip.wbtNumber, quantity: '50' })).status).toBe(200);
  });

  it('reverses a port loading with slips in transit only when the request confirms how many, and a spec client without slips as before', async () => {
    const { shipment, portLoading } = await newPortLoading('200', { quantity: '150' });
    const url = `/api/portLoading/${portLoading.id}/loadingSlips`;
    await call('POST', url, slipBody({ quantity: '10' }));
    await call('POST', url, slipBody({ quantity: '20.5', truckId: truckB, driverId: driverB }));
    const blind = await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled' });
    expect(blind.status).toBe(409);
    expect(blind.body).toMatchObject({ message: PortLoadingMessages.reverseSlipsUnconfirmed, details: { slips: '2', quantity: '30.500' } });
    const notCount = await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 1.5 });
    expect(notCount.status).toBe(400);
    expect(notCount.body.message).toBe(PortLoadingMessages.slipsCountInvalid);
    const stale = await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PortLoadingMessages.reverseSlipsUnconfirmed);
    expect(await balance(onBoardAccount(shipment))).toBe(kg(200 - 30.5));
    const [row] = await t.database.db.select().from(portLoadings).where(eq(portLoadings.id, portLoading.id));
    expect(row?.status).toBe('Active');

    const confirmed = await call('DELETE', `/api/portLoading/${portLoading.id}/reverse`, { reason: 'Cancelled', slips: 2 });
    expect(confirmed.status).toBe(200);
    expect(await balance(onBoardAccount(shipment))).toBe(kg(200));

    // The spec's payload still reverses a port loading without slips.
    const { portLoading: empty } = await newPortLoading('50', { quantity: '50' });
    expect((await call('DELETE', `/api/portLoading/${empty.id}/reverse`, { reason: 'Cancelled' })).status).toBe(200);
  });
});

describe('access', () => {
  it('refuses users without the permission, and records of another agency', async () => {
    const db = t.database.db;
    const { portLoading } = await newPortLoading('100');
    const slip = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody({ quantity: '1' }));
    const viewerRole = await makeRole(db, { agencyId: writer.agencyId, permissions: [permissionFlag('LoadingSlips', 'view')] });
    const viewer = await makeUser(db, { kind: 'agencyUser', agencyId: writer.agencyId, roleId: viewerRole.id });
    const viewerHeaders = { ...bearer(await loginAs(t.app, viewer.username)), 'x-agency-id': String(writer.agencyId) };
    expect((await call('GET', '/api/loadingSlips', undefined, viewerHeaders)).status).toBe(200);
    expect((await call('GET', '/api/portLoading', undefined, viewerHeaders)).status).toBe(403);
    expect((await call('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody(), viewerHeaders)).status).toBe(403);
    expect((await call('DELETE', `/api/loadingSlips/${slip.body.slip.id}/reverse`, { reason: 'x' }, viewerHeaders)).status).toBe(403);
    // Another agency's admin cannot see or touch it (404), nor name this agency (403).
    expect((await call('GET', `/api/portLoading/${portLoading.id}`, undefined, otherAgencyHeaders)).status).toBe(404);
    expect((await call('GET', `/api/loadingSlips/${slip.body.slip.id}/pdf`, undefined, otherAgencyHeaders)).status).toBe(404);
    expect((await call('POST', `/api/portLoading/${portLoading.id}/loadingSlips`, slipBody(), otherAgencyHeaders)).status).toBe(404);
    expect((await call('GET', '/api/portLoading', undefined, { ...otherAgencyHeaders, 'x-agency-id': String(writer.agencyId) })).status).toBe(403);
    expect((await call('GET', '/api/portLoading/999999')).status).toBe(404);
  });

  it('narrows to the user’s data scope: consignees and locations', async () => {
    const db = t.database.db;
    const { portLoading } = await newPortLoading('100');
    const role = await makeRole(db, { agencyId: writer.agencyId, permissions: [permissionFlag('PortLoading', 'view'), permissionFlag('PortLoading', 'add'), permissionFlag('LoadingSlips', 'view')] });
    const outsider = await makeUser(db, { kind: 'agencyUser', agencyId: writer.agencyId, roleId: role.id, consigneeIds: [world.strangerConsigneeId] });
    const insider = await makeUser(db, { kind: 'agencyUser', agencyId: writer.agencyId, roleId: role.id, consigneeIds: [world.consigneeId], locationIds: [world.warehouseId] });
    const as = async (user: typeof outsider) => ({ ...bearer(await loginAs(t.app, user.username)), 'x-agency-id': String(writer.agencyId) });
    const outsiderHeaders = await as(outsider);
    const insiderHeaders = await as(insider);
    expect((await call('GET', `/api/portLoading/${portLoading.id}`, undefined, outsiderHeaders)).status).toBe(404);
    const outsiderList = await call<TPortLoadingList>('GET', '/api/portLoading', undefined, outsiderHeaders);
    expect(outsiderList.body.rows.map((r) => r.id)).not.toContain(portLoading.id);
    const insiderList = await call<TPortLoadingList>('GET', '/api/portLoading?limit=100', undefined, insiderHeaders);
    expect(insiderList.body.rows.map((r) => r.id)).toContain(portLoading.id);
    // The insider may not send cargo to a place outside their locations.
    const shipment = await makeShipment(db, writer, world, { blTonnes: '10' });
    const outside = await call('POST', '/api/portLoading', plBody(shipment, { transportationType: 'directDelivery', toLocationId: world.consigneeLocationId }), insiderHeaders);
    expect(outside.status).toBe(403);
  });
});
