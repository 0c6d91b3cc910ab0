import { Messages, SaleMessages, WarehouseDispatchMessages, type TInTransitSlip, type TSale, permissionFlag, tonnesToKg, type TSaleCustomers, type TSaleList, type TSaleSaved, type TStockPositions } from '@tonnage/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { queryRows } from '../../platform/db/client';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { consigneeToCustomerSales } from './sales.schema';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';

/*
 * Consignee to Customer (a sale) through its routes: ON_HAND(seller) -> ON_HAND(customer) at one warehouse place, the
 * seller a consignee or a shipment manager, never above the seller's usable (also racing), the reversal (refused once
 * the customer's stock has moved on), the data scope and the ledger staying whole.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let scopedHeaders: Record<string, string>;
let consigneeOnlyHeaders: Record<string, string>;
let siloId: number;
let warehouseId: number;
let otherWarehouseId: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

const position = (silo: number | null, owner = world.consigneeId, locationId = warehouseId): Position => ({
  locationId,
  siloId: silo,
  ownerCompanyId: owner,
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

/** Commits a quantity of a position (as a Pre Out would): the customer's stock moving on. */
async function commit(pos: Position, tonnes: string) {
  return inAgency(t.database.db, writer.agencyId, (tx) =>
    post(tx, { agencyId: writer.agencyId, type: 'testCommit', source: { table: 'test_commits', id: 1 }, userId: writer.userId, at: writer.now, lines: [{ account: onHandAccount(pos), quantityKg: 0n, committedKg: tonnesToKg(tonnes) }] }),
  );
}

const balanceOf = async (pos: Position) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) })))?.balanceKg ?? 0n;

const body = (pos: Position, customerId: number, quantity: string, overrides: Record<string, unknown> = {}) => ({
  warehouseId: pos.locationId,
  siloId: pos.siloId,
  ownerCompanyId: pos.ownerCompanyId,
  consignmentId: pos.consignmentId,
  cargoTypeId: pos.cargoTypeId,
  voyageId: pos.voyageId,
  attachedVoyageId: pos.attachedVoyageId,
  customerId,
  quantity,
  ...overrides,
});

const count = async () => (await t.database.db.select({ id: consigneeToCustomerSales.id }).from(consigneeToCustomerSales)).length;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Sale agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Sami', lastName: 'Seller' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Sales yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  siloId = await addResource(db, writer, 'silo', { name: 'Silo 1', warehouseId, capacity: 5000 });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Far yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['view', 'add', 'reverse'].map((action) => permissionFlag('WarehouseConsigneeToCustomer', action as 'view'));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Sales clerk' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [otherWarehouseId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  const consigneeOnly = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, consigneeIds: [world.sisterConsigneeId] });
  consigneeOnlyHeaders = { ...bearer(await loginAs(t.app, consigneeOnly.username)), 'x-agency-id': String(agency.id) };
  await putOnHand(position(siloId), '100');
  await putOnHand(position(null), '60');
  await putOnHand(position(null, world.shipmentManagerId), '30');
  await putOnHand(position(null, world.consigneeId, world.consigneeLocationId), '20');
});
afterAll(async () => {
  await t.close();
});

