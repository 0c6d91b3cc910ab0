import { APPROVAL_KINDS, APPROVAL_KIND_APPROVE_PERMISSION, ApprovalMessages as M, type ApprovalKind, type ServerMessage, type TApprovalRule, type ZApprovalRuleInput } from '@tonnage/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { roles, users } from '../../identity/users.schema';
import { approvalRuleApprovers, approvalRules } from './approvals.schema';

/** A validated approval rule form (ZApprovalRuleInput after parsing). */
export type ApprovalRuleInput = z.output<typeof ZApprovalRuleInput>;

const RULE_NOT_FOUND = M.ruleNotFound;
export const APPROVER_NOT_IN_AGENCY = M.approverNotInAgency;

/** How a user is named in lists: first and last name. */
export function displayName(user: { firstName: string; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

function isApprovalKind(kind: string): kind is ApprovalKind {
  return (APPROVAL_KINDS as readonly string[]).includes(kind);
}

type RuleRow = typeof approvalRules.$inferSelect;

async function withApprovers(tx: Db, rules: RuleRow[]): Promise<TApprovalRule[]> {
  if (rules.length === 0) return [];
  const approvers = await tx
    .select({
      ruleId: approvalRuleApprovers.ruleId,
      order: approvalRuleApprovers.stepOrder,
      userId: approvalRuleApprovers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(approvalRuleApprovers)
    .innerJoin(users, eq(users.id, approvalRuleApprovers.userId))
    .where(
      inArray(
        approvalRuleApprovers.ruleId,
        rules.map((r) => r.id),
      ),
    )
    .orderBy(asc(approvalRuleApprovers.ruleId), asc(approvalRuleApprovers.stepOrder));
  return rules.flatMap((rule) =>
    isApprovalKind(rule.kind)
      ? [
          {
            id: rule.id,
            kind: rule.kind,
            approvers: approvers
              .filter((a) => a.ruleId === rule.id)
              .map((a) => ({ order: a.order, userId: a.userId, userName: displayName(a) })),
            updatedAt: rule.updatedAt.toISOString(),
          },
        ]
      : [],
  );
}

/** Every approval rule of the agency, in the order of APPROVAL_KINDS, with the approvers' names. */
export async function listApprovalRules(tx: Db, params: { agencyId: number }): Promise<TApprovalRule[]> {
  const rows = await tx.select().from(approvalRules).where(eq(approvalRules.agencyId, params.agencyId));
  const rules = await withApprovers(tx, rows);
  return rules.sort((a, b) => APPROVAL_KINDS.indexOf(a.kind) - APPROVAL_KINDS.indexOf(b.kind));
}

/** The rule of one kind, or null when none is set. */
export async function findApprovalRule(tx: Db, params: { agencyId: number; kind: ApprovalKind; forUpdate?: boolean }): Promise<TApprovalRule | null> {
  const query = tx
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.agencyId, params.agencyId), eq(approvalRules.kind, params.kind)))
    .limit(1);
  const rows = params.forUpdate ? await query.for('update') : await query;
  const [rule] = await withApprovers(tx, rows);
  return rule ?? null;
}

/** The rule of one kind; 404 when none is set. */
export async function getApprovalRule(tx: Db, params: { agencyId: number; kind: ApprovalKind }): Promise<TApprovalRule> {
  const rule = await findApprovalRule(tx, params);
  if (!rule) throw notFound(RULE_NOT_FOUND);
  return rule;
}

/**
 * Which of these users can approve transactions of a kind now: active users of the agency who are its admin or
 * whose role holds the kind's approve permission (spec section 6). A rule may name only such users, and a step
 * whose approver is not (any more) one of them is blocked until an agency admin decides in their place.
 */
export async function usersWhoCanApprove(tx: Db, params: { agencyId: number; kind: ApprovalKind; userIds: readonly number[] }): Promise<Set<number>> {
  if (params.userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id, kind: users.kind, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, [...params.userIds]), eq(users.agencyId, params.agencyId), eq(users.isActive, true)));
  const flag = APPROVAL_KIND_APPROVE_PERMISSION[params.kind];
  return new Set(rows.filter((row) => row.kind === 'agencyAdmin' || flag === null || (row.permissions ?? []).includes(flag)).map((row) => row.id));
}

