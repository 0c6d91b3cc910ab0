import { ApprovalMessages as M, ErrorCode, type ApprovalKind, type TApprovalState } from '@tonnage/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import type { Actor } from '../../kit/actor';
import { AppError, badRequest } from '../../platform/errors';
import { mailerForAgency, type AgencyMailerDeps } from '../email-settings/agency-mailer';
import { composeMail } from '../../platform/mail/mailer';
import { users } from '../../identity/users.schema';
import { APPROVAL_KIND_LABELS, approvalStatusOf, decisionRefusal, nextApprovalStep, nextApproverId, type ApprovalDecision } from './approval-engine';
import { displayName, findApprovalRule, usersWhoCanApprove } from './approval-rules.service';
import { approvalSteps } from './approvals.schema';

/**
 * The approval of transactions, for the modules of later issues. Each function takes the caller's transaction
 * (opened with `inAgency` for the same agency), so an approval starts or moves in the same commit as the
 * transaction row it belongs to. The transaction row keeps its own status: store `state.status` after each call.
 *
 * Typical use in a transaction module:
 *   const outcome = await inAgency(db, agencyId, async (tx) => {
 *     const row = await insertMyTransaction(tx, ...);
 *     const started = await startApproval(tx, { agencyId, kind: 'handlingLoss', transactionId: row.id, createdBy: userId });
 *     await tx.update(myTable).set({ status: started.state.status }).where(eq(myTable.id, row.id));
 *     return started;
 *   });
 *   await notifyApprover(context, outcome.notice); // after commit: a failed mail never undoes the transaction
 */

/** Which transaction an approval belongs to. */
export interface ApprovalTarget {
  agencyId: number;
  kind: ApprovalKind;
  transactionId: number;
}

/** An approver who just became due and should hear about it (send with `notifyApprover` after commit). */
export interface ApprovalNotice extends ApprovalTarget {
  approverId: number;
  /** Page of the transaction under `/agencies/{agencyId}/`, for the mail's link; the agency dashboard when null. */
  pagePath: string | null;
}

/** What starting or deciding returns: the new state, and whom to notify once the caller's transaction commits. */
export interface ApprovalOutcome {
  state: TApprovalState;
  notice: ApprovalNotice | null;
}

const COMMENT_MAX = 1000;

function targetCondition(target: ApprovalTarget) {
  return and(
    eq(approvalSteps.agencyId, target.agencyId),
    eq(approvalSteps.kind, target.kind),
    eq(approvalSteps.transactionId, target.transactionId),
  );
}

/** The reader's view of a transaction's steps: is the next approver blocked, and may the reader stand in. */
export async function standInView(
  tx: Db,
  params: { agencyId: number; kind: ApprovalKind; nextApproverId: number | null; viewer: Pick<Actor, 'userId' | 'isAdmin'> },
): Promise<{ nextApproverBlocked: boolean; mayStandIn: boolean }> {
  if (params.nextApproverId === null) return { nextApproverBlocked: false, mayStandIn: false };
  const able = await usersWhoCanApprove(tx, { agencyId: params.agencyId, kind: params.kind, userIds: [params.nextApproverId] });
  const blocked = !able.has(params.nextApproverId);
  return { nextApproverBlocked: blocked, mayStandIn: blocked && params.viewer.isAdmin && params.viewer.userId !== params.nextApproverId };
}

