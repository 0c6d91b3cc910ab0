import {
  Messages,
  TransferSlipLinkMessages,
  WarehouseTransferMessages,
  permissionFlag,
  tonnesToKg,
  type TInTransitSlip,
  type TStockPositions,
  type TWarehouseInSaved,
  type TWarehousePreInSaved,
  type TWarehouseTransfer,
  type TWarehouseTransferList,
  type TWarehouseTransferSaved,
} from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { transferSlips } from './transfer-slip.schema';

/*
 * Warehouse Transfer through its routes: the posting ON_HAND(warehouse A) -> IN_TRANSIT with its transfer slip
 * (numbered without gaps), usable never overdrawn (also by racing transfers), edit as reverse-and-repost, the data
 * scope, A's cargo control blocking the cargo out, and the slip received at B by Warehouse Pre In and Warehouse In
 * (silo split, transit loss) which holds the transfer until the receipt is reversed. Stock is put ON_HAND at A's
 * open area by a posting through the ledger service (ON_BOARD -> ON_HAND, as a Warehouse In posts it).
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let clerkHeaders: Record<string, string>;
let yardOnlyHeaders: Record<string, string>;
let originOnlyHeaders: Record<string, string>;
let sisterOnlyHeaders: Record<string, string>;
let truckA: number;
let truckB: number;
let driverA: number;
let driverB: number;
let yardId: number;
let yardBridge: number;
let siloA: number;
let siloB: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

/** The test consignment's position at warehouse A's open area. */
const position = (): Position => ({
  locationId: world.warehouseId,
  siloId: null,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

/** The sum of balances (kg) of the accounts of a kind matching the given dimensions. */
async function balance(kind: string, where: Record<string, number | null>): Promise<bigint> {
  const conditions = [sql`agency_id = ${writer.agencyId}`, sql`kind = ${kind}`];
  for (const [column, value] of Object.entries(where)) conditions.push(value === null ? sql`${sql.identifier(column)} is null` : sql`${sql.identifier(column)} = ${value}`);
  const [row] = await queryRows<{ kg: string; committed: string }>(t.database.db, sql`select coalesce(sum(balance_kg), 0)::text as kg from ledger_accounts where ${sql.join(conditions, sql` and `)}`);
  return BigInt(row?.kg ?? '0');
}
const atOrigin = () => balance('ON_HAND', { location_id: world.warehouseId, silo_id: null, owner_company_id: world.consigneeId, consignment_id: shipment.consignmentId });
const inTransit = (tripId: number) => balance('IN_TRANSIT', { trip_id: tripId });

let wbt = 0;
const transferBody = (quantity: string, overrides: Record<string, unknown> = {}) => {
  const pos = position();
  wbt += 1;
  return {
    fromWarehouseId: pos.locationId,
    siloId: null,
    ownerCompanyId: pos.ownerCompanyId,
    consignmentId: pos.consignmentId,
    cargoTypeId: pos.cargoTypeId,
    voyageId: pos.voyageId,
    attachedVoyageId: pos.attachedVoyageId,
    toWarehouseId: yardId,
    truckId: truckA,
    driverId: driverA,
    wbtNumber: `WTR-${wbt}`,
    quantity,
    ...overrides,
  };
};

const create = (quantity: string, overrides: Record<string, unknown> = {}, h = headers) => call<TWarehouseTransferSaved>('POST', '/api/warehouseTransfer', transferBody(quantity, overrides), h);
const reverseTransfer = (id: number, reason = 'tidy', h = headers) => call('DELETE', `/api/warehouseTransfer/${id}/reverse`, { reason }, h);
const manual = (kg: number) => ({ manual: true, manualKg: kg, manualReason: 'Bridge under repair' });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Warehouse transfer agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Walid', lastName: 'Transfer' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('WT A');
  truckB = await world.truck('WT B');
  driverA = await world.driver('Hamza');
  driverB = await world.driver('Yousef');
  yardId = await addResource(db, writer, 'warehouse', { name: 'Transfer yard', storageType: 'both', latitude: 21.4, longitude: 39.1 });
  yardBridge = await addResource(db, writer, 'weightMachine', { weightMachineId: 'WB-WTR-1', name: 'Bridge WTR', locationId: yardId, protocol: 'tcp', host: '10.1.1.2', port: 4001, maxGross: 80_000 });
  siloA = await addResource(db, writer, 'silo', { warehouseId: yardId, name: 'T-A', capacity: 6 });
  siloB = await addResource(db, writer, 'silo', { warehouseId: yardId, name: 'T-B', capacity: 50 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  const kg = tonnesToKg('100');
  await inAgency(db, writer.agencyId, (tx) =>
    post(tx, {
      agencyId: writer.agencyId,
      type: 'testReceipt',
      source: { table: 'test_receipts', id: 1 },
      userId: writer.userId,
      at: writer.now,
      lines: [
        { account: onBoardAccount(shipment), quantityKg: -kg },
        { account: onHandAccount(position()), quantityKg: kg },
      ],
    }),
  );
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag('WarehouseTransfer', action as 'view'));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Transfer clerk' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id });
  clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(agency.id) };
  const yardOnly = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [yardId] });
  yardOnlyHeaders = { ...bearer(await loginAs(t.app, yardOnly.username)), 'x-agency-id': String(agency.id) };
  const originOnly = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [world.warehouseId] });
  originOnlyHeaders = { ...bearer(await loginAs(t.app, originOnly.username)), 'x-agency-id': String(agency.id) };
  const sisterOnly = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, consigneeIds: [world.sisterConsigneeId] });
  sisterOnlyHeaders = { ...bearer(await loginAs(t.app, sisterOnly.username)), 'x-agency-id': String(agency.id) };
});

