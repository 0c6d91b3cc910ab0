import {
  ConsigneeDispatchMessages,
  LinkMessages,
  Messages,
  permissionFlag,
  tonnesToKg,
  type TConsigneeOutList,
  type TConsigneeOutSaved,
  type TConsigneeSlipView,
  type TStockPositions,
} from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransitAccount, onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { consigneeOuts } from './consignee-dispatch.schema';
import { SLIP_SOURCES } from '../receiving/slip-sources';

/*
 * Consignee Out through its routes: the posting ON_HAND(consignee location) -> IN_TRANSIT, usable never overdrawn
 * (also by two racing outs), edit as reverse-and-repost, the reversal refused once a Customer In holds the slip, the
 * slip numbers without gaps, the slips' list, view and PDF, and the data scope. Stock is put ON_HAND at the consignee
 * location by a posting through the ledger service (ON_BOARD -> ON_HAND, as a Consignee In posts it).
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let clerkHeaders: Record<string, string>;
let scopedHeaders: Record<string, string>;
let truckA: number;
let truckB: number;
let driverA: number;
let driverB: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers, raw: response.rawPayload };
}

/** The test consignment's position at a consignee location's open area. */
const position = (locationId = world.consigneeLocationId): Position => ({
  locationId,
  siloId: null,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

async function putOnHand(pos: Position, tonnes: string) {
  const kg = tonnesToKg(tonnes);
  await inAgency(t.database.db, writer.agencyId, (tx) =>
    post(tx, {
      agencyId: writer.agencyId,
      type: 'testReceipt',
      source: { table: 'test_receipts', id: 1 },
      userId: writer.userId,
      at: writer.now,
      lines: [
        { account: onBoardAccount(shipment), quantityKg: -kg },
        { account: onHandAccount(pos), quantityKg: kg },
      ],
    }),
  );
}

const balanceOf = (pos: Position) => inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) }));
const inTransitOf = (tripId: number) =>
  inAgency(t.database.db, writer.agencyId, (tx) =>
    accountBalance(tx, { agencyId: writer.agencyId, account: inTransitAccount({ tripId, voyageId: shipment.voyageId, consignmentId: shipment.consignmentId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId }) }),
  );

let wbt = 0;
const outBody = (quantity: string, overrides: Record<string, unknown> = {}) => {
  const pos = position();
  wbt += 1;
  return {
    locationId: pos.locationId,
    ownerCompanyId: pos.ownerCompanyId,
    consignmentId: pos.consignmentId,
    cargoTypeId: pos.cargoTypeId,
    voyageId: pos.voyageId,
    attachedVoyageId: pos.attachedVoyageId,
    toLocationId: world.customerLocationId,
    truckId: truckA,
    driverId: driverA,
    wbtNumber: `CWBT-${wbt}`,
    quantity,
    ...overrides,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Consignee dispatch agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Cora', lastName: 'Consignee' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('CO A');
  truckB = await world.truck('CO B');
  driverA = await world.driver('Nasser');
  driverB = await world.driver('Omar');
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  await putOnHand(position(), '50');
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const txn = ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag('ConsigneeOut', action as 'view'));
  const clerkRole = await makeRole(db, { agencyId: agency.id, permissions: [...txn, permissionFlag('ConsigneeLoadingSlips', 'view'), permissionFlag('ConsigneeLoadingSlips', 'export')], name: 'Consignee clerk' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id });
  clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(agency.id) };
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id, locationIds: [world.sisterLocationId, world.customerLocationId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
});

afterAll(async () => {
  await t.close();
});

