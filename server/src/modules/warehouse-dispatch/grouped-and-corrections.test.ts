import {
  CorrectionMessages,
  GroupedOutMessages,
  LinkMessages,
  Messages,
  ReceivingMessages,
  WarehouseDispatchMessages,
  permissionFlag,
  type TCorrections,
  type TCorrectionSaved,
  type TLoadingSlip,
  type TOutboundFirstWeightSaved,
  type TOutboundSecondWeightSaved,
  type TPortLoadingDetail,
  type TWarehouseInSaved,
  type TWarehouseOut,
  type TWarehouseOutGroupDetail,
  type TWarehouseOutGroupList,
  type TWarehouseOutGroupSaved,
  type TWarehouseOutSaved,
  type TWarehousePreInSaved,
  type TWarehousePreOutSaved,
} from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance } from '../../ledger/ledger.service';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { putOnHand as putStockOnHand } from '../../test/stock-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { warehouseOuts, warehousePreOuts } from './warehouse-dispatch.schema';

/*
 * Warehouse Out grouped and the corrections of past Warehouse Ins and Outs, through their routes: a group's trucks
 * are Pre Outs and Outs made by the single flows (their checks, their postings), with the group's totals and the
 * trucks' live states; a correction reverses and reposts in one transaction (ledger check clean), refuses what the
 * stock or the reversal chain forbids with the spec's messages, needs its own flag, and keeps its history.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let viewerHeaders: Record<string, string>;
let clerkHeaders: Record<string, string>;
let correctorHeaders: Record<string, string>;
let trucks: number[];
let driver: number;
let bridge: number;
let siloId: number;
let warehouseId: number;
let destinationId: number;
/** Where a corrected Out goes instead. */
let secondYardId: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

const position = (silo: number | null): Position => ({
  locationId: warehouseId,
  siloId: silo,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

const putOnHand = (pos: Position, tonnes: string) => putStockOnHand(t.database.db, writer, shipment, pos, tonnes);

const balanceOf = (pos: Position) => inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) }));

async function firstWeight(truckId: number) {
  const first = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', { truckId, driverId: driver, warehouseId, machineId: bridge, manual: true, manualKg: 15_000, manualReason: 'Indicator down' });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return first.body.record.id;
}

async function secondWeight(firstWeightId: number, truckId: number, netKg: number) {
  const second = await call<TOutboundSecondWeightSaved>('POST', '/api/outboundSecondWeight', { firstWeightId, truckId, machineId: bridge, manual: true, manualKg: 15_000 + netKg, manualReason: 'Indicator down' });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return second.body.record.id;
}

const weighOut = async (truckId: number, netKg: number) => secondWeight(await firstWeight(truckId), truckId, netKg);

const groupBody = (overrides: Record<string, unknown> = {}) => ({
  warehouseId,
  siloId,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
  destinationType: 'warehouse',
  toLocationId: destinationId,
  plannedTrucks: 3,
  plannedQuantity: '60',
  ...overrides,
});

const ledgerClean = async () => expect(await findLedgerDifferences(t.database.db)).toEqual([]);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Grouped agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Gina', lastName: 'Grouper' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  trucks = [];
  for (let i = 0; i < 8; i += 1) trucks.push(await world.truck(`GRP ${i}`));
  driver = await world.driver('Omar');
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Group yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  bridge = await addResource(db, writer, 'weightMachine', { weightMachineId: 'WB-GRP-1', name: 'Bridge GRP', locationId: warehouseId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
  siloId = await addResource(db, writer, 'silo', { name: 'G1', warehouseId, capacity: 5000 });
  destinationId = await addResource(db, writer, 'warehouse', { name: 'Destination yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  secondYardId = await addResource(db, writer, 'warehouse', { name: 'Second yard', storageType: 'openArea', latitude: 21.3, longitude: 39.0 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const login = async (flags: string[], name: string) => {
    const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name });
    const user = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id });
    return { ...bearer(await loginAs(t.app, user.username)), 'x-agency-id': String(agency.id) };
  };
  const txn = (module: string) => ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag(module, action as 'view'));
  viewerHeaders = await login([permissionFlag('WarehouseOut', 'view'), permissionFlag('WarehouseIn', 'view')], 'Group viewer');
  clerkHeaders = await login([...txn('WarehouseOut'), ...txn('WarehouseIn')], 'Dispatch clerk');
  correctorHeaders = await login([permissionFlag('WarehouseOut', 'view'), permissionFlag('WarehouseOut', 'correct'), permissionFlag('WarehouseIn', 'view'), permissionFlag('WarehouseIn', 'correct')], 'Corrector');
  await putOnHand(position(siloId), '100');
});