async function loadSteps(tx: Db, target: ApprovalTarget) {
  return tx
    .select({
      id: approvalSteps.id,
      order: approvalSteps.stepOrder,
      userId: approvalSteps.userId,
      status: approvalSteps.status,
      decidedAt: approvalSteps.decidedAt,
      comment: approvalSteps.comment,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(approvalSteps)
    .innerJoin(users, eq(users.id, approvalSteps.userId))
    .where(targetCondition(target))
    .orderBy(asc(approvalSteps.stepOrder));
}

/**
 * Where a transaction stands for one user (spec section 4, Approval). A transaction without steps is Approved:
 * its kind had no rule when it started (or its approval never started).
 */
export async function approvalState(tx: Db, params: ApprovalTarget & { userId: number; isAdmin?: boolean }): Promise<TApprovalState> {
  const steps = await loadSteps(tx, params);
  const next = nextApproverId(steps);
  const view = await standInView(tx, { ...params, nextApproverId: next, viewer: { userId: params.userId, isAdmin: params.isAdmin ?? false } });
  return {
    status: approvalStatusOf(steps),
    steps: steps.map((s) => ({
      order: s.order,
      userId: s.userId,
      userName: displayName(s),
      status: s.status,
      decidedAt: s.decidedAt ? s.decidedAt.toISOString() : null,
      comment: s.comment,
    })),
    nextApproverId: next,
    isCurrentApprover: next !== null && next === params.userId,
    ...view,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const alreadyStarted = () => new AppError(409, ErrorCode.CONFLICT, M.alreadyStarted);

/**
 * Starts the approval of a new transaction: copies the approvers of the agency's rule for its kind into
 * approval_steps, all Pending, so later rule changes do not affect it. With no rule for the kind (or a rule
 * without approvers) nothing is copied and the transaction is Approved at once. `restart` first removes the
 * steps of an earlier approval of the same transaction (e.g. resubmitted after a rejection); without it a second
 * start is refused (409). Refused (400) when an approver of the rule can no longer approve (no longer active,
 * or lost the approve permission of the kind): the rule must be fixed before a transaction waits on them.
 */
export async function startApproval(
  tx: Db,
  params: ApprovalTarget & { createdBy: number; now?: Date; restart?: boolean; pagePath?: string },
): Promise<ApprovalOutcome> {
  const now = params.now ?? new Date();
  if (params.restart) {
    await tx.delete(approvalSteps).where(targetCondition(params));
  } else {
    const [existing] = await tx.select({ id: approvalSteps.id }).from(approvalSteps).where(targetCondition(params)).limit(1);
    if (existing) throw alreadyStarted();
  }
  const rule = await findApprovalRule(tx, { agencyId: params.agencyId, kind: params.kind });
  const approvers = rule?.approvers ?? [];
  if (approvers.length > 0) {
    const activeIds = await usersWhoCanApprove(tx, { agencyId: params.agencyId, kind: params.kind, userIds: approvers.map((a) => a.userId) });
    const inactive = approvers.find((a) => !activeIds.has(a.userId));
    if (inactive) throw new AppError(400, ErrorCode.BUSINESS_RULE, M.approverInactive, { approver: inactive.userName });
    try {
      await tx.insert(approvalSteps).values(
        approvers.map((a) => ({
          agencyId: params.agencyId,
          kind: params.kind,
          transactionId: params.transactionId,
          stepOrder: a.order,
          userId: a.userId,
          status: 'Pending' as const,
          createdBy: params.createdBy,
          createdAt: now,
        })),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyStarted();
      throw error;
    }
  }
  const state = await approvalState(tx, { ...params, userId: params.createdBy });
  const notice =
    state.nextApproverId === null
      ? null
      : { agencyId: params.agencyId, kind: params.kind, transactionId: params.transactionId, approverId: state.nextApproverId, pagePath: params.pagePath ?? null };
  return { state, notice };
}

/**
 * Records the decision of the current approver (spec section 4): their step becomes Approved or Rejected; a
 * rejection ends the approval. The steps are locked FOR UPDATE first, so of two decisions at once the second
 * sees the first's result. 403 when the user is not the current approver, 409 when the transaction is no
 * longer Pending or has no approval under way. The notice names the approver who became due, if any.
 *
 * An admin (`isAdmin`: agency admin or super admin) may decide the due step in place of a current approver who can
 * no longer approve (deactivated, or lost the approve permission), so such a transaction is never stuck; the step
 * keeps its approver and records the admin in `decided_by`.
 */
export async function decideApproval(
  tx: Db,
  params: ApprovalTarget & { userId: number; isAdmin?: boolean; decision: ApprovalDecision; comment?: string | null; now?: Date; pagePath?: string },
): Promise<ApprovalOutcome> {
  const comment = params.comment?.trim() ? params.comment.trim() : null;
  if (comment !== null && comment.length > COMMENT_MAX) {
    throw badRequest(M.commentTooLong, { comment: M.commentTooLong });
  }
  const locked = await tx
    .select({ id: approvalSteps.id, order: approvalSteps.stepOrder, userId: approvalSteps.userId, status: approvalSteps.status })
    .from(approvalSteps)
    .where(targetCondition(params))
    .orderBy(asc(approvalSteps.stepOrder))
    .for('update');
  if (locked.length === 0) throw new AppError(409, ErrorCode.CONFLICT, M.noApprovalUnderWay);
  const refusal = decisionRefusal(locked, params.userId);
  if (refusal === 'notPending') throw new AppError(409, ErrorCode.CONFLICT, M.alreadyDecided);
  const due = nextApprovalStep(locked);
  if (!due) throw new AppError(403, ErrorCode.FORBIDDEN, M.notCurrentApprover);
  if (refusal === 'notCurrentApprover') {
    const view = await standInView(tx, { ...params, nextApproverId: due.userId, viewer: { userId: params.userId, isAdmin: params.isAdmin ?? false } });
    if (!view.mayStandIn) throw new AppError(403, ErrorCode.FORBIDDEN, M.notCurrentApprover);
  }
  await tx
    .update(approvalSteps)
    .set({ status: params.decision, decidedAt: params.now ?? new Date(), decidedBy: params.userId, comment })
    .where(eq(approvalSteps.id, due.id));
  const state = await approvalState(tx, params);
  const notice =
    state.nextApproverId === null || state.nextApproverId === due.userId
      ? null
      : { agencyId: params.agencyId, kind: params.kind, transactionId: params.transactionId, approverId: state.nextApproverId, pagePath: params.pagePath ?? null };
  return { state, notice };
}

/** What `notifyApprover` needs; a ModuleContext has it all. */
export interface ApprovalMailDeps extends AgencyMailerDeps {
  config: AgencyMailerDeps['config'] & Pick<AppConfig, 'publicUrl'>;
}

/**
 * E-mails the approver of a notice that a transaction awaits them, through the agency's mail settings. Call it
 * after the transaction commits. Never throws: a failed mail is logged and does not undo the decision. Resolves
 * to whether a mail was sent.
 */
export async function notifyApprover(
  deps: ApprovalMailDeps,
  notice: ApprovalNotice | null,
  options: { onError?: (error: unknown) => void } = {},
): Promise<boolean> {
  if (!notice) return false;
  try {
    const [approver] = await inAgency(deps.database.db, notice.agencyId, (tx) =>
      tx
        .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
        .from(users)
        .where(and(eq(users.id, notice.approverId), eq(users.agencyId, notice.agencyId)))
        .limit(1),
    );
    if (!approver?.isActive) return false;
    const label = APPROVAL_KIND_LABELS[notice.kind];
    const page = (notice.pagePath ?? 'dashboard').replace(/^\/+/, '');
    const mailer = await mailerForAgency(deps, { agencyId: notice.agencyId });
    await mailer.send(
      composeMail({
        to: approver.email,
        subject: `Tonnage: ${label} #${notice.transactionId} awaits your approval`,
        greeting: `Hello ${approver.firstName},`,
        paragraphs: [`${label} #${notice.transactionId} is waiting for your decision. You are its current approver.`],
        action: { label: 'Open Tonnage', url: `${deps.config.publicUrl}/agencies/${notice.agencyId}/${page}` },
        signOff: 'The Tonnage team',
      }),
    );
    return true;
  } catch (error) {
    (options.onError ?? ((e: unknown) => console.error('approval notification failed', e)))(error);
    return false;
  }
}