describe('Consignee Out', () => {
  it(`posts ON_HAND at the consignee location -> IN_TRANSIT with its numbered slip, and lists, views and prints it (${testEngine})`, async () => {
    const positions = await call<TStockPositions>('GET', '/api/consigneeOut/positions', undefined, clerkHeaders);
    expect(positions.status).toBe(200);
    expect(positions.body.rows).toEqual([expect.objectContaining({ warehouseId: world.consigneeLocationId, siloId: null, ownerCompanyId: world.consigneeId, usable: '50.000' })]);

    const created = await call<TConsigneeOutSaved>('POST', '/api/consigneeOut', outBody('30'), clerkHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(ConsigneeDispatchMessages.consigneeOutCreated);
    const record = created.body.record;
    expect(record).toMatchObject({ quantity: '30.000', locationId: world.consigneeLocationId, toLocationId: world.customerLocationId, received: false, status: 'Active', wbtNumber: 'CWBT-1' });
    expect((await balanceOf(position()))?.balanceKg).toBe(20_000n);
    expect((await inTransitOf(record.tripId))?.balanceKg).toBe(30_000n);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'consigneeOut'), eq(auditLog.entityId, String(record.id))));
    expect(audit?.action).toBe('create');

    const list = await call<TConsigneeOutList>('GET', `/api/consigneeOut?locationId=${world.consigneeLocationId}&toLocationId=${world.customerLocationId}&received=inTransit`, undefined, clerkHeaders);
    expect(list.body.rows.map((r) => r.id)).toContain(record.id);
    expect(list.body.total).toBe('30.000');
    const bySlip = await call<TConsigneeOutList>('GET', `/api/consigneeLoadingSlips?search=${record.slipNumber}`, undefined, clerkHeaders);
    expect(bySlip.body.rows.map((r) => r.id)).toEqual([record.id]);
    const byPlate = await call<TConsigneeOutList>('GET', `/api/consigneeOut?search=${encodeURIComponent('CO A')}`, undefined, clerkHeaders);
    expect(byPlate.body.rows.map((r) => r.id)).toContain(record.id);
    expect((await call<TConsigneeOutList>('GET', '/api/consigneeOut?received=delivered', undefined, clerkHeaders)).body.count).toBe(0);

    const exported = await call('GET', '/api/consigneeLoadingSlips/export.xlsx?lang=ar', undefined, clerkHeaders);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    const view = await call<TConsigneeSlipView>('GET', `/api/consigneeLoadingSlips/${record.id}/view`, undefined, clerkHeaders);
    expect(view.status).toBe(200);
    expect(view.body.slip.slipNumber).toBe(record.slipNumber);
    const pdf = await call('GET', `/api/consigneeLoadingSlips/${record.id}/pdf`, undefined, clerkHeaders);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);

    expect((await call('DELETE', `/api/consigneeOut/${record.id}/reverse`, { reason: 'tidy' }, clerkHeaders)).status).toBe(200);
  });

  it('refuses more than usable with Quantity not available, writing nothing and leaving no gap in the slip numbers', async () => {
    const first = await call<TConsigneeOutSaved>('POST', '/api/consigneeOut', outBody('10'));
    expect(first.status).toBe(200);
    const countBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(consigneeOuts))[0]?.n;
    const refused = await call('POST', '/api/consigneeOut', outBody('45'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(consigneeOuts))[0]?.n).toBe(countBefore);
    const next = await call<TConsigneeOutSaved>('POST', '/api/consigneeOut', outBody('5'));
    expect(next.status).toBe(200);
    expect(next.body.record.slipNumber).toBe(first.body.record.slipNumber + 1);
    expect((await balanceOf(position()))?.balanceKg).toBe(35_000n);
    for (const id of [first.body.record.id, next.body.record.id]) expect((await call('DELETE', `/api/consigneeOut/${id}/reverse`, { reason: 'tidy' })).status).toBe(200);
    expect((await balanceOf(position()))?.balanceKg).toBe(50_000n);
  });

  it('refuses places of the wrong kind, a truck over its capacity and a ticket already used', async () => {
    const fromWarehouse = await call('POST', '/api/consigneeOut', outBody('1', { locationId: world.warehouseId }));
    expect(fromWarehouse.status).toBe(400);
    expect(fromWarehouse.body.message).toBe(ConsigneeDispatchMessages.consigneeLocationRequired);
    const toConsignee = await call('POST', '/api/consigneeOut', outBody('1', { toLocationId: world.sisterLocationId }));
    expect(toConsignee.status).toBe(400);
    expect(toConsignee.body.message).toBe(ConsigneeDispatchMessages.customerLocationRequired);
    const noPosition = await call('POST', '/api/consigneeOut', outBody('1', { locationId: world.sisterLocationId }));
    expect(noPosition.status).toBe(409);
    expect(noPosition.body.message).toBe(Messages.quantityNotAvailable);
    // The truck's capacity is 60 MT (the port loading slip's check).
    const overCapacity = await call('POST', '/api/consigneeOut', outBody('61'));
    expect(overCapacity.status).toBe(422);
    expect(overCapacity.body.details?.quantity).toBeDefined();
    const noTruck = await call('POST', '/api/consigneeOut', outBody('1', { truckId: '' }));
    expect(noTruck.status).toBe(400);
    expect(noTruck.body.message).toBe(Messages.truckRequired);
    const ok = await call<TConsigneeOutSaved>('POST', '/api/consigneeOut', outBody('1', { wbtNumber: 'DUP-1' }));
    expect(ok.status).toBe(200);
    const dup = await call('POST', '/api/consigneeOut', outBody('1', { wbtNumber: 'dup-1' }));
    expect(dup.status).toBe(409);
    expect((await call('DELETE', `/api/consigneeOut/${ok.body.record.id}/reverse`, { reason: 'tidy' })).status).toBe(200);
  });

  it('edits by reverse-and-repost while not received; once a Customer In holds the slip, edit and reversal are refused', async () => {
    const created = await call<TConsigneeOutSaved>('POST', '/api/consigneeOut', outBody('20'));
    const id = created.body.record.id;
    const tripId = created.body.record.tripId;
    const edited = await call<TConsigneeOutSaved>('PUT', `/api/consigneeOut/${id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'EDIT-1', quantity: '25.5', remarks: 'Re-weighed' }, clerkHeaders);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.record).toMatchObject({ quantity: '25.500', truckId: truckB, driverId: driverB, wbtNumber: 'EDIT-1', remarks: 'Re-weighed', tripId });
    expect((await balanceOf(position()))?.balanceKg).toBe(24_500n);
    expect((await inTransitOf(tripId))?.balanceKg).toBe(25_500n);
    const overUsable = await call('PUT', `/api/consigneeOut/${id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'EDIT-1', quantity: '50.001', remarks: null });
    expect(overUsable.status).toBe(409);
    expect(overUsable.body.message).toBe(Messages.quantityNotAvailable);
    expect((await inTransitOf(tripId))?.balanceKg).toBe(25_500n);
    const all = await call('PUT', `/api/consigneeOut/${id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'EDIT-1', quantity: '50', remarks: null });
    expect(all.status).toBe(200);
    const noStock = await call('POST', '/api/consigneeOut', outBody('1'));
    expect(noStock.status).toBe(409);
    expect(noStock.body.message).toBe(Messages.quantityNotAvailable);

    // Receiving reads the slip as the out posted it, then a Customer In at the customer's site takes it.
    await inAgency(t.database.db, writer.agencyId, async (tx) => {
      const slip = await SLIP_SOURCES.consigneeLoadingSlip.lock(tx, writer.agencyId, id);
      expect(slip).toMatchObject({ kind: 'consigneeLoadingSlip', id, status: 'Active', received: false, tripId, quantityKg: 50_000n, truckId: truckB, driverId: driverB, toLocationId: world.customerLocationId, destination: 'customer', voyageId: shipment.voyageId, consignmentId: shipment.consignmentId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId });
      expect(await SLIP_SOURCES.consigneeLoadingSlip.lock(tx, writer.agencyId, 999_999)).toBeNull();
    });
    const picker = await call<{ rows: { slipKind: string; slipId: number }[] }>('GET', `/api/customerIn/slips?locationId=${world.customerLocationId}`);
    expect(picker.body.rows).toContainEqual(expect.objectContaining({ slipKind: 'consigneeLoadingSlip', slipId: id }));
    const wrongKind = await call('POST', '/api/consigneeIn', { slipKind: 'consigneeLoadingSlip', slipId: id, wbtNumber: 'CUS-1', quantity: '49.95' });
    expect(wrongKind.status).toBe(422);
    const receipt = await call<{ record: { id: number; transitLoss: string } }>('POST', '/api/customerIn', { slipKind: 'consigneeLoadingSlip', slipId: id, wbtNumber: 'CUS-1', quantity: '49.95' });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.record.transitLoss).toBe('0.050');
    expect((await inTransitOf(tripId))?.balanceKg).toBe(0n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
    const refusedEdit = await call('PUT', `/api/consigneeOut/${id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'EDIT-1', quantity: '20', remarks: null });
    expect(refusedEdit.status).toBe(409);
    expect(refusedEdit.body.message).toBe(LinkMessages.consigneeOutInCustomerIn);
    const refusedReverse = await call('DELETE', `/api/consigneeOut/${id}/reverse`, { reason: 'wrong truck' });
    expect(refusedReverse.status).toBe(409);
    expect(refusedReverse.body.message).toBe(LinkMessages.consigneeOutInCustomerIn);
    expect((await call<TConsigneeOutList>('GET', '/api/consigneeLoadingSlips?received=delivered')).body.rows.map((r) => r.id)).toEqual([id]);
    // Only a Customer In may hold it (the back-pointer's check constraint).
    await expect(t.database.db.execute(sql`update consignee_outs set received_table = 'warehouse_ins' where id = ${id}`)).rejects.toThrow();

    // Reversing the Customer In puts the load back on the road; then the out may be reversed.
    expect((await call('DELETE', `/api/customerIn/${receipt.body.record.id}/reverse`, { reason: 'Wrong site' })).status).toBe(200);
    expect((await inTransitOf(tripId))?.balanceKg).toBe(50_000n);
    const noReason = await call('DELETE', `/api/consigneeOut/${id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const reversed = await call('DELETE', `/api/consigneeOut/${id}/reverse`, { reason: 'Customer refused' });
    expect(reversed.status).toBe(200);
    expect((await balanceOf(position()))?.balanceKg).toBe(50_000n);
    expect((await inTransitOf(tripId))?.balanceKg ?? 0n).toBe(0n);
    expect((await call('PUT', `/api/consigneeOut/${id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'EDIT-1', quantity: '20', remarks: null })).body.message).toBe(ConsigneeDispatchMessages.consigneeOutReversed);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope: a user of other locations neither sees, picks nor dispatches from this one', async () => {
    const created = await call<TConsigneeOutSaved>('POST', '/api/consigneeOut', outBody('2'));
    const id = created.body.record.id;
    expect((await call<TConsigneeOutList>('GET', '/api/consigneeOut?status=all', undefined, scopedHeaders)).body.count).toBe(0);
    expect((await call('GET', `/api/consigneeOut/${id}`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call('GET', `/api/consigneeLoadingSlips/${id}/view`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call<TStockPositions>('GET', '/api/consigneeOut/positions', undefined, scopedHeaders)).body.rows).toEqual([]);
    const refused = await call('POST', '/api/consigneeOut', outBody('1'), scopedHeaders);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ConsigneeDispatchMessages.consigneeLocationRequired);
    expect((await call('DELETE', `/api/consigneeOut/${id}/reverse`, { reason: 'x' }, scopedHeaders)).status).toBe(404);
    expect((await call('DELETE', `/api/consigneeOut/${id}/reverse`, { reason: 'tidy' })).status).toBe(200);
  });
});

describe('racing Consignee Outs on one position', () => {
  it(`never take the position below usable (${testEngine})`, async () => {
    const pos = position();
    expect((await balanceOf(pos))?.usableKg).toBe(50_000n);
    // Two outs of 30 MT each from 50 MT usable: one goes, the other is refused.
    const answers = await Promise.all([call('POST', '/api/consigneeOut', outBody('30')), call('POST', '/api/consigneeOut', outBody('30', { truckId: truckB, driverId: driverB }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(Messages.quantityNotAvailable);
    expect((await balanceOf(pos))?.balanceKg).toBe(20_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
