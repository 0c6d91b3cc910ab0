import {
  LinkMessages,
  Messages,
  WarehouseDispatchMessages,
  permissionFlag,
  type TDispatchableWeights,
  type TOpenPreOuts,
  type TOutboundFirstWeightSaved,
  type TOutboundSecondWeightSaved,
  type TStockPositions,
  type TWarehouseOutList,
  type TWarehouseOutSaved,
  type TWarehousePreOutList,
  type TWarehousePreOutSaved,
  type TWarehouseSlipView,
} from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransitAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { putOnHand as putStockOnHand } from '../../test/stock-fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { warehouseOuts, warehousePreOuts } from './warehouse-dispatch.schema';

/*
 * Warehouse dispatch through its routes: Pre Out commitments (usable never below zero, also racing), the Warehouse
 * Out's WBQ rule and posting, the reversal chain through the typed back-pointers, the loading slips, the data scope
 * and the entry type / transporter flags. Stock is put ON_HAND by a posting through the ledger service (ON_BOARD ->
 * ON_HAND, as a receipt would), never by writing balances.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let clerkHeaders: Record<string, string>;
let flaggedHeaders: Record<string, string>;
let scopedHeaders: Record<string, string>;
let truckA: number;
let truckB: number;
let driverA: number;
let bridge: number;
let siloId: number;
let warehouseId: number;
let otherWarehouseId: number;
let shipment: { voyageId: number; consignmentId: number };
let raceTrucks: number[];

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

/** A position of the test's consignment at the warehouse (silo or open area). */
const position = (silo: number | null, owner = world.consigneeId): Position => ({
  locationId: warehouseId,
  siloId: silo,
  ownerCompanyId: owner,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

/** Puts stock on hand through the ledger: ON_BOARD -> ON_HAND of the position, as a receipt posts it. */
const putOnHand = (pos: Position, tonnes: string) => putStockOnHand(t.database.db, writer, shipment, pos, tonnes);

const balanceOf = (pos: Position) => inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) }));

const preOutBody = (pos: Position, quantity: string, overrides: Record<string, unknown> = {}) => ({
  warehouseId: pos.locationId,
  siloId: pos.siloId,
  ownerCompanyId: pos.ownerCompanyId,
  consignmentId: pos.consignmentId,
  cargoTypeId: pos.cargoTypeId,
  voyageId: pos.voyageId,
  attachedVoyageId: pos.attachedVoyageId,
  truckId: truckA,
  driverId: driverA,
  quantity,
  ...overrides,
});

/** An outbound first and second weight (manual, as the admin may) of a truck at the warehouse: the net in kg. */
async function weighOut(truckId: number, netKg: number): Promise<number> {
  const first = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', { truckId, driverId: driverA, warehouseId: warehouseId, machineId: bridge, manual: true, manualKg: 15_000, manualReason: 'Indicator down' });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await call<TOutboundSecondWeightSaved>('POST', '/api/outboundSecondWeight', { firstWeightId: first.body.record.id, truckId, machineId: bridge, manual: true, manualKg: 15_000 + netKg, manualReason: 'Indicator down' });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return second.body.record.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Dispatch agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Dana', lastName: 'Dispatcher' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('DSP A');
  truckB = await world.truck('DSP B');
  driverA = await world.driver('Fahad');
  raceTrucks = [];
  for (let i = 0; i < 12; i += 1) raceTrucks.push(await world.truck(`RACE ${i}`));
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Silo yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  bridge = await addResource(db, writer, 'weightMachine', { weightMachineId: 'WB-DSP-1', name: 'Bridge DSP', locationId: warehouseId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
  siloId = await addResource(db, writer, 'silo', { name: 'Silo 1', warehouseId: warehouseId, capacity: 5000 });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Second yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const txn = (module: string) => ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag(module, action as 'view'));
  const clerkFlags = [...txn('WarehousePreOut'), ...txn('WarehouseOut'), permissionFlag('WarehouseLoadingSlips', 'view'), permissionFlag('WarehouseLoadingSlips', 'export')];
  const clerkRole = await makeRole(db, { agencyId: agency.id, permissions: clerkFlags, name: 'Dispatch clerk' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id });
  clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(agency.id) };
  const flaggedRole = await makeRole(db, { agencyId: agency.id, permissions: [...clerkFlags, 'canViewEntryTypeWarehouseOut', 'canFilterTransporterWarehouseOut'], name: 'Dispatch lead' });
  const flagged = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: flaggedRole.id });
  flaggedHeaders = { ...bearer(await loginAs(t.app, flagged.username)), 'x-agency-id': String(agency.id) };
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id, locationIds: [otherWarehouseId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  await putOnHand(position(siloId), '100');
  await putOnHand(position(null), '60');
});
afterAll(async () => {
  await t.close();
});