/**
 * The approvers in the order their `order` values give, renumbered 1..n; 400 naming each approver who is not an
 * active user of the agency, or who lacks the approve permission of the kind (agency admins hold every one), so a
 * rule can never wait on someone who cannot decide. The message sits on `approvers.<index>.userId` of the form as
 * sent; the first refused approver's message is the error's.
 */
async function checkedApprovers(
  tx: Db,
  params: { agencyId: number; kind: ApprovalKind; input: ApprovalRuleInput },
): Promise<{ order: number; userId: number }[]> {
  const ids = params.input.approvers.map((a) => a.userId);
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.agencyId, params.agencyId), eq(users.isActive, true)));
  const activeIds = new Set(active.map((u) => u.id));
  const able = await usersWhoCanApprove(tx, { agencyId: params.agencyId, kind: params.kind, userIds: ids });
  const details: Record<string, ServerMessage> = {};
  params.input.approvers.forEach((approver, index) => {
    if (!activeIds.has(approver.userId)) details[`approvers.${index}.userId`] = M.approverNotInAgency;
    else if (!able.has(approver.userId)) details[`approvers.${index}.userId`] = M.approverCannotApprove;
  });
  const [first] = Object.values(details);
  if (first !== undefined) throw badRequest(first, details);
  return [...params.input.approvers].sort((a, b) => a.order - b.order).map((a, index) => ({ order: index + 1, userId: a.userId }));
}

/**
 * Creates the rule of a kind or replaces its approvers, in the order given (renumbered 1..n), and records the
 * change in the audit log. Transactions whose approval already started keep the approvers they started with.
 */
export async function saveApprovalRule(
  tx: Db,
  params: { agencyId: number; kind: ApprovalKind; input: ApprovalRuleInput; actorId: number; now: Date },
): Promise<TApprovalRule> {
  const approvers = await checkedApprovers(tx, params);
  const before = await findApprovalRule(tx, { agencyId: params.agencyId, kind: params.kind, forUpdate: true });
  const [rule] = await tx
    .insert(approvalRules)
    .values({ agencyId: params.agencyId, kind: params.kind, createdAt: params.now, updatedAt: params.now, updatedBy: params.actorId })
    .onConflictDoUpdate({ target: [approvalRules.agencyId, approvalRules.kind], set: { updatedAt: params.now, updatedBy: params.actorId } })
    .returning();
  if (!rule) throw new Error('approval rule upsert returned no row');
  await tx.delete(approvalRuleApprovers).where(eq(approvalRuleApprovers.ruleId, rule.id));
  await tx
    .insert(approvalRuleApprovers)
    .values(approvers.map((a) => ({ agencyId: params.agencyId, ruleId: rule.id, stepOrder: a.order, userId: a.userId })));
  const after = await getApprovalRule(tx, { agencyId: params.agencyId, kind: params.kind });
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.actorId,
    action: before ? 'update' : 'create',
    entity: 'approvalRule',
    entityId: rule.id,
    before,
    after,
    at: params.now,
  });
  return after;
}

/** Removes the rule of a kind (later transactions of that kind need no approval); 404 when none is set. */
export async function deleteApprovalRule(tx: Db, params: { agencyId: number; kind: ApprovalKind; actorId: number; now: Date }): Promise<void> {
  const before = await findApprovalRule(tx, { agencyId: params.agencyId, kind: params.kind, forUpdate: true });
  if (!before) throw notFound(RULE_NOT_FOUND);
  await tx.delete(approvalRules).where(eq(approvalRules.id, before.id));
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.actorId,
    action: 'delete',
    entity: 'approvalRule',
    entityId: before.id,
    before,
    at: params.now,
  });
}
