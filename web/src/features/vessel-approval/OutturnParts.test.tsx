import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TApprovalState } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { ApprovalPanel, DifferenceText, ReverseOutturnAction, StatusTag } from './OutturnParts';
import { testAgencyData } from '../../components/resources/test-agency';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const agencyData = testAgencyData();

const browserZone = process.env.TZ;

/** The session and the agency data (Riyadh time) every panel below reads. */
function serveAgency() {
  setTestSession();
  return mockFetch((url) => (url.pathname === '/api/agencies/1/agencyData' ? json(agencyData) : undefined));
}

afterEach(() => {
  vi.restoreAllMocks();
  process.env.TZ = browserZone;
});

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

  it('tags a reversed out-turn Reversed, in English and Arabic', async () => {
    const { unmount } = render(<StatusTag status="Reversed" testId="tag" />);
    expect(screen.getByTestId('tag').textContent).toBe('Reversed');
    unmount();
    await loadTestLanguage('ar');
    render(<StatusTag status="Reversed" testId="tag" />);
    expect(screen.getByTestId('tag').textContent).toBe('معكوس');
  });
});

describe('ApprovalPanel', () => {
  beforeEach(() => loadTestLanguage('en'));

  const pending: TApprovalState = { status: 'Pending', steps: [step(1, 7, 'Approved', 'fine'), step(2, 9, 'Pending')], nextApproverId: 9, isCurrentApprover: true, nextApproverBlocked: false, mayStandIn: false };

  it('shows when each step was decided on the agency’s clock, not the browser’s', async () => {
    // Decided at 09:00 UTC: 12:00 in Riyadh (the agency), 04:00 in New York (the browser).
    process.env.TZ = 'America/New_York';
    serveAgency();
    renderPage(<ApprovalPanel state={pending} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    await waitFor(() => expect(screen.getByTestId('qa-steps').textContent).toContain('21-Nov-2026 12:00'));
    expect(screen.getByTestId('qa-steps').textContent).not.toContain('21-Nov-2026 04:00');
  });

  it('lists the steps and lets the current approver reject with a comment', async () => {
    serveAgency();
    const onDecide = vi.fn(() => Promise.resolve(true));
    renderPage(<ApprovalPanel state={pending} onDecide={onDecide} testIdPrefix="qa" />);
    expect(screen.getAllByTestId('qa-step-status').map((tag) => tag.getAttribute('data-status'))).toEqual(['Approved', 'Pending']);
    expect(screen.getByTestId('qa-steps').textContent).toContain('fine');
    await waitFor(() => expect(screen.getByTestId('qa-steps').textContent).toContain('21-Nov-2026'));
    fireEvent.click(screen.getByTestId('qa-reject'));
    fireEvent.change(await screen.findByTestId('qa-decision-comment'), { target: { value: '  recheck  ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('qa-decision-ok'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onDecide).toHaveBeenCalledWith({ decision: 'Rejected', comment: 'recheck' });
  });

  it('shows no decision buttons to anyone else, nor once decided, and says when no rule applied', () => {
    serveAgency();
    const { unmount } = renderPage(<ApprovalPanel state={{ ...pending, isCurrentApprover: false }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.queryByTestId('qa-approve')).toBeNull();
    expect(screen.queryByTestId('qa-reject')).toBeNull();
    unmount();
    renderPage(<ApprovalPanel state={{ status: 'Approved', steps: [], nextApproverId: null, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.queryByTestId('qa-approve')).toBeNull();
    expect(screen.getByTestId('qa-no-rule')).toBeTruthy();
    expect(screen.getByTestId('qa-approval-status').getAttribute('data-status')).toBe('Approved');
  });

  it('says when the current approver can no longer approve, and offers the decision to an admin who may stand in', async () => {
    const blocked: TApprovalState = { ...pending, isCurrentApprover: false, nextApproverBlocked: true, mayStandIn: false };
    serveAgency();
    const first = renderPage(<ApprovalPanel state={blocked} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-approver-blocked').textContent).toContain('The current approver, Approver 2, can no longer approve');
    expect(screen.getByTestId('qa-approver-blocked').textContent).toContain('An agency admin can approve or reject in their place.');
    expect(screen.queryByTestId('qa-approve')).toBeNull();
    first.unmount();
    const second = renderPage(<ApprovalPanel state={{ ...blocked, mayStandIn: true }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-approve')).toBeTruthy();
    expect(screen.queryByTestId('qa-you-are-due')).toBeNull();
    second.unmount();
    await loadTestLanguage('ar');
    renderPage(<ApprovalPanel state={{ ...blocked, mayStandIn: true }} onDecide={() => Promise.resolve(true)} testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-approver-blocked').textContent).toContain('المعتمد الحالي، Approver 2، لم يعد بإمكانه الاعتماد');
  });
});

describe('ReverseOutturnAction', () => {
  beforeEach(() => loadTestLanguage('en'));
  afterEach(() => loadTestLanguage('en'));

  it('offers Reverse on an approved out-turn only, says what it does and sends the reason', async () => {
    serveAgency();
    const reverse = vi.fn(() => Promise.resolve({ data: {} }));
    const { unmount } = renderPage(<ReverseOutturnAction row={{ id: 12, status: 'Pending' }} reverse={reverse} note="The note" testIdPrefix="qa" />);
    expect(screen.queryByTestId('qa-reverse')).toBeNull();
    unmount();
    renderPage(<ReverseOutturnAction row={{ id: 12, status: 'Approved' }} reverse={reverse} note="Its excess or shortage is taken back." testIdPrefix="qa" />);
    fireEvent.click(screen.getByTestId('qa-reverse'));
    expect(await screen.findByText('Reverse this out-turn?')).toBeTruthy();
    expect(screen.getByTestId('qa-reverse-notice').textContent).toContain('Its excess or shortage is taken back.');
    fireEvent.change(screen.getByTestId('qa-reverse-reason'), { target: { value: '  Survey redone ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('qa-reverse-ok'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(reverse).toHaveBeenCalledWith(12, 'Survey redone');
  });

  it('asks in Arabic', async () => {
    await loadTestLanguage('ar');
    serveAgency();
    renderPage(<ReverseOutturnAction row={{ id: 12, status: 'Approved' }} reverse={() => Promise.resolve(null)} note="ملاحظة" testIdPrefix="qa" />);
    expect(screen.getByTestId('qa-reverse').getAttribute('aria-label')).toBe('عكس');
    fireEvent.click(screen.getByTestId('qa-reverse'));
    expect(await screen.findByText('عكس هذه الكمية المفرغة؟')).toBeTruthy();
  });
});
