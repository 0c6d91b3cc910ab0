import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRIP_PAGE_SIZE, tripListCursor } from '@tonnage/contracts';
import { unisolatedQuantities } from '../../test/bidi';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { fullAr, fullEn } from '../../locales/full';
import ConsigneeTab from './ConsigneeTab';
import { inRow, outRow, pageAfter, partnerAgencyData, partnerStats, pick, tripRow } from './partner-tab.fixtures';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

function serve(options: { tripsOut?: (url: URL) => unknown[] } = {}) {
  return mockFetch((url) => {
    if (url.pathname === '/api/agencies/1/agencyData') return json(partnerAgencyData);
    if (url.pathname === '/api/dashboard/consignee/get-consignee-trips-out-detail' && options.tripsOut) return json(options.tripsOut(url));
    if (url.pathname === '/api/dashboard/consignee/get-consignee-stats') return json(partnerStats(url.searchParams.get('consigneeId') === '4' ? 'HFM Madinah Mill' : 'AMC Riyadh Mill', url.searchParams.get('consigneeId') === '4' ? 22 : 20));
    if (url.pathname === '/api/dashboard/consignee/get-consignee-trips-in-detail') return json([tripRow({}), tripRow({ tripId: 2, slipNumber: '1002', pending: true, quantity: '34.310', inTransitQty: '34.310' })]);
    if (url.pathname === '/api/dashboard/consignee/get-consignee-trips-out-detail') return json([tripRow({ tripId: 3, type: 'consigneeOut', destination: 'Makkah Bakery Store', toConsignee: 'Makkah Bakeries', pending: true, quantity: '12.000' })]);
    if (url.pathname === '/api/dashboard/consignee/get-consignee-in-qty-detail') return json([inRow]);
    if (url.pathname === '/api/dashboard/consignee/get-consignee-out-qty-detail') return json([outRow]);
    return undefined;
  });
}

