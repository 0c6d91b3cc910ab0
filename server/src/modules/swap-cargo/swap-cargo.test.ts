import { Messages, OwnershipTransferMessages, permissionFlag, SwapCargoMessages, tonnesToKg, type TStockPositions, type TSwapCargoList, type TSwapCargoSaved } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { cargoSwaps } from './swap-cargo.schema';

/*
 * Swap cargo through its routes: A's cargo at X for B's cargo at Y in one posting of four lines, the attached
 * voyage following the owner's claim, never above either side's usable (also racing), the rules and their
 * messages, the reversal (refused once a received position has moved on), the data scope and the ledger staying
 * whole. Stock is put on hand through the ledger service.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let foreign: CargoWorld;
let headers: Record<string, string>;
let scopedHeaders: Record<string, string>;
let consigneeOnlyHeaders: Record<string, string>;
let strangerHeaders: Record<string, string>;
let siloId: number;
let warehouseId: number;
let otherWarehouseId: number;
let thirdWarehouseId: number;
let otherCargoTypeId: number;
let first: { voyageId: number; consignmentId: number };
let second: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

/** A's position (the consignee's cargo of the first shipment in the silo) and B's (the sister's of the second, in the far yard's open area). */
const posA = (over: Partial<Position> = {}): Position => ({ locationId: warehouseId, siloId, ownerCompanyId: world.consigneeId, consignmentId: first.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: first.voyageId, attachedVoyageId: first.voyageId, ...over });
const posB = (over: Partial<Position> = {}): Position => ({ locationId: otherWarehouseId, siloId: null, ownerCompanyId: world.sisterConsigneeId, consignmentId: second.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: second.voyageId, attachedVoyageId: second.voyageId, ...over });

async function putOnHand(pos: Position, shipment: { voyageId: number; consignmentId: number }, tonnes: string) {
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

/** ON_HAND kilograms of the agency, per place or per owner. */
async function onHandBy(dimension: 'location_id' | 'owner_company_id'): Promise<Record<string, string>> {
  const rows = await queryRows<{ key: number; kg: string }>(
    t.database.db,
    sql`select ${sql.raw(dimension)} as key, sum(balance_kg)::text as kg from ledger_accounts where agency_id = ${writer.agencyId} and kind = 'ON_HAND' group by 1`,
  );
  return Object.fromEntries(rows.filter((r) => r.kg !== '0').map((r) => [String(r.key), r.kg]));
}

const sideFields = (prefix: 'a' | 'b', pos: Position) => ({
  [`${prefix}LocationId`]: pos.locationId,
  [`${prefix}SiloId`]: pos.siloId,
  [`${prefix}OwnerCompanyId`]: pos.ownerCompanyId,
  [`${prefix}ConsignmentId`]: pos.consignmentId,
  [`${prefix}CargoTypeId`]: pos.cargoTypeId,
  [`${prefix}VoyageId`]: pos.voyageId,
  [`${prefix}AttachedVoyageId`]: pos.attachedVoyageId,
});
const body = (a: Position, b: Position, quantity: string, overrides: Record<string, unknown> = {}) => ({ ...sideFields('a', a), ...sideFields('b', b), quantity, ...overrides });

const count = async () => (await t.database.db.select({ id: cargoSwaps.id }).from(cargoSwaps)).length;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Swap agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Sami', lastName: 'Swapper' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Swap yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  siloId = await addResource(db, writer, 'silo', { name: 'Silo 1', warehouseId, capacity: 5000 });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Far yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  thirdWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Third yard', storageType: 'openArea', latitude: 21.3, longitude: 39.0 });
  otherCargoTypeId = await addResource(db, writer, 'cargoType', { name: 'Barley swap', code: 'BSW' });
  first = await makeShipment(db, writer, world, { blTonnes: '5000' });
  second = await makeShipment(db, writer, world, { blTonnes: '5000', consigneeId: world.sisterConsigneeId });
  const otherAgency = await makeAgency(db, { name: 'Foreign swap agency' });
  const otherAdmin = await makeUser(db, { kind: 'agencyAdmin', agencyId: otherAgency.id });
  foreign = await makeCargoWorld(db, { agencyId: otherAgency.id, userId: otherAdmin.id, now: writer.now, config: t.config });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const flags = ['view', 'add', 'reverse'].map((action) => permissionFlag('SwapCargo', action as 'view'));
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Swap clerk' });
  const userHeaders = async (scope: Record<string, number[]>) => ({ ...bearer(await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, ...scope })).username)), 'x-agency-id': String(agency.id) });
  scopedHeaders = await userHeaders({ locationIds: [otherWarehouseId] });
  consigneeOnlyHeaders = await userHeaders({ consigneeIds: [world.consigneeId] });
  strangerHeaders = await userHeaders({ consigneeIds: [world.strangerConsigneeId] });
  await putOnHand(posA(), first, '100');
  await putOnHand(posB(), second, '80');
  await putOnHand(posA({ siloId: null, locationId: world.consigneeLocationId }), first, '20');
});
afterAll(async () => {
  await t.close();
});

