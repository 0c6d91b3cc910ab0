import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STATS_GROUPS, type TDashboardStats, type TStatsGroupFigures } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { fullAr, fullEn } from '../../locales/full';
import StatsTab, { statsQuery } from './StatsTab';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

beforeAll(async () => {
  await loadTestLanguage('en');
});
beforeEach(() => {
  setTestSession();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

const group = (out: string, w: string, c: string, u: string, trips: number): TStatsGroupFigures => ({
  outQty: out,
  warehouseInQty: w,
  consigneeInQty: c,
  customerInQty: u,
  outTrips: trips,
  warehouseInTrips: 1,
  consigneeInTrips: 2,
  customerInTrips: 0,
});

const answer: TDashboardStats = {
  startDate: '2026-11-21',
  endDate: '2026-11-21',
  port: group('671.370', '364.280', '169.960', '0.000', 19),
  warehouse: group('194.290', '31.955', '46.050', '55.030', 7),
  consignee: group('30.000', '0.000', '0.000', '29.965', 1),
};

const agencyData = testAgencyData({
  Companies: [{ id: 9, name: 'Najd Haulage', companyTypeId: 1, CompanyType: { id: 1, name: 'transporter' }, adminId: null, ShipmentManagerId: null }],
});

/** Answers the stats call (recording its query strings) and the agency data. */
function serve() {
  const queries: Record<string, string>[] = [];
  const fetch = mockFetch((url) => {
    if (url.pathname === '/api/dashboard/stats') {
      queries.push(Object.fromEntries(url.searchParams.entries()));
      return json(answer);
    }
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    return undefined;
  });
  return { fetch, queries };
}

describe('statsQuery', () => {
  it('drops empty values, joins the shipment managers and sends each chosen owner kind as a flag', () => {
    expect(statsQuery({ voyageId: 3, smIds: [4, 5], owners: ['consigneeOut', 'smOut'], isManualQuantity: false, groupedOut: true, startDate: '2026-11-01' })).toEqual({
      voyageId: '3',
      smIds: '4,5',
      consigneeOut: 'true',
      smOut: 'true',
      isManualQuantity: 'false',
      groupedOut: 'true',
      startDate: '2026-11-01',
    });
    expect(statsQuery({ smIds: [], owners: [] })).toEqual({});
  });
});

describe('the IN/OUT Stats tab', () => {
  it('asks without dates (the agency’s today), shows 12 cards in three groups with MT and trips, and the period it covers', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewInOutStatsDashboard'] });
    const { queries } = serve();
    renderPage(<StatsTab />);
    const cards = await screen.findByTestId('stats-cards');
    expect(queries[0]).toEqual({});
    for (const name of STATS_GROUPS) expect(within(cards).getByTestId(`stats-group-${name}`)).toBeTruthy();
    const figures = within(cards).getAllByTestId(/^stats-(port|warehouse|consignee)-/);
    expect(figures).toHaveLength(12);
    expect(figures.map((card) => card.getAttribute('data-value'))).toEqual(['671.370', '364.280', '169.960', '0.000', '194.290', '31.955', '46.050', '55.030', '30.000', '0.000', '0.000', '29.965']);
    const port = screen.getByTestId('stats-group-port');
    expect(within(port).getByText(fullEn.translation.dashboardStats.out.port)).toBeTruthy();
    expect(screen.getByTestId('stats-port-outQty').textContent).toContain('671.370');
    expect(screen.getByTestId('stats-port-outQty').textContent).toContain('MT');
    expect(screen.getByTestId('stats-port-outQty').textContent).toContain('Trips: 19');
    expect(screen.getByTestId('stats-consignee-customerInQty').textContent).toContain(fullEn.translation.dashboardStats.in.customerInQty);
    expect(screen.getByTestId('stats-period').textContent).toContain('21-Nov-2026');
    // Without the attached-vessel permission there is no attached-vessel filter.
    expect(screen.queryByTestId('stats-filter-bindingVoyageId')).toBeNull();
  });

  it('sends the chosen filters and clears them back to today', async () => {
    const { queries } = serve();
    renderPage(<StatsTab />);
    await screen.findByTestId('stats-cards');
    fireEvent.click(within(screen.getByTestId('stats-filter-owners')).getByLabelText(fullEn.translation.dashboardStats.owners.customerOut));
    await waitFor(() => expect(queries.at(-1)).toEqual({ customerOut: 'true' }));
    fireEvent.mouseDown(within(screen.getByTestId('stats-filter-deliveryStatus')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(fullEn.translation.dashboardStats.deliveryStatuses.Undelivered));
    await waitFor(() => expect(queries.at(-1)).toEqual({ customerOut: 'true', deliveryStatus: 'Undelivered' }));
    fireEvent.mouseDown(within(screen.getByTestId('stats-filter-transporter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Najd Haulage'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ customerOut: 'true', deliveryStatus: 'Undelivered', transporter: '9' }));
    fireEvent.click(screen.getByTestId('stats-filter-clear'));
    // Back to the first query (answered from the cache): no filter is left chosen.
    await waitFor(() => expect(within(screen.getByTestId('stats-filter-owners')).getByLabelText<HTMLInputElement>(fullEn.translation.dashboardStats.owners.customerOut).checked).toBe(false));
    expect(screen.getByTestId('stats-filter-transporter').textContent).not.toContain('Najd Haulage');
    expect(screen.getByTestId('stats-filter-deliveryStatus').textContent).not.toContain(fullEn.translation.dashboardStats.deliveryStatuses.Undelivered);
  }, 30_000);

  it('offers the attached vessel with its permission, and speaks Arabic', async () => {
    await loadTestLanguage('ar');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewInOutStatsDashboard', 'canViewInOutStatsDashboardAttachedVessel'] });
    serve();
    renderPage(<StatsTab />);
    await screen.findByTestId('stats-cards');
    expect(screen.getByTestId('stats-filter-bindingVoyageId')).toBeTruthy();
    const ar = fullAr.translation.dashboardStats;
    expect(within(screen.getByTestId('stats-group-warehouse')).getByText(ar.groups.warehouse)).toBeTruthy();
    expect(screen.getByTestId('stats-warehouse-outQty').textContent).toContain(ar.out.warehouse);
    expect(screen.getByTestId('stats-warehouse-outQty').textContent).toContain(ar.unit);
  });

  it('says so when the figures cannot be loaded', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/api/dashboard/stats' ? json({ message: 'Internal Server Error', code: 'INTERNAL' }, 500) : url.pathname === '/api/agencies/1/agencyData' ? json(agencyData) : undefined));
    renderPage(<StatsTab />);
    expect(await screen.findByTestId('stats-failed')).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/dashboard/stats'))).toBe(true);
  });
});