describe('Pre Out: a commitment of on-hand stock', () => {
  it('lists positions with their usable quantity, commits a quantity and shows it as committed', async () => {
    const before = await call<TStockPositions>('GET', `/api/warehousePreOut/positions?warehouseId=${warehouseId}`);
    expect(before.status).toBe(200);
    const silo = before.body.rows.find((r) => r.siloId === siloId);
    expect(silo).toMatchObject({ siloName: 'Silo 1', onHand: '100.000', committed: '0.000', usable: '100.000', consignmentId: shipment.consignmentId });
    expect(before.body.rows.find((r) => r.siloId === null)).toMatchObject({ usable: '60.000' });

    const created = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(siloId), '30'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(WarehouseDispatchMessages.preOutCreated);
    expect(created.body.record).toMatchObject({ quantity: '30.000', siloName: 'Silo 1', warehouseOutId: null, status: 'Active', createdBy: 'Dana Dispatcher' });
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n, committedKg: 30_000n, usableKg: 70_000n });
    const after = await call<TStockPositions>('GET', `/api/warehousePreOut/positions?warehouseId=${warehouseId}`);
    expect(after.body.rows.find((r) => r.siloId === siloId)).toMatchObject({ onHand: '100.000', committed: '30.000', usable: '70.000' });

    // Edit: the commitment is reversed and posted again in one transaction.
    const edited = await call<TWarehousePreOutSaved>('PUT', `/api/warehousePreOut/${created.body.record.id}`, { truckId: truckA, driverId: driverA, quantity: '25', remarks: 'less' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe(WarehouseDispatchMessages.preOutUpdated);
    expect(await balanceOf(position(siloId))).toMatchObject({ committedKg: 25_000n, usableKg: 75_000n });

    const reversed = await call('DELETE', `/api/warehousePreOut/${created.body.record.id}/reverse`, { reason: 'Truck cancelled' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(WarehouseDispatchMessages.preOutReversedOk);
    expect(await balanceOf(position(siloId))).toMatchObject({ committedKg: 0n, usableKg: 100_000n });
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'warehousePreOut'), eq(auditLog.entityId, String(created.body.record.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse', 'update']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses a quantity beyond usable with "Quantity not available" and writes nothing', async () => {
    const count = async () => (await t.database.db.select({ id: warehousePreOuts.id }).from(warehousePreOuts)).length;
    const before = await count();
    const over = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '60.001'));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(Messages.quantityNotAvailable);
    // A position with nothing on hand (another owner) is refused the same way.
    const none = await call('POST', '/api/warehousePreOut', preOutBody(position(null, world.sisterConsigneeId), '1'));
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(Messages.quantityNotAvailable);
    expect(await count()).toBe(before);
    expect(await balanceOf(position(null))).toMatchObject({ committedKg: 0n });
  });

  it('answers the spec’s messages for bad input', async () => {
    const noWarehouse = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '1', { warehouseId: '' }));
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    const noTruck = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '1', { truckId: null }));
    expect(noTruck.status).toBe(400);
    expect(noTruck.body.details?.truckId).toBe(Messages.truckRequired);
    const noDriver = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '1', { driverId: undefined }));
    expect(noDriver.body.details?.driverId).toBe(Messages.driverRequired);
    const zero = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '0'));
    expect(zero.status).toBe(400);
    expect(zero.body.details?.quantity).toBe(Messages.quantityPositive);
    // A delivery location is no warehouse.
    const notWarehouse = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '1', { warehouseId: world.consigneeLocationId }));
    expect(notWarehouse.status).toBe(400);
    expect(notWarehouse.body.details?.warehouseId).toBe(Messages.warehouseRequired);
  });

  it('keeps the data scope: a user of another warehouse neither sees nor commits this stock', async () => {
    const created = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(null), '5'), clerkHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const list = await call<TWarehousePreOutList>('GET', '/api/warehousePreOut?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    expect((await call('GET', `/api/warehousePreOut/${created.body.record.id}`, undefined, scopedHeaders)).status).toBe(404);
    const positions = await call<TStockPositions>('GET', '/api/warehousePreOut/positions', undefined, scopedHeaders);
    expect(positions.body.rows).toEqual([]);
    const refused = await call('POST', '/api/warehousePreOut', preOutBody(position(null), '1'), scopedHeaders);
    expect(refused.status).toBe(400);
    expect(refused.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    expect((await call('DELETE', `/api/warehousePreOut/${created.body.record.id}/reverse`, { reason: 'x' }, scopedHeaders)).status).toBe(404);
    expect((await call('DELETE', `/api/warehousePreOut/${created.body.record.id}/reverse`, { reason: 'done' }, clerkHeaders)).status).toBe(200);
  });
});

