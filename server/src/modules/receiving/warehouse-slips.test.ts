import {
  DeliveryInMessages,
  LinkMessages,
  ReceivingMessages,
  permissionFlag,
  tonnesToKg,
  type TDeliveryInList,
  type TDeliveryInSaved,
  type TInTransitSlip,
  type TLoadingSlip,
  type TOutboundFirstWeightSaved,
  type TOutboundSecondWeightSaved,
  type TPortLoadingDetail,
  type TWarehouseInList,
  type TWarehouseInSaved,
  type TWarehouseOutSaved,
  type TWarehousePreInList,
  type TWarehousePreInSaved,
  type TWarehousePreOutSaved,
} from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { post } from '../../ledger/ledger.service';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { warehouseOuts } from '../warehouse-dispatch/warehouse-dispatch.schema';

/*
 * Warehouse loading slips received (issue 13): a Warehouse Out's slip taken in at a second warehouse (pre in, then
 * in, split into silos), at a consignee location (Consignee In) and at a customer location (Customer In). The In
 * takes the slip's IN_TRANSIT account exactly as the Out posted it (so it goes to zero, and `ledger:check` stays
 * clean), marks the out received, and the out cannot be reversed until that In is. Port and warehouse slips are
 * numbered apart: the pickers and lists tell them apart by kind.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let scopedHeaders: Record<string, string>;
let truck: number;
let driver: number;
let originBridge: number;
let yardId: number;
let yardBridge: number;
let siloA: number;
let siloB: number;
let shipment: { voyageId: number; consignmentId: number };
let wbt = 0;

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return { status: response.statusCode, body: response.json<T & { message: string; code: string; details?: Record<string, string> }>() };
}

/** The stock at the origin warehouse's open area (owner: the consignee; attached voyage: the shipment's). */
const origin = (): Position => ({
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
  const [row] = await queryRows<{ kg: string }>(t.database.db, sql`select coalesce(sum(balance_kg), 0)::text as kg from ledger_accounts where ${sql.join(conditions, sql` and `)}`);
  return BigInt(row?.kg ?? '0');
}

/**
 * A Warehouse Out of `tonnes` from the origin warehouse's open area to a destination: Pre Out, outbound first and
 * second weights (manual, as the admin may), Out. Returns the out (its slip) and its trip.
 */
async function warehouseSlip(destinationType: 'warehouse' | 'consignee' | 'customer', toLocationId: number, tonnes = '10') {
  const preOut = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', { ...origin(), warehouseId: world.warehouseId, truckId: truck, driverId: driver, quantity: tonnes });
  expect(preOut.status, JSON.stringify(preOut.body)).toBe(200);
  const netKg = Number(tonnesToKg(tonnes));
  const first = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', { truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: originBridge, manual: true, manualKg: 15_000, manualReason: 'Indicator down' });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await call<TOutboundSecondWeightSaved>('POST', '/api/outboundSecondWeight', { firstWeightId: first.body.record.id, truckId: truck, machineId: originBridge, manual: true, manualKg: 15_000 + netKg, manualReason: 'Indicator down' });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  const out = await call<TWarehouseOutSaved>('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId: second.body.record.id, destinationType, toLocationId });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  const [row] = await t.database.db.select({ tripId: warehouseOuts.tripId }).from(warehouseOuts).where(eq(warehouseOuts.id, out.body.record.id));
  if (!row) throw new Error('out');
  return { out: out.body.record, tripId: row.tripId };
}

const outRow = async (id: number) => {
  const [row] = await t.database.db.select({ receivedTable: warehouseOuts.receivedTable, receivedId: warehouseOuts.receivedId, status: warehouseOuts.status }).from(warehouseOuts).where(eq(warehouseOuts.id, id));
  return row;
};

