import { Messages, VesselApprovalMessages, tonnesToKg, type ApprovalKind, type TQuantityApproval, type TVoyageApproval } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { deleteApprovalRule, saveApprovalRule } from '../approvals/approval-rules.service';
import { approvalSteps } from '../approvals/approvals.schema';
import { makeBl, makeCargoWorld, makeConsignee, makeShipmentManager, makeVoyage, onBoardKg, takeOffBoard, type Bl, type CargoWorld } from './vessel-approval.fixtures';
import { quantityApprovals, voyageApprovals } from './vessel-approval.schema';

/*
 * The vessel quantity approval API on a real engine (PGlite, or PostgreSQL with TEST_DB=postgres): recording
 * out-turns per voyage and per BL, their approval by ordered approvers with e-mail to the one due, the posting of
 * the approved difference to ON_BOARD, and the permission, scope and agency walls.
 */

let t: TestApp;
let world: CargoWorld;
let otherWorld: CargoWorld;
const tokens = { admin: '', first: '', second: '', viewer: '', restricted: '', otherAdmin: '' };
const people = { admin: 0, first: 0, second: 0, viewer: 0 };
let consigneeA = 0;
let consigneeB = 0;

const VESSEL = '/api/vesselQuantityApproval/vessel';
const BL = '/api/vesselQuantityApproval/quantityApproval';

async function setRule(kind: ApprovalKind, userIds: number[]): Promise<void> {
  await inAgency(t.database.db, world.agencyId, (tx) =>
    saveApprovalRule(tx, { agencyId: world.agencyId, kind, input: { kind, approvers: userIds.map((userId, i) => ({ order: i + 1, userId })) }, actorId: people.admin, now: new Date() }),
  );
}

async function dropRule(kind: ApprovalKind): Promise<void> {
  await inAgency(t.database.db, world.agencyId, (tx) => deleteApprovalRule(tx, { agencyId: world.agencyId, kind, actorId: people.admin, now: new Date() }).catch(() => undefined));
}

function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function newBl(blQuantity: string, consigneeId = consigneeA): Promise<Bl> {
  const voyageId = await makeVoyage(t.database.db, world);
  return makeBl(t.database.db, world, { voyageId, consigneeId, blQuantity });
}

async function ledgerRowsOf(id: number) {
  return t.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.sourceTable, 'quantity_approvals'), eq(ledgerTransactions.sourceId, id)));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db);
  const other = await makeAgency(db);
  const approverRole = await makeRole(db, {
    agencyId: agency.id,
    permissions: ['canViewApprovalVessel', 'canApproveApprovalVessel', 'canViewVesselQuantityApproval', 'canApproveVesselQuantityApproval'],
  });
  const viewerRole = await makeRole(db, {
    agencyId: agency.id,
    permissions: ['canViewApprovalVessel', 'canAddApprovalVessel', 'canEditApprovalVessel', 'canViewVesselQuantityApproval', 'canAddVesselQuantityApproval', 'canEditVesselQuantityApproval'],
  });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Adam' });
  const first = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: approverRole.id, firstName: 'Fatima', email: 'fatima@agency.test' });
  const second = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: approverRole.id, firstName: 'Sami', email: 'sami@agency.test' });
  const viewer = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: viewerRole.id, firstName: 'Vera', email: 'vera@agency.test' });
  const otherAdmin = await makeUser(db, { kind: 'agencyAdmin', agencyId: other.id });
  people.admin = admin.id;
  people.first = first.id;
  people.second = second.id;
  people.viewer = viewer.id;
  world = await makeCargoWorld(db, { agencyId: agency.id, userId: admin.id });
  otherWorld = await makeCargoWorld(db, { agencyId: other.id, userId: otherAdmin.id });
  const sm = await makeShipmentManager(db, world);
  consigneeA = await makeConsignee(db, world, { name: 'Alpha Mills' });
  consigneeB = await makeConsignee(db, world, { name: 'Bravo Foods', shipmentManagerId: sm });
  const restricted = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: viewerRole.id, consigneeIds: [consigneeB] });
  tokens.admin = await loginAs(t.app, admin.username);
  tokens.first = await loginAs(t.app, first.username);
  tokens.second = await loginAs(t.app, second.username);
  tokens.viewer = await loginAs(t.app, viewer.username);
  tokens.restricted = await loginAs(t.app, restricted.username);
  tokens.otherAdmin = await loginAs(t.app, otherAdmin.username);
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  t.mailer.sent.length = 0;
  await dropRule('voyageApproval');
  await dropRule('vesselQuantityApproval');
});