/** The tab with Arabian Milling Company picked and its place's trips-out panel open. */
async function openTripsOut(): Promise<HTMLElement> {
  renderPage(<ConsigneeTab />);
  await pick('dashboard-consignee-filters-consigneeId', 'Arabian Milling Company');
  fireEvent.click(await screen.findByTestId('dashboard-consignee-trips-out-20'));
  return screen.findByTestId('dashboard-consignee-tripsOut');
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://x')).filter((url) => url.pathname === path);

describe('the Consignee tab', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    setTestSession();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await loadTestLanguage('en');
  });

  it('asks for a consignee first and calls nothing without one; then shows its locations and the chart', async () => {
    const fetch = serve();
    renderPage(<ConsigneeTab />);
    expect(await screen.findByTestId('dashboard-consignee-pick')).toBeTruthy();
    expect(calls(fetch, '/api/dashboard/consignee/get-consignee-stats')).toEqual([]);
    await pick('dashboard-consignee-filters-consigneeId', 'Arabian Milling Company');
    const table = await screen.findByTestId('dashboard-consignee-table');
    await waitFor(() => expect(within(table).getByText('AMC Riyadh Mill')).toBeTruthy());
    const [call] = calls(fetch, '/api/dashboard/consignee/get-consignee-stats');
    expect(call?.searchParams.get('consigneeId')).toBe('3');
    expect(call?.searchParams.has('isShipmentManager')).toBe(false);
    expect(within(table).getAllByText(fullEn.translation.dashboardPartners.columns.tripsIn).length).toBeGreaterThan(0);
    expect(within(table).getAllByText(fullEn.translation.dashboardPartners.columns.tripsOut).length).toBeGreaterThan(0);
    expect(within(table).getByTestId('dashboard-consignee-trips-in-20').textContent).toBe('2 / (68.600 MT)');
    expect(screen.getAllByTestId('dashboard-consignee-chart-bar')).toHaveLength(1);
  }, 20_000);

  it('asks for a shipment manager’s own stock with isShipmentManager=true', async () => {
    const fetch = serve();
    renderPage(<ConsigneeTab />);
    await pick('dashboard-consignee-filters-consigneeId', 'Red Sea Grain Logistics');
    await waitFor(() => expect(calls(fetch, '/api/dashboard/consignee/get-consignee-stats')).toHaveLength(1));
    const [call] = calls(fetch, '/api/dashboard/consignee/get-consignee-stats');
    expect(call?.searchParams.get('consigneeId')).toBe('5');
    expect(call?.searchParams.get('isShipmentManager')).toBe('true');
  }, 20_000);

  it('drills down two levels (trips in, then in quantity; trips out, then out quantity), one path at a time; a new consignee closes them', async () => {
    const fetch = serve();
    renderPage(<ConsigneeTab />);
    await pick('dashboard-consignee-filters-consigneeId', 'Arabian Milling Company');
    fireEvent.click(await screen.findByTestId('dashboard-consignee-trips-in-20'));
    const tripsIn = await screen.findByTestId('dashboard-consignee-tripsIn');
    await waitFor(() => expect(within(tripsIn).getByText('1002')).toBeTruthy());
    expect(within(tripsIn).getByText(fullEn.translation.dashboardPartners.pending)).toBeTruthy();
    // A short list is whole: no word of a cut.
    expect(within(tripsIn).queryByTestId('dashboard-consignee-tripsIn-cut')).toBeNull();
    expect(calls(fetch, '/api/dashboard/consignee/get-consignee-trips-in-detail')[0]?.searchParams.get('locationId')).toBe('20');
    fireEvent.click(within(tripsIn).getByTestId('dashboard-consignee-tripsIn-more'));
    const inQty = await screen.findByTestId('dashboard-consignee-inQty');
    await waitFor(() => expect(within(inQty).getByText('68.550 MT')).toBeTruthy());
    expect(within(inQty).getByText(fullEn.translation.dashboardPartners.types.port)).toBeTruthy();
    // Every quantity shown keeps its order in Arabic ('68.550 MT', not 'MT 68.550').
    expect(unisolatedQuantities(document.body)).toEqual([]);

    // Trips out replaces the level-1 panel and closes level 2.
    fireEvent.click(screen.getByTestId('dashboard-consignee-trips-out-20'));
    const tripsOut = await screen.findByTestId('dashboard-consignee-tripsOut');
    expect(screen.queryByTestId('dashboard-consignee-tripsIn')).toBeNull();
    expect(screen.queryByTestId('dashboard-consignee-inQty')).toBeNull();
    await waitFor(() => expect(within(tripsOut).getByText('Makkah Bakery Store')).toBeTruthy());
    fireEvent.click(within(tripsOut).getByTestId('dashboard-consignee-tripsOut-more'));
    const outQty = await screen.findByTestId('dashboard-consignee-outQty');
    await waitFor(() => expect(within(outQty).getByText('Makkah Bakeries')).toBeTruthy());
    expect(unisolatedQuantities(document.body)).toEqual([]);

    await pick('dashboard-consignee-filters-consigneeId', 'Hejaz Flour Mills');
    await waitFor(() => expect(screen.queryByTestId('dashboard-consignee-tripsOut')).toBeNull());
    expect(screen.queryByTestId('dashboard-consignee-outQty')).toBeNull();
    await waitFor(() => expect(screen.getAllByText('HFM Madinah Mill').length).toBeGreaterThan(0));
  }, 30_000);

  it('reads a trucks list a page at a time: the next page when the table is scrolled to its end, after the last row, until a short page', async () => {
    await loadTestLanguage('ar');
    // 130 trucks, one a minute, newest first: a first page of TRIP_PAGE_SIZE, then the 30 after its last row.
    const all = Array.from({ length: TRIP_PAGE_SIZE + 30 }, (_, i) =>
      tripRow({ tripId: 1000 - i, slipNumber: String(5000 + i), date: new Date(Date.UTC(2026, 10, 25, 8) - i * 60_000).toISOString() }),
    );
    const fetch = serve({ tripsOut: (url) => pageAfter(all, url.searchParams.get('before'), Number(url.searchParams.get('limit'))) });
    const tripsOut = await openTripsOut();
    const shown = await within(tripsOut).findByTestId('dashboard-consignee-tripsOut-shown');
    expect(shown.textContent).toBe(fullAr.translation.dashboardShared.trucksShown.replace('{{count}}', '100'));
    const pages = () => calls(fetch, '/api/dashboard/consignee/get-consignee-trips-out-detail');
    expect(pages().map((url) => [url.searchParams.get('limit'), url.searchParams.get('before')])).toEqual([[String(TRIP_PAGE_SIZE), null]]);
    expect(within(tripsOut).getByText('5099')).toBeTruthy();
    expect(within(tripsOut).queryByText('5100')).toBeNull();

    // Scrolled to its end, the table asks for the rows after its last one.
    const body = tripsOut.querySelector('.ant-table-body');
    if (!body) throw new Error('no scrolling table body');
    fireEvent.scroll(body, { target: { scrollTop: 10_000 } });
    await waitFor(() => expect(within(tripsOut).getByText('5129')).toBeTruthy());
    expect(pages().map((url) => url.searchParams.get('before'))).toEqual([null, tripListCursor(all[TRIP_PAGE_SIZE - 1] ?? tripRow({}))]);
    expect(within(tripsOut).getByTestId('dashboard-consignee-tripsOut-shown').textContent).toBe(fullAr.translation.dashboardShared.allTrucksShown.replace('{{count}}', '130'));
    // A short page was the last: no button, and scrolling again asks for nothing.
    expect(within(tripsOut).queryByTestId('dashboard-consignee-tripsOut-load-more')).toBeNull();
    fireEvent.scroll(body, { target: { scrollTop: 20_000 } });
    expect(pages()).toHaveLength(2);
  }, 60_000);

  it('offers Load more while a list has more, and keeps the rows it holds when a page fails', async () => {
    const all = Array.from({ length: TRIP_PAGE_SIZE * 2 }, (_, i) =>
      tripRow({ tripId: 5000 - i, slipNumber: String(7000 + i), date: new Date(Date.UTC(2026, 10, 25, 8) - i * 60_000).toISOString() }),
    );
    let failNext = true;
    serve({
      tripsOut: (url) => {
        const before = url.searchParams.get('before');
        if (before !== null && failNext) {
          failNext = false;
          throw new Error('network down');
        }
        return pageAfter(all, before, Number(url.searchParams.get('limit')));
      },
    });
    const tripsOut = await openTripsOut();
    fireEvent.click(await within(tripsOut).findByTestId('dashboard-consignee-tripsOut-load-more'));
    // The page failed: the first hundred stay, and the button says to try again.
    fireEvent.click(await within(tripsOut).findByTestId('dashboard-consignee-tripsOut-retry'));
    await waitFor(() => expect(within(tripsOut).getByText('7199')).toBeTruthy());
    expect(within(tripsOut).getByText('7000')).toBeTruthy();
    // A full second page: there may be more, so the button stays.
    expect(within(tripsOut).getByTestId('dashboard-consignee-tripsOut-shown').textContent).toBe(fullEn.translation.dashboardShared.trucksShown.replace('{{count}}', '200'));
    expect(within(tripsOut).getByTestId('dashboard-consignee-tripsOut-load-more')).toBeTruthy();
  }, 60_000);

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    serve();
    renderPage(<ConsigneeTab />);
    expect(await screen.findByText(fullAr.translation.dashboardPartners.consignee.pick)).toBeTruthy();
    await pick('dashboard-consignee-filters-consigneeId', 'Arabian Milling Company');
    const table = await screen.findByTestId('dashboard-consignee-table');
    await waitFor(() => expect(within(table).getAllByText(fullAr.translation.dashboardPartners.consignee.location).length).toBeGreaterThan(0));
    expect(within(table).getAllByText(fullAr.translation.dashboardPartners.columns.tripsIn).length).toBeGreaterThan(0);
    expect(screen.getAllByText(fullAr.translation.dashboardPartners.chartTitle).length).toBeGreaterThan(0);
  }, 15_000);
});
