import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TVoyageApproval } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, tableRowOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import VoyageApprovalListPage from './VoyageApprovalListPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const approved: TVoyageApproval = {
  id: 5,
  voyageId: 4,
  vesselName: 'OCEAN STAR',
  voyageNumber: 'V-12',
  portName: 'Jeddah',
  blQuantity: '6000.000',
  dischargedQuantity: '6012.500',
  difference: '12.500',
  surveyDate: '2026-11-02',
  remarks: null,
  status: 'Approved',
  approval: { status: 'Approved', steps: [], nextApproverId: null, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false },
  createdAt: '2026-11-02T10:00:00.000Z',
  createdBy: 'Lina',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VoyageApprovalListPage', () => {
  it("lists voyage out-turns with the survey date and difference, opens one, and reverses an approved one with the voyage's note", async () => {
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    mockFetch((url, init) => {
      calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      if (url.pathname === '/api/vesselQuantityApproval/vessel') return json({ rows: [approved], count: 1 });
      if (url.pathname === '/api/vesselQuantityApproval/vessel/5/reverse') return json({ ...approved, status: 'Reversed' });
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return undefined;
    });
    renderPage(<VoyageApprovalListPage />, 'vesselQuantityApproval/vessel');
    const voyage = await screen.findByTestId('voyage-approval-voyage');
    expect(voyage.textContent).toBe('OCEAN STAR / V-12');
    const row = tableRowOf(voyage);
    expect(within(row).getByText('02-Nov-2026')).toBeTruthy();
    expect(within(row).getByTestId('voyage-approval-difference').textContent).toBe('12.500 MT (Excess)');
    expect(within(row).getByTestId('voyage-approval-status').textContent).toBe('Approved');
    expect(within(row).getByTestId('voyage-approval-open').getAttribute('href')).toContain('vesselQuantityApproval/vessel/5/edit');
    expect(screen.getByTestId('voyage-approval-add')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('voyage-approval-reverse'));
    expect((await screen.findByTestId('voyage-approval-reverse-notice')).textContent).toContain('A new out-turn can then be recorded for the voyage.');
    fireEvent.change(screen.getByTestId('voyage-approval-reverse-reason'), { target: { value: 'Survey redone' } });
    fireEvent.click(screen.getByTestId('voyage-approval-reverse-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/vesselQuantityApproval/vessel/5/reverse'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Survey redone' });
  });
});
