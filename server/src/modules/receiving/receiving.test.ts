import { DeliveryInMessages, LinkMessages, Messages, type TDeliveryInSaved, type TDeliveryInList, PortLoadingMessages, ReceivingMessages, permissionFlag, type TLoadingSlip, type TPortLoadingDetail, type TWarehouseInList, type TWarehouseInSaved, type TWarehousePreInList, type TWarehousePreInSaved } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onHandAccount } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { ledgerAccounts, ledgerTransactions } from '../../ledger/ledger.schema';
import { post } from '../../ledger/ledger.service';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { loadingSlips } from '../port-loading/port-loading.schema';
import type { TimedReading, WeighbridgeHub } from '../weighing/weighing.types';
import { warehouseIns, warehousePreIns } from './receiving.schema';

/*
 * Receiving through its routes (Warehouse Pre In, Warehouse In) with a hand-fed weighbridge hub and the test clock:
 * the captured weights, the silo split and capacity, the cargo control, the postings (IN_TRANSIT -> ON_HAND and
 * TRANSIT_LOSS, balanced, `ledger:check` clean), the slip's back-pointer, the reversal and the data scope.
 */

class FedHub implements WeighbridgeHub {
  readonly readings = new Map<number, TimedReading[]>();
  readonly belowZero = new Map<number, number>();
  constructor(private readonly now: () => number) {}
  window(machineId: number, ms: number): TimedReading[] {
    const from = this.now() - ms;
    return (this.readings.get(machineId) ?? []).filter((reading) => reading.at >= from);
  }
  lastBelowZeroAt(machineId: number): number | null {
    return this.belowZero.get(machineId) ?? null;
  }
  status(machineId: number) {
    const last = this.readings.get(machineId)?.at(-1) ?? null;
    return { online: last !== null && this.now() - last.at <= 1500, last };
  }
}

let t: TestApp;
let hub: FedHub;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let clerkHeaders: Record<string, string>;
let scopedHeaders: Record<string, string>;
let truck: number;
let driver: number;
let openBridge: number;
/** A warehouse with silos and an open area (storage type both), its bridge and silos. */
let yardId: number;
let yardBridge: number;
let siloA: number;
let siloB: number;
/** A silo-only warehouse. */
let siloOnlyId: number;
let siloOnlyBridge: number;
let siloOnlySilo: number;
let wbt = 0;

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: response.statusCode, body: response.json<T & { message: string; code: string; details?: Record<string, string> }>() };
}

const now = () => t.clock.now().getTime();

/** The next truck on the deck: the bridge was empty a moment ago, then shows `kg` steadily for 3.5 s. */
function onBridge(machineId: number, kg: number) {
  t.clock.advance(60_000);
  hub.belowZero.set(machineId, now() - 30_000);
  const frames: TimedReading[] = [];
  for (let at = now() - 3500; at <= now(); at += 250) frames.push({ kg, stable: true, overload: false, at });
  hub.readings.set(machineId, frames);
}

