import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { TApprovalState } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { ApprovalPanel, DifferenceText, StatusTag } from './OutturnParts';

const step = (order: number, userId: number, status: TApprovalState['status'], comment: string | null = null) => ({
  order,
  userId,
  userName: `Approver ${order}`,
  status,
  decidedAt: status === 'Pending' ? null : '2026-11-21T09:00:00.000Z',
  comment,
});

describe('DifferenceText and StatusTag', () => {
  beforeEach(() => loadTestLanguage('en'));

  it('shows an excess, a shortage and nil with their words', () => {
    render(
      <>
        <DifferenceText difference="12.345" testId="excess" />
        <DifferenceText difference="-2.500" testId="shortage" />
        <DifferenceText difference="0.000" testId="nil" />
        <DifferenceText difference={null} testId="unknown" />
      </>,
    );
    expect(screen.getByTestId('excess').textContent).toBe('12.345 MT (Excess)');
    expect(screen.getByTestId('excess').className).toContain('success');
    expect(screen.getByTestId('shortage').textContent).toBe('-2.500 MT (Shortage)');
    expect(screen.getByTestId('shortage').className).toContain('danger');
    expect(screen.getByTestId('nil').textContent).toBe('0.000 MT (No difference)');
    expect(screen.getByTestId('unknown').textContent).toBe('-');
  });

  it('translates the status in Arabic', async () => {
    await loadTestLanguage('ar');
    render(<StatusTag status="Rejected" testId="tag" />);
    expect(screen.getByTestId('tag').textContent).toBe('مرفوض');
  });
});

describe('ApprovalPanel', () => {
  beforeEach(() => loadTestLanguage('en'));

  const pending: TApprovalState = { status: 'Pending', steps: [step(1, 7, 'Approved', 'fine'), step(2, 9, 'Pending')], nextApproverId: 9, isCurrentApprover: true, nextApproverBlocked: false, mayStandIn: false };

  it('lists the steps and lets the current approver reject with a comment', async () => {
    const onDecide = vi.fn(() => Promise.resolve(true));
    render(<ApprovalPanel state={pending} onDecide={onDecide} testIdPrefix="qa" />);
    expect(screen.getAllByTestId('qa-step-status').map((tag) => tag.getAttribute('data-status'))).toEqual(['Approved', 'Pending']);
    expect(screen.getByTestId('qa-steps').textContent).toContain('fine');
    expect(screen.getByTestId('qa-steps').textContent).toContain('21-Nov-2026');
    fireEvent.click(screen.getByTestId('qa-reject'));
    fireEvent.change(await screen.findByTestId('qa-decision-comment'), { target: { value: '  recheck  ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('qa-decision-ok'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onDecide).toHaveBeenCalledWith({ decision: 'Rejected', comment: 'recheck' });
  });

  it('shows no decision buttons to anyone else, nor once decided, and says when no rule applied', () => {
    const { rerender } = render(<ApprovalPanel state={{ ...pending, isCurrentApprover: false }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.queryByTestId('qa-approve')).toBeNull();
    expect(screen.queryByTestId('qa-reject')).toBeNull();
    rerender(<ApprovalPanel state={{ status: 'Approved', steps: [], nextApproverId: null, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.queryByTestId('qa-approve')).toBeNull();
    expect(screen.getByTestId('qa-no-rule')).toBeTruthy();
    expect(screen.getByTestId('qa-approval-status').getAttribute('data-status')).toBe('Approved');
  });

  it('says when the current approver can no longer approve, and offers the decision to an admin who may stand in', async () => {
    const blocked: TApprovalState = { ...pending, isCurrentApprover: false, nextApproverBlocked: true, mayStandIn: false };
    const { rerender } = render(<ApprovalPanel state={blocked} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-approver-blocked').textContent).toContain('The current approver, Approver 2, can no longer approve');
    expect(screen.getByTestId('qa-approver-blocked').textContent).toContain('An agency admin can approve or reject in their place.');
    expect(screen.queryByTestId('qa-approve')).toBeNull();
    rerender(<ApprovalPanel state={{ ...blocked, mayStandIn: true }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-approve')).toBeTruthy();
    expect(screen.queryByTestId('qa-you-are-due')).toBeNull();
    await loadTestLanguage('ar');
    rerender(<ApprovalPanel state={{ ...blocked, mayStandIn: true }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-approver-blocked').textContent).toContain('المعتمد الحالي، Approver 2، لم يعد بإمكانه الاعتماد');
  });
});
