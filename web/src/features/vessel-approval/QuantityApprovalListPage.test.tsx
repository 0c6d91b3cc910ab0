import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TQuantityApproval } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, tableRowOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import QuantityApprovalListPage from './QuantityApprovalListPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const agencyData = testAgencyData();

/** A BL out-turn in a status, its approval matching. */
function outturn(id: number, blNumber: string, status: TQuantityApproval['status'], difference: string): TQuantityApproval {
  return {
    id,
    voyageId: 4,
    vesselName: 'OCEAN STAR',
    voyageNumber: 'V-12',
    shipmentId: 30 + id,
    blNumber,
    lcPoNumber: 'LC-100',
    blConsigneeName: 'Gulf Mills',
    blQuantity: '1000.000',
    dischargedQuantity: '1012.345',
    difference,
    remarks: null,
    status,
    ledgerTransactionId: status === 'Approved' ? 90 + id : null,
    approval: {
      status: status === 'Approved' ? 'Approved' : 'Pending',
      steps: [{ order: 1, userId: 7, userName: 'Omar Approver', status: status === 'Approved' ? 'Approved' : 'Pending', decidedAt: null, comment: null }],
      nextApproverId: status === 'Approved' ? null : 7,
      isCurrentApprover: false,
      nextApproverBlocked: false,
      mayStandIn: false,
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: 'Lina',
    updatedAt: null,
    updatedBy: null,
    reversedAt: null,
    reversedBy: null,
    reverseReason: null,
  };
}

const pending = outturn(1, 'BL-PENDING', 'Pending', '12.345');
const approved = outturn(2, 'BL-APPROVED', 'Approved', '-2.500');

function answer(calls: { method: string; url: URL; body: unknown }[]) {
  return mockFetch((url, init) => {
    calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/vesselQuantityApproval/quantityApproval') return json({ rows: [pending, approved], count: 2 });
    if (url.pathname === '/api/vesselQuantityApproval/quantityApproval/2/reverse') return json({ ...approved, status: 'Reversed' });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    return undefined;
  });
}

const rowOf = (blNumber: string) => tableRowOf(screen.getByText(blNumber));

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('QuantityApprovalListPage', () => {
  it('lists BL out-turns with their difference, status and next approver, and filters on the server', async () => {
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    answer(calls);
    renderPage(<QuantityApprovalListPage />, 'vesselQuantityApproval/quantityApproval');
    expect(await screen.findByText('BL-PENDING')).toBeTruthy();
    const row = rowOf('BL-PENDING');
    expect(within(row).getByTestId('quantity-approval-difference').textContent).toBe('12.345 MT (Excess)');
    expect(within(row).getByTestId('quantity-approval-status').textContent).toBe('Pending');
    expect(within(row).getByTestId('quantity-approval-next').textContent).toContain('Omar Approver');
    expect(within(row).getByText('OCEAN STAR / V-12')).toBeTruthy();
    // Out-turns are not filtered to Active records: no status is sent until one is chosen.
    const first = calls.find((c) => c.url.pathname === '/api/vesselQuantityApproval/quantityApproval');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({ page: '1', limit: '20' });

    fireEvent.change(screen.getByTestId('quantity-approvals-search'), { target: { value: 'BL-9' } });
    await waitFor(
      () => expect(calls.some((c) => c.url.pathname === '/api/vesselQuantityApproval/quantityApproval' && c.url.searchParams.get('search') === 'BL-9')).toBe(true),
      { timeout: 2000 },
    );
  });

  it('opens every out-turn, and reverses only an approved one, with a reason', async () => {
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    answer(calls);
    renderPage(<QuantityApprovalListPage />, 'vesselQuantityApproval/quantityApproval');
    expect(await screen.findByText('BL-PENDING')).toBeTruthy();
    const pendingRow = rowOf('BL-PENDING');
    const approvedRow = rowOf('BL-APPROVED');
    expect(within(pendingRow).getByTestId('quantity-approval-open').getAttribute('href')).toContain('vesselQuantityApproval/quantityApproval/1/edit');
    expect(within(approvedRow).getByTestId('quantity-approval-open').getAttribute('href')).toContain('vesselQuantityApproval/quantityApproval/2/edit');
    expect(within(pendingRow).queryByTestId('quantity-approval-reverse')).toBeNull();
    expect(screen.queryByTestId('quantity-approval-edit')).toBeNull();

    fireEvent.click(within(approvedRow).getByTestId('quantity-approval-reverse'));
    fireEvent.change(await screen.findByTestId('quantity-approval-reverse-reason'), { target: { value: 'Survey redone' } });
    fireEvent.click(screen.getByTestId('quantity-approval-reverse-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Survey redone' }));
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/vesselQuantityApproval/quantityApproval/2/reverse');
    // The list is asked again after the reversal.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/vesselQuantityApproval/quantityApproval').length).toBeGreaterThan(1));
  });

  it('offers no add and no reversal to a user who may only view', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewVesselQuantityApproval'] });
    answer([]);
    renderPage(<QuantityApprovalListPage />, 'vesselQuantityApproval/quantityApproval');
    expect(await screen.findByText('BL-APPROVED')).toBeTruthy();
    expect(screen.queryByTestId('quantity-approval-add')).toBeNull();
    expect(screen.queryByTestId('quantity-approval-reverse')).toBeNull();
    expect(screen.getAllByTestId('quantity-approval-open')).toHaveLength(2);
  });
});
