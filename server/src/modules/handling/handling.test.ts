import { randomBytes } from 'node:crypto';
import { HandlingMessages, Messages, permissionFlag, tonnesToKg, type TApprovalInbox, type TDocumentList, type THandlingList, type THandlingSaved, type TStockPositions } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, inTransitAccount, onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { deleteApprovalRule, saveApprovalRule } from '../approvals/approval-rules.service';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { seedDemoHandling } from '../../seed/demo-handling';
import { handlingRecords } from './handling.schema';

/*
 * Handling loss and excess through their routes: the allowance of the handling-loss rules on what the warehouse
 * received (within: posted at once; above: the approval rule of the kind, approved posts, rejected posts nothing,
 * no rule approves at once), the reversal (refused when an excess's stock moved on), data scope, messages,
 * documents, and a ledger that stays whole. Stock arrives as a receipt posts it: ON_BOARD -> IN_TRANSIT -> ON_HAND.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let approverHeaders: Record<string, string>;
let clerkHeaders: Record<string, string>;
let scopedHeaders: Record<string, string>;
let approverId: number;
let warehouseId: number;
let otherWarehouseId: number;
let siloId: number;
let shipment: { voyageId: number; consignmentId: number };
let tripSeq = 990_000;

async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers };
}

const position = (silo: number | null, location = warehouseId): Position => ({
  locationId: location,
  siloId: silo,
  ownerCompanyId: world.consigneeId,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

/** A receipt: ON_BOARD -> IN_TRANSIT (a truck) and IN_TRANSIT -> ON_HAND of the position. */
async function receive(pos: Position, tonnes: string) {
  const kg = tonnesToKg(tonnes);
  tripSeq += 1;
  const trip = inTransitAccount({ tripId: tripSeq, voyageId: shipment.voyageId, consignmentId: shipment.consignmentId, ownerCompanyId: pos.ownerCompanyId, cargoTypeId: pos.cargoTypeId });
  await inAgency(t.database.db, writer.agencyId, async (tx) => {
    const base = { agencyId: writer.agencyId, source: { table: 'test_receipts', id: tripSeq }, userId: writer.userId, at: writer.now };
    await post(tx, { ...base, type: 'testLoading', lines: [{ account: onBoardAccount(shipment), quantityKg: -kg }, { account: trip, quantityKg: kg }] });
    await post(tx, { ...base, type: 'testReceipt', lines: [{ account: trip, quantityKg: -kg }, { account: onHandAccount(pos), quantityKg: kg }] });
  });
}

const balanceOf = (pos: Position) => inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) }));
const sinkOf = (kind: 'HANDLING_LOSS' | 'HANDLING_EXCESS', pos: Position) => inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: accountKey(kind, pos) }));

const body = (pos: Position, quantity: string, overrides: Record<string, unknown> = {}) => ({
  warehouseId: pos.locationId,
  siloId: pos.siloId,
  ownerCompanyId: pos.ownerCompanyId,
  consignmentId: pos.consignmentId,
  cargoTypeId: pos.cargoTypeId,
  voyageId: pos.voyageId,
  attachedVoyageId: pos.attachedVoyageId,
  quantity,
  reason: 'Dust during handling',
  ...overrides,
});

const withRule = (kind: 'handlingLoss' | 'handlingExcess', userIds: number[]) =>
  inAgency(t.database.db, writer.agencyId, (tx) => saveApprovalRule(tx, { agencyId: writer.agencyId, kind, input: { kind, approvers: userIds.map((userId, i) => ({ order: i + 1, userId })) }, actorId: writer.userId, now: new Date() }));
const withoutRule = (kind: 'handlingLoss' | 'handlingExcess') => inAgency(t.database.db, writer.agencyId, (tx) => deleteApprovalRule(tx, { agencyId: writer.agencyId, kind, actorId: writer.userId, now: new Date() }));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Handling agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Hala', lastName: 'Handler' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-22T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  warehouseId = await addResource(db, writer, 'warehouse', { name: 'Handling yard', storageType: 'both', latitude: 21.5, longitude: 39.2 });
  siloId = await addResource(db, writer, 'silo', { name: 'Silo H', warehouseId, capacity: 5000 });
  otherWarehouseId = await addResource(db, writer, 'warehouse', { name: 'Far yard', storageType: 'openArea', latitude: 21.4, longitude: 39.1 });
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  // 0.5 % at every warehouse, 1 % at the handling yard: the warehouse's own rule wins.
  await addResource(db, writer, 'handlingLossRule', { name: 'All yards', cargoTypeId: world.cargoTypeId, allowedLossPercent: 0.5 });
  await addResource(db, writer, 'handlingLossRule', { name: 'Handling yard', cargoTypeId: world.cargoTypeId, locationId: warehouseId, allowedLossPercent: 1 });
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const txn = (module: string) => ['view', 'add', 'reverse'].map((action) => permissionFlag(module, action as 'view'));
  const clerkRole = await makeRole(db, { agencyId: agency.id, permissions: [...txn('HandlingLoss'), ...txn('HandlingExcess')], name: 'Handling clerk' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id });
  clerkHeaders = { ...bearer(await loginAs(t.app, clerk.username)), 'x-agency-id': String(agency.id) };
  const approverRole = await makeRole(db, {
    agencyId: agency.id,
    permissions: [permissionFlag('HandlingLoss', 'view'), permissionFlag('HandlingExcess', 'view')],
    name: 'Handling approver',
  });
  const approver = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: approverRole.id, firstName: 'Amal', lastName: 'Approver' });
  approverId = approver.id;
  approverHeaders = { ...bearer(await loginAs(t.app, approver.username)), 'x-agency-id': String(agency.id) };
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id, locationIds: [otherWarehouseId] });
  scopedHeaders = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  await receive(position(siloId), '600');
  await receive(position(null), '400');
});
afterAll(async () => {
  await t.close();
});

