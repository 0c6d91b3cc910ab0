import { APPROVAL_KINDS, APPROVAL_STATUSES, type ApprovalStatus } from '@tonnage/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_KIND_LABELS,
  applyDecision,
  approvalStatusOf,
  decisionRefusal,
  isCurrentApprover,
  nextApprovalStep,
  nextApproverId,
  type ApprovalDecision,
  type ApprovalStepLike,
} from './approval-engine';

const step = (order: number, userId: number, status: ApprovalStatus = 'Pending'): ApprovalStepLike => ({ order, userId, status });

/** Steps with distinct orders and distinct users, in any array order, each with any status. */
const arbSteps = fc
  .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 8 })
  .chain((orders) =>
    fc.tuple(
      fc.constant(orders),
      fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: orders.length, maxLength: orders.length }),
      fc.array(fc.constantFrom(...APPROVAL_STATUSES), { minLength: orders.length, maxLength: orders.length }),
    ),
  )
  .map(([orders, userIds, statuses]) => orders.map((order, i) => step(order, userIds[i] ?? 0, statuses[i] ?? 'Pending')));

/** A fresh approval: every step Pending. */
const arbFreshSteps = arbSteps.filter((steps) => steps.length > 0).map((steps) => steps.map((s) => ({ ...s, status: 'Pending' as const })));

const arbDecision = fc.constantFrom<ApprovalDecision>('Approved', 'Rejected');

describe('approval status of the whole transaction', () => {
  it('is Approved with no steps (no rule: nothing to approve)', () => {
    expect(approvalStatusOf([])).toBe('Approved');
    expect(nextApproverId([])).toBeNull();
    expect(isCurrentApprover([], 1)).toBe(false);
  });

  it('follows the examples of spec section 4', () => {
    expect(approvalStatusOf([step(1, 10), step(2, 20)])).toBe('Pending');
    expect(approvalStatusOf([step(1, 10, 'Approved'), step(2, 20)])).toBe('Pending');
    expect(approvalStatusOf([step(1, 10, 'Approved'), step(2, 20, 'Approved')])).toBe('Approved');
    expect(approvalStatusOf([step(1, 10, 'Rejected'), step(2, 20)])).toBe('Rejected');
    expect(approvalStatusOf([step(1, 10, 'Approved'), step(2, 20, 'Rejected')])).toBe('Rejected');
  });

  it('is Rejected exactly when a step is rejected', () => {
    fc.assert(fc.property(arbSteps, (steps) => (approvalStatusOf(steps) === 'Rejected') === steps.some((s) => s.status === 'Rejected')));
  });

  it('is Approved exactly when every step is approved', () => {
    fc.assert(fc.property(arbSteps, (steps) => (approvalStatusOf(steps) === 'Approved') === steps.every((s) => s.status === 'Approved')));
  });

  it('is Pending otherwise: nothing rejected and something still pending', () => {
    fc.assert(
      fc.property(
        arbSteps,
        (steps) =>
          (approvalStatusOf(steps) === 'Pending') === (!steps.some((s) => s.status === 'Rejected') && steps.some((s) => s.status === 'Pending')),
      ),
    );
  });

  it('does not depend on the order of the array', () => {
    fc.assert(
      fc.property(
        arbSteps.chain((steps) => fc.tuple(fc.constant(steps), fc.shuffledSubarray(steps, { minLength: steps.length, maxLength: steps.length }))),
        ([steps, shuffled]) => approvalStatusOf(steps) === approvalStatusOf(shuffled) && nextApproverId(steps) === nextApproverId(shuffled),
      ),
    );
  });
});

describe('next approver', () => {
  it('is the lowest-order pending step, whatever the array order', () => {
    const steps = [step(3, 30), step(1, 10, 'Approved'), step(2, 20)];
    expect(nextApprovalStep(steps)).toEqual(step(2, 20));
    expect(nextApproverId(steps)).toBe(20);
    expect(isCurrentApprover(steps, 20)).toBe(true);
    expect(isCurrentApprover(steps, 30)).toBe(false);
    expect(isCurrentApprover(steps, 10)).toBe(false);
  });

  it('is nobody once anything is rejected, even with pending steps left', () => {
    const steps = [step(1, 10, 'Rejected'), step(2, 20)];
    expect(nextApprovalStep(steps)).toBeNull();
    expect(isCurrentApprover(steps, 20)).toBe(false);
  });

  it('is nobody when all approved', () => {
    expect(nextApproverId([step(1, 10, 'Approved'), step(2, 20, 'Approved')])).toBeNull();
  });

  it('is a pending step with no lower-order pending step, or null exactly when nothing is due', () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const next = nextApprovalStep(steps);
        if (next === null) return approvalStatusOf(steps) !== 'Pending';
        return (
          approvalStatusOf(steps) === 'Pending' &&
          steps.includes(next) &&
          next.status === 'Pending' &&
          steps.every((s) => s.status !== 'Pending' || s.order >= next.order)
        );
      }),
    );
  });

  it('makes exactly one user current while Pending, and nobody otherwise', () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const current = steps.filter((s) => isCurrentApprover(steps, s.userId));
        return approvalStatusOf(steps) === 'Pending' ? current.length === 1 : current.length === 0;
      }),
    );
  });

  it('never makes a user current who has no step', () => {
    fc.assert(
      fc.property(arbSteps, fc.integer({ min: 1001, max: 2000 }), (steps, stranger) => !isCurrentApprover(steps, stranger)),
    );
  });
});