/** A slip of `tonnes` in transit to a warehouse (a fresh shipment and port loading each time). */
async function slipTo(warehouseId: number, tonnes = '10'): Promise<TLoadingSlip> {
  const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
  const pl = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '50', toLocationId: warehouseId }));
  expect(pl.status, JSON.stringify(pl.body)).toBe(200);
  wbt += 1;
  const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${pl.body.id}/loadingSlips`, { truckId: truck, driverId: driver, wbtNumber: `RCV-${wbt}`, quantity: tonnes });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.slip;
}

async function preIn(slipId: number, warehouseId: number, machineId: number, kg: number) {
  onBridge(machineId, kg);
  const created = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipId, truckId: truck, driverId: driver, warehouseId, machineId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.record;
}

async function receive(preInId: number, machineId: number, kg: number, storage: Record<string, unknown> = { storage: 'openArea' }, h = headers) {
  onBridge(machineId, kg);
  return call<TWarehouseInSaved>('POST', '/api/warehouseIn', { preInId, machineId, ...storage }, h);
}

/** The balance (kg) of every account of a kind whose dimensions match. */
async function balance(kind: string, where: { tripId?: number; locationId?: number; siloId?: number | null }): Promise<bigint> {
  const conditions = [sql`agency_id = ${writer.agencyId}`, sql`kind = ${kind}`];
  if (where.tripId !== undefined) conditions.push(sql`trip_id = ${where.tripId}`);
  if (where.locationId !== undefined) conditions.push(sql`location_id = ${where.locationId}`);
  if (where.siloId !== undefined) conditions.push(where.siloId === null ? sql`silo_id is null` : sql`silo_id = ${where.siloId}`);
  const [row] = await queryRows<{ kg: string }>(t.database.db, sql`select coalesce(sum(balance_kg), 0)::text as kg from ledger_accounts where ${sql.join(conditions, sql` and `)}`);
  return BigInt(row?.kg ?? '0');
}

const tripOf = async (slipId: number) => {
  const [row] = await t.database.db.select({ tripId: loadingSlips.tripId, receivedTable: loadingSlips.receivedTable, receivedId: loadingSlips.receivedId }).from(loadingSlips).where(eq(loadingSlips.id, slipId));
  if (!row) throw new Error('slip');
  return row;
};
const transactionCount = async () => (await t.database.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).length;

beforeAll(async () => {
  t = await createTestApp();
  hub = new FedHub(() => t.clock.now().getTime());
  t.context.weighbridges = hub;
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Receiving agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Rana', lastName: 'Receiver' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truck = await world.truck('RCV A');
  driver = await world.driver('Karim');
  const machine = (serial: string, locationId: number) => addResource(db, writer, 'weightMachine', { weightMachineId: serial, name: `Bridge ${serial}`, locationId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
  openBridge = await machine('WB-IN-1', world.warehouseId);
  yardId = await addResource(db, writer, 'warehouse', { name: 'Silo yard', storageType: 'both', latitude: 21.4, longitude: 39.1 });
  yardBridge = await machine('WB-IN-2', yardId);
  siloA = await addResource(db, writer, 'silo', { warehouseId: yardId, name: 'A', capacity: 12 });
  siloB = await addResource(db, writer, 'silo', { warehouseId: yardId, name: 'B', capacity: 5 });
  siloOnlyId = await addResource(db, writer, 'warehouse', { name: 'Silos only', storageType: 'silo', latitude: 21.3, longitude: 39.0 });
  siloOnlyBridge = await machine('WB-IN-3', siloOnlyId);
  siloOnlySilo = await addResource(db, writer, 'silo', { warehouseId: siloOnlyId, name: 'S1', capacity: 100 });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['WarehousePreIn', 'WarehouseIn'].flatMap((module) => ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag(module, action as 'view')));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Receiving clerk' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id });
  clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(agency.id) };
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [siloOnlyId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
});
afterAll(async () => {
  await t.close();
});

describe('warehouse pre in', () => {
  it('captures the loaded truck from the bridge, numbers its ticket and moves no stock', async () => {
    const slip = await slipTo(world.warehouseId);
    const before = await transactionCount();
    onBridge(openBridge, 24_000);
    const { status, body } = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: openBridge, kg: 1 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(ReceivingMessages.preInCreated);
    expect(body.record).toMatchObject({ kg: 24_000, manual: false, slipId: slip.id, slipQuantity: '10.000', warehouseId: world.warehouseId, warehouseInId: null, status: 'Active' });
    expect(Number(body.record.ticketNumber)).toBeGreaterThan(0);
    expect(body.record.evidence.length).toBeGreaterThanOrEqual(5);
    expect(await transactionCount()).toBe(before);
    // One live pre in per slip.
    onBridge(openBridge, 24_000);
    const again = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: openBridge });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ReceivingMessages.slipHasPreIn);
  });

  it('answers the spec messages and refuses a slip going elsewhere, a bridge of another warehouse, a manual weight without the permission', async () => {
    const slip = await slipTo(world.warehouseId);
    const missing = await call('POST', '/api/warehousePreIn', { slipId: slip.id, warehouseId: world.warehouseId, machineId: openBridge });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatchObject({ truckId: Messages.truckRequired, driverId: Messages.driverRequired });
    const noWarehouse = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, machineId: openBridge });
    expect(noWarehouse.body.details).toMatchObject({ warehouseId: Messages.warehouseRequired });
    onBridge(yardBridge, 24_000);
    const elsewhere = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: yardId, machineId: yardBridge });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe(ReceivingMessages.slipNotForWarehouse);
    const wrongBridge = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: yardBridge });
    expect(wrongBridge.status).toBe(400);
    const manualNoKg = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: openBridge, manual: true, manualReason: 'Indicator down' });
    expect(manualNoKg.body.details).toMatchObject({ manualKg: Messages.wbqRequired });
    const manualClerk = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: openBridge, manual: true, manualKg: 24_000, manualReason: 'Indicator down' }, clerkHeaders);
    expect(manualClerk.status).toBe(403);
    hub.readings.delete(openBridge);
    const offline = await call('POST', '/api/warehousePreIn', { slipId: slip.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: openBridge });
    expect(offline.status).toBe(422);
    expect(offline.body.details?.refusal).toBe('offline');
    const rows = await t.database.db.select({ id: warehousePreIns.id }).from(warehousePreIns).where(eq(warehousePreIns.slipId, slip.id));
    expect(rows).toEqual([]);
  });
});

describe('warehouse in into the open area', () => {
  it('posts IN_TRANSIT -> ON_HAND and the transit loss, marks the slip received, and the chain refuses the earlier reversals', async () => {
    const slip = await slipTo(world.warehouseId, '10');
    const { tripId } = await tripOf(slip.id);
    const pre = await preIn(slip.id, world.warehouseId, openBridge, 24_000);
    const { status, body } = await receive(pre.id, openBridge, 14_080);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(ReceivingMessages.warehouseInCreated);
    expect(body.record).toMatchObject({ firstKg: 24_000, kg: 14_080, receivedKg: 9_920, receivedQuantity: '9.920', slipQuantity: '10.000', transitLoss: '0.080', storage: 'openArea', shares: [{ siloId: null, quantity: '9.920' }] });
    expect(await balance('IN_TRANSIT', { tripId })).toBe(0n);
    expect(await balance('TRANSIT_LOSS', { tripId })).toBe(80n);
    expect(await balance('ON_HAND', { locationId: world.warehouseId, siloId: null })).toBeGreaterThanOrEqual(9_920n);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: 'warehouse_ins', receivedId: body.record.id });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
    // The slip, its port loading and the pre in cannot be reversed while the in stands.
    const slipReverse = await call('DELETE', `/api/loadingSlips/${slip.id}/reverse`, { reason: 'Cancel' });
    expect(slipReverse.status).toBe(409);
    expect(slipReverse.body.message).toBe(PortLoadingMessages.loadingSlipInWarehouse);
    const preReverse = await call('DELETE', `/api/warehousePreIn/${pre.id}/reverse`, { reason: 'Cancel' });
    expect(preReverse.status).toBe(409);
    expect(preReverse.body.message).toBe(LinkMessages.preInInWarehouse);
    // A second in on the same pre in is refused.
    const twice = await receive(pre.id, openBridge, 14_080);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ReceivingMessages.preInReceived);
    // The lists show it (and the pre in as received).
    const list = await call<TWarehouseInList>('GET', `/api/warehouseIn?warehouseId=${world.warehouseId}`);
    expect(list.body.rows.find((row) => row.id === body.record.id)).toMatchObject({ transitLoss: '0.080' });
    const pres = await call<TWarehousePreInList>('GET', `/api/warehousePreIn?open=received&warehouseId=${world.warehouseId}`);
    expect(pres.body.rows.find((row) => row.id === pre.id)).toMatchObject({ warehouseInId: body.record.id });
  });

  it('reversal puts the stock back in transit and opens the slip again; refused with Quantity not available once the stock moved on', async () => {
    const slip = await slipTo(world.warehouseId, '10');
    const { tripId } = await tripOf(slip.id);
    const pre = await preIn(slip.id, world.warehouseId, openBridge, 24_000);
    const received = await receive(pre.id, openBridge, 14_000);
    expect(received.status).toBe(200);
    const noReason = await call('DELETE', `/api/warehouseIn/${received.body.record.id}/reverse`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    const reversed = await call('DELETE', `/api/warehouseIn/${received.body.record.id}/reverse`, { reason: 'Wrong truck' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(ReceivingMessages.warehouseInReversedOk);
    expect(await balance('IN_TRANSIT', { tripId })).toBe(10_000n);
    expect(await balance('TRANSIT_LOSS', { tripId })).toBe(0n);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: null, receivedId: null });
    const [row] = await t.database.db.select({ status: warehouseIns.status, reason: warehouseIns.reverseReason }).from(warehouseIns).where(eq(warehouseIns.id, received.body.record.id));
    expect(row).toEqual({ status: 'Reversed', reason: 'Wrong truck' });
    // Received again, then the cargo leaves the position: the in can no longer be reversed.
    const again = await receive(pre.id, openBridge, 14_000);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const slipRow = await tripOf(slip.id);
    expect(slipRow.receivedId).toBe(again.body.record.id);
    const [pl] = await queryRows<{ voyage_id: number; consignment_id: number; owner_company_id: number }>(
      t.database.db,
      sql`select p.voyage_id, p.consignment_id, p.owner_company_id from loading_slips s join port_loadings p on p.id = s.port_loading_id where s.id = ${slip.id}`,
    );
    if (!pl) throw new Error('port loading');
    const position = onHandAccount({ locationId: world.warehouseId, siloId: null, ownerCompanyId: Number(pl.owner_company_id), consignmentId: Number(pl.consignment_id), cargoTypeId: world.cargoTypeId, voyageId: Number(pl.voyage_id), attachedVoyageId: Number(pl.voyage_id) });
    await inAgency(t.database.db, writer.agencyId, (tx) =>
      post(tx, { agencyId: writer.agencyId, type: 'test', source: { table: 'test', id: 1 }, userId: writer.userId, at: writer.now, lines: [{ account: position, quantityKg: -10_000n }, { account: { ...position, kind: 'DELIVERED' }, quantityKg: 10_000n }] }),
    );
    const refused = await call('DELETE', `/api/warehouseIn/${again.body.record.id}/reverse`, { reason: 'Too late' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: 'warehouse_ins' });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('answers the spec messages of the in form', async () => {
    const missing = await call('POST', '/api/warehouseIn', { machineId: openBridge, storage: 'openArea' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatchObject({ preInId: Messages.wbtRequired });
    const noStorage = await call('POST', '/api/warehouseIn', { preInId: 1, machineId: openBridge });
    expect(noStorage.body.details).toMatchObject({ storage: Messages.warehouseTypeRequired });
  });
});

describe('warehouse in into silos', () => {
  it('splits the received quantity into silos: the sum must match, each silo keeps within its capacity', async () => {
    const slip = await slipTo(yardId, '10');
    const pre = await preIn(slip.id, yardId, yardBridge, 24_000);
    const before = await transactionCount();
    // received = 24,000 - 14,000 = 10 MT
    const wrongSum = await receive(pre.id, yardBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloA, quantity: '6' }, { siloId: siloB, quantity: '3' }] });
    expect(wrongSum.status).toBe(422);
    expect(wrongSum.body.message).toBe(ReceivingMessages.siloSum);
    expect(wrongSum.body.details).toMatchObject({ silos: ReceivingMessages.siloSum });
    const overB = await receive(pre.id, yardBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloA, quantity: '4' }, { siloId: siloB, quantity: '6' }] });
    expect(overB.status).toBe(409);
    expect(overB.body.message).toBe(ReceivingMessages.siloFull);
    const foreign = await receive(pre.id, yardBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloOnlySilo, quantity: '10' }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe(ReceivingMessages.siloNotInWarehouse);
    const noSilo = await receive(pre.id, yardBridge, 14_000, { storage: 'silo', silos: [] });
    expect(noSilo.body.details).toMatchObject({ silos: ReceivingMessages.siloRequired });
    expect(await transactionCount()).toBe(before);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: null });

    const ok = await receive(pre.id, yardBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloA, quantity: '6.5' }, { siloId: siloB, quantity: '3.5' }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.record.shares).toEqual([
      { siloId: siloA, siloName: 'A', quantity: '6.500' },
      { siloId: siloB, siloName: 'B', quantity: '3.500' },
    ]);
    expect(ok.body.record.transitLoss).toBe('0.000');
    expect(await balance('ON_HAND', { locationId: yardId, siloId: siloA })).toBe(6_500n);
    expect(await balance('ON_HAND', { locationId: yardId, siloId: siloB })).toBe(3_500n);

    // B holds 3.5 of 5: another 2 MT into B is refused, 1.5 fits.
    const slip2 = await slipTo(yardId, '2');
    const pre2 = await preIn(slip2.id, yardId, yardBridge, 16_000);
    const full = await receive(pre2.id, yardBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloB, quantity: '2' }] });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ReceivingMessages.siloFull);

    // The edit moves the cargo (reverse and repost): B is freed, the open area takes it.
    const moved = await call<TWarehouseInSaved>('PUT', `/api/warehouseIn/${ok.body.record.id}`, { storage: 'openArea', remarks: 'Silos under repair' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe(ReceivingMessages.warehouseInUpdated);
    expect(moved.body.record).toMatchObject({ storage: 'openArea', shares: [{ siloId: null, quantity: '10.000' }], remarks: 'Silos under repair' });
    expect(await balance('ON_HAND', { locationId: yardId, siloId: siloB })).toBe(0n);
    expect(await balance('ON_HAND', { locationId: yardId, siloId: null })).toBe(10_000n);
    const fits = await receive(pre2.id, yardBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloB, quantity: '2' }] });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses the open area of a silo-only warehouse', async () => {
    const slip = await slipTo(siloOnlyId, '10');
    const pre = await preIn(slip.id, siloOnlyId, siloOnlyBridge, 24_000);
    const open = await receive(pre.id, siloOnlyBridge, 14_000);
    expect(open.status).toBe(400);
    expect(open.body.details).toMatchObject({ storage: ReceivingMessages.noOpenArea });
  });
});

describe('cargo control', () => {
  it('refuses a cargo stopped into the warehouse, and stock above its cap there', async () => {
    const slip = await slipTo(siloOnlyId, '10');
    const pre = await preIn(slip.id, siloOnlyId, siloOnlyBridge, 24_000);
    const blockId = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Stop wheat', cargoTypeId: world.cargoTypeId, locationId: siloOnlyId, blockIn: true });
    const blocked = await receive(pre.id, siloOnlyBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloOnlySilo, quantity: '10' }] });
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(ReceivingMessages.cargoBlockedIn);
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${blockId}`);
    await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Cap wheat', cargoTypeId: world.cargoTypeId, locationId: siloOnlyId, maxStock: 5 });
    const capped = await receive(pre.id, siloOnlyBridge, 14_000, { storage: 'silo', silos: [{ siloId: siloOnlySilo, quantity: '10' }] });
    expect(capped.status).toBe(409);
    expect(capped.body.message).toBe(ReceivingMessages.cargoCapExceeded);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: null });
  });
});