describe('Warehouse Out: dispatch with its loading slip', () => {
  it('refuses a second weight whose net is below the Pre Out: WBQ of Out cannot be less than WBQ of Pre out.', async () => {
    const preOut = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(siloId), '30', { truckId: truckB }));
    expect(preOut.status).toBe(200);
    const secondWeightId = await weighOut(truckB, 29_990);
    const refused = await call('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'consignee', toLocationId: world.consigneeLocationId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WarehouseDispatchMessages.wbqBelowPreOut);
    expect((await t.database.db.select().from(warehouseOuts).where(eq(warehouseOuts.preOutId, preOut.body.record.id))).length).toBe(0);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n, committedKg: 30_000n });
    // A second weight of another truck is not this Pre Out's.
    const other = await weighOut(truckA, 31_000);
    const wrongTruck = await call('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId: other, destinationType: 'consignee', toLocationId: world.consigneeLocationId });
    expect(wrongTruck.status).toBe(400);
    expect(wrongTruck.body.message).toBe(WarehouseDispatchMessages.preOutTruckMismatch);
    expect((await call('DELETE', `/api/warehousePreOut/${preOut.body.record.id}/reverse`, { reason: 'reweigh' })).status).toBe(200);
  });

  it('moves the net ON_HAND -> IN_TRANSIT, releases the Pre Out, prints the slip; the reversal chain holds and returns the stock', async () => {
    const preOut = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(siloId), '30'));
    expect(preOut.status).toBe(200);
    const pickers = await call<TOpenPreOuts>('GET', `/api/warehouseOut/preOuts?warehouseId=${warehouseId}`);
    expect(pickers.body.rows.map((r) => r.id)).toContain(preOut.body.record.id);
    const secondWeightId = await weighOut(truckA, 30_420);
    const weights = await call<TDispatchableWeights>('GET', `/api/warehouseOut/secondWeights?preOutId=${preOut.body.record.id}`);
    expect(weights.body.rows.find((w) => w.id === secondWeightId)).toMatchObject({ netKg: 30_420, netQuantity: '30.420', manual: true });

    // Bad destinations first: another kind of place, the same warehouse.
    const wrongKind = await call('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'customer', toLocationId: world.consigneeLocationId });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.details?.toLocationId).toBe(WarehouseDispatchMessages.destinationRequired);
    const same = await call('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'warehouse', toLocationId: warehouseId });
    expect(same.body.details?.toLocationId).toBe(WarehouseDispatchMessages.destinationSameWarehouse);

    const out = await call<TWarehouseOutSaved>('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'warehouse', toLocationId: otherWarehouseId, remarks: 'to yard 2' });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.message).toBe(WarehouseDispatchMessages.warehouseOutCreated);
    const record = out.body.record;
    expect(record).toMatchObject({ quantity: '30.420', netKg: 30_420, preOutQuantity: '30.000', toLocationName: 'Second yard', destinationType: 'warehouse', received: false, entryType: 'manual' });
    expect(record.slipNumber).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n - 30_420n, committedKg: 0n });
    const trip = await inAgency(t.database.db, writer.agencyId, (tx) =>
      accountBalance(tx, { agencyId: writer.agencyId, account: inTransitAccount({ tripId: record.tripId, voyageId: shipment.voyageId, consignmentId: shipment.consignmentId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId }) }),
    );
    expect(trip?.balanceKg).toBe(30_420n);
    // The Pre Out is delivered: it leaves the picker, and a second out on it is refused.
    expect((await call<TOpenPreOuts>('GET', '/api/warehouseOut/preOuts')).body.rows.map((r) => r.id)).not.toContain(preOut.body.record.id);
    const again = await call('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'warehouse', toLocationId: otherWarehouseId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WarehouseDispatchMessages.preOutDelivered);

    // The slip: list, view, PDF, export.
    const slips = await call<TWarehouseOutList>('GET', `/api/warehouseLoadingSlips?search=${record.slipNumber}`, undefined, clerkHeaders);
    expect(slips.status).toBe(200);
    expect(slips.body.rows.map((r) => r.id)).toContain(record.id);
    const view = await call<TWarehouseSlipView>('GET', `/api/warehouseLoadingSlips/${record.id}/view`, undefined, clerkHeaders);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({ agencyName: 'Dispatch agency', timeZone: 'Asia/Riyadh', slip: { slipNumber: record.slipNumber, quantity: '30.420' } });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/warehouseLoadingSlips/${record.id}/pdf`, headers: clerkHeaders });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/warehouseLoadingSlips/export.xlsx?lang=ar', headers: clerkHeaders });
    expect(xlsx.statusCode).toBe(200);

    // Reversal chain: the Pre Out and the second weight are held by the live out.
    const preOutRefused = await call('DELETE', `/api/warehousePreOut/${preOut.body.record.id}/reverse`, { reason: 'no' });
    expect(preOutRefused.status).toBe(409);
    expect(preOutRefused.body.message).toBe(LinkMessages.preOutInWarehouseOut);
    const weightRefused = await call('DELETE', `/api/outboundSecondWeight/${secondWeightId}/reverse`, { reason: 'no' });
    expect(weightRefused.status).toBe(409);
    expect(weightRefused.body.message).toBe(LinkMessages.secondWeightInWarehouseOut);

    // An In that received the out (the receiving flow sets the back-pointer) holds the out.
    await t.database.db.execute(sql`update warehouse_outs set received_table = 'warehouse_ins', received_id = 1, received_at = now() where id = ${record.id}`);
    const outRefused = await call('DELETE', `/api/warehouseOut/${record.id}/reverse`, { reason: 'no' });
    expect(outRefused.status).toBe(409);
    expect(outRefused.body.message).toBe(LinkMessages.warehouseOutInWarehouse);
    await t.database.db.execute(sql`update warehouse_outs set received_table = null, received_id = null, received_at = null where id = ${record.id}`);

    const noReason = await call('DELETE', `/api/warehouseOut/${record.id}/reverse`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    const reversed = await call('DELETE', `/api/warehouseOut/${record.id}/reverse`, { reason: 'Wrong truck' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(WarehouseDispatchMessages.warehouseOutReversedOk);
    // The stock and the commitment return; the Pre Out is open again.
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n, committedKg: 30_000n });
    expect((await call<TOpenPreOuts>('GET', '/api/warehouseOut/preOuts')).body.rows.map((r) => r.id)).toContain(preOut.body.record.id);
    expect((await call('DELETE', `/api/warehousePreOut/${preOut.body.record.id}/reverse`, { reason: 'cancelled' })).status).toBe(200);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n, committedKg: 0n });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps the entry type and transporter filters behind their flags, and the scope on outs', async () => {
    const preOut = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(null), '10'));
    const secondWeightId = await weighOut(truckA, 10_000);
    const out = await call<TWarehouseOutSaved>('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'customer', toLocationId: world.customerLocationId }, clerkHeaders);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.record.entryType).toBeNull();
    const plain = await call<TWarehouseOutList>('GET', '/api/warehouseOut', undefined, clerkHeaders);
    expect(plain.body.rows.every((r) => r.entryType === null)).toBe(true);
    expect((await call('GET', '/api/warehouseOut?entryType=manual', undefined, clerkHeaders)).status).toBe(403);
    expect((await call('GET', `/api/warehouseOut?transporterId=${world.transporterId}`, undefined, clerkHeaders)).status).toBe(403);
    const manual = await call<TWarehouseOutList>('GET', '/api/warehouseOut?entryType=manual', undefined, flaggedHeaders);
    expect(manual.status).toBe(200);
    expect(manual.body.rows.map((r) => r.id)).toContain(out.body.record.id);
    expect(manual.body.rows.every((r) => r.entryType === 'manual')).toBe(true);
    expect((await call<TWarehouseOutList>('GET', '/api/warehouseOut?entryType=automatic', undefined, flaggedHeaders)).body.count).toBe(0);
    const byTransporter = await call<TWarehouseOutList>('GET', `/api/warehouseOut?transporterId=${world.otherTransporterId}`, undefined, flaggedHeaders);
    expect(byTransporter.body.count).toBe(0);
    expect((await call<TWarehouseOutList>('GET', `/api/warehouseOut?transporterId=${world.transporterId}`, undefined, flaggedHeaders)).body.count).toBeGreaterThan(0);
    const scoped = await call<TWarehouseOutList>('GET', '/api/warehouseOut?status=all', undefined, scopedHeaders);
    expect(scoped.body.count).toBe(0);
    expect((await call('GET', `/api/warehouseLoadingSlips/${out.body.record.id}/view`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call('DELETE', `/api/warehouseOut/${out.body.record.id}/reverse`, { reason: 'tidy' })).status).toBe(200);
    expect((await call('DELETE', `/api/warehousePreOut/${preOut.body.record.id}/reverse`, { reason: 'tidy' })).status).toBe(200);
  });
});

describe('cargo control: a cargo stopped going out of the warehouse', () => {
  it('refuses a new Pre Out and the Warehouse Out of an existing one, with nothing written; other warehouses and intake blocks do not stop it', async () => {
    const preOut = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(siloId), '5', { truckId: truckB }));
    expect(preOut.status, JSON.stringify(preOut.body)).toBe(200);
    const secondWeightId = await weighOut(truckB, 5_000);
    const countPreOuts = async () => (await t.database.db.select({ id: warehousePreOuts.id }).from(warehousePreOuts)).length;
    const before = await countPreOuts();
    // Neither a rule of another warehouse nor an intake block stops the dispatch.
    const elsewhere = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Stop wheat out of yard 2', cargoTypeId: world.cargoTypeId, locationId: otherWarehouseId, blockOut: true });
    const intake = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Stop wheat into the silo yard', cargoTypeId: world.cargoTypeId, locationId: warehouseId, blockIn: true });
    const stillOpen = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', preOutBody(position(siloId), '1'));
    expect(stillOpen.status, JSON.stringify(stillOpen.body)).toBe(200);
    expect((await call('DELETE', `/api/warehousePreOut/${stillOpen.body.record.id}/reverse`, { reason: 'tidy' })).status).toBe(200);

    for (const locationId of [warehouseId, null]) {
      const block = await addResource(t.database.db, writer, 'cargoControlRule', { name: `Stop wheat out ${locationId ?? 'everywhere'}`, cargoTypeId: world.cargoTypeId, locationId, blockOut: true });
      const refusedPreOut = await call('POST', '/api/warehousePreOut', preOutBody(position(siloId), '1'));
      expect(refusedPreOut.status).toBe(422);
      expect(refusedPreOut.body.message).toBe(WarehouseDispatchMessages.cargoBlockedOut);
      const refusedOut = await call('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'customer', toLocationId: world.customerLocationId });
      expect(refusedOut.status).toBe(422);
      expect(refusedOut.body.message).toBe(WarehouseDispatchMessages.cargoBlockedOut);
      await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${block}`);
    }
    expect(await countPreOuts()).toBe(before + 1);
    expect((await t.database.db.select().from(warehouseOuts).where(eq(warehouseOuts.preOutId, preOut.body.record.id))).length).toBe(0);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n, committedKg: 5_000n });

    // The block lifted, the same Pre Out goes out.
    const out = await call<TWarehouseOutSaved>('POST', '/api/warehouseOut', { preOutId: preOut.body.record.id, secondWeightId, destinationType: 'customer', toLocationId: world.customerLocationId });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 95_000n, committedKg: 0n });
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id in (${elsewhere}, ${intake})`);
    // Its reversal returns the stock whatever the rules (it undoes a dispatch, it brings in nothing new).
    expect((await call('DELETE', `/api/warehouseOut/${out.body.record.id}/reverse`, { reason: 'tidy' })).status).toBe(200);
    expect((await call('DELETE', `/api/warehousePreOut/${preOut.body.record.id}/reverse`, { reason: 'tidy' })).status).toBe(200);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 100_000n, committedKg: 0n });
  });
});

describe('racing Pre Outs on one position', () => {
  it(`never take usable below zero (${testEngine})`, async () => {
    const pos = position(null, world.consigneeId);
    const before = await balanceOf(pos);
    const usable = before?.usableKg ?? 0n;
    // 12 trucks ask 7 MT each of a position with `usable` (60 MT): at most 8 fit.
    const answers = await Promise.all(raceTrucks.map((truckId) => call('POST', '/api/warehousePreOut', preOutBody(pos, '7', { truckId }))));
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 409);
    expect(ok).toBe(Number(usable / 7_000n));
    expect(refused.length).toBe(raceTrucks.length - ok);
    expect(refused.every((a) => a.body.message === Messages.quantityNotAvailable)).toBe(true);
    const after = await balanceOf(pos);
    expect(after?.committedKg).toBe((before?.committedKg ?? 0n) + BigInt(ok) * 7_000n);
    expect((after?.usableKg ?? -1n) >= 0n).toBe(true);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
