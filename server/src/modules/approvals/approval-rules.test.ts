import { Headers, Messages, type TApiError, type TApprovalRule } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createSession } from '../../identity/sessions.service';
import { APPROVER_NOT_IN_AGENCY } from './approval-rules.service';
import { approvalRuleApprovers } from './approvals.schema';

let t: TestApp;
let agencyA: number;
let agencyB: number;
const tokens = { superAdmin: '', adminA: '', adminB: '', viewer: '', adder: '', editor: '', nobody: '', companyAdmin: '' };
type Who = keyof typeof tokens | 'anonymous';
const approvers = { omar: 0, huda: 0, zaid: 0, inactive: 0, foreign: 0, superAdmin: 0 };

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

function call(who: Who, method: 'GET' | 'PUT' | 'DELETE', url: string, options: { payload?: unknown; agencyId?: number } = {}) {
  const headers: Record<string, string> = who === 'anonymous' ? {} : bearer(tokens[who]);
  if (options.agencyId !== undefined) headers[Headers.agencyId] = String(options.agencyId);
  return t.app.inject({ method, url, headers, ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }) });
}

const ruleBody = (kind: string, list: { order: number; userId: number }[]) => ({ kind, approvers: list });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db)).id;
  agencyB = (await makeAgency(db)).id;
  const role = async (permissions: string[]) => (await makeRole(db, { agencyId: agencyA, permissions })).id;
  const user = async (roleId: number) => tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId })).id);
  tokens.superAdmin = await tokenFor((approvers.superAdmin = (await makeUser(db, { kind: 'superAdmin' })).id));
  tokens.adminA = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).id);
  tokens.adminB = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).id);
  tokens.viewer = await user(await role(['canViewApprovalRule']));
  tokens.adder = await user(await role(['canViewApprovalRule', 'canAddApprovalRule']));
  tokens.editor = await user(await role(['canViewApprovalRule', 'canEditApprovalRule']));
  tokens.nobody = await user(await role(['canViewDashboard']));
  tokens.companyAdmin = await tokenFor((await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA })).id);
  approvers.omar = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, firstName: 'Omar' })).id;
  approvers.huda = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, firstName: 'Huda' })).id;
  approvers.zaid = (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA, firstName: 'Zaid' })).id;
  approvers.inactive = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, isActive: false })).id;
  approvers.foreign = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyB })).id;
});

afterAll(async () => {
  await t.close();
});

