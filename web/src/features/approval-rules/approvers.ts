import type { TApprovalRuleInput, ApprovalKind } from '@tonnage/contracts';

export interface ApproverItem {
  userId: number;
  userName: string;
}

/** The list with the item at `index` moved one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveApprover<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** The rule as ZApprovalRuleInput: approvers numbered 1, 2, 3 … in list order. */
export function approvalRuleInput(kind: ApprovalKind, approvers: readonly ApproverItem[]): TApprovalRuleInput {
  return { kind, approvers: approvers.map((approver, index) => ({ order: index + 1, userId: approver.userId })) };
}

export function sameApprovers(a: readonly ApproverItem[], b: readonly ApproverItem[]): boolean {
  return a.length === b.length && a.every((approver, index) => approver.userId === b[index]?.userId);
}