afterAll(async () => {
  await t.close();
});

describe('warehouse out grouped', () => {
  let group: TWarehouseOutGroupDetail;

  it('opens a group on a position and a destination, with its plan and the usable quantity', async () => {
    const created = await call<TWarehouseOutGroupSaved>('POST', '/api/warehouseOutGroup', groupBody(), clerkHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(GroupedOutMessages.groupCreated);
    group = created.body.record;
    expect(group).toMatchObject({ warehouseId, siloId, toLocationId: destinationId, plannedTrucks: 3, plannedQuantity: '60.000', committed: '0.000', dispatched: '0.000', remaining: '60.000', usable: '100.000', status: 'open', trucks: 0, truckRows: [] });
    expect(group.number).toBeGreaterThan(0);
  });

  it('refuses a destination that is the warehouse itself and a warehouse outside the agency', async () => {
    const same = await call('POST', '/api/warehouseOutGroup', groupBody({ toLocationId: warehouseId }));
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(WarehouseDispatchMessages.destinationSameWarehouse);
    const nowhere = await call('POST', '/api/warehouseOutGroup', groupBody({ warehouseId: 999_999 }));
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe(Messages.warehouseRequired);
  });

  it('adds trucks as Pre Outs of the group: committed on the position, totals and usable follow', async () => {
    for (const truckId of [trucks[0], trucks[1]]) {
      const added = await call<TWarehouseOutGroupSaved>('POST', `/api/warehouseOutGroup/${group.id}/trucks`, { truckId, driverId: driver, quantity: '25' }, clerkHeaders);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      group = added.body.record;
    }
    expect(group).toMatchObject({ trucks: 2, committed: '50.000', remaining: '10.000', usable: '50.000' });
    expect(group.truckRows.map((row) => row.state)).toEqual(['committed', 'committed']);
    const balance = await balanceOf(position(siloId));
    expect(balance?.committedKg).toBe(50_000n);
    const rows = await t.database.db.select({ groupId: warehousePreOuts.groupId }).from(warehousePreOuts).where(eq(warehousePreOuts.groupId, group.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses a truck when the usable quantity runs out (Quantity not available), changing nothing', async () => {
    const refused = await call('POST', `/api/warehouseOutGroup/${group.id}/trucks`, { truckId: trucks[2], driverId: driver, quantity: '50.001' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    const after = await call<TWarehouseOutGroupDetail>('GET', `/api/warehouseOutGroup/${group.id}`);
    expect(after.body).toMatchObject({ trucks: 2, committed: '50.000', usable: '50.000' });
  });

  it('refuses a truck while a cargo control rule stops the cargo going out of the warehouse, changing nothing', async () => {
    const block = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Stop out of the group yard', cargoTypeId: world.cargoTypeId, locationId: warehouseId, blockOut: true });
    const refused = await call('POST', `/api/warehouseOutGroup/${group.id}/trucks`, { truckId: trucks[2], driverId: driver, quantity: '1' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(WarehouseDispatchMessages.cargoBlockedOut);
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${block}`);
    const after = await call<TWarehouseOutGroupDetail>('GET', `/api/warehouseOutGroup/${group.id}`);
    expect(after.body).toMatchObject({ trucks: 2, committed: '50.000', usable: '50.000' });
  });

  it('shows each truck’s live state and dispatches it from its second weight to the group’s destination', async () => {
    const truckA = group.truckRows[0];
    if (!truckA) throw new Error('truck row');
    const first = await firstWeight(truckA.truckId);
    let read = await call<TWarehouseOutGroupDetail>('GET', `/api/warehouseOutGroup/${group.id}`, undefined, viewerHeaders);
    expect(read.status).toBe(200);
    expect(read.body.truckRows[0]?.state).toBe('firstWeight');
    const second = await secondWeight(first, truckA.truckId, 25_500);
    read = await call<TWarehouseOutGroupDetail>('GET', `/api/warehouseOutGroup/${group.id}`);
    expect(read.body.truckRows[0]).toMatchObject({ state: 'secondWeight', secondWeightId: second, secondWeightNet: '25.500' });

    const dispatched = await call<TWarehouseOutGroupSaved>('POST', `/api/warehouseOutGroup/${group.id}/trucks/${truckA.preOutId}/dispatch`, {}, clerkHeaders);
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    expect(dispatched.body.message).toBe(GroupedOutMessages.truckDispatched);
    group = dispatched.body.record;
    const row = group.truckRows[0];
    expect(row).toMatchObject({ state: 'dispatched', outQuantity: '25.500', received: false });
    expect(row?.slipNumber).toBeGreaterThan(0);
    expect(group).toMatchObject({ dispatchedTrucks: 1, committed: '25.000', dispatched: '25.500', remaining: '9.500' });
    const out = await call<TWarehouseOut>('GET', `/api/warehouseOut/${row?.warehouseOutId}`);
    expect(out.body).toMatchObject({ toLocationId: destinationId, destinationType: 'warehouse', quantity: '25.500', preOutId: truckA.preOutId });
    const [stored] = await t.database.db.select({ groupId: warehouseOuts.groupId }).from(warehouseOuts).where(eq(warehouseOuts.id, row?.warehouseOutId ?? 0));
    expect(stored?.groupId).toBe(group.id);
    const balance = await balanceOf(position(siloId));
    expect(balance).toMatchObject({ balanceKg: 74_500n, committedKg: 25_000n });
    await ledgerClean();
  });

  it('refuses to dispatch a truck without a second weight, or below its Pre Out (the single flow’s WBQ rule)', async () => {
    const truckB = group.truckRows[1];
    if (!truckB) throw new Error('truck row');
    const none = await call('POST', `/api/warehouseOutGroup/${group.id}/trucks/${truckB.preOutId}/dispatch`, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(GroupedOutMessages.noSecondWeight);
    await weighOut(truckB.truckId, 24_000);
    const below = await call('POST', `/api/warehouseOutGroup/${group.id}/trucks/${truckB.preOutId}/dispatch`, {});
    expect(below.status).toBe(409);
    expect(below.body.message).toBe(WarehouseDispatchMessages.wbqBelowPreOut);
    const again = await call<TWarehouseOutGroupDetail>('GET', `/api/warehouseOutGroup/${group.id}`);
    expect(again.body).toMatchObject({ dispatchedTrucks: 1, committed: '25.000' });
  });

  it('refuses a Pre Out of another group or none on the dispatch route', async () => {
    const other = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', { ...groupBody(), truckId: trucks[5], driverId: driver, quantity: '1' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const refused = await call('POST', `/api/warehouseOutGroup/${group.id}/trucks/${other.body.record.id}/dispatch`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(GroupedOutMessages.truckNotInGroup);
    expect((await call('DELETE', `/api/warehousePreOut/${other.body.record.id}/reverse`, { reason: 'test' })).status).toBe(200);
  });

  it('needs the Warehouse Out add flag to open a group, add and dispatch trucks; view reads', async () => {
    expect((await call('POST', '/api/warehouseOutGroup', groupBody(), viewerHeaders)).status).toBe(403);
    expect((await call('POST', `/api/warehouseOutGroup/${group.id}/trucks`, { truckId: trucks[3], driverId: driver, quantity: '1' }, viewerHeaders)).status).toBe(403);
    expect((await call('POST', `/api/warehouseOutGroup/${group.id}/trucks/${group.truckRows[1]?.preOutId}/dispatch`, {}, viewerHeaders)).status).toBe(403);
    expect((await call('GET', '/api/warehouseOutGroup', undefined, viewerHeaders)).status).toBe(200);
  });

  it('a closed group takes no more trucks; the list filters, searches and exports', async () => {
    const closed = await call<TWarehouseOutGroupSaved>('PUT', `/api/warehouseOutGroup/${group.id}`, { plannedTrucks: 3, plannedQuantity: '60', remarks: 'Order done', status: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.record.status).toBe('closed');
    const refused = await call('POST', `/api/warehouseOutGroup/${group.id}/trucks`, { truckId: trucks[3], driverId: driver, quantity: '1' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(GroupedOutMessages.groupClosed);

    const open = await call<TWarehouseOutGroupSaved>('POST', '/api/warehouseOutGroup', groupBody({ siloId: null, plannedQuantity: '', plannedTrucks: '' }));
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.record).toMatchObject({ siloId: null, remaining: null, usable: '0.000' });
    const closedList = await call<TWarehouseOutGroupList>('GET', '/api/warehouseOutGroup?groupStatus=closed');
    expect(closedList.body.rows.map((row) => row.id)).toEqual([group.id]);
    expect(closedList.body.rows[0]).toMatchObject({ trucks: 2, dispatched: '25.500' });
    const openList = await call<TWarehouseOutGroupList>('GET', '/api/warehouseOutGroup?groupStatus=open');
    expect(openList.body.rows.map((row) => row.id)).toEqual([open.body.record.id]);
    const byNumber = await call<TWarehouseOutGroupList>('GET', `/api/warehouseOutGroup?search=${group.number}&status=all`);
    expect(byNumber.body.rows.map((row) => row.id)).toContain(group.id);
    const byPlate = await call<TWarehouseOutGroupList>('GET', '/api/warehouseOutGroup?search=GRP 1');
    expect(byPlate.body.rows.map((row) => row.id)).toEqual([group.id]);
    const exported = await t.app.inject({ method: 'GET', url: '/api/warehouseOutGroup/export.xlsx?lang=ar', headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('corrections of past records', () => {
  /** A Pre Out of `preOut` MT and its Out with a net of `netKg`, on the open area. */
  async function outOf(preOut: string, netKg: number, truck: number) {
    const pre = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', { ...groupBody({ siloId: null }), truckId: truck, driverId: driver, quantity: preOut });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const secondWeightId = await weighOut(truck, netKg);
    const out = await call<TWarehouseOutSaved>('POST', '/api/warehouseOut', { preOutId: pre.body.record.id, secondWeightId, destinationType: 'warehouse', toLocationId: destinationId });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    return out.body.record;
  }

  it('corrects an Out’s quantity and destination: reversed and reposted, history kept', async () => {
    await putOnHand(position(null), '30');
    const out = await outOf('9', 10_000, trucks[4] ?? 0);
    const body = { quantity: '9.5', destinationType: 'warehouse', toLocationId: secondYardId, reason: 'Ticket misread' };
    expect((await call('PUT', `/api/warehouseOut/${out.id}/correction`, body, clerkHeaders)).status).toBe(403);
    const corrected = await call<TCorrectionSaved>('PUT', `/api/warehouseOut/${out.id}/correction`, body, correctorHeaders);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.message).toBe(CorrectionMessages.corrected);
    expect(corrected.body.history).toHaveLength(1);
    expect(corrected.body.history[0]).toMatchObject({ reason: 'Ticket misread', before: { quantity: '10.000', destination: 'Destination yard' }, after: { quantity: '9.500', destination: 'Second yard' } });
    const read = await call<TWarehouseOut>('GET', `/api/warehouseOut/${out.id}`);
    expect(read.body).toMatchObject({ quantity: '9.500', status: 'Active' });
    expect((await balanceOf(position(null)))?.balanceKg).toBe(20_500n);
    const [trip] = await queryRows<{ kg: string; destination: number }>(
      t.database.db,
      sql`select balance_kg::text as kg, destination_location_id as destination from ledger_accounts where kind = 'IN_TRANSIT' and trip_id = ${out.tripId}`,
    );
    // The truck is on the road to its new destination (the dashboards' road, road.ts).
    expect(trip?.kg).toBe('9500');
    expect(Number(trip?.destination)).toBe(secondYardId);
    await ledgerClean();
    const history = await call<TCorrections>('GET', `/api/warehouseOut/${out.id}/corrections`, undefined, viewerHeaders);
    expect(history.status).toBe(200);
    expect(history.body.rows).toHaveLength(1);
  });

  it('refuses an Out correction below its Pre Out, unchanged, without a reason, or once received', async () => {
    const out = await outOf('5', 5_000, trucks[6] ?? 0);
    const base = { destinationType: 'warehouse', toLocationId: destinationId, reason: 'Check' };
    const below = await call('PUT', `/api/warehouseOut/${out.id}/correction`, { ...base, quantity: '4.999' });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe(WarehouseDispatchMessages.wbqBelowPreOut);
    const same = await call('PUT', `/api/warehouseOut/${out.id}/correction`, { ...base, quantity: '5' });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(CorrectionMessages.unchanged);
    const noReason = await call('PUT', `/api/warehouseOut/${out.id}/correction`, { ...base, quantity: '5.2', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(Messages.reasonRequired);
    // Received by an In (its typed back-pointer, as the receiving flow writes it).
    await t.database.db.update(warehouseOuts).set({ receivedTable: 'warehouse_ins', receivedId: 1, receivedAt: writer.now }).where(eq(warehouseOuts.id, out.id));
    const received = await call('PUT', `/api/warehouseOut/${out.id}/correction`, { ...base, quantity: '5.2' });
    expect(received.status).toBe(409);
    expect(received.body.message).toBe(LinkMessages.warehouseOutInWarehouse);
    await t.database.db.update(warehouseOuts).set({ receivedTable: null, receivedId: null, receivedAt: null }).where(eq(warehouseOuts.id, out.id));
  });

  it('refuses an Out correction the position cannot give (Quantity not available), changing nothing', async () => {
    const out = await outOf('2', 2_000, trucks[7] ?? 0);
    const left = await balanceOf(position(null));
    const usable = (left?.balanceKg ?? 0n) - (left?.committedKg ?? 0n);
    const grab = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', { ...groupBody({ siloId: null }), truckId: trucks[5], driverId: driver, quantity: String(Number(usable) / 1000) });
    expect(grab.status, JSON.stringify(grab.body)).toBe(200);
    const refused = await call('PUT', `/api/warehouseOut/${out.id}/correction`, { quantity: '2.5', destinationType: 'warehouse', toLocationId: destinationId, reason: 'More loaded' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call<TWarehouseOut>('GET', `/api/warehouseOut/${out.id}`)).body.quantity).toBe('2.000');
    expect((await call<TCorrections>('GET', `/api/warehouseOut/${out.id}/corrections`)).body.rows).toEqual([]);
    expect((await call('DELETE', `/api/warehousePreOut/${grab.body.record.id}/reverse`, { reason: 'test' })).status).toBe(200);
    await ledgerClean();
  });

  describe('Warehouse In', () => {
    let yard: number;
    let yardBridge: number;
    let siloA: number;
    let siloB: number;
    let wbt = 0;

    async function received(loadedKg: number, emptyKg: number, storage: Record<string, unknown>) {
      const fresh = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
      const pl = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, fresh, { quantity: '50', toLocationId: yard }));
      expect(pl.status, JSON.stringify(pl.body)).toBe(200);
      wbt += 1;
      const slip = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${pl.body.id}/loadingSlips`, { truckId: trucks[0], driverId: driver, wbtNumber: `COR-${wbt}`, quantity: '10' });
      expect(slip.status, JSON.stringify(slip.body)).toBe(200);
      const manual = { manual: true, manualReason: 'Indicator down' };
      const pre = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipId: slip.body.slip.id, truckId: trucks[0], driverId: driver, warehouseId: yard, machineId: yardBridge, manualKg: loadedKg, ...manual });
      expect(pre.status, JSON.stringify(pre.body)).toBe(200);
      const made = await call<TWarehouseInSaved>('POST', '/api/warehouseIn', { preInId: pre.body.record.id, machineId: yardBridge, manualKg: emptyKg, ...manual, ...storage });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return { record: made.body.record, shipment: fresh };
    }

    const yardPosition = (s: { voyageId: number; consignmentId: number }, silo: number | null): Position => ({
      locationId: yard,
      siloId: silo,
      ownerCompanyId: world.consigneeId,
      consignmentId: s.consignmentId,
      cargoTypeId: world.cargoTypeId,
      voyageId: s.voyageId,
      attachedVoyageId: s.voyageId,
    });
    const balanceAt = async (s: { voyageId: number; consignmentId: number }, silo: number | null) =>
      (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(yardPosition(s, silo)) })))?.balanceKg ?? 0n;

    beforeAll(async () => {
      const db = t.database.db;
      yard = await addResource(db, writer, 'warehouse', { name: 'Correction yard', storageType: 'both', latitude: 21.45, longitude: 39.15 });
      yardBridge = await addResource(db, writer, 'weightMachine', { weightMachineId: 'WB-COR-1', name: 'Bridge COR', locationId: yard, protocol: 'tcp', host: '10.1.1.2', port: 4001, maxGross: 80_000 });
      siloA = await addResource(db, writer, 'silo', { warehouseId: yard, name: 'CA', capacity: 100 });
      siloB = await addResource(db, writer, 'silo', { warehouseId: yard, name: 'CB', capacity: 100 });
    });

    it('corrects the empty weight (received) and the silo split: reversed, reposted, MANUAL with the reason, history kept', async () => {
      const { record, shipment: s } = await received(24_000, 14_000, { storage: 'openArea' });
      expect(record.receivedQuantity).toBe('10.000');
      const body = { emptyKg: 14_500, storage: 'silo', silos: [{ siloId: siloA, quantity: '6' }, { siloId: siloB, quantity: '3.5' }], reason: 'Empty truck reweighed' };
      expect((await call('PUT', `/api/warehouseIn/${record.id}/correction`, body, clerkHeaders)).status).toBe(403);
      const corrected = await call<TCorrectionSaved>('PUT', `/api/warehouseIn/${record.id}/correction`, body, correctorHeaders);
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      expect(corrected.body.history[0]).toMatchObject({
        reason: 'Empty truck reweighed',
        before: { emptyKg: 14_000, receivedQuantity: '10.000', storage: 'openArea', split: 'Open area: 10.000' },
        after: { emptyKg: 14_500, receivedQuantity: '9.500', storage: 'silo', split: 'CA: 6.000; CB: 3.500' },
      });
      const read = await call<TWarehouseInSaved['record']>('GET', `/api/warehouseIn/${record.id}`);
      expect(read.body).toMatchObject({ kg: 14_500, receivedQuantity: '9.500', transitLoss: '0.500', storage: 'silo', manual: true, manualReason: 'Empty truck reweighed' });
      expect(await balanceAt(s, null)).toBe(0n);
      expect(await balanceAt(s, siloA)).toBe(6_000n);
      expect(await balanceAt(s, siloB)).toBe(3_500n);
      await ledgerClean();
      const history = await call<TCorrections>('GET', `/api/warehouseIn/${record.id}/corrections`, undefined, viewerHeaders);
      expect(history.body.rows).toHaveLength(1);
    });

    it('refuses a split that does not add up, an empty weight not below the loaded one, and an unchanged correction', async () => {
      const { record } = await received(24_000, 14_000, { storage: 'openArea' });
      const sum = await call('PUT', `/api/warehouseIn/${record.id}/correction`, { emptyKg: 14_000, storage: 'silo', silos: [{ siloId: siloA, quantity: '9' }], reason: 'Split' });
      expect(sum.status).toBe(422);
      expect(sum.body.message).toBe(ReceivingMessages.siloSum);
      const heavy = await call('PUT', `/api/warehouseIn/${record.id}/correction`, { emptyKg: 24_000, storage: 'openArea', reason: 'Typo' });
      expect(heavy.status).toBe(400);
      expect(heavy.body.message).toBe(CorrectionMessages.emptyNotBelowLoaded);
      const same = await call('PUT', `/api/warehouseIn/${record.id}/correction`, { emptyKg: 14_000, storage: 'openArea', reason: 'Nothing' });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe(CorrectionMessages.unchanged);
      expect((await call<TCorrections>('GET', `/api/warehouseIn/${record.id}/corrections`)).body.rows).toEqual([]);
    });

    it('refuses with Quantity not available when the stock it brought has moved on', async () => {
      const { record, shipment: s } = await received(24_000, 14_000, { storage: 'openArea' });
      const grab = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', {
        warehouseId: yard,
        siloId: null,
        ownerCompanyId: world.consigneeId,
        consignmentId: s.consignmentId,
        cargoTypeId: world.cargoTypeId,
        voyageId: s.voyageId,
        attachedVoyageId: s.voyageId,
        truckId: trucks[3],
        driverId: driver,
        quantity: '10',
      });
      expect(grab.status, JSON.stringify(grab.body)).toBe(200);
      const refused = await call('PUT', `/api/warehouseIn/${record.id}/correction`, { emptyKg: 14_200, storage: 'openArea', reason: 'Reweighed' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(Messages.quantityNotAvailable);
      expect(await balanceAt(s, null)).toBe(10_000n);
      await ledgerClean();
    });
  });
});