describe('Swap cargo: A’s cargo at X for B’s cargo at Y', () => {
  it('offers the positions of a place to either side', async () => {
    const positions = await call<TStockPositions>('GET', `/api/swapCargo/positions?place=warehouse&locationId=${warehouseId}`);
    expect(positions.status).toBe(200);
    expect(positions.body.rows.find((r) => r.siloId === siloId)).toMatchObject({ usable: '100.000', ownerCompanyId: world.consigneeId });
    const atSite = await call<TStockPositions>('GET', '/api/swapCargo/positions?place=consigneeLocation');
    expect(atSite.body.rows.map((r) => r.warehouseId)).toEqual([world.consigneeLocationId]);
    const scoped = await call<TStockPositions>('GET', '/api/swapCargo/positions?place=warehouse', undefined, scopedHeaders);
    expect(scoped.body.rows.map((r) => r.warehouseId)).toEqual([otherWarehouseId]);
  });

  it('posts four lines in one transaction: the goods keep consignment and voyage, the attached vessel follows the owner', async () => {
    const places = await onHandBy('location_id');
    const owners = await onHandBy('owner_company_id');
    const created = await call<TSwapCargoSaved>('POST', '/api/swapCargo', body(posA(), posB(), '30', { remarks: 'Closer to the mill' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(SwapCargoMessages.created);
    expect(created.body.record).toMatchObject({
      quantity: '30.000',
      status: 'Active',
      createdBy: 'Sami Swapper',
      a: { locationId: warehouseId, place: 'warehouse', siloName: 'Silo 1', ownerCompanyId: world.consigneeId, consignmentId: first.consignmentId, attachedVoyageId: first.voyageId },
      b: { locationId: otherWarehouseId, siloName: null, ownerCompanyId: world.sisterConsigneeId, consignmentId: second.consignmentId, attachedVoyageId: second.voyageId },
    });
    // X: A gave 30, B holds A's consignment and voyage, attached to B's vessel; Y: the mirror.
    expect(await balanceOf(posA())).toBe(70_000n);
    expect(await balanceOf(posA({ ownerCompanyId: world.sisterConsigneeId, attachedVoyageId: second.voyageId }))).toBe(30_000n);
    expect(await balanceOf(posB())).toBe(50_000n);
    expect(await balanceOf(posB({ ownerCompanyId: world.consigneeId, attachedVoyageId: first.voyageId }))).toBe(30_000n);
    // Nothing left any place, and each owner holds what it held.
    expect(await onHandBy('location_id')).toEqual(places);
    expect(await onHandBy('owner_company_id')).toEqual(owners);
    const [posting] = await queryRows<{ lines: number; type: string }>(
      t.database.db,
      sql`select count(e.*)::int as lines, min(x.type) as type from ledger_transactions x join ledger_entries e on e.transaction_id = x.id join cargo_swaps s on s.ledger_transaction_id = x.id where s.id = ${created.body.record.id}`,
    );
    expect(posting).toEqual({ lines: 4, type: 'swapCargo' });
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'swapCargo'), eq(auditLog.entityId, String(created.body.record.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('lists with filters, totals and the Excel export, and shows the record', async () => {
    const all = await call<TSwapCargoList>('GET', '/api/swapCargo?status=all');
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThan(0);
    const id = all.body.rows[0]?.id;
    const byPlace = await call<TSwapCargoList>(`GET`, `/api/swapCargo?locationId=${otherWarehouseId}&sortBy=bOwnerName&sortOrder=asc`);
    expect(byPlace.body.rows.map((r) => r.id)).toContain(id);
    expect((await call<TSwapCargoList>('GET', `/api/swapCargo?locationId=${thirdWarehouseId}`)).body.count).toBe(0);
    const byOwner = await call<TSwapCargoList>('GET', `/api/swapCargo?ownerCompanyId=${world.sisterConsigneeId}&consignmentId=${first.consignmentId}`);
    expect(byOwner.body.count).toBe(1);
    expect(byOwner.body.total).toBe('30.000');
    expect((await call<TSwapCargoList>('GET', `/api/swapCargo?ownerCompanyId=${world.strangerConsigneeId}`)).body.count).toBe(0);
    const searched = await call<TSwapCargoList>('GET', `/api/swapCargo?search=${encodeURIComponent('Sister')}&fromDate=2026-11-21&toDate=2026-11-21`);
    expect(searched.body.count).toBe(1);
    expect((await call<TSwapCargoList>('GET', '/api/swapCargo?fromDate=2026-11-22')).body.count).toBe(0);
    const record = await call('GET', `/api/swapCargo/${id}`);
    expect(record.status).toBe(200);
    const exported = await call('GET', '/api/swapCargo/export.xlsx?lang=ar');
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
  });

  it('refuses more than either side’s usable with "Quantity not available" and writes nothing', async () => {
    const before = await count();
    const overB = await call('POST', '/api/swapCargo', body(posA(), posB(), '50.001'));
    expect(overB.status).toBe(409);
    expect(overB.body.message).toBe(Messages.quantityNotAvailable);
    const overA = await call('POST', '/api/swapCargo', body(posA({ siloId: null, locationId: world.consigneeLocationId }), posB(), '20.001'));
    expect(overA.status).toBe(409);
    const empty = await call('POST', '/api/swapCargo', body(posA(), posB({ ownerCompanyId: world.shipmentManagerId }), '1'));
    expect(empty.status).toBe(409);
    expect(await count()).toBe(before);
    expect(await balanceOf(posA())).toBe(70_000n);
    expect(await balanceOf(posB())).toBe(50_000n);
  });

  it('answers clear messages for bad input, on the field, and writes nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [body(posA(), posB(), '1', { bLocationId: '' }), 'bLocationId', SwapCargoMessages.sideBRequired],
      [body(posA(), posB(), '1', { aOwnerCompanyId: '' }), 'aOwnerCompanyId', SwapCargoMessages.sideARequired],
      [body(posA({ locationId: world.customerLocationId, siloId: null }), posB(), '1'), 'aLocationId', SwapCargoMessages.sideARequired],
      [body(posA({ locationId: world.consigneeLocationId }), posB(), '1'), 'aSiloId', SwapCargoMessages.sideARequired],
      [body(posA(), posB({ siloId }), '1'), 'bSiloId', SwapCargoMessages.sideBRequired],
      [body(posA(), posB({ ownerCompanyId: world.consigneeId }), '1'), 'bOwnerCompanyId', SwapCargoMessages.sameOwner],
      [body(posA(), posB({ cargoTypeId: otherCargoTypeId }), '1'), 'bCargoTypeId', SwapCargoMessages.sameCargoType],
      [body(posA(), posA({ ownerCompanyId: world.sisterConsigneeId, attachedVoyageId: second.voyageId }), '1'), 'bConsignmentId', SwapCargoMessages.samePosition],
      // Foreign ids: another agency's place and owner.
      [body(posA({ locationId: foreign.warehouseId, siloId: null }), posB(), '1'), 'aLocationId', SwapCargoMessages.sideARequired],
      [body(posA(), posB({ ownerCompanyId: foreign.consigneeId }), '1'), 'bOwnerCompanyId', SwapCargoMessages.sideBRequired],
    ];
    for (const [payload, name, message] of cases) {
      const answer = await call('POST', '/api/swapCargo', payload);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.details?.[name], name).toBe(message);
    }
    expect((await call('POST', '/api/swapCargo', body(posA(), posB(), '0'))).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('reverses with a reason, refused with "Quantity not available" while a received position has moved on', async () => {
    const swap = await call<TSwapCargoSaved>('POST', '/api/swapCargo', body(posA(), posB(), '10'));
    expect(swap.status).toBe(200);
    const received = posA({ ownerCompanyId: world.sisterConsigneeId, attachedVoyageId: second.voyageId });
    const receivedBefore = await balanceOf(received);
    // B hands all it received at X on to the shipment manager.
    const onward = await call<{ record: { id: number } }>('POST', '/api/ownershipTransfer', {
      locationId: received.locationId,
      siloId: received.siloId,
      ownerCompanyId: received.ownerCompanyId,
      consignmentId: received.consignmentId,
      cargoTypeId: received.cargoTypeId,
      voyageId: received.voyageId,
      attachedVoyageId: received.attachedVoyageId,
      toOwnerCompanyId: world.shipmentManagerId,
      quantity: '40',
    });
    expect(onward.status, JSON.stringify(onward.body)).toBe(200);
    const noReason = await call('DELETE', `/api/swapCargo/${swap.body.record.id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const refused = await call('DELETE', `/api/swapCargo/${swap.body.record.id}/reverse`, { reason: 'Wrong stock' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call('DELETE', `/api/ownershipTransfer/${onward.body.record.id}/reverse`, { reason: 'Undo onward' })).body.message).toBe(OwnershipTransferMessages.reversed);
    const reversed = await call('DELETE', `/api/swapCargo/${swap.body.record.id}/reverse`, { reason: 'Wrong stock' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(SwapCargoMessages.reversed);
    expect(await balanceOf(received)).toBe(receivedBefore - 10_000n);
    expect(await balanceOf(posA())).toBe(70_000n);
    expect(await balanceOf(posB())).toBe(50_000n);
    const again = await call('DELETE', `/api/swapCargo/${swap.body.record.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SwapCargoMessages.alreadyReversed);
    const reversedList = await call<TSwapCargoList>('GET', '/api/swapCargo?status=Reversed');
    expect(reversedList.body.rows.find((r) => r.id === swap.body.record.id)).toMatchObject({ status: 'Reversed', reverseReason: 'Wrong stock' });
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'swapCargo'), eq(auditLog.entityId, String(swap.body.record.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reverse']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('keeps to the data scope on the list, the record, the add and the reversal', async () => {
    const [any] = await t.database.db.select({ id: cargoSwaps.id }).from(cargoSwaps).where(eq(cargoSwaps.status, 'Active')).limit(1);
    // Located at the far yard only: sees the swaps with a side there, may not use the other side's place.
    const located = await call<TSwapCargoList>('GET', '/api/swapCargo?status=all', undefined, scopedHeaders);
    expect(located.body.count).toBeGreaterThan(0);
    const add = await call('POST', '/api/swapCargo', body(posA(), posB(), '1'), scopedHeaders);
    expect(add.status).toBe(400);
    expect(add.body.details?.aLocationId).toBe(SwapCargoMessages.sideARequired);
    // Scoped to the consignee: a party to the swaps, but the sister's position is not its to give.
    const own = await call<TSwapCargoList>('GET', '/api/swapCargo?status=all', undefined, consigneeOnlyHeaders);
    expect(own.body.count).toBeGreaterThan(0);
    expect(own.body.rows.every((r) => r.a.ownerCompanyId === world.consigneeId || r.b.ownerCompanyId === world.consigneeId)).toBe(true);
    const foreignSide = await call('POST', '/api/swapCargo', body(posA(), posB(), '1'), consigneeOnlyHeaders);
    expect(foreignSide.status).toBe(400);
    expect(foreignSide.body.details?.bOwnerCompanyId).toBe(SwapCargoMessages.sideBRequired);
    // A third party sees nothing: 404 on the record and on the reversal.
    const stranger = await call<TSwapCargoList>('GET', '/api/swapCargo?status=all', undefined, strangerHeaders);
    expect(stranger.body.count).toBe(0);
    expect((await call('GET', `/api/swapCargo/${any?.id}`, undefined, strangerHeaders)).status).toBe(404);
    expect((await call('DELETE', `/api/swapCargo/${any?.id}/reverse`, { reason: 'Not mine' }, strangerHeaders)).status).toBe(404);
    expect((await call<TStockPositions>('GET', '/api/swapCargo/positions', undefined, strangerHeaders)).body.rows).toEqual([]);
    expect(await count()).toBeGreaterThan(0);
  });
});

describe('racing swaps of one position', () => {
  it(`never overdraw either side (${testEngine})`, async () => {
    const before = await balanceOf(posB());
    const take = String(Number(before / 1000n) - 5);
    const answers = await Promise.all([0, 1].map(() => call('POST', '/api/swapCargo', body(posA(), posB(), take))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(Messages.quantityNotAvailable);
    expect(await balanceOf(posB())).toBe(5_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