describe('handling loss', () => {
  it('posts a loss within the allowance at once (1 % of 1,000 MT received at the warehouse)', async () => {
    const positions = await call<TStockPositions>('GET', `/api/handlingLoss/positions?warehouseId=${warehouseId}`);
    expect(positions.status).toBe(200);
    expect(positions.body.rows.find((r) => r.siloId === siloId)).toMatchObject({ onHand: '600.000', usable: '600.000' });

    const created = await call<THandlingSaved>('POST', '/api/handlingLoss', body(position(siloId), '6'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(HandlingMessages.lossCreated);
    expect(created.body.record).toMatchObject({
      kind: 'handlingLoss',
      quantity: '6.000',
      baseQuantity: '1000.000',
      allowedPercent: '1.000',
      percent: '0.600',
      withinAllowance: true,
      approvalStatus: 'Approved',
      posted: true,
      siloName: 'Silo H',
      createdBy: 'Hala Handler',
    });
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 594_000n });
    expect(await sinkOf('HANDLING_LOSS', position(siloId))).toMatchObject({ balanceKg: 6_000n });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('sends a loss above the allowance through the approval rule: pending posts nothing, approval posts', async () => {
    await withRule('handlingLoss', [approverId]);
    // 6 already lost + 5 = 1.1 % > 1 %.
    const created = await call<THandlingSaved>('POST', '/api/handlingLoss', body(position(null), '5'), clerkHeaders);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(HandlingMessages.lossCreatedPending);
    expect(created.body.record).toMatchObject({ withinAllowance: false, approvalStatus: 'Pending', posted: false, percent: '1.100', nextApprover: 'Amal Approver', canDecide: false });
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 400_000n });
    const id = created.body.record.id;

    // Documents go with it.
    const path = await upload();
    const attached = await call('POST', `/api/handlingLoss/${id}/documents`, { path, title: 'Survey report' }, clerkHeaders);
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    const docs = await call<TDocumentList>('GET', `/api/handlingLoss/${id}/documents`, undefined, approverHeaders);
    expect(docs.body.rows.map((d) => d.title)).toEqual(['Survey report']);

    // Only the current approver decides (the clerk sees the list but is not the approver).
    expect((await call('POST', `/api/handlingLoss/${id}/decision`, { decision: 'Approved' }, clerkHeaders)).status).toBe(403);
    const pendingList = await call<THandlingList>('GET', '/api/handlingLoss?approvalStatus=Pending', undefined, approverHeaders);
    expect(pendingList.body.rows.map((r) => [r.id, r.canDecide])).toEqual([[id, true]]);
    // The approver's top-bar inbox lists it with a link to its record page; the clerk's (not its approver) does not.
    const inbox = await call<TApprovalInbox>('GET', '/api/approvals/inbox', undefined, approverHeaders);
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    expect(inbox.body.count).toBe(1);
    expect(inbox.body.rows).toEqual([
      expect.objectContaining({ kind: 'handlingLoss', id, page: `handlingLoss/${id}/edit`, warehouseName: 'Handling yard', siloName: null, quantity: '5.000', percent: '1.100', allowedPercent: '1.000', approverName: 'Amal Approver', standIn: false }),
    ]);
    const clerkInbox = await call<TApprovalInbox>('GET', '/api/approvals/inbox', undefined, clerkHeaders);
    expect(clerkInbox.status).toBe(200);
    expect(clerkInbox.body.count).toBe(0);
    expect((await call('GET', '/api/approvals/inbox', undefined, scopedHeaders)).body).toMatchObject({ count: 0 });
    const approved = await call<THandlingSaved>('POST', `/api/handlingLoss/${id}/decision`, { decision: 'Approved', comment: 'Survey agrees' }, approverHeaders);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toBe(HandlingMessages.lossApproved);
    expect(approved.body.record).toMatchObject({ approvalStatus: 'Approved', posted: true });
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 395_000n });
    expect((await call<TApprovalInbox>('GET', '/api/approvals/inbox', undefined, approverHeaders)).body.count).toBe(0);
    const again = await call('POST', `/api/handlingLoss/${id}/decision`, { decision: 'Rejected' }, approverHeaders);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(HandlingMessages.notPending);

    // Reversal returns the stock.
    const reversed = await call('DELETE', `/api/handlingLoss/${id}/reverse`, { reason: 'Recounted' }, clerkHeaders);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(HandlingMessages.lossReversed);
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 400_000n });
    const twice = await call('DELETE', `/api/handlingLoss/${id}/reverse`, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(HandlingMessages.alreadyReversed);
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'handlingLoss'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['approve', 'create', 'reverse']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('posts nothing for a rejected loss, and approves at once without an approval rule', async () => {
    const created = await call<THandlingSaved>('POST', '/api/handlingLoss', body(position(null), '20'));
    expect(created.body.record.approvalStatus).toBe('Pending');
    const rejected = await call<THandlingSaved>('POST', `/api/handlingLoss/${created.body.record.id}/decision`, { decision: 'Rejected', comment: 'No survey' }, approverHeaders);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.message).toBe(HandlingMessages.lossRejected);
    expect(rejected.body.record).toMatchObject({ approvalStatus: 'Rejected', posted: false });
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 400_000n });

    await withoutRule('handlingLoss');
    const free = await call<THandlingSaved>('POST', '/api/handlingLoss', body(position(null), '20'));
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.message).toBe(HandlingMessages.lossCreated);
    expect(free.body.record).toMatchObject({ withinAllowance: false, approvalStatus: 'Approved', posted: true });
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 380_000n });
    expect((await call('DELETE', `/api/handlingLoss/${free.body.record.id}/reverse`, { reason: 'Test done' })).status).toBe(200);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const count = async () => (await t.database.db.select({ id: handlingRecords.id }).from(handlingRecords)).length;
    const before = await count();
    const noReason = await call('POST', '/api/handlingLoss', body(position(null), '1', { reason: '' }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.reason).toBe(HandlingMessages.reasonRequired);
    const noWarehouse = await call('POST', '/api/handlingLoss', body(position(null), '1', { warehouseId: '' }));
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    const tooMuch = await call('POST', '/api/handlingLoss', body(position(null), '400.001'));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(Messages.quantityNotAvailable);
    const noReverseReason = await call('DELETE', '/api/handlingLoss/1/reverse', { reason: ' ' });
    expect(noReverseReason.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps to the data scope: another warehouse’s user sees nothing and may not write there', async () => {
    const list = await call<THandlingList>('GET', '/api/handlingLoss?status=all', undefined, scopedHeaders);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    const all = await call<THandlingList>('GET', '/api/handlingLoss?status=all');
    const first = all.body.rows[0];
    expect(first).toBeDefined();
    expect((await call('GET', `/api/handlingLoss/${first?.id}`, undefined, scopedHeaders)).status).toBe(404);
    expect((await call('GET', `/api/handlingLoss/${first?.id}/documents`, undefined, scopedHeaders)).status).toBe(404);
    const write = await call('POST', '/api/handlingLoss', body(position(null), '1'), scopedHeaders);
    expect(write.status).toBe(400);
    expect(write.body.details?.warehouseId).toBe(Messages.warehouseRequired);
    // A loss is not an excess.
    expect((await call('GET', `/api/handlingExcess/${first?.id}`)).status).toBe(404);
  });

  it('lists with filters and sort, and exports', async () => {
    const list = await call<THandlingList>('GET', `/api/handlingLoss?status=all&warehouseId=${warehouseId}&sortBy=quantity&sortOrder=asc`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r) => r.quantity)).toEqual(['5.000', '6.000', '20.000', '20.000']);
    const rejected = await call<THandlingList>('GET', '/api/handlingLoss?approvalStatus=Rejected');
    expect(rejected.body.rows.map((r) => r.quantity)).toEqual(['20.000']);
    const searched = await call<THandlingList>('GET', '/api/handlingLoss?status=all&search=Dust');
    expect(searched.body.count).toBe(4);
    const file = await call('GET', '/api/handlingLoss/export.xlsx?status=all&lang=ar');
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheet');
  });
});