afterAll(async () => {
  await t.close();
});

describe('Warehouse Transfer', () => {
  it(`posts ON_HAND at warehouse A -> IN_TRANSIT with its numbered transfer slip, lists and exports it (${testEngine})`, async () => {
    const positions = await call<TStockPositions>('GET', `/api/warehouseTransfer/positions?warehouseId=${world.warehouseId}`, undefined, clerkHeaders);
    expect(positions.status).toBe(200);
    expect(positions.body.rows).toEqual([expect.objectContaining({ warehouseId: world.warehouseId, siloId: null, ownerCompanyId: world.consigneeId, usable: '100.000' })]);

    const created = await create('30', { remarks: 'To the yard' }, clerkHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(WarehouseTransferMessages.created);
    const record = created.body.record;
    expect(record).toMatchObject({
      quantity: '30.000',
      fromWarehouseId: world.warehouseId,
      toLocationId: yardId,
      toLocationName: 'Transfer yard',
      ownerCompanyId: world.consigneeId,
      toOwnerCompanyId: world.consigneeId,
      received: false,
      hasPreIn: false,
      status: 'Active',
      remarks: 'To the yard',
    });
    expect(await atOrigin()).toBe(70_000n);
    expect(await inTransit(record.tripId)).toBe(30_000n);
    // The IN_TRANSIT account carries the position's voyage, consignment, owner and cargo type.
    expect(await balance('IN_TRANSIT', { trip_id: record.tripId, owner_company_id: world.consigneeId, consignment_id: shipment.consignmentId, voyage_id: shipment.voyageId })).toBe(30_000n);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'warehouseTransfer'), eq(auditLog.entityId, String(record.id))));
    expect(audit?.action).toBe('create');

    const list = await call<TWarehouseTransferList>('GET', `/api/warehouseTransfer?fromWarehouseId=${world.warehouseId}&toWarehouseId=${yardId}&ownerCompanyId=${world.consigneeId}&consignmentId=${shipment.consignmentId}&received=inTransit`, undefined, clerkHeaders);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => r.id)).toEqual([record.id]);
    expect(list.body.total).toBe('30.000');
    expect((await call<TWarehouseTransferList>('GET', `/api/warehouseTransfer?search=${record.slipNumber}`, undefined, clerkHeaders)).body.rows.map((r) => r.id)).toEqual([record.id]);
    expect((await call<TWarehouseTransferList>('GET', `/api/warehouseTransfer?toWarehouseId=${world.warehouseId}`, undefined, clerkHeaders)).body.count).toBe(0);
    expect((await call<TWarehouseTransferList>('GET', '/api/warehouseTransfer?received=delivered', undefined, clerkHeaders)).body.count).toBe(0);
    const got = await call<TWarehouseTransfer>('GET', `/api/warehouseTransfer/${record.id}`, undefined, clerkHeaders);
    expect(got.body.slipNumber).toBe(record.slipNumber);
    const exported = await call('GET', '/api/warehouseTransfer/export.xlsx?lang=ar', undefined, clerkHeaders);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const view = await call<{ slip: TWarehouseTransfer; agencyName: string }>('GET', `/api/warehouseTransfer/${record.id}/view`, undefined, clerkHeaders);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ agencyName: 'Warehouse transfer agency', slip: { slipNumber: record.slipNumber, toLocationName: 'Transfer yard' } });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/warehouseTransfer/${record.id}/pdf`, headers: clerkHeaders });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/api/warehouseTransfer/${record.id}/view`, undefined, yardOnlyHeaders)).status).toBe(404);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);

    const reversed = await reverseTransfer(record.id, 'tidy', clerkHeaders);
    expect(reversed.status).toBe(200);
    expect(reversed.body.message).toBe(WarehouseTransferMessages.reversed);
    expect(await atOrigin()).toBe(100_000n);
    expect(await inTransit(record.tripId)).toBe(0n);
  });

  it('refuses more than usable with Quantity not available, writing nothing and leaving no gap in the slip numbers', async () => {
    const first = await create('50');
    expect(first.status).toBe(200);
    const countBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(transferSlips))[0]?.n;
    const refused = await create('55', { truckId: truckB, driverId: driverB });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(transferSlips))[0]?.n).toBe(countBefore);
    const next = await create('5');
    expect(next.status).toBe(200);
    expect(next.body.record.slipNumber).toBe(first.body.record.slipNumber + 1);
    expect(await atOrigin()).toBe(45_000n);
    for (const id of [first.body.record.id, next.body.record.id]) expect((await reverseTransfer(id)).status).toBe(200);
    expect(await atOrigin()).toBe(100_000n);
  });

  it('refuses the same warehouse, a place that is no warehouse, a truck over its capacity and a ticket already used', async () => {
    const same = await create('1', { toWarehouseId: world.warehouseId });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(WarehouseTransferMessages.sameWarehouse);
    expect(same.body.details).toEqual({ toWarehouseId: WarehouseTransferMessages.sameWarehouse });
    const toSite = await create('1', { toWarehouseId: world.consigneeLocationId });
    expect(toSite.status).toBe(400);
    expect(toSite.body.message).toBe(WarehouseTransferMessages.toWarehouseRequired);
    const fromSite = await create('1', { fromWarehouseId: world.consigneeLocationId });
    expect(fromSite.status).toBe(400);
    expect(fromSite.body.message).toBe(WarehouseTransferMessages.fromWarehouseRequired);
    const otherSilo = await create('1', { siloId: siloA });
    expect(otherSilo.status).toBe(400);
    // The truck's capacity is 60 MT (the trip check every slip uses).
    const overCapacity = await create('61');
    expect(overCapacity.status).toBe(422);
    const used = await create('1');
    expect(used.status).toBe(200);
    const twice = await create('1', { wbtNumber: used.body.record.wbtNumber.toLowerCase(), truckId: truckB, driverId: driverB });
    expect(twice.status).toBe(409);
    expect((await reverseTransfer(used.body.record.id)).status).toBe(200);
    // A reversed slip frees its ticket.
    expect((await create('1', { wbtNumber: used.body.record.wbtNumber })).status).toBe(200);
    const again = await call<TWarehouseTransferList>('GET', `/api/warehouseTransfer?search=${used.body.record.wbtNumber}`);
    expect(again.status).toBe(200);
    for (const row of (await call<TWarehouseTransferList>('GET', '/api/warehouseTransfer?status=Active')).body.rows) expect((await reverseTransfer(row.id)).status).toBe(200);
    expect(await atOrigin()).toBe(100_000n);
  });

  it('edits truck, ticket and quantity as reverse-and-repost on the same trip; a reversed transfer is not edited', async () => {
    const created = await create('20');
    const record = created.body.record;
    const edited = await call<TWarehouseTransferSaved>('PUT', `/api/warehouseTransfer/${record.id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'WTR-EDIT', quantity: '25', remarks: 'Heavier' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe(WarehouseTransferMessages.updated);
    expect(edited.body.record).toMatchObject({ truckId: truckB, driverId: driverB, wbtNumber: 'WTR-EDIT', quantity: '25.000', tripId: record.tripId, slipNumber: record.slipNumber });
    expect(await atOrigin()).toBe(75_000n);
    expect(await inTransit(record.tripId)).toBe(25_000n);
    // Another 50 MT leave A: 25 usable, 50 with this trip's returned; 55 is refused and nothing changes.
    const other = await create('50');
    expect(other.status).toBe(200);
    const tooMuch = await call('PUT', `/api/warehouseTransfer/${record.id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'WTR-EDIT', quantity: '55', remarks: null });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(Messages.quantityNotAvailable);
    expect(await inTransit(record.tripId)).toBe(25_000n);
    expect(await atOrigin()).toBe(25_000n);
    expect((await reverseTransfer(other.body.record.id)).status).toBe(200);
    expect((await reverseTransfer(record.id)).status).toBe(200);
    const late = await call('PUT', `/api/warehouseTransfer/${record.id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'WTR-EDIT', quantity: '2', remarks: null });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(WarehouseTransferMessages.alreadyReversed);
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'warehouseTransfer'), eq(auditLog.entityId, String(record.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse', 'update']);
    expect(await atOrigin()).toBe(100_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope: foreign position 409, foreign warehouse 400, foreign record 404', async () => {
    const created = await create('2');
    const id = created.body.record.id;
    // A user of the yard only: sees nothing of A, picks nothing there, cannot send from A.
    expect((await call<TWarehouseTransferList>('GET', '/api/warehouseTransfer?status=all', undefined, yardOnlyHeaders)).body.count).toBe(0);
    expect((await call('GET', `/api/warehouseTransfer/${id}`, undefined, yardOnlyHeaders)).status).toBe(404);
    expect((await call('PUT', `/api/warehouseTransfer/${id}`, { truckId: truckA, driverId: driverA, wbtNumber: 'X-1', quantity: '1', remarks: null }, yardOnlyHeaders)).status).toBe(404);
    expect((await reverseTransfer(id, 'x', yardOnlyHeaders)).status).toBe(404);
    expect((await call<TStockPositions>('GET', '/api/warehouseTransfer/positions', undefined, yardOnlyHeaders)).body.rows).toEqual([]);
    const fromForeign = await create('1', {}, yardOnlyHeaders);
    expect(fromForeign.status).toBe(400);
    expect(fromForeign.body.details).toEqual({ fromWarehouseId: WarehouseTransferMessages.fromWarehouseRequired });
    // A user of A only may not send to the yard.
    const toForeign = await create('1', {}, originOnlyHeaders);
    expect(toForeign.status).toBe(400);
    expect(toForeign.body.details).toEqual({ toWarehouseId: WarehouseTransferMessages.toWarehouseRequired });
    // A user of another consignee's cargo: the position is not theirs.
    const foreignPosition = await create('1', {}, sisterOnlyHeaders);
    expect(foreignPosition.status).toBe(409);
    expect(foreignPosition.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call('GET', `/api/warehouseTransfer/${id}`, undefined, sisterOnlyHeaders)).status).toBe(404);
    expect((await reverseTransfer(id)).status).toBe(200);
  });

  it('is refused while the cargo control blocks the cargo out of warehouse A', async () => {
    const ruleId = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Hold wheat at A', cargoTypeId: world.cargoTypeId, locationId: world.warehouseId, blockOut: true });
    const blocked = await create('3');
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(WarehouseTransferMessages.cargoBlockedOut);
    // A block out of the yard does not stop cargo leaving A.
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${ruleId}`);
    await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Hold wheat at the yard', cargoTypeId: world.cargoTypeId, locationId: yardId, blockOut: true });
    const allowed = await create('3');
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((await reverseTransfer(allowed.body.record.id)).status).toBe(200);
    expect(await atOrigin()).toBe(100_000n);
  });
});

