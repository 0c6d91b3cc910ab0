import { describe, expect, it } from 'vitest';
import type { TApprovalState } from '@tonnage/contracts';
import { canDecide, differenceKind, isEditable, nextApproverName, outturnDifference, statusColor, sumTonnes } from './outturn';

const step = (order: number, userId: number, status: TApprovalState['status']) => ({ order, userId, userName: `User ${userId}`, status, decidedAt: null, comment: null });

describe('outturnDifference', () => {
  it('subtracts the BL quantity exactly, to the kilogram', () => {
    expect(outturnDifference('1000.000', '1012.345')).toBe('12.345');
    expect(outturnDifference('500.000', '497.5')).toBe('-2.500');
    expect(outturnDifference('0.300', '0.1')).toBe('-0.200');
    expect(outturnDifference('100.000', 100)).toBe('0.000');
    expect(outturnDifference('10.000', '0')).toBe('-10.000');
  });

  it('accepts a number being typed with a trailing dot', () => {
    expect(outturnDifference('10.000', '12.')).toBe('2.000');
  });

  it('gives null while the typed text is no quantity', () => {
    expect(outturnDifference('10.000', '')).toBeNull();
    expect(outturnDifference('10.000', 'abc')).toBeNull();
    expect(outturnDifference('10.000', '1.2345')).toBeNull();
    expect(outturnDifference('10.000', '-1')).toBeNull();
    expect(outturnDifference(null, '1')).toBeNull();
  });
});

describe('sumTonnes', () => {
  it('adds BL quantities exactly (no 0.1 + 0.2 drift)', () => {
    expect(sumTonnes(['0.100', '0.200'])).toBe('0.300');
    expect(sumTonnes(['700.000', '300.5'])).toBe('1000.500');
    expect(sumTonnes([])).toBe('0.000');
  });
});

describe('differenceKind and status colours', () => {
  it('tells excess, shortage and nil apart', () => {
    expect(differenceKind('0.001')).toBe('excess');
    expect(differenceKind('-0.001')).toBe('shortage');
    expect(differenceKind('0.000')).toBe('nil');
  });

  it('colours each status', () => {
    expect([statusColor('Pending'), statusColor('Approved'), statusColor('Rejected')]).toEqual(['processing', 'success', 'error']);
  });
});

describe('approval display', () => {
  const pending: TApprovalState = { status: 'Pending', steps: [step(1, 7, 'Approved'), step(2, 9, 'Pending')], nextApproverId: 9, isCurrentApprover: true, nextApproverBlocked: false, mayStandIn: false };

  it('names the approver who is due', () => {
    expect(nextApproverName(pending)).toBe('User 9');
    expect(nextApproverName({ ...pending, status: 'Rejected', nextApproverId: null })).toBeNull();
  });

  it('offers the decision only to the current approver of a Pending out-turn', () => {
    expect(canDecide(pending)).toBe(true);
    expect(canDecide({ ...pending, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false })).toBe(false);
    expect(canDecide({ ...pending, status: 'Approved' })).toBe(false);
  });

  it('offers the decision to an admin standing in for a blocked current approver, while Pending only', () => {
    const blocked = { ...pending, isCurrentApprover: false, nextApproverBlocked: true };
    expect(canDecide({ ...blocked, mayStandIn: true })).toBe(true);
    expect(canDecide({ ...blocked, mayStandIn: false })).toBe(false);
    expect(canDecide({ ...blocked, mayStandIn: true, status: 'Rejected' })).toBe(false);
  });

  it('allows editing before the first decision and after a rejection, never once approved', () => {
    expect(isEditable({ status: 'Pending', steps: [step(1, 7, 'Pending'), step(2, 9, 'Pending')], nextApproverId: 7, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false })).toBe(true);
    expect(isEditable(pending)).toBe(false);
    expect(isEditable({ status: 'Rejected', steps: [step(1, 7, 'Rejected')], nextApproverId: null, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false })).toBe(true);
    expect(isEditable({ status: 'Approved', steps: [], nextApproverId: null, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false })).toBe(false);
  });
});
