import { ApprovalMessages, Headers, type ApprovalKind, type TApiError, type TApprovalInbox, type TApprovalRule, type TQuantityApproval, type TVoyageApproval } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { deleteApprovalRule, saveApprovalRule } from '../approvals/approval-rules.service';
import { approvalRuleApprovers } from '../approvals/approvals.schema';
import { roles, users } from '../../identity/users.schema';
import { makeBl, makeCargoWorld, makeConsignee, makeShipmentManager, makeVoyage, type CargoWorld } from './vessel-approval.fixtures';

/*
 * Issue #10 (penetration test): an approval rule must name only users who can approve its kind, every approval
 * due shows in its approver's inbox, and an approval whose approver later cannot approve is not stuck: the
 * out-turn says so and an agency admin may decide in their place.
 */

let t: TestApp;
let world: CargoWorld;
let otherWorld: CargoWorld;
const tokens = { admin: '', first: '', second: '', clerk: '', restricted: '', otherAdmin: '', voyageOnly: '' };
const people = { admin: 0, first: 0, second: 0, clerk: 0, restricted: 0, voyageOnly: 0, otherAdmin: 0 };
let approverRoleId = 0;
let consigneeA = 0;
let consigneeB = 0;
const APPROVER_FLAGS = ['canViewApprovalVessel', 'canApproveApprovalVessel', 'canViewVesselQuantityApproval', 'canApproveVesselQuantityApproval'];

const VESSEL = '/api/vesselQuantityApproval/vessel';
const BL = '/api/vesselQuantityApproval/quantityApproval';
const INBOX = '/api/approvals/inbox';

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function setRule(kind: ApprovalKind, userIds: number[]): Promise<void> {
  await inAgency(t.database.db, world.agencyId, (tx) =>
    saveApprovalRule(tx, { agencyId: world.agencyId, kind, input: { kind, approvers: userIds.map((userId, i) => ({ order: i + 1, userId })) }, actorId: people.admin, now: new Date() }),
  );
}

async function dropRule(kind: ApprovalKind): Promise<void> {
  await inAgency(t.database.db, world.agencyId, (tx) => deleteApprovalRule(tx, { agencyId: world.agencyId, kind, actorId: people.admin, now: new Date() }).catch(() => undefined));
}

