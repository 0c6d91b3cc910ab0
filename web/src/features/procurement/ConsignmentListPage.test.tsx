import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { permissionFlag, type TConsignment } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import ConsignmentListPage from './ConsignmentListPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const row: TConsignment = {
  id: 12,
  LCPONumber: 'LC-2026-001',
  type: 'lc',
  lcNumber: 'LC-2026-001',
  poNumber: null,
  refNumber: 'REF-9',
  saleOrderId: 3,
  saleOrderNumber: 'SO-77',
  blConsigneeId: 5,
  blConsigneeName: 'Gulf Mills',
  shipmentManagerId: 6,
  shipmentManagerName: 'Najd Shipping',
  cargoTypeId: 2,
  cargoTypeName: 'Wheat',
  quantity: '1250.500',
  shippedQuantity: '1000.000',
  remainingQuantity: '250.500',
  remarks: null,
  status: 'Active',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Carla Clerk',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

describe('ConsignmentListPage', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setTestSession();
  });

  it("opens an LC/PO's reconciliation for a user with the LC wise report's flag, and offers nothing to others", async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/consignments') return json({ rows: [row], count: 1 });
      if (url.pathname === '/api/consignments/total-quantity') return json({ totalQuantity: '1250.500', count: 1 });
      return json({ rows: [], count: 0 });
    });
    const view = renderPage(<ConsignmentListPage />, 'consignments');
    expect(await screen.findByText('LC-2026-001')).toBeTruthy();
    expect(screen.getByTestId('consignment-reconciliation').getAttribute('href')).toBe('/agencies/1/lc-reconciliation?consignmentId=12');
    view.unmount();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: [permissionFlag('Consignment', 'view')] });
    renderPage(<ConsignmentListPage />, 'consignments');
    expect(await screen.findByText('LC-2026-001')).toBeTruthy();
    expect(screen.queryByTestId('consignment-reconciliation')).toBeNull();
  });

  it('shows rows with 3-decimal quantities and the total, filters on the server, and reverses with a reason', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/consignments' && (init?.method ?? 'GET') === 'GET') return json({ rows: [row], count: 1 });
      if (url.pathname === '/api/consignments/total-quantity') return json({ totalQuantity: '1250.500', count: 1 });
      if (url.pathname === '/api/saleOrder') return json({ rows: [], count: 0 });
      if (url.pathname === '/api/consignments/12/consignment-reverse') return json({ message: 'Consignment reversed successfully!' });
      return undefined;
    });
    renderPage(<ConsignmentListPage />, 'consignments');
    expect(await screen.findByText('LC-2026-001')).toBeTruthy();
    expect(screen.getByText('1,250.500 MT', { selector: 'td bdi' })).toBeTruthy();
    expect(screen.getByText('250.500 MT')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('consignments-total-quantity').textContent).toBe('1,250.500 MT'));

    fireEvent.change(screen.getByTestId('consignments-search'), { target: { value: 'LC-2026' } });
    await waitFor(
      () => {
        const listed = fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost'));
        expect(listed.some((u) => u.pathname === '/api/consignments' && u.searchParams.get('search') === 'LC-2026')).toBe(true);
        expect(listed.some((u) => u.pathname === '/api/consignments/total-quantity' && u.searchParams.get('search') === 'LC-2026' && !u.searchParams.has('page'))).toBe(true);
      },
      { timeout: 2000 },
    );

    fireEvent.click(screen.getByTestId('consignment-reverse'));
    fireEvent.change(await screen.findByTestId('consignment-reverse-reason'), { target: { value: 'Duplicate' } });
    fireEvent.click(screen.getByTestId('consignment-reverse-ok'));
    await waitFor(() => {
      const call = fetch.mock.calls.find(([input]) => urlOf(input).includes('/consignment-reverse'));
      expect(call?.[1]?.method).toBe('DELETE');
      expect(JSON.parse(typeof call?.[1]?.body === 'string' ? call[1].body : '')).toEqual({ reason: 'Duplicate' });
    });
  });
});
