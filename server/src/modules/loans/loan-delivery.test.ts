import {
  LoanMessages,
  Messages,
  LoanSlipHeldMessages,
  WarehouseDispatchMessages,
  type TDeliveryInSaved,
  type TLoan,
  type TLoanList,
  type TLoanReturn,
  type TLoanReturnSaved,
  type TLoanSaved,
  type TWarehouseInSaved,
  type TWarehousePreInSaved,
  type TWarehouseTransferSlipView,
} from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { balanceOf, putOnHand as putStockOnHand } from '../../test/stock-fixtures';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';

/*
 * Loans delivered by truck (issue 14): Consignee to SM and SM to Consignee with a `movement` post a transfer slip
 * (sources `loan`, `loanReturn`) instead of the ownership change in place: ON_HAND(lender) -> IN_TRANSIT(arrival owner
 * the SM), received at the destination by Warehouse Pre In / In (ON_HAND of the SM), and a return by truck received by
 * Consignee In at the lender's location. The record is held while a receipt holds its slip; a delivered loan's
 * return names the SM's cargo it comes from.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let truckA: number;
let truckB: number;
let driverA: number;
let driverB: number;
let yardId: number;
let yardBridge: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> } };
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
  return { toLocationId, truckId: truckA, driverId: driverA, wbtNumber: `LN-${wbt}`, ...overrides };
};

const loanBody = (locationId: number, quantity: string, move: unknown) => ({
  warehouseId: locationId,
  siloId: null,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
  quantity,
  movement: move,
});
const manual = (kg: number) => ({ manual: true, manualKg: kg, manualReason: 'Bridge under repair' });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Loan delivery agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Dalia', lastName: 'Delivery' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckA = await world.truck('LD A');
  truckB = await world.truck('LD B');
  driverA = await world.driver('Sami');
  driverB = await world.driver('Omar');
  yardId = await addResource(db, writer, 'warehouse', { name: 'SM yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  yardBridge = await addResource(db, writer, 'weightMachine', { weightMachineId: 'WB-LD-1', name: 'Bridge LD', locationId: yardId, protocol: 'tcp', host: '10.1.1.3', port: 4001, maxGross: 80_000 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  await putOnHand(position(world.warehouseId, world.consigneeId), '50');
  await putOnHand(position(world.consigneeLocationId, world.consigneeId), '20');
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
});

afterAll(async () => {
  await t.close();
});

describe('a loan delivered by truck', () => {
  it(`refuses a destination that is the same place, a stranger's or a customer's location, and a missing truck, writing nothing (${testEngine})`, async () => {
    const same = await call('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '1', movement(world.warehouseId)));
    expect(same.status).toBe(400);
    expect(same.body.details).toEqual({ 'movement.toLocationId': LoanMessages.deliverySamePlace });
    for (const place of [world.strangerLocationId, world.customerLocationId]) {
      const refused = await call('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '1', movement(place)));
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual({ 'movement.toLocationId': LoanMessages.deliveryDestinationNotAllowed });
    }
    const noTruck = await call('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '1', { ...movement(yardId), truckId: null }));
    expect(noTruck.status).toBe(400);
    expect(noTruck.body.details?.['movement.truckId']).toBe(Messages.truckRequired);
    const tooMuch = await call('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '50.001', movement(yardId)));
    expect(tooMuch.status).toBe(409);
    expect(await onHand(world.warehouseId, world.consigneeId)).toBe(50_000n);
    expect((await call<TLoanList>('GET', '/api/warehouseConsigneeToSm?status=all')).body.count).toBe(0);
  });

  it('goes IN_TRANSIT to the SM, is received by Warehouse Pre In / In into the SM’s ON_HAND, and is held while received; its return names the SM’s cargo and goes by truck to Consignee In', async () => {
    const created = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '10', movement(yardId)));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const loan = created.body.record;
    // Issued at dispatch: the loan counts 10 t outstanding while the truck is on the road.
    expect(loan).toMatchObject({ quantity: '10.000', returned: '0.000', outstanding: '10.000', delivery: { toLocationId: yardId, toLocationName: 'SM yard', received: false, truckId: truckA } });
    const slip = await slipOf(loan.delivery?.slipId ?? 0);
    expect(slip).toMatchObject({ sourceKind: 'loan', ownerCompanyId: world.consigneeId, toOwnerCompanyId: world.shipmentManagerId, destination: 'warehouse', toLocationId: yardId, slipNumber: loan.delivery?.slipNumber });
    expect(await onHand(world.warehouseId, world.consigneeId)).toBe(40_000n);
    // Not an ownership change in place: the SM holds nothing at the loan's warehouse.
    expect(await onHand(world.warehouseId, world.shipmentManagerId)).toBe(0n);
    expect(await balance('IN_TRANSIT', { trip_id: slip.tripId, owner_company_id: world.shipmentManagerId })).toBe(10_000n);

    const pre = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipKind: 'transferSlip', slipId: slip.id, truckId: truckA, driverId: driverA, warehouseId: yardId, machineId: yardBridge, ...manual(24_000) });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const received = await call<TWarehouseInSaved>('POST', '/api/warehouseIn', { preInId: pre.body.record.id, machineId: yardBridge, ...manual(14_000), storage: 'openArea', silos: [] });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await balance('IN_TRANSIT', { trip_id: slip.tripId })).toBe(0n);
    expect(await onHand(yardId, world.shipmentManagerId)).toBe(10_000n);
    const record = await call<TLoan>('GET', `/api/warehouseConsigneeToSm/${loan.id}`);
    expect(record.body.delivery).toMatchObject({ slipId: slip.id, received: true });
    expect((await call<TLoanList>('GET', '/api/warehouseConsigneeToSm')).body.rows.find((r) => r.id === loan.id)?.delivery?.received).toBe(true);

    // The export's "Delivered to" column.
    const exported = await t.app.inject({ method: 'GET', url: '/api/warehouseConsigneeToSm/export.xlsx?lang=en', headers });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    const payload: Buffer = exported.rawPayload;
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const titles = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1).map(String);
    const cells = ((sheet?.getRow(2).values ?? []) as unknown[]).slice(1).map(String);
    expect(cells[titles.indexOf('Delivered to')]).toBe(`SM yard · slip ${slip.slipNumber} · received`);

    // The printed slip of the loan, on its own screen only; the SM is the owner on arrival.
    const printed = await call<TWarehouseTransferSlipView>('GET', `/api/warehouseConsigneeToSm/${loan.id}/slip`);
    expect(printed.status, JSON.stringify(printed.body)).toBe(200);
    expect(printed.body).toMatchObject({ source: 'loan', slip: { id: slip.id, slipNumber: slip.slipNumber, toLocationName: 'SM yard' } });
    expect(printed.body.toOwnerName).not.toBe('');
    expect((await call('GET', `/api/consigneeToSm/${loan.id}/slip`)).status).toBe(404);

    const refusedReverse = await call('DELETE', `/api/warehouseConsigneeToSm/${loan.id}/reverse`, { reason: 'Wrong truck' });
    expect(refusedReverse.status).toBe(409);
    expect(refusedReverse.body.message).toBe(LoanSlipHeldMessages.loanInWarehouseIn);

    // The loan's place no longer holds the SM's cargo: a return without a source is refused with our message.
    const noSource = await call('POST', '/api/warehouseSmToConsignee', { loanId: loan.id, quantity: '4', source: null, movement: null });
    expect(noSource.status).toBe(400);
    expect(noSource.body.details).toEqual({ source: LoanMessages.movedLoanReturnNeedsSource });
    const sources = await call<{ rows: { warehouseId: number; usable: string }[] }>('GET', `/api/warehouseSmToConsignee/return-sources?loanId=${loan.id}`);
    expect(sources.body.rows).toContainEqual(expect.objectContaining({ warehouseId: yardId, usable: '10.000' }));

    const source = { locationId: yardId, siloId: null, consignmentId: shipment.consignmentId, voyageId: shipment.voyageId, attachedVoyageId: shipment.voyageId };
    // The lender's places only: the sister consignee's location is refused.
    const sister = await call('POST', '/api/warehouseSmToConsignee', { loanId: loan.id, quantity: '4', source, movement: movement(world.sisterLocationId, { truckId: truckB, driverId: driverB }) });
    expect(sister.status).toBe(400);
    expect(sister.body.details).toEqual({ 'movement.toLocationId': LoanMessages.deliveryDestinationNotAllowed });

    const returned = await call<TLoanReturnSaved>('POST', '/api/warehouseSmToConsignee', { loanId: loan.id, quantity: '4', source, movement: movement(world.consigneeLocationId, { truckId: truckB, driverId: driverB }) });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const lr = returned.body.record;
    expect(lr.delivery).toMatchObject({ toLocationId: world.consigneeLocationId, received: false });
    expect((await call<TWarehouseTransferSlipView>('GET', `/api/warehouseSmToConsignee/${lr.id}/slip`)).body).toMatchObject({ source: 'loanReturn', slip: { id: lr.delivery?.slipId } });
    // Returned at dispatch.
    expect((await call<TLoan>('GET', `/api/warehouseConsigneeToSm/${loan.id}`)).body).toMatchObject({ returned: '4.000', outstanding: '6.000' });
    const returnSlip = await slipOf(lr.delivery?.slipId ?? 0);
    expect(returnSlip).toMatchObject({ sourceKind: 'loanReturn', fromLocationId: yardId, ownerCompanyId: world.shipmentManagerId, toOwnerCompanyId: world.consigneeId, destination: 'consignee' });
    expect(await onHand(yardId, world.shipmentManagerId)).toBe(6_000n);

    const consigneeIn = await call<TDeliveryInSaved>('POST', '/api/consigneeIn', { slipKind: 'transferSlip', slipId: returnSlip.id, wbtNumber: 'CN-LR-1', quantity: '4' });
    expect(consigneeIn.status, JSON.stringify(consigneeIn.body)).toBe(200);
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(24_000n);
    expect((await call<TLoanReturn>('GET', `/api/warehouseSmToConsignee/${lr.id}`)).body.delivery?.received).toBe(true);

    const heldReturn = await call('DELETE', `/api/warehouseSmToConsignee/${lr.id}/reverse`, { reason: 'Wrong site' });
    expect(heldReturn.status).toBe(409);
    expect(heldReturn.body.message).toBe(LoanSlipHeldMessages.returnInConsigneeIn);
    expect((await call('DELETE', `/api/consigneeIn/${consigneeIn.body.record.id}/reverse`, { reason: 'Wrong site' })).status).toBe(200);
    const reversedReturn = await call('DELETE', `/api/warehouseSmToConsignee/${lr.id}/reverse`, { reason: 'Wrong site' });
    expect(reversedReturn.status, JSON.stringify(reversedReturn.body)).toBe(200);
    expect(await onHand(yardId, world.shipmentManagerId)).toBe(10_000n);
    expect((await slipOf(returnSlip.id)).status).toBe('Reversed');
    expect((await call<TLoan>('GET', `/api/warehouseConsigneeToSm/${loan.id}`)).body).toMatchObject({ returned: '0.000', outstanding: '10.000' });

    const audits = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'loanReturn'), eq(auditLog.entityId, String(lr.id)))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('from a consignee location, reversed before any receipt: the slip is reversed and the cargo is back at the lender', async () => {
    const created = await call<TLoanSaved>('POST', '/api/consigneeToSm', { ...loanBody(world.consigneeLocationId, '5', movement(yardId)), warehouseId: undefined, siloId: undefined, locationId: world.consigneeLocationId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const loan = created.body.record;
    expect(loan).toMatchObject({ place: 'consigneeLocation', delivery: { toLocationId: yardId, received: false } });
    const slip = await slipOf(loan.delivery?.slipId ?? 0);
    expect(await balance('IN_TRANSIT', { trip_id: slip.tripId, owner_company_id: world.shipmentManagerId })).toBe(5_000n);
    const reversed = await call('DELETE', `/api/consigneeToSm/${loan.id}/reverse`, { reason: 'Truck broke down' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect((await slipOf(slip.id)).status).toBe('Reversed');
    expect(await balance('IN_TRANSIT', { trip_id: slip.tripId })).toBe(0n);
    expect(await onHand(world.consigneeLocationId, world.consigneeId)).toBe(20_000n);
    const audits = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'consigneeToShipmentManagerLoan'), eq(auditLog.entityId, String(loan.id)))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('the cargo control of the warehouse the cargo leaves', () => {
  it('stops a loan delivered by truck out of a blocked warehouse, and not a loan in place there', async () => {
    const before = await onHand(world.warehouseId, world.consigneeId);
    const ruleId = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Hold at the terminal', cargoTypeId: world.cargoTypeId, locationId: world.warehouseId, blockOut: true });
    const blocked = await call('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '1', movement(yardId)));
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(WarehouseDispatchMessages.cargoBlockedOut);
    expect(await onHand(world.warehouseId, world.consigneeId)).toBe(before);
    // Nothing leaves the warehouse in place: the block does not apply.
    const inPlace = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody(world.warehouseId, '1', null));
    expect(inPlace.status, JSON.stringify(inPlace.body)).toBe(200);
    expect((await call('DELETE', `/api/warehouseConsigneeToSm/${inPlace.body.record.id}/reverse`, { reason: 'Block test' })).status).toBe(200);
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${ruleId}`);
    expect(await onHand(world.warehouseId, world.consigneeId)).toBe(before);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