describe('BL out-turn (quantityApproval)', () => {
  it('posts an excess at once when the agency has no rule: ON_BOARD becomes the discharged quantity', async () => {
    const bl = await newBl('1000');
    const emit = vi.spyOn(t.context.realtime, 'emitToAgency');
    const response = await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '1012.345' });
    expect(emit).toHaveBeenCalledWith(world.agencyId, 'events', { statsUpdated: true, type: 'vessel' });
    emit.mockRestore();
    expect(response.statusCode).toBe(200);
    const row = response.json<TQuantityApproval>();
    expect(row).toMatchObject({ blNumber: bl.blNumber, lcPoNumber: bl.lcNumber, blConsigneeName: 'Alpha Mills', blQuantity: '1000.000', dischargedQuantity: '1012.345', difference: '12.345', status: 'Approved' });
    expect(row.ledgerTransactionId).not.toBeNull();
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('1012.345'));
    expect(await ledgerRowsOf(row.id)).toHaveLength(1);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('walks two ordered approvers: first approves (still Pending, second mailed), second approves (Approved, shortage posted)', async () => {
    await setRule('vesselQuantityApproval', [people.first, people.second]);
    const bl = await newBl('500');
    const created = await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '497.5', remarks: 'draft survey' });
    expect(created.statusCode).toBe(200);
    const row = created.json<TQuantityApproval>();
    expect(row).toMatchObject({ status: 'Pending', difference: '-2.500', ledgerTransactionId: null });
    expect(row.approval.nextApproverId).toBe(people.first);
    expect(row.approval.isCurrentApprover).toBe(false);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['fatima@agency.test']);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('500'));

    // The second approver is not due yet.
    const early = await call(tokens.second, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    expect(early.statusCode).toBe(403);

    const mine = await call(tokens.first, 'GET', `${BL}/${row.id}`);
    expect(mine.json<TQuantityApproval>().approval.isCurrentApprover).toBe(true);
    const one = await call(tokens.first, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved', comment: ' ok ' });
    expect(one.statusCode).toBe(200);
    expect(one.json<TQuantityApproval>()).toMatchObject({ status: 'Pending', ledgerTransactionId: null });
    expect(one.json<TQuantityApproval>().approval.steps.map((s) => [s.order, s.userName, s.status, s.comment])).toEqual([
      [1, 'Fatima', 'Approved', 'ok'],
      [2, 'Sami', 'Pending', null],
    ]);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['fatima@agency.test', 'sami@agency.test']);
    expect(t.mailer.sent[1]?.text).toContain(`/vesselQuantityApproval/quantityApproval/${row.id}/edit`);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('500'));

    const two = await call(tokens.second, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    expect(two.statusCode).toBe(200);
    const approved = two.json<TQuantityApproval>();
    expect(approved.status).toBe('Approved');
    expect(approved.ledgerTransactionId).not.toBeNull();
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('497.5'));
    const [stored] = await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.id, row.id));
    expect(stored?.status).toBe('Approved');

    // Final: no more decisions, no edits.
    expect((await call(tokens.second, 'POST', `${BL}/${row.id}/decision`, { decision: 'Rejected' })).statusCode).toBe(409);
    const edit = await call(tokens.viewer, 'PUT', `${BL}/${row.id}`, { shipmentId: bl.shipmentId, dischargedQuantity: '400' });
    expect([edit.statusCode, edit.json<{ message: string }>().message]).toEqual([409, VesselApprovalMessages.approvedLocked]);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'quantityApproval'), eq(auditLog.entityId, String(row.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['approve', 'approve', 'create']);
  });

  it('a rejection posts nothing; an edit restarts the approval and mails the first approver again', async () => {
    await setRule('vesselQuantityApproval', [people.first]);
    const bl = await newBl('300');
    const emit = vi.spyOn(t.context.realtime, 'emitToAgency');
    const row = (await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '310' })).json<TQuantityApproval>();
    const rejected = await call(tokens.first, 'POST', `${BL}/${row.id}/decision`, { decision: 'Rejected', comment: 'recheck the survey' });
    // Nothing moved on the vessel; only the approvers' inboxes hear of the out-turn and its rejection.
    expect(emit.mock.calls).toEqual([
      [world.agencyId, 'events', { approvalsUpdated: true }],
      [world.agencyId, 'events', { approvalsUpdated: true }],
    ]);
    emit.mockRestore();
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<TQuantityApproval>()).toMatchObject({ status: 'Rejected', ledgerTransactionId: null });
    expect(rejected.json<TQuantityApproval>().approval.nextApproverId).toBeNull();
    expect(await ledgerRowsOf(row.id)).toHaveLength(0);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('300'));

    const filtered = await call(tokens.viewer, 'GET', `${BL}?status=Rejected&voyageId=${bl.voyageId}`);
    expect(filtered.json<{ rows: TQuantityApproval[] }>().rows.map((r) => r.id)).toEqual([row.id]);

    t.mailer.sent.length = 0;
    const edited = await call(tokens.viewer, 'PUT', `${BL}/${row.id}`, { shipmentId: bl.shipmentId, dischargedQuantity: '305' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TQuantityApproval>()).toMatchObject({ status: 'Pending', dischargedQuantity: '305.000', difference: '5.000' });
    expect(edited.json<TQuantityApproval>().approval.steps.map((s) => s.status)).toEqual(['Pending']);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['fatima@agency.test']);
    const approved = await call(tokens.first, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    expect(approved.json<TQuantityApproval>().status).toBe('Approved');
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('305'));
  });

  it('refuses an edit once a decision is under way, and allows one before any decision', async () => {
    await setRule('vesselQuantityApproval', [people.first, people.second]);
    const bl = await newBl('200');
    const row = (await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '200' })).json<TQuantityApproval>();
    const before = await call(tokens.viewer, 'PUT', `${BL}/${row.id}`, { shipmentId: bl.shipmentId, dischargedQuantity: '199', remarks: 'corrected' });
    expect(before.statusCode).toBe(200);
    expect(before.json<TQuantityApproval>()).toMatchObject({ status: 'Pending', dischargedQuantity: '199.000', remarks: 'corrected', updatedBy: 'Vera' });
    await call(tokens.first, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    const during = await call(tokens.viewer, 'PUT', `${BL}/${row.id}`, { shipmentId: bl.shipmentId, dischargedQuantity: '150' });
    expect([during.statusCode, during.json<{ message: string }>().message]).toEqual([409, VesselApprovalMessages.decisionUnderWay]);
    const [stored] = await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.id, row.id));
    expect(stored?.dischargedKg).toBe(tonnesToKg('199'));
  });

  it('refuses a shortage larger than what is still on board with 409, recording neither the decision nor a posting', async () => {
    await setRule('vesselQuantityApproval', [people.first]);
    const bl = await newBl('100');
    await takeOffBoard(t.database.db, world, bl, '95');
    const row = (await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '90' })).json<TQuantityApproval>();
    expect(row.difference).toBe('-10.000');
    const refused = await call(tokens.first, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([409, Messages.quantityNotAvailable]);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('5'));
    const steps = await t.database.db.select().from(approvalSteps).where(and(eq(approvalSteps.kind, 'vesselQuantityApproval'), eq(approvalSteps.transactionId, row.id)));
    expect(steps.map((s) => [s.status, s.decidedAt])).toEqual([['Pending', null]]);
    const [stored] = await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.id, row.id));
    expect([stored?.status, stored?.ledgerTransactionId]).toEqual(['Pending', null]);
    expect(await ledgerRowsOf(row.id)).toHaveLength(0);
  });

  it('with no rule, a shortage beyond on board refuses the create itself and leaves nothing behind', async () => {
    const bl = await newBl('100');
    await takeOffBoard(t.database.db, world, bl, '99');
    const refused = await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '98' });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([409, Messages.quantityNotAvailable]);
    expect(await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.shipmentId, bl.shipmentId))).toEqual([]);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('1'));
  });

  it('records one out-turn per BL, and lists the voyage’s BLs with the one recorded', async () => {
    await setRule('vesselQuantityApproval', [people.first]);
    const bl = await newBl('80');
    const second = await makeBl(t.database.db, world, { voyageId: bl.voyageId, consigneeId: consigneeA, blQuantity: '20', blNumber: 'A-2' });
    const first = await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '80' });
    const again = await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '81' });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, VesselApprovalMessages.shipmentTaken]);
    const list = await call(tokens.viewer, 'GET', `/api/vesselQuantityApproval/voyages/${bl.voyageId}/shipments`);
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ rows: { id: number; blQuantity: string; quantityApprovalId: number | null }[] }>().rows;
    // Ordered by BL number: 'A-2' before 'BL-…'.
    expect(rows.map((r) => [r.id, r.blQuantity, r.quantityApprovalId])).toEqual([
      [second.shipmentId, '20.000', null],
      [bl.shipmentId, '80.000', first.json<TQuantityApproval>().id],
    ]);
    const changed = await call(tokens.viewer, 'PUT', `${BL}/${first.json<TQuantityApproval>().id}`, { shipmentId: second.shipmentId, dischargedQuantity: '80' });
    expect([changed.statusCode, changed.json<{ message: string }>().message]).toEqual([400, VesselApprovalMessages.shipmentChanged]);
  });

  it('rejects bad input with field messages and changes nothing', async () => {
    const bl = await newBl('10');
    const cases: [unknown, string, string][] = [
      [{ dischargedQuantity: '1' }, 'shipmentId', VesselApprovalMessages.shipmentRequired],
      [{ shipmentId: bl.shipmentId, dischargedQuantity: '1.2345' }, 'dischargedQuantity', 'Please enter a quantity in MT with at most 3 decimals.'],
      [{ shipmentId: bl.shipmentId, dischargedQuantity: '-3' }, 'dischargedQuantity', 'Please enter a quantity in MT with at most 3 decimals.'],
      [{ shipmentId: bl.shipmentId }, 'dischargedQuantity', 'Please enter a quantity in MT.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(tokens.viewer, 'POST', BL, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ details: Record<string, string> }>().details[field]).toBe(message);
    }
    expect(await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.shipmentId, bl.shipmentId))).toEqual([]);
    const zero = await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: 0 });
    expect(zero.statusCode).toBe(200);
    expect(zero.json<TQuantityApproval>()).toMatchObject({ dischargedQuantity: '0.000', difference: '-10.000', status: 'Approved' });
    expect(await onBoardKg(t.database.db, world, bl)).toBe(0n);
  });

  it('needs the approve permission (403) and being the current approver (403), and hides other agencies’ rows (404)', async () => {
    // A rule can no longer name the viewer (no canApproveVesselQuantityApproval): see approvals-inbox.test.ts.
    await setRule('vesselQuantityApproval', [people.second, people.first]);
    const bl = await newBl('60');
    const row = (await call(tokens.admin, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '61' })).json<TQuantityApproval>();
    const noFlag = await call(tokens.viewer, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    expect([noFlag.statusCode, noFlag.json<{ message: string }>().message]).toEqual([403, Messages.forbidden]);
    // Fatima holds the flag but is second in line.
    const notDue = await call(tokens.first, 'POST', `${BL}/${row.id}/decision`, { decision: 'Approved' });
    expect(notDue.statusCode).toBe(403);
    const steps = await t.database.db.select().from(approvalSteps).where(and(eq(approvalSteps.kind, 'vesselQuantityApproval'), eq(approvalSteps.transactionId, row.id)));
    expect(steps.every((s) => s.status === 'Pending')).toBe(true);

    for (const [method, url, payload] of [
      ['GET', `${BL}/${row.id}`, undefined],
      ['PUT', `${BL}/${row.id}`, { shipmentId: bl.shipmentId, dischargedQuantity: '1' }],
      ['POST', `${BL}/${row.id}/decision`, { decision: 'Rejected' }],
    ] as const) {
      expect((await call(tokens.otherAdmin, method, url, payload)).statusCode).toBe(404);
    }
    const foreignCreate = await call(tokens.otherAdmin, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '1' });
    expect(foreignCreate.statusCode).toBe(404);
    const otherList = await call(tokens.otherAdmin, 'GET', BL);
    expect(otherList.json<{ count: number }>().count).toBe(0);
    expect(otherWorld.agencyId).not.toBe(world.agencyId);
  });

  it('shows a restricted user only the BLs of consignees in scope, and refuses the others with 404', async () => {
    const mine = await newBl('40', consigneeB);
    const theirs = await newBl('40', consigneeA);
    const inScope = (await call(tokens.admin, 'POST', BL, { shipmentId: mine.shipmentId, dischargedQuantity: '40' })).json<TQuantityApproval>();
    const outOfScope = (await call(tokens.admin, 'POST', BL, { shipmentId: theirs.shipmentId, dischargedQuantity: '40' })).json<TQuantityApproval>();
    const list = await call(tokens.restricted, 'GET', `${BL}?limit=100`);
    const ids = list.json<{ rows: TQuantityApproval[] }>().rows.map((r) => r.id);
    expect(ids).toContain(inScope.id);
    expect(ids).not.toContain(outOfScope.id);
    expect(list.json<{ rows: TQuantityApproval[] }>().rows.every((r) => r.blConsigneeName === 'Bravo Foods')).toBe(true);
    expect((await call(tokens.restricted, 'GET', `${BL}/${outOfScope.id}`)).statusCode).toBe(404);
    expect((await call(tokens.restricted, 'GET', `${BL}/${inScope.id}`)).statusCode).toBe(200);
    const theirShipments = await call(tokens.restricted, 'GET', `/api/vesselQuantityApproval/voyages/${theirs.voyageId}/shipments`);
    expect(theirShipments.json<{ rows: unknown[] }>().rows).toEqual([]);
    const voyageList = await call(tokens.restricted, 'GET', `${VESSEL}?limit=100`);
    expect(voyageList.statusCode).toBe(200);
  });

  it('searches and pages in the database', async () => {
    const voyageId = await makeVoyage(t.database.db, world, { voyageNumber: 'PAGE-77' });
    for (let i = 0; i < 3; i += 1) {
      const bl = await makeBl(t.database.db, world, { voyageId, consigneeId: consigneeA, blQuantity: '5', blNumber: `PAGEBL-${i}` });
      await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '5' });
    }
    const page = await call(tokens.viewer, 'GET', `${BL}?search=PAGEBL&limit=20&page=1`);
    expect(page.json<{ count: number }>().count).toBe(3);
    const second = await call(tokens.viewer, 'GET', `${BL}?voyageId=${voyageId}&limit=20&page=2`);
    expect(second.json<{ rows: unknown[]; count: number }>()).toMatchObject({ rows: [], count: 3 });
    const short = await call(tokens.viewer, 'GET', `${BL}?search=PA&voyageId=${voyageId}`);
    expect(short.json<{ count: number }>().count).toBe(3);
  });
});