describe('pickers', () => {
  it('offers the slips in transit to a warehouse without a pre in, and the open pre ins, within the user’s locations', async () => {
    const slip = await slipTo(siloOnlyId, '7');
    const slips = await call<{ rows: { slipId: number; quantity: string; truckPlate: string }[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${siloOnlyId}`, undefined, clerkHeaders);
    expect(slips.status, JSON.stringify(slips.body)).toBe(200);
    expect(slips.body.rows.find((row) => row.slipId === slip.id)).toMatchObject({ quantity: '7.000' });
    expect((await call<{ rows: unknown[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${yardId}`, undefined, scopedHeaders)).body.rows).toEqual([]);
    const pre = await preIn(slip.id, siloOnlyId, siloOnlyBridge, 21_000);
    const after = await call<{ rows: { slipId: number }[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${siloOnlyId}`, undefined, clerkHeaders);
    expect(after.body.rows.some((row) => row.slipId === slip.id)).toBe(false);
    const open = await call<{ rows: { id: number }[] }>('GET', `/api/warehouseIn/preIns?warehouseId=${siloOnlyId}`, undefined, scopedHeaders);
    expect(open.status).toBe(200);
    expect(open.body.rows.map((row) => row.id)).toContain(pre.id);
    const foreign = await call<{ rows: { id: number }[] }>('GET', `/api/warehouseIn/preIns?warehouseId=${world.warehouseId}`, undefined, scopedHeaders);
    expect(foreign.body.rows).toEqual([]);
    const live = await call<{ capturable: boolean }>('GET', `/api/weighbridge/${siloOnlyBridge}/live`, undefined, clerkHeaders);
    expect(live.status).toBe(200);
  });
});

describe.runIf(testEngine === 'postgres')('racing ins (PostgreSQL)', () => {
  it('two trucks racing into one silo on two bridges never overfill it: one is received, the other refused', async () => {
    const silo = await addResource(t.database.db, writer, 'silo', { warehouseId: yardId, name: 'Race', capacity: 5 });
    const bridgeB = await addResource(t.database.db, writer, 'weightMachine', { weightMachineId: 'WB-IN-RACE', name: 'Race bridge', locationId: yardId, protocol: 'tcp', host: '10.1.1.2', port: 4001, maxGross: 80_000 });
    const first = await preIn((await slipTo(yardId, '3')).id, yardId, yardBridge, 17_000);
    const second = await preIn((await slipTo(yardId, '3')).id, yardId, bridgeB, 17_000);
    // Both empty trucks on their bridges at once.
    t.clock.advance(60_000);
    for (const machineId of [yardBridge, bridgeB]) {
      hub.belowZero.set(machineId, now() - 30_000);
      const frames: TimedReading[] = [];
      for (let at = now() - 3500; at <= now(); at += 250) frames.push({ kg: 14_000, stable: true, overload: false, at });
      hub.readings.set(machineId, frames);
    }
    const answers = await Promise.all([
      call('POST', '/api/warehouseIn', { preInId: first.id, machineId: yardBridge, storage: 'silo', silos: [{ siloId: silo, quantity: '3' }] }),
      call('POST', '/api/warehouseIn', { preInId: second.id, machineId: bridgeB, storage: 'silo', silos: [{ siloId: silo, quantity: '3' }] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(ReceivingMessages.siloFull);
    expect(await balance('ON_HAND', { locationId: yardId, siloId: silo })).toBe(3_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('consignee in and customer in', () => {
  /** A slip of a direct delivery (consignee location) or customer delivery. */
  async function deliverySlip(kind: 'directDelivery' | 'customerDelivery', tonnes = '10'): Promise<TLoadingSlip> {
    const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
    const toLocationId = kind === 'directDelivery' ? world.consigneeLocationId : world.customerLocationId;
    const extra = kind === 'customerDelivery' ? { customerId: world.customerId } : {};
    const pl = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '50', transportationType: kind, toLocationId, ...extra }));
    expect(pl.status, JSON.stringify(pl.body)).toBe(200);
    wbt += 1;
    const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${pl.body.id}/loadingSlips`, { truckId: truck, driverId: driver, wbtNumber: `DLV-${wbt}`, quantity: tonnes });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.slip;
  }

  it('receives a direct-delivery slip at the consignee location with its transit loss, and reverses it', async () => {
    const slip = await deliverySlip('directDelivery');
    const { tripId } = await tripOf(slip.id);
    const missing = await call('POST', '/api/consigneeIn', { slipId: slip.id });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatchObject({ wbtNumber: Messages.wbtRequired, quantity: Messages.wbqRequired });
    const wrongKind = await call('POST', '/api/customerIn', { slipId: slip.id, wbtNumber: 'C-1', quantity: '9.95' });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.message).toBe(DeliveryInMessages.slipNotForCustomer);
    const { status, body } = await call<TDeliveryInSaved>('POST', '/api/consigneeIn', { slipId: slip.id, wbtNumber: 'C-1', quantity: '9.95' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(DeliveryInMessages.consigneeInCreated);
    expect(body.record).toMatchObject({ locationId: world.consigneeLocationId, receivedQuantity: '9.950', slipQuantity: '10.000', transitLoss: '0.050', wbtNumber: 'C-1' });
    expect(await balance('IN_TRANSIT', { tripId })).toBe(0n);
    expect(await balance('TRANSIT_LOSS', { tripId })).toBe(50n);
    expect(await balance('ON_HAND', { locationId: world.consigneeLocationId, siloId: null })).toBeGreaterThanOrEqual(9_950n);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: 'consignee_ins', receivedId: body.record.id });
    const slipReverse = await call('DELETE', `/api/loadingSlips/${slip.id}/reverse`, { reason: 'Cancel' });
    expect(slipReverse.status).toBe(409);
    expect(slipReverse.body.message).toBe(PortLoadingMessages.loadingSlipDelivered);
    const twice = await call('POST', '/api/consigneeIn', { slipId: slip.id, wbtNumber: 'C-2', quantity: '9.95' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ReceivingMessages.slipAlreadyReceived);
    // The edit reposts the received quantity; the reversal puts the load back in transit.
    const edited = await call<TDeliveryInSaved>('PUT', `/api/consigneeIn/${body.record.id}`, { wbtNumber: 'C-1b', quantity: '10.02' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.record).toMatchObject({ receivedQuantity: '10.020', transitLoss: '-0.020', wbtNumber: 'C-1b' });
    expect(await balance('TRANSIT_LOSS', { tripId })).toBe(-20n);
    const reversed = await call('DELETE', `/api/consigneeIn/${body.record.id}/reverse`, { reason: 'Wrong site' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(DeliveryInMessages.consigneeInReversedOk);
    expect(await balance('IN_TRANSIT', { tripId })).toBe(10_000n);
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: null });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('receives a customer-delivery slip at the customer location; a role without the Customer In flag is refused', async () => {
    const slip = await deliverySlip('customerDelivery', '8');
    const { status, body } = await call<TDeliveryInSaved>('POST', '/api/customerIn', { slipId: slip.id, wbtNumber: 'CU-1', quantity: '8' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.record).toMatchObject({ locationId: world.customerLocationId, transitLoss: '0.000' });
    expect(await tripOf(slip.id)).toMatchObject({ receivedTable: 'customer_ins' });
    const list = await call<TDeliveryInList>('GET', '/api/customerIn');
    expect(list.body.rows.map((row) => row.id)).toContain(body.record.id);
    const scoped = await call<TDeliveryInList>('GET', '/api/customerIn', undefined, scopedHeaders);
    expect(scoped.status).toBe(403);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('data scope', () => {
  it('a user of one warehouse sees and receives only there', async () => {
    const slip = await slipTo(world.warehouseId, '10');
    const pre = await preIn(slip.id, world.warehouseId, openBridge, 24_000);
    const list = await call<TWarehousePreInList>('GET', '/api/warehousePreIn?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.rows.every((row) => row.warehouseId === siloOnlyId)).toBe(true);
    expect((await call('GET', `/api/warehousePreIn/${pre.id}`, undefined, scopedHeaders)).status).toBe(404);
    const foreignIn = await receive(pre.id, openBridge, 14_000, { storage: 'openArea' }, scopedHeaders);
    expect(foreignIn.status).toBe(400);
    expect(foreignIn.body.details).toMatchObject({ preInId: Messages.wbtRequired });
    const slip2 = await slipTo(world.warehouseId, '10');
    onBridge(openBridge, 24_000);
    const foreignPre = await call('POST', '/api/warehousePreIn', { slipId: slip2.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: openBridge }, scopedHeaders);
    expect(foreignPre.status).toBe(400);
    expect(foreignPre.body.details).toMatchObject({ warehouseId: Messages.warehouseRequired });
    const ins = await call<TWarehouseInList>('GET', '/api/warehouseIn?status=all', undefined, scopedHeaders);
    expect(ins.body.rows.every((row) => row.warehouseId === siloOnlyId)).toBe(true);
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_accounts where ${and(eq(ledgerAccounts.agencyId, writer.agencyId))}`);
    expect(Number(count?.n)).toBeGreaterThan(0);
  });
});