describe('deciding', () => {
  it('lets only the current approver decide', () => {
    const steps = [step(1, 10), step(2, 20)];
    expect(decisionRefusal(steps, 10)).toBeNull();
    expect(decisionRefusal(steps, 20)).toBe('notCurrentApprover');
    expect(decisionRefusal(steps, 99)).toBe('notCurrentApprover');
    expect(() => applyDecision(steps, { userId: 20, decision: 'Approved' })).toThrow(/notCurrentApprover/);
  });

  it('refuses any decision once the transaction is not Pending', () => {
    expect(decisionRefusal([step(1, 10, 'Approved')], 10)).toBe('notPending');
    expect(decisionRefusal([step(1, 10, 'Rejected'), step(2, 20)], 20)).toBe('notPending');
    expect(decisionRefusal([], 10)).toBe('notPending');
  });

  it('moves to the next approver on approval and ends on rejection', () => {
    const start = [step(2, 20), step(1, 10), step(3, 30)];
    const afterFirst = applyDecision(start, { userId: 10, decision: 'Approved' });
    expect(nextApproverId(afterFirst)).toBe(20);
    expect(approvalStatusOf(afterFirst)).toBe('Pending');
    const rejected = applyDecision(afterFirst, { userId: 20, decision: 'Rejected' });
    expect(approvalStatusOf(rejected)).toBe('Rejected');
    expect(nextApproverId(rejected)).toBeNull();
    expect(start.every((s) => s.status === 'Pending')).toBe(true);
  });

  it('changes exactly the current approver’s step, to the decision, and nothing else', () => {
    fc.assert(
      fc.property(arbSteps, arbDecision, (steps, decision) => {
        const due = nextApprovalStep(steps);
        if (!due) return true;
        const before = steps.map((s) => ({ ...s }));
        const after = applyDecision(steps, { userId: due.userId, decision });
        const changed = after.filter((s, i) => s.status !== steps[i]?.status);
        return (
          JSON.stringify(steps) === JSON.stringify(before) &&
          after.length === steps.length &&
          changed.length === 1 &&
          changed[0]?.userId === due.userId &&
          changed[0].status === decision
        );
      }),
    );
  });

  it('refuses everyone but the current approver', () => {
    fc.assert(
      fc.property(arbSteps, fc.integer({ min: 1, max: 2000 }), arbDecision, (steps, userId, decision) => {
        const allowed = approvalStatusOf(steps) === 'Pending' && nextApproverId(steps) === userId;
        expect(decisionRefusal(steps, userId) === null).toBe(allowed);
        if (allowed) expect(() => applyDecision(steps, { userId, decision })).not.toThrow();
        else expect(() => applyDecision(steps, { userId, decision })).toThrow();
      }),
    );
  });

  it('walks a fresh approval: approvers in order, ending Approved after all or Rejected at the first rejection', () => {
    fc.assert(
      fc.property(arbFreshSteps, fc.array(arbDecision, { minLength: 8, maxLength: 8 }), (fresh, decisions) => {
        const expectedOrder = [...fresh].sort((a, b) => a.order - b.order).map((s) => s.userId);
        let steps: ApprovalStepLike[] = fresh;
        const asked: number[] = [];
        for (const decision of decisions) {
          const due = nextApproverId(steps);
          if (due === null) break;
          asked.push(due);
          steps = applyDecision(steps, { userId: due, decision });
        }
        const firstRejection = decisions.slice(0, fresh.length).indexOf('Rejected');
        const status = approvalStatusOf(steps);
        if (firstRejection === -1) {
          expect(status).toBe('Approved');
          expect(asked).toEqual(expectedOrder);
        } else {
          expect(status).toBe('Rejected');
          expect(asked).toEqual(expectedOrder.slice(0, firstRejection + 1));
          expect(steps.filter((s) => s.status === 'Pending')).toHaveLength(fresh.length - firstRejection - 1);
        }
        expect(nextApproverId(steps)).toBeNull();
      }),
    );
  });
});

describe('kind labels', () => {
  it('name every kind', () => {
    for (const kind of APPROVAL_KINDS) expect(APPROVAL_KIND_LABELS[kind]).toMatch(/\w/);
  });
});