describe('voyage out-turn (vessel)', () => {
  it('records the voyage total against its BLs, one per voyage, through two approvers, posting nothing', async () => {
    await setRule('voyageApproval', [people.first, people.second]);
    const bl = await newBl('700');
    await makeBl(t.database.db, world, { voyageId: bl.voyageId, consigneeId: consigneeB, blQuantity: '300' });
    const created = await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '996.5', surveyDate: '2026-11-20', remarks: 'draft' });
    expect(created.statusCode).toBe(200);
    const row = created.json<TVoyageApproval>();
    expect(row).toMatchObject({ blQuantity: '1000.000', dischargedQuantity: '996.500', difference: '-3.500', surveyDate: '2026-11-20', status: 'Pending', createdBy: 'Vera' });
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['fatima@agency.test']);

    const again = await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '1' });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, VesselApprovalMessages.voyageTaken]);

    expect((await call(tokens.second, 'POST', `${VESSEL}/${row.id}/decision`, { decision: 'Approved' })).statusCode).toBe(403);
    expect((await call(tokens.viewer, 'POST', `${VESSEL}/${row.id}/decision`, { decision: 'Approved' })).statusCode).toBe(403);
    const one = await call(tokens.first, 'POST', `${VESSEL}/${row.id}/decision`, { decision: 'Approved' });
    expect(one.json<TVoyageApproval>().status).toBe('Pending');
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['fatima@agency.test', 'sami@agency.test']);
    const two = await call(tokens.second, 'POST', `${VESSEL}/${row.id}/decision`, { decision: 'Approved' });
    expect(two.json<TVoyageApproval>().status).toBe('Approved');
    const [stored] = await t.database.db.select().from(voyageApprovals).where(eq(voyageApprovals.id, row.id));
    expect(stored?.status).toBe('Approved');
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('700'));
    const locked = await call(tokens.viewer, 'PUT', `${VESSEL}/${row.id}`, { voyageId: bl.voyageId, dischargedQuantity: '1000' });
    expect([locked.statusCode, locked.json<{ message: string }>().message]).toEqual([409, VesselApprovalMessages.approvedLocked]);

    const list = await call(tokens.viewer, 'GET', `${VESSEL}?voyageId=${bl.voyageId}&status=Approved`);
    expect(list.json<{ rows: TVoyageApproval[]; count: number }>().rows.map((r) => [r.id, r.difference])).toEqual([[row.id, '-3.500']]);
    expect((await call(tokens.viewer, 'GET', `${VESSEL}?voyageId=${bl.voyageId}&status=Pending`)).json<{ count: number }>().count).toBe(0);
  });

  it('restarts after a rejection when edited, and is approved at once without a rule', async () => {
    await setRule('voyageApproval', [people.first]);
    const bl = await newBl('50');
    const row = (await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '55' })).json<TVoyageApproval>();
    await call(tokens.first, 'POST', `${VESSEL}/${row.id}/decision`, { decision: 'Rejected', comment: 'no' });
    const rejected = (await call(tokens.viewer, 'GET', `${VESSEL}/${row.id}`)).json<TVoyageApproval>();
    expect(rejected.status).toBe('Rejected');
    expect(rejected.approval.steps[0]).toMatchObject({ status: 'Rejected', comment: 'no' });
    await dropRule('voyageApproval');
    const edited = await call(tokens.viewer, 'PUT', `${VESSEL}/${row.id}`, { voyageId: bl.voyageId, dischargedQuantity: '50' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TVoyageApproval>()).toMatchObject({ status: 'Approved', difference: '0.000' });
    expect(edited.json<TVoyageApproval>().approval.steps).toEqual([]);
  });

  it('validates the body and hides other agencies’ voyages', async () => {
    const bl = await newBl('10');
    const missing = await call(tokens.viewer, 'POST', VESSEL, { dischargedQuantity: '1' });
    expect(missing.json<{ details: Record<string, string> }>().details.voyageId).toBe(VesselApprovalMessages.voyageRequired);
    const badDate = await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '1', surveyDate: '20-11-2026' });
    expect(badDate.json<{ details: Record<string, string> }>().details.surveyDate).toBe('Please select a date!');
    const foreign = await call(tokens.otherAdmin, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '1' });
    expect(foreign.statusCode).toBe(404);
    expect(await t.database.db.select().from(voyageApprovals).where(eq(voyageApprovals.voyageId, bl.voyageId))).toEqual([]);
    const noAdd = await call(tokens.first, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '1' });
    expect(noAdd.statusCode).toBe(403);
  });
});

