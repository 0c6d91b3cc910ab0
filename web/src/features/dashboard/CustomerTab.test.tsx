import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unisolatedQuantities } from '../../test/bidi';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { fullEn } from '../../locales/full';
import CustomerTab from './CustomerTab';
import { inRow, partnerAgencyData, partnerStats, pick, tripRow } from './partner-tab.fixtures';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

describe('the Customer tab', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    setTestSession();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for a customer first; shows its locations with trips in only, and drills to trips in, then in quantity', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(partnerAgencyData);
      if (url.pathname === '/api/dashboard/customer/get-customer-stats') return json(partnerStats('Makkah Bakery Store', 21));
      if (url.pathname === '/api/dashboard/customer/get-customer-trips-in-detail') return json([tripRow({ type: 'consigneeOut', source: 'AMC Riyadh Mill' })]);
      if (url.pathname === '/api/dashboard/customer/get-customer-in-qty-detail') return json([{ ...inRow, source: 'sale' }]);
      return undefined;
    });
    renderPage(<CustomerTab />);
    expect(await screen.findByTestId('dashboard-customer-pick')).toBeTruthy();
    const asked = () => fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://x')).filter((url) => url.pathname.startsWith('/api/dashboard/customer/'));
    expect(asked()).toEqual([]);
    await pick('dashboard-customer-filters-customerId', 'Makkah Bakeries');
    const table = await screen.findByTestId('dashboard-customer-table');
    await waitFor(() => expect(within(table).getByText('Makkah Bakery Store')).toBeTruthy());
    expect(asked()[0]?.searchParams.get('customerId')).toBe('6');
    expect(within(table).getAllByText(fullEn.translation.dashboardPartners.customer.location).length).toBeGreaterThan(0);
    expect(within(table).queryByText(fullEn.translation.dashboardPartners.columns.tripsOut)).toBeNull();
    fireEvent.click(within(table).getByTestId('dashboard-customer-trips-in-21'));
    const tripsIn = await screen.findByTestId('dashboard-customer-tripsIn');
    await waitFor(() => expect(within(tripsIn).getByText('AMC Riyadh Mill')).toBeTruthy());
    fireEvent.click(within(tripsIn).getByTestId('dashboard-customer-tripsIn-more'));
    const inQty = await screen.findByTestId('dashboard-customer-inQty');
    await waitFor(() => expect(within(inQty).getByText(fullEn.translation.dashboardPartners.types.sale)).toBeTruthy());
    // Every quantity shown keeps its order in Arabic.
    expect(unisolatedQuantities(document.body)).toEqual([]);
    // Clear closes the panels and asks for a customer again.
    fireEvent.click(screen.getByTestId('dashboard-customer-filters-clear'));
    expect(await screen.findByTestId('dashboard-customer-pick')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-customer-tripsIn')).toBeNull();
  }, 20_000);
});