describe('approval rules: create, read, replace, delete', () => {
  it('lists nothing before any rule is set, and 404s a kind without a rule', async () => {
    const list = await call('adminA', 'GET', '/api/approval-rules');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const one = await call('adminA', 'GET', '/api/approval-rules/handlingLoss');
    expect(one.statusCode).toBe(404);
    expect(one.json<TApiError>().message).toBe('No approval rule is set for this transaction type.');
  });

  it('creates a rule with approvers renumbered 1..n in the order their orders give, with names', async () => {
    const response = await call('adminA', 'PUT', '/api/approval-rules/handlingLoss', {
      payload: ruleBody('handlingLoss', [
        { order: 20, userId: approvers.huda },
        { order: 5, userId: approvers.omar },
        { order: 7, userId: approvers.zaid },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const rule = response.json<TApprovalRule>();
    expect(rule.kind).toBe('handlingLoss');
    expect(rule.approvers).toEqual([
      { order: 1, userId: approvers.omar, userName: 'Omar' },
      { order: 2, userId: approvers.zaid, userName: 'Zaid' },
      { order: 3, userId: approvers.huda, userName: 'Huda' },
    ]);
    expect((await call('viewer', 'GET', '/api/approval-rules/handlingLoss')).json()).toEqual(rule);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'approvalRule'), eq(auditLog.entityId, String(rule.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('replaces the approvers of an existing rule and lists rules in the order of the kinds', async () => {
    await call('adminA', 'PUT', '/api/approval-rules/voyageApproval', { payload: ruleBody('voyageApproval', [{ order: 1, userId: approvers.zaid }]) });
    const replaced = await call('adminA', 'PUT', '/api/approval-rules/handlingLoss', {
      payload: ruleBody('handlingLoss', [
        { order: 1, userId: approvers.huda },
        { order: 2, userId: approvers.omar },
      ]),
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<TApprovalRule>().approvers.map((a) => [a.order, a.userId])).toEqual([
      [1, approvers.huda],
      [2, approvers.omar],
    ]);
    const list = (await call('viewer', 'GET', '/api/approval-rules')).json<TApprovalRule[]>();
    expect(list.map((r) => [r.kind, r.approvers.length])).toEqual([
      ['voyageApproval', 1],
      ['handlingLoss', 2],
    ]);
  });

  it('deletes a rule; a second delete is 404', async () => {
    expect((await call('editor', 'DELETE', '/api/approval-rules/voyageApproval')).json()).toEqual({ message: 'Approval rule removed.' });
    expect((await call('adminA', 'GET', '/api/approval-rules/voyageApproval')).statusCode).toBe(404);
    expect((await call('adminA', 'DELETE', '/api/approval-rules/voyageApproval')).statusCode).toBe(404);
  });
});

describe('approval rules: validation (400, nothing changes)', () => {
  async function currentApprovers(): Promise<number[]> {
    const rule = (await call('adminA', 'GET', '/api/approval-rules/handlingLoss')).json<TApprovalRule>();
    return rule.approvers.map((a) => a.userId);
  }

  it.each([
    ['an approver of another agency', () => approvers.foreign],
    ['an inactive user', () => approvers.inactive],
    ['a super admin (no agency)', () => approvers.superAdmin],
    ['an unknown user', () => 987_654],
  ])('refuses %s, with the message on that approver’s field', async (_label, userId) => {
    const before = await currentApprovers();
    const response = await call('adminA', 'PUT', '/api/approval-rules/handlingLoss', {
      payload: ruleBody('handlingLoss', [
        { order: 1, userId: approvers.omar },
        { order: 2, userId: userId() },
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>()).toEqual({
      message: APPROVER_NOT_IN_AGENCY,
      code: 'VALIDATION',
      details: { 'approvers.1.userId': APPROVER_NOT_IN_AGENCY },
    });
    expect(await currentApprovers()).toEqual(before);
  });

  it.each([
    ['no approvers', ruleBody('handlingLoss', []), 'approvers', 'Please add at least one approver!'],
    ['the same user twice', ruleBody('handlingLoss', [{ order: 1, userId: 5 }, { order: 2, userId: 5 }]), 'approvers', 'An approver can appear only once.'],
    ['two approvers with one order', ruleBody('handlingLoss', [{ order: 1, userId: 5 }, { order: 1, userId: 6 }]), 'approvers', 'Two approvers cannot share an order.'],
    ['a kind that differs from the address', ruleBody('swapCargo', [{ order: 1, userId: 5 }]), 'kind', 'The transaction type does not match the address.'],
    ['an unknown kind in the body', ruleBody('teleport', [{ order: 1, userId: 5 }]), 'kind', 'Please select the transaction type!'],
    ['an order below 1', ruleBody('handlingLoss', [{ order: 0, userId: 5 }]), 'approvers.0.order', undefined],
  ])('refuses %s', async (_label, payload, field, message) => {
    const before = await currentApprovers();
    const response = await call('adminA', 'PUT', '/api/approval-rules/handlingLoss', { payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<TApiError>();
    expect(body.details?.[field]).toBeDefined();
    if (message) expect(body.details?.[field]).toBe(message);
    expect(await currentApprovers()).toEqual(before);
  });

  it('refuses an unknown kind in the address', async () => {
    const response = await call('adminA', 'GET', '/api/approval-rules/teleport');
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>().details).toEqual({ kind: 'Unknown transaction type.' });
  });
});

describe('approval rules: permissions and agency isolation', () => {
  it('asks for a session', async () => {
    expect((await call('anonymous', 'GET', '/api/approval-rules')).statusCode).toBe(401);
  });

  it('lets view read but not write, and refuses users without the view permission', async () => {
    expect((await call('viewer', 'GET', '/api/approval-rules')).statusCode).toBe(200);
    const put = await call('viewer', 'PUT', '/api/approval-rules/swapCargo', { payload: ruleBody('swapCargo', [{ order: 1, userId: approvers.omar }]) });
    expect([put.statusCode, put.json<TApiError>().message]).toEqual([403, Messages.forbidden]);
    expect((await call('viewer', 'DELETE', '/api/approval-rules/handlingLoss')).statusCode).toBe(403);
    for (const who of ['nobody', 'companyAdmin'] as const) {
      expect((await call(who, 'GET', '/api/approval-rules')).statusCode).toBe(403);
      expect((await call(who, 'GET', '/api/approval-rules/handlingLoss')).statusCode).toBe(403);
    }
  });

  it('lets add create but not replace, and edit replace but not create', async () => {
    const body = ruleBody('swapCargo', [{ order: 1, userId: approvers.omar }]);
    expect((await call('editor', 'PUT', '/api/approval-rules/swapCargo', { payload: body })).statusCode).toBe(403);
    expect((await call('adder', 'PUT', '/api/approval-rules/swapCargo', { payload: body })).statusCode).toBe(200);
    expect((await call('adder', 'PUT', '/api/approval-rules/swapCargo', { payload: body })).statusCode).toBe(403);
    expect((await call('adder', 'DELETE', '/api/approval-rules/swapCargo')).statusCode).toBe(403);
    expect((await call('editor', 'PUT', '/api/approval-rules/swapCargo', { payload: body })).statusCode).toBe(200);
    expect((await call('editor', 'DELETE', '/api/approval-rules/swapCargo')).statusCode).toBe(200);
  });

  it('keeps each agency to its own rules', async () => {
    expect((await call('adminB', 'GET', '/api/approval-rules')).json()).toEqual([]);
    expect((await call('adminB', 'GET', '/api/approval-rules/handlingLoss')).statusCode).toBe(404);
    // The other agency's approver is refused in B too, and B's own user works there.
    const inB = await call('adminB', 'PUT', '/api/approval-rules/handlingLoss', { payload: ruleBody('handlingLoss', [{ order: 1, userId: approvers.omar }]) });
    expect(inB.statusCode).toBe(400);
    const ownB = await call('adminB', 'PUT', '/api/approval-rules/handlingLoss', { payload: ruleBody('handlingLoss', [{ order: 1, userId: approvers.foreign }]) });
    expect(ownB.statusCode).toBe(200);
    const rows = await t.database.db.select().from(approvalRuleApprovers).where(eq(approvalRuleApprovers.userId, approvers.foreign));
    expect(rows.map((r) => r.agencyId)).toEqual([agencyB]);
    // A's rule did not move.
    const ruleA = (await call('adminA', 'GET', '/api/approval-rules/handlingLoss')).json<TApprovalRule>();
    expect(ruleA.approvers.map((a) => a.userId)).toEqual([approvers.huda, approvers.omar]);
  });

  it('refuses a foreign agency header (403) and lets a super admin pick any agency', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await call('adminB', method, '/api/approval-rules/handlingLoss', { agencyId: agencyA });
      expect(response.statusCode).toBe(403);
    }
    const put = await call('viewer', 'PUT', '/api/approval-rules/handlingLoss', {
      agencyId: agencyB,
      payload: ruleBody('handlingLoss', [{ order: 1, userId: approvers.foreign }]),
    });
    expect(put.statusCode).toBe(403);
    const asSuper = await call('superAdmin', 'GET', '/api/approval-rules/handlingLoss', { agencyId: agencyA });
    expect(asSuper.json<TApprovalRule>().approvers.map((a) => a.userId)).toEqual([approvers.huda, approvers.omar]);
    const noAgency = await call('superAdmin', 'GET', '/api/approval-rules');
    expect([noAgency.statusCode, noAgency.json<TApiError>().message]).toEqual([400, 'Please select an agency.']);
  });
});