async function inbox(token: string, query = ''): Promise<TApprovalInbox> {
  const response = await call(token, 'GET', `${INBOX}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<TApprovalInbox>();
}

const keysOf = (box: TApprovalInbox) => box.rows.map((row) => `${row.kind}:${row.id}`);

async function newVoyageOutturn(discharged = '990'): Promise<TVoyageApproval> {
  const voyageId = await makeVoyage(t.database.db, world);
  await makeBl(t.database.db, world, { voyageId, consigneeId: consigneeA, blQuantity: '1000' });
  const response = await call(tokens.clerk, 'POST', VESSEL, { voyageId, dischargedQuantity: discharged });
  expect(response.statusCode).toBe(200);
  return response.json<TVoyageApproval>();
}

async function newBlOutturn(consigneeId = consigneeA): Promise<TQuantityApproval> {
  const voyageId = await makeVoyage(t.database.db, world);
  const bl = await makeBl(t.database.db, world, { voyageId, consigneeId, blQuantity: '500' });
  const response = await call(tokens.clerk, 'POST', BL, { shipmentId: bl.shipmentId, dischargedQuantity: '512.5' });
  expect(response.statusCode).toBe(200);
  return response.json<TQuantityApproval>();
}

async function setApproverRolePermissions(permissions: string[]): Promise<void> {
  await t.database.db.update(roles).set({ permissions }).where(eq(roles.id, approverRoleId));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db);
  const other = await makeAgency(db);
  approverRoleId = (await makeRole(db, { agencyId: agency.id, permissions: APPROVER_FLAGS })).id;
  const voyageOnlyRole = await makeRole(db, { agencyId: agency.id, permissions: ['canViewApprovalVessel', 'canApproveApprovalVessel'] });
  const clerkRole = await makeRole(db, {
    agencyId: agency.id,
    permissions: ['canViewApprovalVessel', 'canAddApprovalVessel', 'canEditApprovalVessel', 'canViewVesselQuantityApproval', 'canAddVesselQuantityApproval', 'canEditVesselQuantityApproval'],
  });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Adam' });
  const first = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: approverRoleId, firstName: 'Fatima' });
  const second = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: approverRoleId, firstName: 'Sami' });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerkRole.id, firstName: 'Clara' });
  const voyageOnly = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: voyageOnlyRole.id, firstName: 'Vic' });
  const otherAdmin = await makeUser(db, { kind: 'agencyAdmin', agencyId: other.id });
  world = await makeCargoWorld(db, { agencyId: agency.id, userId: admin.id });
  otherWorld = await makeCargoWorld(db, { agencyId: other.id, userId: otherAdmin.id });
  const sm = await makeShipmentManager(db, world);
  consigneeA = await makeConsignee(db, world, { name: 'Alpha Mills' });
  consigneeB = await makeConsignee(db, world, { name: 'Bravo Foods', shipmentManagerId: sm });
  const restricted = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: approverRoleId, firstName: 'Rami', consigneeIds: [consigneeB] });
  Object.assign(people, { admin: admin.id, first: first.id, second: second.id, clerk: clerk.id, restricted: restricted.id, voyageOnly: voyageOnly.id, otherAdmin: otherAdmin.id });
  tokens.admin = await loginAs(t.app, admin.username);
  tokens.first = await loginAs(t.app, first.username);
  tokens.second = await loginAs(t.app, second.username);
  tokens.clerk = await loginAs(t.app, clerk.username);
  tokens.restricted = await loginAs(t.app, restricted.username);
  tokens.voyageOnly = await loginAs(t.app, voyageOnly.username);
  tokens.otherAdmin = await loginAs(t.app, otherAdmin.username);
  expect(otherWorld.agencyId).not.toBe(world.agencyId);
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await setApproverRolePermissions(APPROVER_FLAGS);
  await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, people.second));
  await dropRule('voyageApproval');
  await dropRule('vesselQuantityApproval');
});

describe('approval rule approvers must hold the approve permission of the kind', () => {
  const put = (kind: ApprovalKind, userIds: number[]) =>
    call(tokens.admin, 'PUT', `/api/approval-rules/${kind}`, { kind, approvers: userIds.map((userId, i) => ({ order: i + 1, userId })) });

  it.each([
    ['voyageApproval', () => people.clerk],
    ['vesselQuantityApproval', () => people.clerk],
    ['vesselQuantityApproval', () => people.voyageOnly],
  ] as const)('refuses (400, naming the approver) a %s approver without its approve permission, and saves nothing', async (kind, approver) => {
    const response = await put(kind, [people.first, approver()]);
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>()).toEqual({
      message: ApprovalMessages.approverCannotApprove,
      code: 'VALIDATION',
      details: { 'approvers.1.userId': ApprovalMessages.approverCannotApprove },
    });
    const saved = await t.database.db.select().from(approvalRuleApprovers).where(eq(approvalRuleApprovers.agencyId, world.agencyId));
    expect(saved).toEqual([]);
  });

  it('accepts users holding the permission and agency admins (who pass every permission check)', async () => {
    const response = await put('voyageApproval', [people.voyageOnly, people.admin, people.first]);
    expect(response.statusCode).toBe(200);
    expect(response.json<TApprovalRule>().approvers.map((a) => a.userId)).toEqual([people.voyageOnly, people.admin, people.first]);
  });

  it('still refuses an inactive user or one of another agency as not a user of this agency', async () => {
    const response = await put('voyageApproval', [people.otherAdmin]);
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>().details).toEqual({ 'approvers.0.userId': ApprovalMessages.approverNotInAgency });
  });

  it('refuses to start an approval whose rule names someone who has since lost the permission', async () => {
    await setRule('voyageApproval', [people.first, people.second]);
    await setApproverRolePermissions(['canViewApprovalVessel']);
    const voyageId = await makeVoyage(t.database.db, world);
    await makeBl(t.database.db, world, { voyageId, consigneeId: consigneeA, blQuantity: '1000' });
    const response = await call(tokens.clerk, 'POST', VESSEL, { voyageId, dischargedQuantity: '990' });
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>().message).toBe(ApprovalMessages.approverInactive);
  });
});

describe('GET /api/approvals/inbox', () => {
  it('lists the approvals due from the signed-in user across both kinds, and moves each on as they decide', async () => {
    await setRule('voyageApproval', [people.first, people.second]);
    await setRule('vesselQuantityApproval', [people.first]);
    const voyage = await newVoyageOutturn('990');
    const bl = await newBlOutturn();
    const mine = await inbox(tokens.first);
    expect(mine.count).toBe(2);
    expect(keysOf(mine)).toEqual([`vesselQuantityApproval:${bl.id}`, `voyageApproval:${voyage.id}`]);
    expect(mine.rows[0]).toMatchObject({
      vesselName: bl.vesselName,
      voyageNumber: bl.voyageNumber,
      blNumber: bl.blNumber,
      blQuantity: '500.000',
      dischargedQuantity: '512.500',
      difference: '12.500',
      createdBy: 'Clara',
      approverName: 'Fatima',
      standIn: false,
      page: `vesselQuantityApproval/quantityApproval/${bl.id}/edit`,
    });
    expect(mine.rows[1]).toMatchObject({ blNumber: null, difference: '-10.000', page: `vesselQuantityApproval/vessel/${voyage.id}/edit` });
    expect((await inbox(tokens.second)).count).toBe(0);

    expect((await call(tokens.first, 'POST', `${VESSEL}/${voyage.id}/decision`, { decision: 'Approved' })).statusCode).toBe(200);
    expect(keysOf(await inbox(tokens.first))).toEqual([`vesselQuantityApproval:${bl.id}`]);
    expect(keysOf(await inbox(tokens.second))).toEqual([`voyageApproval:${voyage.id}`]);

    expect((await call(tokens.second, 'POST', `${VESSEL}/${voyage.id}/decision`, { decision: 'Rejected' })).statusCode).toBe(200);
    expect((await inbox(tokens.second)).count).toBe(0);
    expect((await call(tokens.first, 'POST', `${BL}/${bl.id}/decision`, { decision: 'Approved' })).statusCode).toBe(200);
    expect(await inbox(tokens.first)).toEqual({ rows: [], count: 0 });
  });

  it('pages in SQL: the count is the total, the rows one page', async () => {
    await setRule('vesselQuantityApproval', [people.first]);
    const made = [await newBlOutturn(), await newBlOutturn(), await newBlOutturn()];
    const page1 = await inbox(tokens.first, '?limit=2&page=1');
    const page2 = await inbox(tokens.first, '?limit=2&page=2');
    expect(page1.count).toBe(3);
    expect(page1.rows).toHaveLength(2);
    expect(page2.rows).toHaveLength(1);
    expect([...keysOf(page1), ...keysOf(page2)]).toEqual(made.reverse().map((bl) => `vesselQuantityApproval:${bl.id}`));
    expect((await call(tokens.first, 'GET', `${INBOX}?limit=500`)).statusCode).toBe(400);
  });

  it('keeps to the data scope of the approver and to the agency', async () => {
    await setRule('vesselQuantityApproval', [people.restricted]);
    const outside = await newBlOutturn(consigneeA);
    const inside = await newBlOutturn(consigneeB);
    expect(keysOf(await inbox(tokens.restricted))).toEqual([`vesselQuantityApproval:${inside.id}`]);
    expect(outside.status).toBe('Pending');
    const foreign = await t.app.inject({ method: 'GET', url: INBOX, headers: { ...bearer(tokens.otherAdmin), [Headers.agencyId]: String(world.agencyId) } });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a user without any approve permission (403)', async () => {
    expect((await call(tokens.clerk, 'GET', INBOX)).statusCode).toBe(403);
  });
});

describe('an approver who can no longer approve does not leave the out-turn stuck', () => {
  it.each([
    ['loses the approve permission', () => setApproverRolePermissions(['canViewApprovalVessel', 'canViewVesselQuantityApproval'])],
    ['is deactivated', () => t.database.db.update(users).set({ isActive: false }).where(eq(users.id, people.second)).then(() => undefined)],
  ])('when the current approver %s: the out-turn shows it, the admin sees it in the inbox and decides in their place', async (_label, block) => {
    await setRule('vesselQuantityApproval', [people.second]);
    const bl = await newBlOutturn();
    const adminKeys = async () => keysOf(await inbox(tokens.admin, '?limit=50'));
    expect(await adminKeys()).not.toContain(`vesselQuantityApproval:${bl.id}`);
    await block();

    const seen = (await call(tokens.admin, 'GET', `${BL}/${bl.id}`)).json<TQuantityApproval>();
    expect(seen.approval).toMatchObject({ status: 'Pending', nextApproverId: people.second, isCurrentApprover: false, nextApproverBlocked: true, mayStandIn: true });
    const byClerk = (await call(tokens.clerk, 'GET', `${BL}/${bl.id}`)).json<TQuantityApproval>();
    expect(byClerk.approval).toMatchObject({ nextApproverBlocked: true, mayStandIn: false });
    const standIn = (await inbox(tokens.admin, '?limit=50')).rows.find((row) => row.id === bl.id && row.kind === 'vesselQuantityApproval');
    expect(standIn).toMatchObject({ approverName: 'Sami', standIn: true });

    // Another user is no stand-in, whether they hold the permission or not.
    expect((await call(tokens.first, 'POST', `${BL}/${bl.id}/decision`, { decision: 'Approved' })).statusCode).toBe(403);
    const decided = await call(tokens.admin, 'POST', `${BL}/${bl.id}/decision`, { decision: 'Approved', comment: 'Sami left' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<TQuantityApproval>().status).toBe('Approved');
    expect(await adminKeys()).not.toContain(`vesselQuantityApproval:${bl.id}`);
  });

  it('an admin may not jump the queue while the current approver can still decide', async () => {
    await setRule('vesselQuantityApproval', [people.second]);
    const bl = await newBlOutturn();
    const seen = (await call(tokens.admin, 'GET', `${BL}/${bl.id}`)).json<TQuantityApproval>();
    expect(seen.approval).toMatchObject({ nextApproverBlocked: false, mayStandIn: false });
    const response = await call(tokens.admin, 'POST', `${BL}/${bl.id}/decision`, { decision: 'Approved' });
    expect(response.statusCode).toBe(403);
    expect(response.json<TApiError>().message).toBe(ApprovalMessages.notCurrentApprover);
  });
});