describe('reversing an out-turn (issue #10)', () => {
  const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

  it('reverses an approved BL excess: its posting is reversed, the row says who, when and why, and a new out-turn can be recorded', async () => {
    const bl = await newBl('1000');
    const created = (await call(tokens.admin, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '1010' })).json<TQuantityApproval>();
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('1010'));
    const emit = vi.spyOn(t.context.realtime, 'emitToAgency');
    const reversed = await call(tokens.admin, 'DELETE', `${BL}/${created.id}/reverse`, { reason: ' Wrong draft survey ' });
    expect(emit).toHaveBeenCalledWith(world.agencyId, 'events', { statsUpdated: true, type: 'vessel' });
    emit.mockRestore();
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json<TQuantityApproval>()).toMatchObject({ status: 'Reversed', reversedBy: 'Adam', reverseReason: 'Wrong draft survey' });
    expect(reversed.json<TQuantityApproval>().reversedAt).not.toBeNull();
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('1000'));
    const postings = await ledgerRowsOf(created.id);
    expect(postings.map((p) => p.reversesId)).toEqual([null, created.ledgerTransactionId]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'quantityApproval'), eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'reverse')));
    expect(audit?.changes).toMatchObject({ after: { status: 'Reversed', reason: 'Wrong draft survey' } });

    // Reversed is final, and the BL is free for a new out-turn (offered again on the add form).
    const again = await call(tokens.admin, 'DELETE', `${BL}/${created.id}/reverse`, { reason: 'again' });
    expect([again.statusCode, message(again)]).toEqual([409, VesselApprovalMessages.alreadyReversed]);
    const edit = await call(tokens.admin, 'PUT', `${BL}/${created.id}`, { shipmentId: bl.shipmentId, dischargedQuantity: '999' });
    expect([edit.statusCode, message(edit)]).toEqual([409, VesselApprovalMessages.reversedLocked]);
    const shipments = await call(tokens.admin, 'GET', `/api/vesselQuantityApproval/voyages/${bl.voyageId}/shipments`);
    expect(shipments.json<{ rows: { id: number; quantityApprovalId: number | null }[] }>().rows).toEqual([expect.objectContaining({ id: bl.shipmentId, quantityApprovalId: null })]);
    const second = await call(tokens.admin, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '995' });
    expect(second.statusCode, second.body).toBe(200);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('995'));
    const list = await call(tokens.admin, 'GET', `${BL}?voyageId=${bl.voyageId}&status=Reversed`);
    expect(list.json<{ rows: TQuantityApproval[] }>().rows.map((r) => r.id)).toEqual([created.id]);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses when the excess has been loaded already, with the real reason, and changes nothing', async () => {
    const bl = await newBl('100');
    const created = (await call(tokens.admin, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '110' })).json<TQuantityApproval>();
    await takeOffBoard(t.database.db, world, bl, '105');
    const refused = await call(tokens.admin, 'DELETE', `${BL}/${created.id}/reverse`, { reason: 'Wrong survey' });
    expect([refused.statusCode, message(refused)]).toEqual([409, VesselApprovalMessages.excessMovedOn]);
    const [stored] = await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.id, created.id));
    expect(stored).toMatchObject({ status: 'Approved', reversedAt: null, reverseReason: null });
    expect(await ledgerRowsOf(created.id)).toHaveLength(1);
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('5'));
  });

  it('reverses only an approved out-turn, needs a reason and the reverse permission, and hides other agencies’ rows', async () => {
    await setRule('vesselQuantityApproval', [people.first]);
    const bl = await newBl('100');
    const pending = (await call(tokens.viewer, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '90' })).json<TQuantityApproval>();
    const early = await call(tokens.admin, 'DELETE', `${BL}/${pending.id}/reverse`, { reason: 'Too early' });
    expect([early.statusCode, message(early)]).toEqual([409, VesselApprovalMessages.reverseOnlyApproved]);
    await call(tokens.first, 'POST', `${BL}/${pending.id}/decision`, { decision: 'Approved' });
    const noReason = await call(tokens.admin, 'DELETE', `${BL}/${pending.id}/reverse`, { reason: '  ' });
    expect([noReason.statusCode, message(noReason)]).toEqual([400, Messages.reasonRequired]);
    // The viewer role may add, edit and view out-turns, not reverse them.
    expect((await call(tokens.viewer, 'DELETE', `${BL}/${pending.id}/reverse`, { reason: 'No right' })).statusCode).toBe(403);
    expect((await call(tokens.otherAdmin, 'DELETE', `${BL}/${pending.id}/reverse`, { reason: 'Not mine' })).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(quantityApprovals).where(eq(quantityApprovals.id, pending.id));
    expect(stored?.status).toBe('Approved');
    expect(await onBoardKg(t.database.db, world, bl)).toBe(tonnesToKg('90'));
  });

  it('reverses an approved voyage out-turn, after which the voyage takes a new one', async () => {
    const bl = await newBl('500');
    const created = (await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '498' })).json<TVoyageApproval>();
    expect(created.status).toBe('Approved');
    expect((await call(tokens.viewer, 'DELETE', `${VESSEL}/${created.id}/reverse`, { reason: 'No right' })).statusCode).toBe(403);
    const reversed = await call(tokens.admin, 'DELETE', `${VESSEL}/${created.id}/reverse`, { reason: 'Survey redone' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json<TVoyageApproval>()).toMatchObject({ status: 'Reversed', reversedBy: 'Adam', reverseReason: 'Survey redone' });
    const edit = await call(tokens.viewer, 'PUT', `${VESSEL}/${created.id}`, { voyageId: bl.voyageId, dischargedQuantity: '499' });
    expect([edit.statusCode, message(edit)]).toEqual([409, VesselApprovalMessages.reversedLocked]);
    const second = await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '499' });
    expect(second.statusCode, second.body).toBe(200);
    const taken = await call(tokens.viewer, 'POST', VESSEL, { voyageId: bl.voyageId, dischargedQuantity: '1' });
    expect([taken.statusCode, message(taken)]).toEqual([409, VesselApprovalMessages.voyageTaken]);
  });
});
