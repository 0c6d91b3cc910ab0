import { Messages, ReceivingMessages, SiloTransferMessages, permissionFlag, type TSiloTransferList, type TSiloTransferSaved, type TStockPositions } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
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
import { siloTransfers } from './silo-transfer.schema';

/*
 * Silo transfer through its routes: ON_HAND(silo or open area) -> ON_HAND(silos, or the open area) of one warehouse,
 * the silo split's rules (shares add up, capacity, cargo control's in-block), open area to open area refused, never
 * above the source's usable (also racing), the reversal (refused once a target's stock has moved on), the data scope.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let scopedHeaders: Record<string, string>;
let warehouseId: number;
let otherWarehouseId: number;
let silo1: number;
let silo2: number;
let silo3: number;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

const position = (silo: number | null, locationId = warehouseId): Position => ({
  locationId,
  siloId: silo,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

const putOnHand = (pos: Position, tonnes: string) => putStockOnHand(t.database.db, writer, shipment, pos, tonnes);

const balanceOf = async (pos: Position) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) })))?.balanceKg ?? 0n;

const body = (from: Position, quantity: string, to: { storage: 'silo' | 'openArea'; silos?: { siloId: number; quantity: string }[] }, overrides: Record<string, unknown> = {}) => ({
  warehouseId: from.locationId,
  siloId: from.siloId,
  ownerCompanyId: from.ownerCompanyId,
  consignmentId: from.consignmentId,
  cargoTypeId: from.cargoTypeId,
  voyageId: from.voyageId,
  attachedVoyageId: from.attachedVoyageId,
  quantity,
  storage: to.storage,
  silos: to.silos ?? [],
  ...overrides,
});

const count = async () => (await t.database.db.select({ id: siloTransfers.id }).from(siloTransfers)).length;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Silo agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Sami', lastName: 'Silo' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Silo park', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  silo1 = await addResource(db, writer, 'silo', { name: 'Silo 1', warehouseId, capacity: 5000 });
  silo2 = await addResource(db, writer, 'silo', { name: 'Silo 2', warehouseId, capacity: 40 });
  silo3 = await addResource(db, writer, 'silo', { name: 'Silo 3', warehouseId, capacity: 5000 });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Other park', storageType: 'both', latitude: 21.4, longitude: 39.1 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['view', 'add', 'reverse'].map((action) => permissionFlag('SiloTransfer', action as 'view'));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Silo clerk' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, locationIds: [otherWarehouseId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  await putOnHand(position(silo1), '100');
  await putOnHand(position(null), '60');
});
afterAll(async () => {
  await t.close();
});

describe('Silo transfer within one warehouse', () => {
  it('splits a silo’s quantity over other silos in one posting', async () => {
    const positions = await call<TStockPositions>('GET', `/api/siloTransfer/positions?warehouseId=${warehouseId}`);
    expect(positions.body.rows.find((r) => r.siloId === silo1)).toMatchObject({ usable: '100.000' });
    const created = await call<TSiloTransferSaved>('POST', '/api/siloTransfer', body(position(silo1), '50', { storage: 'silo', silos: [{ siloId: silo2, quantity: '30' }, { siloId: silo3, quantity: '20' }] }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SiloTransferMessages.created);
    expect(created.body.record).toMatchObject({ fromSiloName: 'Silo 1', storage: 'silo', quantity: '50.000', status: 'Active', createdBy: 'Sami Silo' });
    expect(created.body.record.shares).toEqual([
      { siloId: silo2, siloName: 'Silo 2', quantity: '30.000' },
      { siloId: silo3, siloName: 'Silo 3', quantity: '20.000' },
    ]);
    expect(await balanceOf(position(silo1))).toBe(50_000n);
    expect(await balanceOf(position(silo2))).toBe(30_000n);
    expect(await balanceOf(position(silo3))).toBe(20_000n);
    const list = await call<TSiloTransferList>('GET', `/api/siloTransfer?warehouseId=${warehouseId}&storage=silo&search=LC`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => r.id)).toContain(created.body.record.id);
    const exported = await call('GET', '/api/siloTransfer/export.xlsx?lang=ar');
    expect(exported.status).toBe(200);
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'siloTransfer'), eq(auditLog.entityId, String(created.body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('moves between a silo and the open area both ways', async () => {
    const toOpen = await call<TSiloTransferSaved>('POST', '/api/siloTransfer', body(position(silo3), '5', { storage: 'openArea' }));
    expect(toOpen.status, JSON.stringify(toOpen.body)).toBe(200);
    expect(toOpen.body.record.shares).toEqual([{ siloId: null, siloName: null, quantity: '5.000' }]);
    const fromOpen = await call<TSiloTransferSaved>('POST', '/api/siloTransfer', body(position(null), '10', { storage: 'silo', silos: [{ siloId: silo3, quantity: '10' }] }));
    expect(fromOpen.status, JSON.stringify(fromOpen.body)).toBe(200);
    expect(await balanceOf(position(null))).toBe(55_000n);
    expect(await balanceOf(position(silo3))).toBe(25_000n);
  });

  it('refuses open area to open area, a split that does not add up, the same silo, a full silo and more than usable, writing nothing', async () => {
    const before = await count();
    const openToOpen = await call('POST', '/api/siloTransfer', body(position(null), '1', { storage: 'openArea' }));
    expect(openToOpen.status).toBe(400);
    expect(openToOpen.body.message).toBe(SiloTransferMessages.openAreaToOpenArea);
    const uneven = await call('POST', '/api/siloTransfer', body(position(silo1), '10', { storage: 'silo', silos: [{ siloId: silo2, quantity: '4' }, { siloId: silo3, quantity: '5' }] }));
    expect(uneven.status).toBe(422);
    expect(uneven.body.message).toBe(ReceivingMessages.siloSum);
    const same = await call('POST', '/api/siloTransfer', body(position(silo1), '1', { storage: 'silo', silos: [{ siloId: silo1, quantity: '1' }] }));
    expect(same.status).toBe(400);
    expect(same.body.details?.silos).toBe(SiloTransferMessages.sameSilo);
    const full = await call('POST', '/api/siloTransfer', body(position(silo1), '50', { storage: 'silo', silos: [{ siloId: silo2, quantity: '50' }] }));
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ReceivingMessages.siloFull);
    const over = await call('POST', '/api/siloTransfer', body(position(silo1), '50.001', { storage: 'silo', silos: [{ siloId: silo3, quantity: '50.001' }] }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(Messages.quantityNotAvailable);
    const noSilo = await call('POST', '/api/siloTransfer', body(position(silo1), '1', { storage: 'silo', silos: [] }));
    expect(noSilo.status).toBe(400);
    expect(await count()).toBe(before);
    expect(await balanceOf(position(silo1))).toBe(50_000n);
  });

  it('holds the cargo control: a cargo stopped into the warehouse does not go into its silos', async () => {
    const blockId = await addResource(t.database.db, writer, 'cargoControlRule', { name: 'Stop wheat here', cargoTypeId: world.cargoTypeId, locationId: warehouseId, blockIn: true });
    const blocked = await call('POST', '/api/siloTransfer', body(position(silo1), '1', { storage: 'silo', silos: [{ siloId: silo3, quantity: '1' }] }));
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(ReceivingMessages.cargoBlockedIn);
    await t.database.db.execute(sql`update cargo_control_rules set is_active = false where id = ${blockId}`);
  });

  it('reverses with a reason, refused with "Quantity not available" while a target’s stock has moved on', async () => {
    const first = await call<TSiloTransferSaved>('POST', '/api/siloTransfer', body(position(silo1), '10', { storage: 'silo', silos: [{ siloId: silo2, quantity: '10' }] }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const onward = await call<TSiloTransferSaved>('POST', '/api/siloTransfer', body(position(silo2), '40', { storage: 'openArea' }));
    expect(onward.status, JSON.stringify(onward.body)).toBe(200);
    expect((await call('DELETE', `/api/siloTransfer/${first.body.record.id}/reverse`, { reason: '' })).status).toBe(400);
    const refused = await call('DELETE', `/api/siloTransfer/${first.body.record.id}/reverse`, { reason: 'Wrong silo' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call('DELETE', `/api/siloTransfer/${onward.body.record.id}/reverse`, { reason: 'Undo' })).status).toBe(200);
    const reversed = await call('DELETE', `/api/siloTransfer/${first.body.record.id}/reverse`, { reason: 'Wrong silo' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(SiloTransferMessages.reversed);
    expect(await balanceOf(position(silo1))).toBe(50_000n);
    expect(await balanceOf(position(silo2))).toBe(30_000n);
    const again = await call('DELETE', `/api/siloTransfer/${first.body.record.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SiloTransferMessages.alreadyReversed);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope', async () => {
    const list = await call<TSiloTransferList>('GET', '/api/siloTransfer?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    const [any] = await t.database.db.select({ id: siloTransfers.id }).from(siloTransfers).limit(1);
    expect((await call('GET', `/api/siloTransfer/${any?.id}`, undefined, scopedHeaders)).status).toBe(404);
    const add = await call('POST', '/api/siloTransfer', body(position(silo1), '1', { storage: 'openArea' }), scopedHeaders);
    expect(add.status).toBe(400);
    expect(add.body.details?.warehouseId).toBe(Messages.warehouseRequired);
  });
});

describe('racing silo transfers of one position', () => {
  it(`never overdraw the source (${testEngine})`, async () => {
    const pos = position(silo1);
    const before = await balanceOf(pos);
    const quantity = String(Number(before / 1000n) - 10);
    const answers = await Promise.all([silo3, silo3].map((target) => call('POST', '/api/siloTransfer', body(pos, quantity, { storage: 'silo', silos: [{ siloId: target, quantity }] }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(pos)).toBe(10_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('the demo entry', () => {
  it('moves part of a silo to another silo through the service', async () => {
    const before = await count();
    const done = await inAgency(t.database.db, writer.agencyId, (tx) => seedDemoInplace(tx, { agencyId: writer.agencyId, userId: writer.userId, now: writer.now }));
    expect(done.siloTransfers).toBe(1);
    expect(await count()).toBe(before + 1);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