/** A port loading slip to a location (for the pickers: both kinds side by side). */
async function portSlip(kind: 'warehouse' | 'directDelivery' | 'customerDelivery', toLocationId: number, tonnes = '5'): Promise<TLoadingSlip> {
  const ship = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
  const extra = kind === 'customerDelivery' ? { customerId: world.customerId } : {};
  const pl = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, ship, { quantity: '50', transportationType: kind, toLocationId, ...extra }));
  expect(pl.status, JSON.stringify(pl.body)).toBe(200);
  wbt += 1;
  const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${pl.body.id}/loadingSlips`, { truckId: truck, driverId: driver, wbtNumber: `WSL-${wbt}`, quantity: tonnes });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.slip;
}

const manual = (kg: number) => ({ manual: true, manualKg: kg, manualReason: 'Bridge under repair' });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Slips agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Sami', lastName: 'Slips' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truck = await world.truck('WSL A');
  driver = await world.driver('Nabil');
  const machine = (serial: string, locationId: number) => addResource(db, writer, 'weightMachine', { weightMachineId: serial, name: `Bridge ${serial}`, locationId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
  originBridge = await machine('WB-WSL-1', world.warehouseId);
  yardId = await addResource(db, writer, 'warehouse', { name: 'Second yard', storageType: 'both', latitude: 21.4, longitude: 39.1 });
  yardBridge = await machine('WB-WSL-2', yardId);
  siloA = await addResource(db, writer, 'silo', { warehouseId: yardId, name: 'A', capacity: 6 });
  siloB = await addResource(db, writer, 'silo', { warehouseId: yardId, name: 'B', capacity: 50 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '500' });
  const kg = tonnesToKg('200');
  await inAgency(db, writer.agencyId, (tx) =>
    post(tx, {
      agencyId: writer.agencyId,
      type: 'testReceipt',
      source: { table: 'test_receipts', id: 1 },
      userId: writer.userId,
      at: writer.now,
      lines: [
        { account: onBoardAccount(shipment), quantityKg: -kg },
        { account: onHandAccount(origin()), quantityKg: kg },
      ],
    }),
  );
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['WarehousePreIn', 'WarehouseIn', 'ConsigneeIn', 'CustomerIn'].flatMap((module) => ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag(module, action as 'view')));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Receiving clerk' });
  // A clerk of the customer's site only: neither the yard nor the consignee's site.
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [world.customerLocationId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
});
afterAll(async () => {
  await t.close();
});

describe('a warehouse loading slip received at a second warehouse', () => {
  it('is picked beside port slips (by kind), weighed in, split into silos; the out is held until the in is reversed', async () => {
    const port = await portSlip('warehouse', yardId);
    const { out, tripId } = await warehouseSlip('warehouse', yardId, '10');
    // The two kinds are numbered apart: the first of each is number 1.
    expect(out.slipNumber).toBe(port.slipNumber);
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(10_000n);

    const picker = await call<{ rows: TInTransitSlip[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${yardId}`);
    expect(picker.status).toBe(200);
    expect(picker.body.rows.map((r) => [r.slipKind, r.slipId])).toEqual(expect.arrayContaining([['loadingSlip', port.id], ['warehouseLoadingSlip', out.id]]));
    expect(picker.body.rows.find((r) => r.slipKind === 'warehouseLoadingSlip')).toMatchObject({ slipNumber: String(out.slipNumber), quantity: '10.000', truckId: truck, driverId: driver, toLocationId: yardId, toLocationName: 'Second yard' });

    // Not going to the origin warehouse: refused there.
    const elsewhere = await call('POST', '/api/warehousePreIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, truckId: truck, driverId: driver, warehouseId: world.warehouseId, machineId: originBridge, ...manual(40_000) });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe(ReceivingMessages.slipNotForWarehouse);

    const pre = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, truckId: truck, driverId: driver, warehouseId: yardId, machineId: yardBridge, ...manual(24_000) });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.record).toMatchObject({ slipKind: 'warehouseLoadingSlip', slipId: out.id, slipNumber: String(out.slipNumber), slipQuantity: '10.000' });
    const after = await call<{ rows: TInTransitSlip[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${yardId}`);
    expect(after.body.rows.map((r) => [r.slipKind, r.slipId])).toEqual([['loadingSlip', port.id]]);

    // 24 t loaded, 14.02 t empty: 9.98 t received (5 into silo A, 4.98 into B), 0.02 t transit loss.
    const received = await call<TWarehouseInSaved>('POST', '/api/warehouseIn', {
      preInId: pre.body.record.id,
      machineId: yardBridge,
      ...manual(14_020),
      storage: 'silo',
      silos: [
        { siloId: siloA, quantity: '5' },
        { siloId: siloB, quantity: '4.98' },
      ],
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.record).toMatchObject({ slipKind: 'warehouseLoadingSlip', slipNumber: String(out.slipNumber), slipQuantity: '10.000', receivedQuantity: '9.980', transitLoss: '0.020' });
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(0n);
    expect(await balance('TRANSIT_LOSS', { trip_id: tripId })).toBe(20n);
    const landed = { location_id: yardId, owner_company_id: world.consigneeId, consignment_id: shipment.consignmentId, voyage_id: shipment.voyageId, attached_voyage_id: shipment.voyageId };
    expect(await balance('ON_HAND', { ...landed, silo_id: siloA })).toBe(5_000n);
    expect(await balance('ON_HAND', { ...landed, silo_id: siloB })).toBe(4_980n);
    expect(await outRow(out.id)).toMatchObject({ receivedTable: 'warehouse_ins', receivedId: received.body.record.id });
    const list = await call<TWarehouseInList>('GET', '/api/warehouseIn');
    expect(list.body.rows.find((r) => r.id === received.body.record.id)).toMatchObject({ slipKind: 'warehouseLoadingSlip', slipNumber: String(out.slipNumber) });
    const preIns = await call<TWarehousePreInList>('GET', '/api/warehousePreIn?status=all');
    expect(preIns.body.rows.find((r) => r.id === pre.body.record.id)).toMatchObject({ slipKind: 'warehouseLoadingSlip', warehouseInId: received.body.record.id });

    // Received twice: refused.
    const twice = await call('POST', '/api/warehousePreIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, truckId: truck, driverId: driver, warehouseId: yardId, machineId: yardBridge, ...manual(24_000) });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ReceivingMessages.slipAlreadyReceived);

    // The reversal chain: the out waits for its in.
    const refused = await call('DELETE', `/api/warehouseOut/${out.id}/reverse`, { reason: 'Wrong truck' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LinkMessages.warehouseOutInWarehouse);
    const inReversed = await call('DELETE', `/api/warehouseIn/${received.body.record.id}/reverse`, { reason: 'Wrong silo' });
    expect(inReversed.status, JSON.stringify(inReversed.body)).toBe(200);
    expect(await outRow(out.id)).toMatchObject({ receivedTable: null, receivedId: null });
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(10_000n);
    const preReversed = await call('DELETE', `/api/warehousePreIn/${pre.body.record.id}/reverse`, { reason: 'Wrong truck' });
    expect(preReversed.status, JSON.stringify(preReversed.body)).toBe(200);
    const outReversed = await call('DELETE', `/api/warehouseOut/${out.id}/reverse`, { reason: 'Wrong truck' });
    expect(outReversed.status, JSON.stringify(outReversed.body)).toBe(200);
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(0n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('a warehouse loading slip received at a consignee or a customer location', () => {
  it('Consignee In: both kinds in its picker, the wrong receipt refused, received once, the out held until the receipt is reversed', async () => {
    const port = await portSlip('directDelivery', world.consigneeLocationId);
    const { out, tripId } = await warehouseSlip('consignee', world.consigneeLocationId, '12');
    const picker = await call<{ rows: TInTransitSlip[] }>('GET', '/api/consigneeIn/slips');
    expect(picker.status).toBe(200);
    expect(picker.body.rows.map((r) => [r.slipKind, r.slipId])).toEqual(expect.arrayContaining([['loadingSlip', port.id], ['warehouseLoadingSlip', out.id]]));
    expect(picker.body.rows.every((r) => r.toLocationId === world.consigneeLocationId || r.toLocationId === world.sisterLocationId || r.toLocationId === world.strangerLocationId)).toBe(true);
    // A customer location's picker does not offer it.
    const customerPicker = await call<{ rows: TInTransitSlip[] }>('GET', '/api/customerIn/slips');
    expect(customerPicker.body.rows.some((r) => r.slipKind === 'warehouseLoadingSlip' && r.slipId === out.id)).toBe(false);
    const wrong = await call('POST', '/api/customerIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, wbtNumber: 'X-1', quantity: '12' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(DeliveryInMessages.slipNotForCustomer);

    const created = await call<TDeliveryInSaved>('POST', '/api/consigneeIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, wbtNumber: 'CN-1', quantity: '11.9' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(DeliveryInMessages.consigneeInCreated);
    expect(created.body.record).toMatchObject({ slipKind: 'warehouseLoadingSlip', slipNumber: String(out.slipNumber), locationId: world.consigneeLocationId, slipQuantity: '12.000', receivedQuantity: '11.900', transitLoss: '0.100' });
    expect(created.body.record.truckPlate).toContain('WSL A');
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(0n);
    expect(await balance('TRANSIT_LOSS', { trip_id: tripId })).toBe(100n);
    expect(await balance('ON_HAND', { location_id: world.consigneeLocationId, silo_id: null, consignment_id: shipment.consignmentId })).toBe(11_900n);
    expect(await outRow(out.id)).toMatchObject({ receivedTable: 'consignee_ins', receivedId: created.body.record.id });
    const list = await call<TDeliveryInList>('GET', `/api/consigneeIn?search=${out.slipNumber}`);
    expect(list.body.rows.map((r) => [r.slipKind, r.id])).toContainEqual(['warehouseLoadingSlip', created.body.record.id]);

    const twice = await call('POST', '/api/consigneeIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, wbtNumber: 'CN-2', quantity: '12' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ReceivingMessages.slipAlreadyReceived);

    // The edit reposts against the same in-transit account.
    const edited = await call<TDeliveryInSaved>('PUT', `/api/consigneeIn/${created.body.record.id}`, { wbtNumber: 'CN-1b', quantity: '12.01' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.record).toMatchObject({ transitLoss: '-0.010' });
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(0n);

    const refused = await call('DELETE', `/api/warehouseOut/${out.id}/reverse`, { reason: 'Cancelled' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LinkMessages.warehouseOutInConsigneeIn);
    const reversed = await call('DELETE', `/api/consigneeIn/${created.body.record.id}/reverse`, { reason: 'Wrong ticket' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(await outRow(out.id)).toMatchObject({ receivedTable: null });
    const outReversed = await call('DELETE', `/api/warehouseOut/${out.id}/reverse`, { reason: 'Cancelled' });
    expect(outReversed.status, JSON.stringify(outReversed.body)).toBe(200);
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(0n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('Customer In: received at the customer location; the out’s reversal names the Customer In', async () => {
    const { out, tripId } = await warehouseSlip('customer', world.customerLocationId, '8');
    const wrong = await call('POST', '/api/consigneeIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, wbtNumber: 'X-2', quantity: '8' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(DeliveryInMessages.slipNotForConsignee);
    const created = await call<TDeliveryInSaved>('POST', '/api/customerIn', { slipKind: 'warehouseLoadingSlip', slipId: out.id, wbtNumber: 'CU-1', quantity: '8' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(DeliveryInMessages.customerInCreated);
    expect(created.body.record).toMatchObject({ slipKind: 'warehouseLoadingSlip', locationId: world.customerLocationId, transitLoss: '0.000' });
    expect(await balance('IN_TRANSIT', { trip_id: tripId })).toBe(0n);
    expect(await outRow(out.id)).toMatchObject({ receivedTable: 'customer_ins' });
    const refused = await call('DELETE', `/api/warehouseOut/${out.id}/reverse`, { reason: 'Cancelled' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LinkMessages.warehouseOutInCustomerIn);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('data scope of the pickers and receipts', () => {
  it('a clerk of the customer site neither sees nor receives a slip going to the consignee site or the yard', async () => {
    const toConsignee = await warehouseSlip('consignee', world.consigneeLocationId, '3');
    const toYard = await warehouseSlip('warehouse', yardId, '3');
    const toCustomer = await warehouseSlip('customer', world.customerLocationId, '3');
    const consigneePicker = await call<{ rows: TInTransitSlip[] }>('GET', '/api/consigneeIn/slips', undefined, scopedHeaders);
    expect(consigneePicker.status).toBe(200);
    expect(consigneePicker.body.rows).toEqual([]);
    const yardPicker = await call<{ rows: TInTransitSlip[] }>('GET', `/api/warehousePreIn/slips?warehouseId=${yardId}`, undefined, scopedHeaders);
    expect(yardPicker.body.rows).toEqual([]);
    const customerPicker = await call<{ rows: TInTransitSlip[] }>('GET', '/api/customerIn/slips', undefined, scopedHeaders);
    expect(customerPicker.body.rows.map((r) => [r.slipKind, r.slipId])).toContainEqual(['warehouseLoadingSlip', toCustomer.out.id]);
    expect(customerPicker.body.rows.every((r) => r.toLocationId === world.customerLocationId)).toBe(true);
    const foreign = await call('POST', '/api/consigneeIn', { slipKind: 'warehouseLoadingSlip', slipId: toConsignee.out.id, wbtNumber: 'S-1', quantity: '3' }, scopedHeaders);
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toMatchObject({ slipId: ReceivingMessages.slipRequired });
    expect(await outRow(toConsignee.out.id)).toMatchObject({ receivedTable: null });
    expect(await outRow(toYard.out.id)).toMatchObject({ receivedTable: null });
    const own = await call<TDeliveryInSaved>('POST', '/api/customerIn', { slipKind: 'warehouseLoadingSlip', slipId: toCustomer.out.id, wbtNumber: 'S-2', quantity: '3' }, scopedHeaders);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
