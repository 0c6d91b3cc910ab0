import type { ApprovalKind, ApprovalStatus } from '@tonnage/contracts';

/**
 * The rules of spec section 4 ("Approval") over the steps of one transaction, without a database. A step is one
 * approver's part: their order in the rule and their decision so far.
 *
 * - The transaction is Rejected as soon as any step is rejected, Approved when every step is approved (also when
 *   there are no steps at all: no rule, nothing to approve), else Pending.
 * - The next approver is the lowest-order step still Pending; nobody is due once anything is rejected.
 * - A user is the current approver when they are that next approver.
 */
export interface ApprovalStepLike {
  order: number;
  userId: number;
  status: ApprovalStatus;
}

export type ApprovalDecision = Exclude<ApprovalStatus, 'Pending'>;

/** The status of the whole transaction from its steps. */
export function approvalStatusOf(steps: readonly ApprovalStepLike[]): ApprovalStatus {
  if (steps.some((step) => step.status === 'Rejected')) return 'Rejected';
  if (steps.every((step) => step.status === 'Approved')) return 'Approved';
  return 'Pending';
}

/** The step whose approver is due: the lowest-order Pending step, or null when rejected or fully approved. */
export function nextApprovalStep<T extends ApprovalStepLike>(steps: readonly T[]): T | null {
  if (steps.some((step) => step.status === 'Rejected')) return null;
  let next: T | null = null;
  for (const step of steps) {
    if (step.status === 'Pending' && (next === null || step.order < next.order)) next = step;
  }
  return next;
}

/** The user id of the approver who is due, or null. */
export function nextApproverId(steps: readonly ApprovalStepLike[]): number | null {
  return nextApprovalStep(steps)?.userId ?? null;
}

/** Whether this user is the approver due now. */
export function isCurrentApprover(steps: readonly ApprovalStepLike[], userId: number): boolean {
  return nextApproverId(steps) === userId;
}

/** Why a decision cannot be taken, or null when it can. */
export type DecisionRefusal = 'notPending' | 'notCurrentApprover';

/** Whether this user may decide now: the transaction is Pending and they are its current approver. */
export function decisionRefusal(steps: readonly ApprovalStepLike[], userId: number): DecisionRefusal | null {
  if (approvalStatusOf(steps) !== 'Pending') return 'notPending';
  if (!isCurrentApprover(steps, userId)) return 'notCurrentApprover';
  return null;
}

/**
 * The steps after the current approver decides: their step takes the decision, the others stay as they were.
 * Throws when the decision is refused (see `decisionRefusal`); the input is not changed.
 */
export function applyDecision<T extends ApprovalStepLike>(steps: readonly T[], params: { userId: number; decision: ApprovalDecision }): T[] {
  const refusal = decisionRefusal(steps, params.userId);
  if (refusal) throw new Error(`decision refused: ${refusal}`);
  const due = nextApprovalStep(steps);
  return steps.map((step) => (step === due ? { ...step, status: params.decision } : step));
}

/** Words for each kind of transaction, for e-mails and messages. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  voyageApproval: 'Voyage approval',
  vesselQuantityApproval: 'Vessel quantity approval',
  handlingLoss: 'Handling loss',
  handlingExcess: 'Handling excess',
  ownershipTransfer: 'Ownership transfer',
  swapCargo: 'Cargo swap',
};
