import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TShipment } from '@tonnage/contracts';
import { unisolatedQuantities } from '../../test/bidi';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, tableRowOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import ShippingListPage from './ShippingListPage';
import { testAgencyData } from '../../components/resources/test-agency';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const shipment: TShipment = {
  id: 31,
  voyageId: 4,
  voyage: { id: 4, vesselId: 2, vesselName: 'OCEAN STAR', voyageNumber: 'V-12', portId: 3, portName: 'Jeddah', berthId: null, berthName: null, arrivalDate: '2026-11-01', completionDate: null },
  consignmentId: 8,
  Consignment: { id: 8, LC: { LCPONumber: 'LC-100' }, RefLC: { refNumber: 'R-1' }, cargoTypeId: 1, cargoTypeName: 'Wheat', shipmentManagerId: null, quantity: '500.000' },
  blNumber: 'BL-77',
  blQuantity: '320.250',
  blConsigneeId: 6,
  blConsigneeName: 'Gulf Mills',
  blDate: '2026-10-20',
  onBoardQuantity: '300.000',
  loadedQuantity: '20.250',
  status: 'Active',
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: 'Lina',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

const agencyData = testAgencyData();

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
});

function answer(calls: { method: string; url: URL; body: unknown }[]) {
  return mockFetch((url, init) => {
    calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/shipments') return json({ rows: [shipment], count: 1 });
    if (url.pathname === '/api/shipments/total-quantity') return json({ totalQuantity: '320.250', count: 1 });
    if (url.pathname === '/api/shipments/31/shipment-reverse') return json({ id: 31, message: 'Shipment reversed successfully' });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    // The Export button first asks the server how (a small list downloads at once), then downloads the file.
    if (url.pathname === '/api/shipments/export' && init?.method === 'POST') return json({ mode: 'direct', count: 1 });
    if (url.pathname === '/api/shipments/export.xlsx') return new Response(new Blob(['xlsx']), { status: 200 });
    return undefined;
  });
}

describe('ShippingListPage', () => {
  it('lists shipments with DD-MMM-YYYY dates, 3-decimal quantities, the on-board remainder and the total', async () => {
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    answer(calls);
    renderPage(<ShippingListPage />, 'shipping');
    expect(await screen.findByText('BL-77')).toBeTruthy();
    const row = tableRowOf(screen.getByText('BL-77'));
    expect(within(row).getByText('OCEAN STAR / V-12')).toBeTruthy();
    expect(within(row).getByText('20-Oct-2026')).toBeTruthy();
    expect(within(row).getByText('320.250 MT')).toBeTruthy();
    expect(within(row).getByTestId('shipment-on-board').textContent).toBe('300.000 MT');
    await waitFor(() => expect(screen.getByTestId('shipping-total-quantity').textContent).toContain('320.250 MT'));
    // The list's quantities and the total keep their order in Arabic ('320.250 MT', not 'MT 320.250').
    expect(unisolatedQuantities(document.body)).toEqual([]);
    const list = calls.find((c) => c.url.pathname === '/api/shipments');
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({ page: '1', limit: '20', status: 'Active' });
  });

  it('shows an error, not an empty list or zero totals, when the shipments cannot be loaded', async () => {
    setTestSession();
    mockFetch((url) => {
      if (url.pathname === '/api/shipments' || url.pathname === '/api/shipments/total-quantity') return json({ message: 'Database unavailable', code: 'INTERNAL' }, 500);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      return undefined;
    });
    renderPage(<ShippingListPage />, 'shipping');
    expect((await screen.findByTestId('shipping-error')).textContent).toContain('The list could not be loaded.');
    expect(screen.queryByTestId('shipping-table')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('shipping-total-quantity').textContent).toContain('—'));
    expect(screen.getByTestId('shipping-total-quantity').textContent).not.toContain('0.000');
  });

  it('sorts on the server by the clicked column and exports the filtered, sorted rows', async () => {
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    answer(calls);
    const createObjectURL = vi.fn(() => 'blob:shipments');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderPage(<ShippingListPage />, 'shipping');
    expect(await screen.findByText('BL-77')).toBeTruthy();
    const lists = () => calls.filter((c) => c.url.pathname === '/api/shipments').map((c) => Object.fromEntries(c.url.searchParams));
    const header = screen.getAllByRole('columnheader').find((th) => th.textContent === 'BL number');
    if (!header) throw new Error('no header');
    fireEvent.click(header);
    await waitFor(() => expect(lists()).toContainEqual({ page: '1', limit: '20', status: 'Active', sortBy: 'blNumber', sortOrder: 'asc' }));
    fireEvent.click(header);
    await waitFor(() => expect(lists()).toContainEqual({ page: '1', limit: '20', status: 'Active', sortBy: 'blNumber', sortOrder: 'desc' }));
    expect(header.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTestId('shipping-export'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((c) => c.url.pathname === '/api/shipments/export.xlsx');
    // Every row of the filter (no page), in the list's order, headers in the user's language.
    expect(Object.fromEntries(exported?.url.searchParams ?? [])).toEqual({ status: 'Active', sortBy: 'blNumber', sortOrder: 'desc', lang: 'en' });
  });

  it('reverses a shipment only with a reason, sending it to the server', async () => {
    setTestSession();
    const calls: { method: string; url: URL; body: unknown }[] = [];
    answer(calls);
    renderPage(<ShippingListPage />, 'shipping');
    fireEvent.click(await screen.findByTestId('shipment-reverse'));
    fireEvent.click(await screen.findByTestId('shipment-reverse-ok'));
    expect(await screen.findByText('Reason is Required!')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.change(screen.getByTestId('shipment-reverse-reason'), { target: { value: 'Wrong vessel' } });
    fireEvent.click(screen.getByTestId('shipment-reverse-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Wrong vessel' }));
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/shipments/31/shipment-reverse');
  });

  it('hides add, edit and reverse from a user who may only view', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewShipping'] });
    answer([]);
    renderPage(<ShippingListPage />, 'shipping');
    expect(await screen.findByText('BL-77')).toBeTruthy();
    expect(screen.queryByTestId('shipment-add')).toBeNull();
    expect(screen.queryByTestId('shipment-edit')).toBeNull();
    expect(screen.queryByTestId('shipment-reverse')).toBeNull();
  });
});
