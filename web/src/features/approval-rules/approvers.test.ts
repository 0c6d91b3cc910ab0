import { describe, expect, it } from 'vitest';
import { approvalRuleInput, moveApprover, sameApprovers } from './approvers';

const a = { userId: 1, userName: 'A' };
const b = { userId: 2, userName: 'B' };
const c = { userId: 3, userName: 'C' };

describe('approvers', () => {
  it('moves an approver up and down, and ignores moves past the ends', () => {
    expect(moveApprover([a, b, c], 2, -1)).toEqual([a, c, b]);
    expect(moveApprover([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(moveApprover([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(moveApprover([a, b, c], 2, 1)).toEqual([a, b, c]);
  });

  it('numbers the approvers in list order', () => {
    expect(approvalRuleInput('handlingLoss', [c, a])).toEqual({ kind: 'handlingLoss', approvers: [{ order: 1, userId: 3 }, { order: 2, userId: 1 }] });
  });

  it('compares lists by user and order', () => {
    expect(sameApprovers([a, b], [a, b])).toBe(true);
    expect(sameApprovers([a, b], [b, a])).toBe(false);
    expect(sameApprovers([a], [a, b])).toBe(false);
  });
});
