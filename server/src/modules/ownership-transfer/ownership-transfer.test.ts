import { Messages, OwnershipTransferMessages, permissionFlag, type TNewOwners, type TOwnershipTransferList, type TOwnershipTransferSaved, type TStockPositions } from '@tonnage/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { putOnHand as putStockOnHand } from '../../test/stock-fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { seedDemoInplace } from '../../seed/demo-inplace';
import { ownershipTransfers } from './ownership-transfer.schema';

/*
 * Ownership transfer through its routes: ON_HAND(A) -> ON_HAND(B) at one place (silo, open area, consignee
 * location), never above A's usable (also racing), the new owner rule, the reversal (refused once B's stock has moved
 * on), the data scope and the ledger staying whole. Stock is put on hand through the ledger service.
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

const putOnHand = (pos: Position, tonnes: string) => putStockOnHand(t.database.db, writer, shipment, pos, tonnes);

const balanceOf = async (pos: Position) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) })))?.balanceKg ?? 0n;

const body = (pos: Position, toOwnerCompanyId: number, quantity: string, overrides: Record<string, unknown> = {}) => ({
  locationId: pos.locationId,
  siloId: pos.siloId,
  ownerCompanyId: pos.ownerCompanyId,
  consignmentId: pos.consignmentId,
  cargoTypeId: pos.cargoTypeId,
  voyageId: pos.voyageId,
  attachedVoyageId: pos.attachedVoyageId,
  toOwnerCompanyId,
  quantity,
  ...overrides,
});

const count = async () => (await t.database.db.select({ id: ownershipTransfers.id }).from(ownershipTransfers)).length;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Ownership agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Omar', lastName: 'Owner' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Owners yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  siloId = await addResource(db, writer, 'silo', { name: 'Silo 1', warehouseId, capacity: 5000 });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Far yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['view', 'add', 'reverse'].map((action) => permissionFlag('OwnershipTransfer', action as 'view'));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Ownership clerk' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [otherWarehouseId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  const consigneeOnly = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, consigneeIds: [world.consigneeId] });
  consigneeOnlyHeaders = { ...bearer(await loginAs(t.app, consigneeOnly.username)), 'x-agency-id': String(agency.id) };
  await putOnHand(position(siloId), '100');
  await putOnHand(position(null), '60');
  await putOnHand(position(null, world.consigneeId, world.consigneeLocationId), '20');
});
afterAll(async () => {
  await t.close();
});

describe('Ownership transfer: owner A to owner B at one place', () => {
  it('offers the positions and the new owners (consignees and shipment managers, marked)', async () => {
    const positions = await call<TStockPositions>('GET', `/api/ownershipTransfer/positions?place=warehouse&locationId=${warehouseId}`);
    expect(positions.status).toBe(200);
    expect(positions.body.rows.find((r) => r.siloId === siloId)).toMatchObject({ usable: '100.000', ownerCompanyId: world.consigneeId });
    const atSite = await call<TStockPositions>('GET', '/api/ownershipTransfer/positions?place=consigneeLocation');
    expect(atSite.body.rows.map((r) => r.warehouseId)).toEqual([world.consigneeLocationId]);
    const owners = await call<TNewOwners>('GET', '/api/ownershipTransfer/owners');
    expect(owners.status).toBe(200);
    expect(owners.body.rows.find((o) => o.id === world.shipmentManagerId)).toMatchObject({ isShipmentManager: true });
    expect(owners.body.rows.find((o) => o.id === world.sisterConsigneeId)).toMatchObject({ isShipmentManager: false });
    expect(owners.body.rows.some((o) => o.id === world.customerId)).toBe(false);
    // A user scoped to one consignee may hand cargo only within that scope.
    const scoped = await call<TNewOwners>('GET', '/api/ownershipTransfer/owners', undefined, consigneeOnlyHeaders);
    expect(scoped.body.rows.map((o) => o.id)).toEqual([world.consigneeId]);
  });

  it('moves the quantity from A to B in one posting, nothing leaving the place', async () => {
    const created = await call<TOwnershipTransferSaved>('POST', '/api/ownershipTransfer', body(position(siloId), world.shipmentManagerId, '40', { remarks: 'Lent as ownership' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(OwnershipTransferMessages.created);
    expect(created.body.record).toMatchObject({ place: 'warehouse', siloName: 'Silo 1', quantity: '40.000', fromOwnerCompanyId: world.consigneeId, toOwnerCompanyId: world.shipmentManagerId, status: 'Active', createdBy: 'Omar Owner' });
    expect(await balanceOf(position(siloId))).toBe(60_000n);
    expect(await balanceOf(position(siloId, world.shipmentManagerId))).toBe(40_000n);
    const list = await call<TOwnershipTransferList>('GET', `/api/ownershipTransfer?locationId=${warehouseId}&sortBy=quantity&sortOrder=asc`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => r.id)).toContain(created.body.record.id);
    const searched = await call<TOwnershipTransferList>('GET', `/api/ownershipTransfer?search=${encodeURIComponent('SM ')}&place=warehouse`);
    expect(searched.body.count).toBeGreaterThan(0);
    const exported = await call('GET', '/api/ownershipTransfer/export.xlsx?lang=ar');
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'ownershipTransfer'), eq(auditLog.entityId, String(created.body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('works at a consignee location (no silo there)', async () => {
    const pos = position(null, world.consigneeId, world.consigneeLocationId);
    const withSilo = await call('POST', '/api/ownershipTransfer', body(pos, world.sisterConsigneeId, '1', { siloId }));
    expect(withSilo.status).toBe(400);
    expect(withSilo.body.details?.siloId).toBe(OwnershipTransferMessages.positionRequired);
    const created = await call<TOwnershipTransferSaved>('POST', '/api/ownershipTransfer', body(pos, world.sisterConsigneeId, '5'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.record).toMatchObject({ place: 'consigneeLocation', siloName: null });
    expect(await balanceOf(position(null, world.sisterConsigneeId, world.consigneeLocationId))).toBe(5_000n);
  });

  it('refuses more than A’s usable with "Quantity not available" and writes nothing', async () => {
    const before = await count();
    const over = await call('POST', '/api/ownershipTransfer', body(position(null), world.shipmentManagerId, '60.001'));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(Messages.quantityNotAvailable);
    const none = await call('POST', '/api/ownershipTransfer', body(position(null, world.strangerConsigneeId), world.shipmentManagerId, '1'));
    expect(none.status).toBe(409);
    expect(await count()).toBe(before);
    expect(await balanceOf(position(null))).toBe(60_000n);
  });

  it('answers clear messages for bad input', async () => {
    const before = await count();
    const noPlace = await call('POST', '/api/ownershipTransfer', body(position(null), world.shipmentManagerId, '1', { locationId: '' }));
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.details?.locationId).toBe(OwnershipTransferMessages.placeRequired);
    const customerSite = await call('POST', '/api/ownershipTransfer', body(position(null), world.shipmentManagerId, '1', { locationId: world.customerLocationId }));
    expect(customerSite.body.details?.locationId).toBe(OwnershipTransferMessages.placeRequired);
    const noOwner = await call('POST', '/api/ownershipTransfer', body(position(null), 0, '1', { toOwnerCompanyId: '' }));
    expect(noOwner.body.details?.toOwnerCompanyId).toBe(OwnershipTransferMessages.newOwnerRequired);
    const customer = await call('POST', '/api/ownershipTransfer', body(position(null), world.customerId, '1'));
    expect(customer.status).toBe(400);
    expect(customer.body.details?.toOwnerCompanyId).toBe(OwnershipTransferMessages.newOwnerRequired);
    const same = await call('POST', '/api/ownershipTransfer', body(position(null), world.consigneeId, '1'));
    expect(same.body.details?.toOwnerCompanyId).toBe(OwnershipTransferMessages.sameOwner);
    const zero = await call('POST', '/api/ownershipTransfer', body(position(null), world.shipmentManagerId, '0'));
    expect(zero.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('reverses with a reason, refused with "Quantity not available" while B’s stock has moved on', async () => {
    const first = await call<TOwnershipTransferSaved>('POST', '/api/ownershipTransfer', body(position(null), world.sisterConsigneeId, '10'));
    expect(first.status).toBe(200);
    // B hands all of it on to the shipment manager.
    const onward = await call<TOwnershipTransferSaved>('POST', '/api/ownershipTransfer', body(position(null, world.sisterConsigneeId), world.shipmentManagerId, '10'));
    expect(onward.status).toBe(200);
    const noReason = await call('DELETE', `/api/ownershipTransfer/${first.body.record.id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const refused = await call('DELETE', `/api/ownershipTransfer/${first.body.record.id}/reverse`, { reason: 'Wrong owner' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call('DELETE', `/api/ownershipTransfer/${onward.body.record.id}/reverse`, { reason: 'Undo onward' })).status).toBe(200);
    const reversed = await call('DELETE', `/api/ownershipTransfer/${first.body.record.id}/reverse`, { reason: 'Wrong owner' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(OwnershipTransferMessages.reversed);
    expect(await balanceOf(position(null))).toBe(60_000n);
    expect(await balanceOf(position(null, world.sisterConsigneeId))).toBe(0n);
    const again = await call('DELETE', `/api/ownershipTransfer/${first.body.record.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OwnershipTransferMessages.alreadyReversed);
    const reversedList = await call<TOwnershipTransferList>('GET', '/api/ownershipTransfer?status=Reversed');
    expect(reversedList.body.rows.find((r) => r.id === first.body.record.id)).toMatchObject({ status: 'Reversed', reverseReason: 'Wrong owner' });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope on the list, the record, the pickers and the add', async () => {
    const list = await call<TOwnershipTransferList>('GET', '/api/ownershipTransfer?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    const [any] = await t.database.db.select({ id: ownershipTransfers.id }).from(ownershipTransfers).limit(1);
    expect((await call('GET', `/api/ownershipTransfer/${any?.id}`, undefined, scopedHeaders)).status).toBe(404);
    const positions = await call<TStockPositions>('GET', '/api/ownershipTransfer/positions', undefined, scopedHeaders);
    expect(positions.body.rows).toEqual([]);
    const add = await call('POST', '/api/ownershipTransfer', body(position(null), world.shipmentManagerId, '1'), scopedHeaders);
    expect(add.status).toBe(400);
    expect(add.body.details?.locationId).toBe(OwnershipTransferMessages.placeRequired);
    // The consignee-scoped user sees the transfers its consignee is a party to, and not the sister's among themselves.
    const own = await call<TOwnershipTransferList>('GET', '/api/ownershipTransfer?status=all', undefined, consigneeOnlyHeaders);
    expect(own.body.count).toBeGreaterThan(0);
    expect(own.body.rows.every((r) => r.fromOwnerCompanyId === world.consigneeId || r.toOwnerCompanyId === world.consigneeId)).toBe(true);
  });
});

describe('racing ownership transfers of one position', () => {
  it(`never overdraw A (${testEngine})`, async () => {
    const pos = position(null);
    const before = await balanceOf(pos);
    const answers = await Promise.all([0, 1].map(() => call('POST', '/api/ownershipTransfer', body(pos, world.shipmentManagerId, String(Number(before / 1000n) - 20)))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(Messages.quantityNotAvailable);
    expect(await balanceOf(pos)).toBe(20_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('the demo entry', () => {
  it('hands part of the largest warehouse position to a shipment manager through the service', async () => {
    const before = await count();
    const done = await inAgency(t.database.db, writer.agencyId, (tx) => seedDemoInplace(tx, { agencyId: writer.agencyId, userId: writer.userId, now: writer.now }));
    expect(done.ownershipTransfers).toBe(1);
    expect(await count()).toBe(before + 1);
    const [latest] = await t.database.db.select().from(ownershipTransfers).orderBy(desc(ownershipTransfers.id)).limit(1);
    expect(latest).toMatchObject({ toOwnerCompanyId: world.shipmentManagerId, status: 'Active' });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
