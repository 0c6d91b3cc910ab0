import { ConsigneeDispatchMessages, ConsigneeTransferMessages, Messages, OwnershipTransferMessages, permissionFlag, tonnesToKg, type TOwnershipTransferList, type TOwnershipTransferSaved, type TStockPositions } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { ownershipTransfers } from './ownership-transfer.schema';

/*
 * Consignee transfer (`consignee/consignee-transfer`) through its routes: at a consignee location, consignee A's
 * cargo becomes consignee B's in place, never a shipment manager's, never above A's usable; its own list, record and
 * reversal (kind consigneeTransfer of ownership_transfers), apart from the ownership transfers'.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let scopedHeaders: Record<string, string>;
let warehouseId: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

const position = (owner: number, locationId: number): Position => ({
  locationId,
  siloId: null,
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

const balanceOf = async (pos: Position) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) })))?.balanceKg ?? 0n;

const body = (pos: Position, toOwnerCompanyId: number, quantity: string, overrides: Record<string, unknown> = {}) => ({
  locationId: pos.locationId,
  ownerCompanyId: pos.ownerCompanyId,
  consignmentId: pos.consignmentId,
  cargoTypeId: pos.cargoTypeId,
  voyageId: pos.voyageId,
  attachedVoyageId: pos.attachedVoyageId,
  toOwnerCompanyId,
  quantity,
  ...overrides,
});

const count = async () => (await t.database.db.select({ id: ownershipTransfers.id }).from(ownershipTransfers).where(eq(ownershipTransfers.kind, 'consigneeTransfer'))).length;
const site = () => position(world.consigneeId, world.consigneeLocationId);
const sisterAtSite = () => position(world.sisterConsigneeId, world.consigneeLocationId);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Consignee transfer agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Cora', lastName: 'Consignee' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Transfer yard', storageType: 'openArea', latitude: 21.5, longitude: 39.2 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['view', 'add', 'reverse'].map((action) => permissionFlag('ConsigneeTransfer', action as 'view'));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Consignee clerk' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [world.sisterLocationId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  await putOnHand(site(), '50');
  await putOnHand(position(world.shipmentManagerId, world.consigneeLocationId), '5');
  await putOnHand(position(world.consigneeId, warehouseId), '30');
});
afterAll(async () => {
  await t.close();
});

describe('Consignee transfer: consignee A to consignee B at a consignee location', () => {
  it('offers the consignees’ positions at consignee locations only', async () => {
    const positions = await call<TStockPositions>('GET', '/api/consigneeTransfer/positions');
    expect(positions.status).toBe(200);
    expect(positions.body.rows.map((r) => [r.warehouseId, r.ownerCompanyId])).toEqual([[world.consigneeLocationId, world.consigneeId]]);
    expect(positions.body.rows[0]).toMatchObject({ usable: '50.000', siloId: null });
  });

  it('moves the quantity from A to B in one posting, listed on its own screen and not among ownership transfers', async () => {
    const created = await call<TOwnershipTransferSaved>('POST', '/api/consigneeTransfer', body(site(), world.sisterConsigneeId, '20'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(ConsigneeTransferMessages.created);
    expect(created.body.record).toMatchObject({ place: 'consigneeLocation', siloId: null, fromOwnerCompanyId: world.consigneeId, toOwnerCompanyId: world.sisterConsigneeId, quantity: '20.000', status: 'Active' });
    expect(await balanceOf(site())).toBe(30_000n);
    expect(await balanceOf(sisterAtSite())).toBe(20_000n);
    const list = await call<TOwnershipTransferList>('GET', `/api/consigneeTransfer?locationId=${world.consigneeLocationId}&fromOwnerCompanyId=${world.consigneeId}`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => r.id)).toEqual([created.body.record.id]);
    expect(list.body.total).toBe('20.000');
    const ownership = await call<TOwnershipTransferList>('GET', '/api/ownershipTransfer?status=all');
    expect(ownership.body.rows.map((r) => r.id)).not.toContain(created.body.record.id);
    expect((await call('GET', `/api/ownershipTransfer/${created.body.record.id}`)).status).toBe(404);
    expect((await call('GET', `/api/consigneeTransfer/${created.body.record.id}`)).status).toBe(200);
    const exported = await call('GET', '/api/consigneeTransfer/export.xlsx?lang=en');
    expect(exported.status).toBe(200);
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'consigneeTransfer'), eq(auditLog.entityId, String(created.body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses a shipment manager on either side, a warehouse, and more than A’s usable', async () => {
    const before = await count();
    const toSm = await call('POST', '/api/consigneeTransfer', body(site(), world.shipmentManagerId, '1'));
    expect(toSm.status).toBe(400);
    expect(toSm.body.details?.toOwnerCompanyId).toBe(ConsigneeTransferMessages.newConsigneeRequired);
    const fromSm = await call('POST', '/api/consigneeTransfer', body(position(world.shipmentManagerId, world.consigneeLocationId), world.consigneeId, '1'));
    expect(fromSm.status).toBe(400);
    expect(fromSm.body.details?.ownerCompanyId).toBe(ConsigneeTransferMessages.ownerNotConsignee);
    const atWarehouse = await call('POST', '/api/consigneeTransfer', body(position(world.consigneeId, warehouseId), world.sisterConsigneeId, '1'));
    expect(atWarehouse.status).toBe(400);
    expect(atWarehouse.body.details?.locationId).toBe(ConsigneeDispatchMessages.consigneeLocationRequired);
    const same = await call('POST', '/api/consigneeTransfer', body(site(), world.consigneeId, '1'));
    expect(same.body.details?.toOwnerCompanyId).toBe(OwnershipTransferMessages.sameOwner);
    const over = await call('POST', '/api/consigneeTransfer', body(site(), world.sisterConsigneeId, '30.001'));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(Messages.quantityNotAvailable);
    expect(await count()).toBe(before);
    expect(await balanceOf(site())).toBe(30_000n);
  });

  it('reverses with a reason, refused while B’s stock has moved on', async () => {
    const first = await call<TOwnershipTransferSaved>('POST', '/api/consigneeTransfer', body(site(), world.sisterConsigneeId, '10'));
    expect(first.status).toBe(200);
    // B hands all it holds there back on to A: B's stock has moved on.
    const onward = await call<TOwnershipTransferSaved>('POST', '/api/consigneeTransfer', body(sisterAtSite(), world.consigneeId, '30'));
    expect(onward.status, JSON.stringify(onward.body)).toBe(200);
    const refused = await call('DELETE', `/api/consigneeTransfer/${first.body.record.id}/reverse`, { reason: 'Wrong consignee' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call('DELETE', `/api/ownershipTransfer/${first.body.record.id}/reverse`, { reason: 'Other screen' })).status).toBe(404);
    expect((await call('DELETE', `/api/consigneeTransfer/${onward.body.record.id}/reverse`, { reason: 'Undo onward' })).status).toBe(200);
    const reversed = await call('DELETE', `/api/consigneeTransfer/${first.body.record.id}/reverse`, { reason: 'Wrong consignee' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(ConsigneeTransferMessages.reversed);
    expect(await balanceOf(site())).toBe(30_000n);
    const again = await call('DELETE', `/api/consigneeTransfer/${first.body.record.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ConsigneeTransferMessages.alreadyReversed);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope', async () => {
    const list = await call<TOwnershipTransferList>('GET', '/api/consigneeTransfer?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    const [any] = await t.database.db.select({ id: ownershipTransfers.id }).from(ownershipTransfers).limit(1);
    expect((await call('GET', `/api/consigneeTransfer/${any?.id}`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call<TStockPositions>('GET', '/api/consigneeTransfer/positions', undefined, scopedHeaders)).body.rows).toEqual([]);
    const add = await call('POST', '/api/consigneeTransfer', body(site(), world.sisterConsigneeId, '1'), scopedHeaders);
    expect(add.status).toBe(400);
    expect(add.body.details?.locationId).toBe(ConsigneeDispatchMessages.consigneeLocationRequired);
  });
});

describe('racing consignee transfers of one position', () => {
  it(`never overdraw A (${testEngine})`, async () => {
    const pos = site();
    const before = await balanceOf(pos);
    const answers = await Promise.all([0, 1].map(() => call('POST', '/api/consigneeTransfer', body(pos, world.sisterConsigneeId, String(Number(before / 1000n) - 10)))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(pos)).toBe(10_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