describe('the transfer slip received at warehouse B', () => {
  it('is weighed in and received with transit loss and silo split; the transfer is held until both receipts are reversed', async () => {
    const created = await create('10');
    expect(created.status).toBe(200);
    const { id, tripId, slipNumber } = created.body.record;

    const picker = await call<{ rows: TInTransitSlip[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${yardId}`);
    expect(picker.status).toBe(200);
    expect(picker.body.rows.find((r) => r.slipKind === 'transferSlip' && r.slipId === id)).toMatchObject({ slipNumber: String(slipNumber), quantity: '10.000', truckId: truckA, toLocationId: yardId });
    // Not going to A: refused there.
    expect((await call<{ rows: TInTransitSlip[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${world.warehouseId}`)).body.rows.some((r) => r.slipKind === 'transferSlip')).toBe(false);

    const pre = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipKind: 'transferSlip', slipId: id, truckId: truckA, driverId: driverA, warehouseId: yardId, machineId: yardBridge, ...manual(24_000) });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.record).toMatchObject({ slipKind: 'transferSlip', slipId: id, slipNumber: String(slipNumber), slipQuantity: '10.000' });
    // Weighed in at B: neither edited nor reversed.
    expect((await call<TWarehouseTransfer>('GET', `/api/warehouseTransfer/${id}`)).body.hasPreIn).toBe(true);
    const editWhileWeighed = await call('PUT', `/api/warehouseTransfer/${id}`, { truckId: truckA, driverId: driverA, wbtNumber: 'WTR-PRE', quantity: '9', remarks: null });
    expect(editWhileWeighed.status).toBe(409);
    expect(editWhileWeighed.body.message).toBe(WarehouseTransferMessages.inPreIn);
    expect((await reverseTransfer(id)).body.message).toBe(WarehouseTransferMessages.inPreIn);

    // 24 t loaded, 14.03 t empty: 9.97 t received (5 into silo T-A, 4.97 into T-B), 0.03 t transit loss.
    const received = await call<TWarehouseInSaved>('POST', '/api/warehouseIn', {
      preInId: pre.body.record.id,
      machineId: yardBridge,
      ...manual(14_030),
      storage: 'silo',
      silos: [
        { siloId: siloA, quantity: '5' },
        { siloId: siloB, quantity: '4.97' },
      ],
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.record).toMatchObject({ slipKind: 'transferSlip', slipNumber: String(slipNumber), slipQuantity: '10.000', receivedQuantity: '9.970', transitLoss: '0.030' });
    expect(await inTransit(tripId)).toBe(0n);
    expect(await balance('TRANSIT_LOSS', { trip_id: tripId })).toBe(30n);
    const landed = { location_id: yardId, owner_company_id: world.consigneeId, consignment_id: shipment.consignmentId, voyage_id: shipment.voyageId, attached_voyage_id: shipment.voyageId };
    expect(await balance('ON_HAND', { ...landed, silo_id: siloA })).toBe(5_000n);
    expect(await balance('ON_HAND', { ...landed, silo_id: siloB })).toBe(4_970n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);

    const record = (await call<TWarehouseTransfer>('GET', `/api/warehouseTransfer/${id}`)).body;
    expect(record.received).toBe(true);
    expect((await call<TWarehouseTransferList>('GET', '/api/warehouseTransfer?received=delivered')).body.rows.map((r) => r.id)).toEqual([id]);
    const refusedEdit = await call('PUT', `/api/warehouseTransfer/${id}`, { truckId: truckB, driverId: driverB, wbtNumber: 'WTR-LATE', quantity: '9', remarks: null });
    expect(refusedEdit.status).toBe(409);
    expect(refusedEdit.body.message).toBe(TransferSlipLinkMessages.inWarehouseIn);
    const refusedReverse = await reverseTransfer(id, 'wrong truck');
    expect(refusedReverse.status).toBe(409);
    expect(refusedReverse.body.message).toBe(TransferSlipLinkMessages.inWarehouseIn);
    // Only a receipt may hold it (the back-pointer's check constraint).
    await expect(t.database.db.execute(sql`update transfer_slips set received_table = 'warehouse_outs', received_id = 1 where id = ${id}`)).rejects.toThrow();

    // Reversing the In puts the load back on the road; the Pre In still holds the truck, then nothing does.
    expect((await call('DELETE', `/api/warehouseIn/${received.body.record.id}/reverse`, { reason: 'Wrong silo' })).status).toBe(200);
    expect(await inTransit(tripId)).toBe(10_000n);
    expect((await reverseTransfer(id)).body.message).toBe(WarehouseTransferMessages.inPreIn);
    expect((await call('DELETE', `/api/warehousePreIn/${pre.body.record.id}/reverse`, { reason: 'Wrong truck' })).status).toBe(200);
    const reversed = await reverseTransfer(id, 'Sent back');
    expect(reversed.status).toBe(200);
    expect(await inTransit(tripId)).toBe(0n);
    expect(await atOrigin()).toBe(100_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('racing Warehouse Transfers on one position', () => {
  it(`never take the position below usable (${testEngine})`, async () => {
    expect(await atOrigin()).toBe(100_000n);
    // Two transfers of 55 MT each from 100 MT usable: one goes, the other is refused.
    const answers = await Promise.all([create('55'), create('55', { truckId: truckB, driverId: driverB })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(Messages.quantityNotAvailable);
    expect(await atOrigin()).toBe(45_000n);
    const numbers = (await t.database.db.select({ n: transferSlips.slipNumber }).from(transferSlips)).map((r) => r.n).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