describe('handling excess', () => {
  it('adds an excess within the allowance at once, and refuses its reversal once the stock moved on', async () => {
    const created = await call<THandlingSaved>('POST', '/api/handlingExcess', body(position(siloId), '8'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(HandlingMessages.excessCreated);
    expect(created.body.record).toMatchObject({ kind: 'handlingExcess', approvalStatus: 'Approved', posted: true, percent: '0.800' });
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 602_000n });
    expect(await sinkOf('HANDLING_EXCESS', position(siloId))).toMatchObject({ balanceKg: -8_000n });

    // The whole silo is lost (approved at once: no approval rule for losses now): the excess has moved on.
    const lost = await call<THandlingSaved>('POST', '/api/handlingLoss', body(position(siloId), '602'));
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    const refused = await call('DELETE', `/api/handlingExcess/${created.body.record.id}/reverse`, { reason: 'Recounted' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect((await call('DELETE', `/api/handlingLoss/${lost.body.record.id}/reverse`, { reason: 'Undo' })).status).toBe(200);
    const reversed = await call('DELETE', `/api/handlingExcess/${created.body.record.id}/reverse`, { reason: 'Recounted' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toBe(HandlingMessages.excessReversed);
    expect(await balanceOf(position(siloId))).toMatchObject({ balanceKg: 594_000n });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('sends an excess above the allowance through its own approval rule', async () => {
    await withRule('handlingExcess', [approverId]);
    const created = await call<THandlingSaved>('POST', '/api/handlingExcess', body(position(null), '15'));
    expect(created.body).toMatchObject({ message: HandlingMessages.excessCreatedPending, record: { approvalStatus: 'Pending', posted: false } });
    const approved = await call<THandlingSaved>('POST', `/api/handlingExcess/${created.body.record.id}/decision`, { decision: 'Approved' }, approverHeaders);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ message: HandlingMessages.excessApproved, record: { approvalStatus: 'Approved', posted: true } });
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 415_000n });
    // A pending one reversed stops waiting: its decision is refused.
    const pending = await call<THandlingSaved>('POST', '/api/handlingExcess', body(position(null), '1'));
    expect(pending.body.record.approvalStatus).toBe('Pending');
    const inbox = await call<TApprovalInbox>('GET', '/api/approvals/inbox', undefined, approverHeaders);
    expect(inbox.body.rows.map((row) => [row.kind, row.id, row.page])).toEqual([['handlingExcess', pending.body.record.id, `handlingExcess/${pending.body.record.id}/edit`]]);
    expect((await call('DELETE', `/api/handlingExcess/${pending.body.record.id}/reverse`, { reason: 'Wrong entry' })).status).toBe(200);
    const late = await call('POST', `/api/handlingExcess/${pending.body.record.id}/decision`, { decision: 'Approved' }, approverHeaders);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(HandlingMessages.alreadyReversed);
    // Reversed, it no longer awaits anyone.
    expect((await call<TApprovalInbox>('GET', '/api/approvals/inbox', undefined, approverHeaders)).body.count).toBe(0);
    expect(await balanceOf(position(null))).toMatchObject({ balanceKg: 415_000n });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('racing records', () => {
  it('take turns at a warehouse: of two losses that together pass the allowance, only one is within it', async () => {
    const far = position(null, otherWarehouseId);
    await receive(far, '100');
    // 0.5 % (the rule for every warehouse) of 100 MT = 500 kg; two of 300 kg at once.
    const [a, b] = await Promise.all([call<THandlingSaved>('POST', '/api/handlingLoss', body(far, '0.3')), call<THandlingSaved>('POST', '/api/handlingLoss', body(far, '0.3'))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.record.withinAllowance, b.body.record.withinAllowance].sort()).toEqual([false, true]);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('demo entries', () => {
  it('records a loss within the allowance, one above it (approved) and an excess, keeping the ledger whole', async () => {
    const before = await call<THandlingList>('GET', '/api/handlingLoss?status=all');
    const done = await inAgency(t.database.db, writer.agencyId, (tx) => seedDemoHandling(tx, { agencyId: writer.agencyId, userId: writer.userId, now: new Date('2026-11-23T08:00:00Z') }));
    expect(done).toEqual({ handlingLosses: 2, handlingExcesses: 1, approvedAboveAllowance: 1 });
    const after = await call<THandlingList>('GET', '/api/handlingLoss?status=all&sortBy=adjustedAt&sortOrder=desc');
    expect(after.body.count).toBe(before.body.count + 2);
    expect(after.body.rows.slice(0, 2).map((r) => [r.withinAllowance, r.approvalStatus, r.posted])).toEqual([
      [false, 'Approved', true],
      [true, 'Approved', true],
    ]);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

function multipart(fileName: string, bytes: Buffer) {
  const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(): Promise<string> {
  const file = multipart('Survey.pdf', Buffer.from(`%PDF-1.4 ${randomBytes(8).toString('hex')}`));
  const response = await t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=documents', headers: { ...clerkHeaders, 'content-type': file.contentType }, payload: file.payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ path: string }>().path;
}