describe('Consignee to Customer: a sale in place', () => {
  it('offers the sellers’ warehouse positions and the agency’s customers', async () => {
    const positions = await call<TStockPositions>('GET', `/api/warehouseConsigneeToCustomer/positions?warehouseId=${warehouseId}`);
    expect(positions.status).toBe(200);
    expect(positions.body.rows.find((r) => r.siloId === siloId)).toMatchObject({ usable: '100.000', ownerCompanyId: world.consigneeId });
    expect(positions.body.rows.some((r) => r.ownerCompanyId === world.shipmentManagerId)).toBe(true);
    // A consignee location is no warehouse.
    expect(positions.body.rows.some((r) => r.warehouseId === world.consigneeLocationId)).toBe(false);
    const ofSm = await call<TStockPositions>('GET', `/api/warehouseConsigneeToCustomer/positions?sellerId=${world.shipmentManagerId}`);
    expect(ofSm.body.rows.map((r) => r.ownerCompanyId)).toEqual([world.shipmentManagerId]);
    const customers = await call<TSaleCustomers>('GET', '/api/warehouseConsigneeToCustomer/customers');
    expect(customers.status).toBe(200);
    expect(customers.body.rows.map((c) => c.id)).toEqual([world.customerId]);
  });

  it('sells from a consignee to a customer in one posting of type sale, nothing leaving the place', async () => {
    const created = await call<TSaleSaved>('POST', '/api/warehouseConsigneeToCustomer', body(position(siloId), world.customerId, '40', { remarks: 'Sold in the silo' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SaleMessages.created);
    expect(created.body.record).toMatchObject({ siloName: 'Silo 1', quantity: '40.000', sellerId: world.consigneeId, sellerIsShipmentManager: false, customerId: world.customerId, status: 'Active', createdBy: 'Sami Seller' });
    expect(await balanceOf(position(siloId))).toBe(60_000n);
    expect(await balanceOf(position(siloId, world.customerId))).toBe(40_000n);
    const [row] = await t.database.db.select().from(consigneeToCustomerSales).where(eq(consigneeToCustomerSales.id, created.body.record.id));
    const [txn] = await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, row?.ledgerTransactionId ?? 0));
    expect(txn).toMatchObject({ type: 'sale', sourceTable: 'consignee_to_customer_sales', sourceId: created.body.record.id });
    const list = await call<TSaleList>('GET', `/api/warehouseConsigneeToCustomer?warehouseId=${warehouseId}&customerId=${world.customerId}&sortBy=quantity&sortOrder=asc`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => r.id)).toContain(created.body.record.id);
    expect(list.body.total).toBe('40.000');
    const bySeller = await call<TSaleList>('GET', `/api/warehouseConsigneeToCustomer?sellerId=${world.shipmentManagerId}`);
    expect(bySeller.body.count).toBe(0);
    const searched = await call<TSaleList>('GET', `/api/warehouseConsigneeToCustomer?search=${encodeURIComponent('Customer')}&cargoTypeId=${world.cargoTypeId}&consignmentId=${shipment.consignmentId}`);
    expect(searched.body.count).toBe(1);
    const record = await call('GET', `/api/warehouseConsigneeToCustomer/${created.body.record.id}`);
    expect(record.status).toBe(200);
    const exported = await call('GET', '/api/warehouseConsigneeToCustomer/export.xlsx?lang=ar');
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'consigneeToCustomerSale'), eq(auditLog.entityId, String(created.body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('lets a shipment manager sell what it holds', async () => {
    const created = await call<TSaleSaved>('POST', '/api/warehouseConsigneeToCustomer', body(position(null, world.shipmentManagerId), world.customerId, '12.5'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.record).toMatchObject({ sellerId: world.shipmentManagerId, sellerIsShipmentManager: true, siloName: null, quantity: '12.500' });
    expect(await balanceOf(position(null, world.shipmentManagerId))).toBe(17_500n);
    expect(await balanceOf(position(null, world.customerId))).toBe(12_500n);
  });

  it('refuses more than the seller’s usable with "Quantity not available" and writes nothing', async () => {
    const before = await count();
    const over = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '60.001'));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(Messages.quantityNotAvailable);
    const none = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null, world.sisterConsigneeId), world.customerId, '1'));
    expect(none.status).toBe(409);
    expect(await count()).toBe(before);
    expect(await balanceOf(position(null))).toBe(60_000n);
  });

  it('answers clear messages for bad input', async () => {
    const before = await count();
    const noWarehouse = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '1', { warehouseId: '' }));
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    const site = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null, world.consigneeId, world.consigneeLocationId), world.customerId, '1'));
    expect(site.status).toBe(400);
    expect(site.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    const noCustomer = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), 0, '1', { customerId: '' }));
    expect(noCustomer.body.details?.customerId).toBe(SaleMessages.customerRequired);
    const notCustomer = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.sisterConsigneeId, '1'));
    expect(notCustomer.status).toBe(400);
    expect(notCustomer.body.details?.customerId).toBe(SaleMessages.customerRequired);
    // The customer cannot sell on through this screen (the seller is a consignee or a shipment manager).
    const customerSells = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(siloId, world.customerId), world.customerId, '1'));
    expect(customerSells.status).toBe(400);
    expect(customerSells.body.details?.ownerCompanyId).toBe(SaleMessages.sellerNotAllowed);
    const foreignSilo = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '1', { warehouseId: otherWarehouseId, siloId }));
    expect(foreignSilo.status).toBe(400);
    expect(foreignSilo.body.details?.siloId).toBe(WarehouseDispatchMessages.positionRequired);
    const zero = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '0'));
    expect(zero.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('reverses with a reason, refused with "Quantity not available" once the customer’s stock has moved on', async () => {
    const sale = await call<TSaleSaved>('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '10'));
    expect(sale.status).toBe(200);
    const customerPos = position(null, world.customerId);
    const held = await balanceOf(customerPos);
    // The customer's stock moves on: all of it committed to a truck (a Customer dispatch's Pre Out).
    await commit(customerPos, String(Number(held) / 1000));
    const noReason = await call('DELETE', `/api/warehouseConsigneeToCustomer/${sale.body.record.id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const refused = await call('DELETE', `/api/warehouseConsigneeToCustomer/${sale.body.record.id}/reverse`, { reason: 'Wrong customer' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call<TSaleList>('GET', `/api/warehouseConsigneeToCustomer/${sale.body.record.id}`)).body).toMatchObject({ status: 'Active' });
    // The commitment released, the reversal goes through.
    await commit(customerPos, `-${String(Number(held) / 1000)}`);
    const reversed = await call('DELETE', `/api/warehouseConsigneeToCustomer/${sale.body.record.id}/reverse`, { reason: 'Wrong customer' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(SaleMessages.reversed);
    expect(await balanceOf(position(null))).toBe(60_000n);
    expect(await balanceOf(customerPos)).toBe(held - 10_000n);
    const again = await call('DELETE', `/api/warehouseConsigneeToCustomer/${sale.body.record.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SaleMessages.alreadyReversed);
    const reversedList = await call<TSaleList>('GET', '/api/warehouseConsigneeToCustomer?status=Reversed');
    expect(reversedList.body.rows.find((r) => r.id === sale.body.record.id)).toMatchObject({ status: 'Reversed', reverseReason: 'Wrong customer' });
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'consigneeToCustomerSale'), eq(auditLog.entityId, String(sale.body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create', 'reverse']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope on the list, the record, the pickers and the add', async () => {
    const list = await call<TSaleList>('GET', '/api/warehouseConsigneeToCustomer?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    const [any] = await t.database.db.select({ id: consigneeToCustomerSales.id }).from(consigneeToCustomerSales).limit(1);
    expect((await call('GET', `/api/warehouseConsigneeToCustomer/${any?.id}`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call('DELETE', `/api/warehouseConsigneeToCustomer/${any?.id}/reverse`, { reason: 'Not mine' }, scopedHeaders)).status).toBe(404);
    const positions = await call<TStockPositions>('GET', '/api/warehouseConsigneeToCustomer/positions', undefined, scopedHeaders);
    expect(positions.body.rows).toEqual([]);
    const add = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '1'), scopedHeaders);
    expect(add.status).toBe(400);
    expect(add.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    // A user of the sister consignee sees none of the consignee's sales, and may not sell its stock.
    const sister = await call<TSaleList>('GET', '/api/warehouseConsigneeToCustomer?status=all', undefined, consigneeOnlyHeaders);
    expect(sister.body.count).toBe(0);
    const foreign = await call('POST', '/api/warehouseConsigneeToCustomer', body(position(null), world.customerId, '1'), consigneeOnlyHeaders);
    expect(foreign.status).toBe(400);
    expect(foreign.body.details?.ownerCompanyId).toBe(SaleMessages.sellerNotAllowed);
  });
});

describe('racing sales of one position', () => {
  it(`never overdraw the seller (${testEngine})`, async () => {
    const pos = position(null);
    const before = await balanceOf(pos);
    const answers = await Promise.all([0, 1].map(() => call('POST', '/api/warehouseConsigneeToCustomer', body(pos, world.customerId, String(Number(before / 1000n) - 20)))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(Messages.quantityNotAvailable);
    expect(await balanceOf(pos)).toBe(20_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('Consignee to Customer with a movement: a transfer slip to the customer’s delivery location', () => {
  it(`dispatches the slip, Customer In receives it for the customer, the reversal waits for the receipt’s (${testEngine})`, async () => {
    const db = t.database.db;
    const truckId = await world.truck('SALE T');
    const driverId = await world.driver('Saleh');
    const movingSilo = await addResource(db, writer, 'silo', { name: 'Silo M', warehouseId, capacity: 5000 });
    const from = position(movingSilo);
    await putOnHand(from, '40');
    const movement = { toLocationId: world.customerLocationId, truckId, driverId, wbtNumber: 'SALE-WBT-1' };
    const atSite = position(null, world.customerId, world.customerLocationId);
    const before = await count();

    // Bad destinations: 400 on movement.toLocationId, nothing written.
    const otherCustomer = await addResource(db, writer, 'customer', { name: 'Other buyer' });
    const otherSite = await addResource(db, writer, 'deliveryLocation', { storageType: 'openArea', latitude: 21.5, longitude: 39.2, name: 'Other buyer site', ownerType: 'customer', customerId: otherCustomer });
    const consigneeSite = await call('POST', '/api/warehouseConsigneeToCustomer', body(from, world.customerId, '10', { movement: { ...movement, toLocationId: world.consigneeLocationId } }));
    expect(consigneeSite.status).toBe(400);
    expect(consigneeSite.body.details?.['movement.toLocationId']).toBe(SaleMessages.deliveryLocationRequired);
    const warehouse = await call('POST', '/api/warehouseConsigneeToCustomer', body(from, world.customerId, '10', { movement: { ...movement, toLocationId: otherWarehouseId } }));
    expect(warehouse.status).toBe(400);
    expect(warehouse.body.details?.['movement.toLocationId']).toBe(SaleMessages.deliveryLocationRequired);
    const notTheBuyers = await call('POST', '/api/warehouseConsigneeToCustomer', body(from, world.customerId, '10', { movement: { ...movement, toLocationId: otherSite } }));
    expect(notTheBuyers.status).toBe(400);
    expect(notTheBuyers.body.details?.['movement.toLocationId']).toBe(SaleMessages.deliveryNotCustomers);
    const noTruck = await call('POST', '/api/warehouseConsigneeToCustomer', body(from, world.customerId, '10', { movement: { ...movement, truckId: '' } }));
    expect(noTruck.status).toBe(400);
    const tooMuch = await call('POST', '/api/warehouseConsigneeToCustomer', body(from, world.customerId, '41', { movement }));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(Messages.quantityNotAvailable);
    expect(await count()).toBe(before);
    expect(await balanceOf(from)).toBe(40_000n);

    // The sale: ON_HAND(seller) -> IN_TRANSIT(trip, customer) on a numbered transfer slip of source `sale`.
    const created = await call<TSaleSaved>('POST', '/api/warehouseConsigneeToCustomer', body(from, world.customerId, '10', { movement, remarks: 'By truck to the bakery' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sale = created.body.record;
    expect(sale.delivery).toMatchObject({ toLocationId: world.customerLocationId, received: false, wbtNumber: 'SALE-WBT-1' });
    expect(sale.delivery?.slipNumber).toBeGreaterThan(0);
    const [slip] = await db.select().from(transferSlips).where(eq(transferSlips.id, sale.delivery?.slipId ?? 0));
    expect(slip).toMatchObject({ sourceKind: 'sale', ownerCompanyId: world.consigneeId, toOwnerCompanyId: world.customerId, destination: 'customer', toLocationId: world.customerLocationId, fromLocationId: warehouseId, siloId: movingSilo, quantityKg: 10_000n });
    const [row] = await db.select().from(consigneeToCustomerSales).where(eq(consigneeToCustomerSales.id, sale.id));
    expect(row?.transferSlipId).toBe(slip?.id);
    expect(row?.ledgerTransactionId).toBeNull();
    expect(await balanceOf(from)).toBe(30_000n);
    expect(await balanceOf(position(movingSilo, world.customerId))).toBe(0n);
    const [transit] = await queryRows<{ kg: string; owner: number }>(db, sql`select balance_kg::text as kg, owner_company_id as owner from ledger_accounts where kind = 'IN_TRANSIT' and trip_id = ${slip?.tripId ?? 0}`);
    expect(transit).toEqual({ kg: '10000', owner: world.customerId });
    expect(await findLedgerDifferences(db)).toEqual([]);
    const shown = await call<TSale>('GET', `/api/warehouseConsigneeToCustomer/${sale.id}`);
    expect(shown.body.delivery?.received).toBe(false);
    const printed = await call<{ slip: { slipNumber: number; toLocationId: number; toOwnerCompanyId: number } }>('GET', `/api/warehouseConsigneeToCustomer/${sale.id}/slip`);
    expect(printed.status).toBe(200);
    expect(printed.body.slip).toMatchObject({ slipNumber: sale.delivery?.slipNumber, toLocationId: world.customerLocationId, toOwnerCompanyId: world.customerId });
    const [inPlace] = await db.select({ id: consigneeToCustomerSales.id }).from(consigneeToCustomerSales).where(isNull(consigneeToCustomerSales.transferSlipId)).limit(1);
    expect((await call('GET', `/api/warehouseConsigneeToCustomer/${inPlace?.id ?? 0}/slip`)).status).toBe(404);
    expect((await call('GET', `/api/warehouseConsigneeToCustomer/${sale.id}/slip`, undefined, scopedHeaders)).status).toBe(404);

    // Received by Customer In at the customer's site (not by Consignee In): on hand of the customer there.
    const picker = await call<{ rows: TInTransitSlip[] }>('GET', `/api/customerIn/slips?locationId=${world.customerLocationId}`);
    expect(picker.body.rows).toContainEqual(expect.objectContaining({ slipKind: 'transferSlip', slipId: slip?.id }));
    const wrongKind = await call('POST', '/api/consigneeIn', { slipKind: 'transferSlip', slipId: slip?.id, wbtNumber: 'SALE-IN-1', quantity: '10' });
    expect(wrongKind.status).toBe(422);
    const receipt = await call<{ record: { id: number } }>('POST', '/api/customerIn', { slipKind: 'transferSlip', slipId: slip?.id, wbtNumber: 'SALE-IN-1', quantity: '10' });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(await balanceOf(atSite)).toBe(10_000n);
    const listed = await call<TSaleList>('GET', '/api/warehouseConsigneeToCustomer?limit=100');
    expect(listed.body.rows.find((r) => r.id === sale.id)?.delivery?.received).toBe(true);
    expect(await findLedgerDifferences(db)).toEqual([]);

    // The reversal is refused while the Customer In holds the slip (in the sale's words), nothing changed.
    const refused = await call('DELETE', `/api/warehouseConsigneeToCustomer/${sale.id}/reverse`, { reason: 'Wrong buyer' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SaleMessages.inCustomerIn);
    const [still] = await db.select().from(consigneeToCustomerSales).where(eq(consigneeToCustomerSales.id, sale.id));
    expect(still?.status).toBe('Active');

    // After the Customer In's reversal the sale reverses: the slip is reversed, the seller has its cargo back.
    expect((await call('DELETE', `/api/customerIn/${receipt.body.record.id}/reverse`, { reason: 'Wrong site' })).status).toBe(200);
    expect(await balanceOf(atSite)).toBe(0n);
    const reversed = await call('DELETE', `/api/warehouseConsigneeToCustomer/${sale.id}/reverse`, { reason: 'Wrong buyer' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const [after] = await db.select().from(transferSlips).where(eq(transferSlips.id, slip?.id ?? 0));
    expect(after?.status).toBe('Reversed');
    expect(await balanceOf(from)).toBe(40_000n);
    const [gone] = await queryRows<{ kg: string }>(db, sql`select balance_kg::text as kg from ledger_accounts where kind = 'IN_TRANSIT' and trip_id = ${slip?.tripId ?? 0}`);
    expect(gone?.kg).toBe('0');
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'consigneeToCustomerSale'), eq(auditLog.entityId, String(sale.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse']);
    expect(await findLedgerDifferences(db)).toEqual([]);
  });
});
