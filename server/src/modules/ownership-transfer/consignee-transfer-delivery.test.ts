import {
  ConsigneeTransferMessages,
  LoanMessages,
  Messages,
  permissionFlag,
  type TConsigneeTransfer,
  type TConsigneeTransferList,
  type TConsigneeTransferSaved,
  type TDeliveryInSaved,
  type TWarehousePreInSaved,
  type TWarehouseTransferSlipView,
  WarehouseTransferMessages,
} from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { auditLog } from '../../platform/audit/audit.schema';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { balanceOf, putOnHand as putStockOnHand } from '../../test/stock-fixtures';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';
import { ownershipTransfers } from './ownership-transfer.schema';

/*
 * A consignee transfer delivered by truck (issue 14): with a `movement`, consignee A's cargo at a consignee location
 * leaves on a transfer slip (source `consigneeTransfer`, arrival owner B) for a delivery location of B or a warehouse,
 * received there by Consignee In (Warehouse Pre In / In); the record keeps the slip and is held, in its own words,
 * while a receipt holds it.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let truckA: number;
let driverA: number;
let yardId: number;
let yardBridge: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

const position = (locationId: number, owner: number): Position => ({
  locationId,
  siloId: null,
  ownerCompanyId: owner,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

const putOnHand = (pos: Position, tonnes: string) => putStockOnHand(t.database.db, writer, shipment, pos, tonnes);
const balance = (kind: string, where: Record<string, number | null>) => balanceOf(t.database.db, writer.agencyId, kind, where);
const onHand = (locationId: number, owner: number) => balance('ON_HAND', { location_id: locationId, silo_id: null, owner_company_id: owner, consignment_id: shipment.consignmentId });

async function slipOf(id: number) {
  const [row] = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(transferSlips).where(eq(transferSlips.id, id)));
  if (!row) throw new Error('no slip');
  return row;
}

let wbt = 0;
const movement = (toLocationId: number, overrides: Record<string, unknown> = {}) => {
  wbt += 1;
  return { toLocationId, truckId: truckA, driverId: driverA, wbtNumber: `CT-${wbt}`, ...overrides };
};
const body = (quantity: string, move: unknown, toOwnerCompanyId = world.sisterConsigneeId) => ({
  locationId: world.consigneeLocationId,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
  toOwnerCompanyId,
  quantity,
  movement: move,
});
const manual = (kg: number) => ({ manual: true, manualKg: kg, manualReason: 'Bridge under repair' });
const transfers = async () => (await t.database.db.select({ id: ownershipTransfers.id }).from(ownershipTransfers).where(eq(ownershipTransfers.agencyId, writer.agencyId))).length;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Consignee delivery agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Dina', lastName: 'Delivery' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('CT A');
  driverA = await world.driver('Hadi');
  yardId = await addResource(db, writer, 'warehouse', { name: 'Transfer yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  yardBridge = await addResource(db, writer, 'weightMachine', { weightMachineId: 'WB-CT-1', name: 'Bridge CT', locationId: yardId, protocol: 'tcp', host: '10.1.1.4', port: 4001, maxGross: 80_000 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  await putOnHand(position(world.consigneeLocationId, world.consigneeId), '40');
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
});

afterAll(async () => {
  await t.close();
});

describe('a consignee transfer delivered by truck', () => {
  it(`refuses the same place, a location the new consignee does not own, a customer's, a missing truck and more than usable, writing nothing (${testEngine})`, async () => {
    const same = await call('POST', '/api/consigneeTransfer', body('1', movement(world.consigneeLocationId)));
    expect(same.status).toBe(400);
    expect(same.body.details).toEqual({ 'movement.toLocationId': LoanMessages.deliverySamePlace });
    for (const place of [world.strangerLocationId, world.customerLocationId]) {
      const refused = await call('POST', '/api/consigneeTransfer', body('1', movement(place)));
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual({ 'movement.toLocationId': LoanMessages.deliveryDestinationNotAllowed });
    }
    const noTruck = await call('POST', '/api/consigneeTransfer', body('1', { ...movement(world.sisterLocationId), truckId: null }));
    expect(noTruck.status).toBe(400);
    expect(noTruck.body.details?.['movement.truckId']).toBe(Messages.truckRequired);
    const tooMuch = await call('POST', '/api/consigneeTransfer', body('40.001', movement(world.sisterLocationId)));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(Messages.quantityNotAvailable);
    expect(await transfers()).toBe(0);
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(40_000n);
    const [slips] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from transfer_slips where agency_id = ${writer.agencyId}`);
    expect(Number(slips?.n)).toBe(0);
  });

  it('goes IN_TRANSIT to the new consignee, is received by Consignee In at its location, and is held in its own words until the receipt is reversed', async () => {
    const created = await call<TConsigneeTransferSaved>('POST', '/api/consigneeTransfer', body('12', movement(world.sisterLocationId)));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const record = created.body.record;
    expect(record).toMatchObject({ quantity: '12.000', delivery: { toLocationId: world.sisterLocationId, received: false, truckId: truckA } });
    const slip = await slipOf(record.delivery?.slipId ?? 0);
    expect(slip).toMatchObject({ sourceKind: 'consigneeTransfer', fromLocationId: world.consigneeLocationId, ownerCompanyId: world.consigneeId, toOwnerCompanyId: world.sisterConsigneeId, destination: 'consignee', slipNumber: record.delivery?.slipNumber });
    const [row] = await t.database.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, record.id));
    expect(row).toMatchObject({ transferSlipId: slip.id, ledgerTransactionId: null, kind: 'consigneeTransfer' });
    // Not an ownership change in place: B holds nothing at A's location, the cargo is on the road as B's.
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(28_000n);
    expect(await onHand(world.consigneeLocationId, world.sisterConsigneeId)).toBe(0n);
    expect(await balance('IN_TRANSIT', { trip_id: slip.tripId, owner_company_id: world.sisterConsigneeId })).toBe(12_000n);

    const received = await call<TDeliveryInSaved>('POST', '/api/consigneeIn', { slipKind: 'transferSlip', slipId: slip.id, wbtNumber: 'CN-CT-1', quantity: '12' });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await onHand(world.sisterLocationId, world.sisterConsigneeId)).toBe(12_000n);
    expect((await call<TConsigneeTransfer>('GET', `/api/consigneeTransfer/${record.id}`)).body.delivery?.received).toBe(true);
    expect((await call<TConsigneeTransferList>('GET', '/api/consigneeTransfer')).body.rows.find((r) => r.id === record.id)?.delivery).toMatchObject({ received: true, toLocationId: world.sisterLocationId });

    // The export's "Delivered to" column, in English and Arabic.
    for (const [lang, header, text] of [
      ['en', 'Delivered to', `slip ${slip.slipNumber} · received`],
      ['ar', 'سُلّم إلى', `إذن ${slip.slipNumber} · تم الاستلام`],
    ] as const) {
      const exported = await t.app.inject({ method: 'GET', url: `/api/consigneeTransfer/export.xlsx?lang=${lang}`, headers });
      expect(exported.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      const payload: Buffer = exported.rawPayload;
      await workbook.xlsx.load(payload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const titles = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1).map(String);
      const at = titles.indexOf(header);
      expect(at, titles.join(' | ')).toBeGreaterThan(-1);
      const cells = ((sheet?.getRow(2).values ?? []) as unknown[]).slice(1).map(String);
      expect(cells[at]).toContain(text);
    }

    // The printed slip: the consignee transfer's view flag and scope; the new owner named.
    const view = await call<TWarehouseTransferSlipView>('GET', `/api/consigneeTransfer/${record.id}/slip`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.toOwnerName).toMatch(/^Sister consignee/);
    expect(view.body).toMatchObject({ source: 'consigneeTransfer', slip: { id: slip.id, slipNumber: slip.slipNumber, quantity: '12.000', received: true } });
    const pdf = await call('GET', `/api/consigneeTransfer/${record.id}/slip/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Another screen's record with the same id is not this screen's: the Warehouse Transfer's print answers 404.
    expect((await call('GET', `/api/warehouseTransfer/${slip.id}/view`)).status).toBe(404);

    const held = await call('DELETE', `/api/consigneeTransfer/${record.id}/reverse`, { reason: 'Wrong consignee' });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(ConsigneeTransferMessages.inConsigneeIn);
    expect((await slipOf(slip.id)).status).toBe('Active');
    expect((await call('DELETE', `/api/consigneeIn/${received.body.record.id}/reverse`, { reason: 'Wrong consignee' })).status).toBe(200);
    const reversed = await call('DELETE', `/api/consigneeTransfer/${record.id}/reverse`, { reason: 'Wrong consignee' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect((await slipOf(slip.id)).status).toBe('Reversed');
    expect(await balance('IN_TRANSIT', { trip_id: slip.tripId })).toBe(0n);
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(40_000n);
    const audits = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'consigneeTransfer'), eq(auditLog.entityId, String(record.id)))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('to a warehouse: weighed in by Warehouse Pre In, the transfer is held by the Pre In in its own words', async () => {
    const created = await call<TConsigneeTransferSaved>('POST', '/api/consigneeTransfer', body('5', movement(yardId)));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const record = created.body.record;
    const slip = await slipOf(record.delivery?.slipId ?? 0);
    expect(slip).toMatchObject({ destination: 'warehouse', toLocationId: yardId, toOwnerCompanyId: world.sisterConsigneeId });
    const pre = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipKind: 'transferSlip', slipId: slip.id, truckId: truckA, driverId: driverA, warehouseId: yardId, machineId: yardBridge, ...manual(19_000) });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const held = await call('DELETE', `/api/consigneeTransfer/${record.id}/reverse`, { reason: 'Wrong place' });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(ConsigneeTransferMessages.inWarehousePreIn);
    expect((await call('DELETE', `/api/warehousePreIn/${pre.body.record.id}/reverse`, { reason: 'Wrong place' })).status).toBe(200);
    expect((await call('DELETE', `/api/consigneeTransfer/${record.id}/reverse`, { reason: 'Wrong place' })).status).toBe(200);
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(40_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('is not stopped by a cargo control rule for every warehouse: the cargo leaves a consignee location, as a Consignee Out', async () => {
    const ruleId = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Hold wheat everywhere', cargoTypeId: world.cargoTypeId, blockOut: true });
    const sent = await call<TConsigneeTransferSaved>('POST', '/api/consigneeTransfer', body('2', movement(world.sisterLocationId)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // In place the same rule lets it through too, and such a transfer has no slip to print.
    const inPlace = await call<TConsigneeTransferSaved>('POST', '/api/consigneeTransfer', body('1', null));
    expect(inPlace.body.record.delivery).toBeNull();
    const noSlip = await call('GET', `/api/consigneeTransfer/${inPlace.body.record.id}/slip`);
    expect(noSlip.status).toBe(404);
    expect(noSlip.body.message).toBe(WarehouseTransferMessages.slipNotFound);
    expect((await call('DELETE', `/api/consigneeTransfer/${inPlace.body.record.id}/reverse`, { reason: 'Test' })).status).toBe(200);
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${ruleId}`);
    expect((await call('DELETE', `/api/consigneeTransfer/${sent.body.record.id}/reverse`, { reason: 'Test' })).status).toBe(200);
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(40_000n);
  });

  it('a clerk outside the receiving location cannot deliver there (400 on the destination)', async () => {
    const flags = ['view', 'add', 'reverse'].map((action) => permissionFlag('ConsigneeTransfer', action as 'view'));
    const role = await makeRole(t.database.db, { agencyId: writer.agencyId, permissions: flags, name: 'Site clerk' });
    const clerk = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: writer.agencyId, roleId: role.id, locationIds: [world.consigneeLocationId] });
    const clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(writer.agencyId) };
    const refused = await call('POST', '/api/consigneeTransfer', body('1', movement(world.sisterLocationId)), clerkHeaders);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ 'movement.toLocationId': LoanMessages.deliveryDestinationNotAllowed });
    // The slip of a transfer the clerk may see prints; one at a place outside the clerk's locations is 404; without the view flag 403.
    const sent = await call<TConsigneeTransferSaved>('POST', '/api/consigneeTransfer', body('1', movement(yardId)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await call('GET', `/api/consigneeTransfer/${sent.body.record.id}/slip`, undefined, clerkHeaders)).status).toBe(200);
    const outsider = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: writer.agencyId, roleId: role.id, locationIds: [world.sisterLocationId] });
    const outsiderHeaders = { ...bearer(await loginAs(t.app, outsider.username)), 'x-agency-id': String(writer.agencyId) };
    expect((await call('GET', `/api/consigneeTransfer/${sent.body.record.id}/slip`, undefined, outsiderHeaders)).status).toBe(404);
    expect((await call('GET', `/api/consigneeTransfer/${sent.body.record.id}/slip/pdf`, undefined, outsiderHeaders)).status).toBe(404);
    const viewless = await makeRole(t.database.db, { agencyId: writer.agencyId, permissions: [permissionFlag('WarehouseTransfer', 'view')], name: 'Transfer clerk' });
    const stranger = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: writer.agencyId, roleId: viewless.id, locationIds: [] });
    const strangerHeaders = { ...bearer(await loginAs(t.app, stranger.username)), 'x-agency-id': String(writer.agencyId) };
    expect((await call('GET', `/api/consigneeTransfer/${sent.body.record.id}/slip`, undefined, strangerHeaders)).status).toBe(403);
    expect((await call('DELETE', `/api/consigneeTransfer/${sent.body.record.id}/reverse`, { reason: 'Test' })).status).toBe(200);
  });
});
