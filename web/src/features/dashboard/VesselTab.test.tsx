import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLcDetail, TPortDetail, TVesselDetail, TVesselStats } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { unisolatedQuantities } from '../../test/bidi';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { fullAr, fullEn } from '../../locales/full';
import type { DashboardFilterValues } from './DashboardFilters';
import VesselTab from './VesselTab';

// The filter form's pickers read the session and agency data (tried in dashboard-parts and the browser test): a
// stand-in that names the fields it was given and sets a voyage or clears, through the same `onChange`.
vi.mock('./DashboardFilters', async (importOriginal) => {
  const original = await importOriginal<typeof import('./DashboardFilters')>();
  return {
    ...original,
    DashboardFilters: ({ fields, onChange }: { fields: readonly string[]; onChange: (v: DashboardFilterValues) => void }) => (
      <div data-testid="fake-filters" data-fields={fields.join(',')}>
        <button type="button" onClick={() => onChange({ voyageId: 7, smIds: [3, 4] })}>
          pick
        </button>
        <button type="button" onClick={() => onChange({})}>
          clear
        </button>
      </div>
    ),
  };
});

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

const stats: TVesselStats = {
  rows: [
    {
      vesselVoyage: 'MSC AURORA / AUR-2611',
      voyageId: 7,
      vesselId: 2,
      consignmentId: 11,
      LCPONumber: 'LC-100',
      port: 'Jeddah Islamic Port',
      quantity: '1000.000',
      loadedQuantity: '600.000',
      inTransitQuantity: '100.000',
      dlvQuantity: '499.500',
      remainingQuantity: '400.000',
      shortVesselName: 'MSC AURORA AUR-2611',
    },
    {
      vesselVoyage: 'NORTH WIND / NW-4',
      voyageId: 8,
      vesselId: 3,
      consignmentId: 12,
      LCPONumber: 'PO-7',
      port: 'Jeddah Islamic Port',
      quantity: '500.000',
      loadedQuantity: '0.000',
      inTransitQuantity: '0.000',
      dlvQuantity: '0.000',
      remainingQuantity: '500.000',
      shortVesselName: 'NORTH WIND NW-4',
    },
  ],
  chartData: [
    { voyageId: 7, vesselVoyage: 'MSC AURORA / AUR-2611', shortVesselName: 'MSC AURORA AUR-2611', totalLoadedQuantity: '600.000', totalRemainingQuantity: '400.000' },
    { voyageId: 8, vesselVoyage: 'NORTH WIND / NW-4', shortVesselName: 'NORTH WIND NW-4', totalLoadedQuantity: '0.000', totalRemainingQuantity: '500.000' },
  ],
  totals: { quantity: '1500.000', loadedQuantity: '600.000', inTransitQuantity: '100.000', dlvQuantity: '499.500', remainingQuantity: '900.000' },
};

const detail: TVesselDetail = {
  stats: {
    totalVesselQuantity: '1000.000',
    totalQuantityOnBoard: '400.000',
    totalQuantityLoaded: '600.000',
    totalQuantityDD: '200.000',
    totalQuantityWarehouse: '299.500',
    totalQuantityInTransit: '100.000',
    totalDirectDeliveredInTransit: '40.000',
    totalWarehouseDeliveredInTransit: '60.000',
    totalLoanQuantity: '50.000',
    totalLoanReturnedQuantity: '20.000',
    totalDifferenceQuantity: '-12.500',
  },
  rows: [
    {
      shipmentId: 21,
      consignmentId: 11,
      blNumber: 'BL-1',
      LCPONumber: 'LC-100',
      blConsignee: 'Yanbu Mills',
      blConsigneeId: 5,
      cargoType: 'Wheat',
      quantity: '1000.000',
      excessShortage: '-12.500',
      discharged: '600.000',
      loanIssued: '50.000',
      loanReturned: '20.000',
      customerSale: '10.000',
      toBlConsignee: '300.000',
      toNonBlConsignee: '100.000',
    },
  ],
};

const lc: TLcDetail = {
  rows: [
    {
      cargoLoadingOutId: 31,
      portId: 4,
      port: 'Jeddah Islamic Port',
      toLCPONumber: 'LC-100',
      toCompany: 'Red Sea Grain Logistics',
      toLocation: 'KAP Terminal',
      transportationType: 'warehouse',
      issuedQuantity: '300.000',
      loadedQuantity: '250.000',
      trips: 5,
      remainingQuantity: '50.000',
    },
  ],
};

const port: TPortDetail = {
  rows: [{ locationId: 41, location: 'KAP Terminal', loadedQuantity: '250.000', trips: 5, deliveredQuantity: '199.000', inTransitQuantity: '50.000' }],
  transporters: [{ transporter: 'Gulf Haulage', loadedQuantity: '250.000', trips: 5, deliveredQuantity: '199.000', inTransitQuantity: '50.000' }],
};

function answer() {
  return mockFetch((url) => {
    if (url.pathname === '/api/dashboard/vessels/get-vessel-stats') return json(stats);
    if (url.pathname === '/api/dashboard/vessels/get-vessel-detail') return json(detail);
    if (url.pathname === '/api/dashboard/vessels/get-lc-detail') return json(lc);
    if (url.pathname === '/api/dashboard/vessels/get-port-detail') return json(port);
    return undefined;
  });
}

const calls = (fetch: ReturnType<typeof answer>, path: string) =>
  fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost')).filter((url) => url.pathname === `/api/dashboard/vessels/${path}`);

describe('the VESSEL tab', () => {
  it('shows the summary with totals and the chart, and drills down three levels; a panel hides those at its level or deeper', async () => {
    const fetch = answer();
    renderPage(<VesselTab />);
    expect(screen.getByTestId('fake-filters').getAttribute('data-fields')).toBe('voyageId,consignmentId,consigneeId,smIds,cargoId');
    const summary = await screen.findByTestId('vessel-summary');
    await within(summary).findByText('MSC AURORA / AUR-2611');
    expect(within(summary).getByText('PO-7')).toBeTruthy();
    const totals = screen.getByTestId('vessel-summary-totals');
    expect(within(totals).getByText('1,500.000 MT')).toBeTruthy();
    expect(within(totals).getByText('499.500 MT')).toBeTruthy();
    const chart = screen.getByTestId('vessel-chart');
    expect(chart.textContent).toContain('MSC AURORA AUR-2611');
    expect(chart.textContent).toContain(fullEn.translation.dashboardVessel.chart.remaining);

    // Level 1: the nine cards and the LC table.
    fireEvent.click(screen.getByTestId('vessel-open-7-11'));
    const level1 = await screen.findByTestId('vessel-level-1');
    const cards = await within(level1).findByTestId('vessel-cards');
    expect(within(cards).getAllByText(/MT$/).length).toBeGreaterThanOrEqual(9);
    expect(within(level1).getByTestId('vessel-card-totalDifferenceQuantity').textContent).toContain('-12.500 MT');
    expect(within(level1).getByTestId('vessel-card-totalQuantityInTransit').textContent).toContain('60.000 MT');
    expect(calls(fetch, 'get-vessel-detail').at(-1)?.searchParams.toString()).toBe('vesselId=2&voyageId=7');
    expect(within(level1).getByText('Yanbu Mills')).toBeTruthy();

    // Level 2 from the non-BL consignee quantity, then level 3 from a port row.
    fireEvent.click(within(level1).getByTestId('vessel-lc-nonBlConsignee-21'));
    const level2 = await screen.findByTestId('vessel-level-2');
    await within(level2).findByText('KAP Terminal');
    expect(calls(fetch, 'get-lc-detail').at(-1)?.searchParams.toString()).toBe('shipmentId=21&consignmentId=11&type=nonBlConsignee');
    expect(within(level2).getByText('5 / (250.000 MT)')).toBeTruthy();
    fireEvent.click(within(level2).getByTestId('vessel-port-open-31'));
    const level3 = await screen.findByTestId('vessel-level-3');
    await within(level3).findByTestId('vessel-transporter-chart');
    expect(within(level3).getByTestId('vessel-transporter-chart').textContent).toContain('Gulf Haulage');
    expect(calls(fetch, 'get-port-detail').at(-1)?.searchParams.toString()).toBe('cargoLoadingOutId=31&portId=4');
    // Every quantity on the four levels keeps its order in Arabic ('1,500.000 MT', not 'MT 1,500.000').
    expect(unisolatedQuantities(document.body)).toEqual([]);

    // Another LC opens at level 2 and hides level 3; another vessel hides levels 2 and 3.
    fireEvent.click(within(level1).getByTestId('vessel-lc-all-21'));
    await waitFor(() => expect(screen.queryByTestId('vessel-level-3')).toBeNull());
    expect(screen.getByTestId('vessel-level-2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('vessel-open-8-12'));
    await waitFor(() => expect(screen.queryByTestId('vessel-level-2')).toBeNull());
    expect(screen.getAllByTestId('vessel-level-1')).toHaveLength(1);

    // Closing level 1 closes the path.
    fireEvent.click(screen.getByTestId('vessel-level-1-close'));
    await waitFor(() => expect(screen.queryByTestId('vessel-level-1')).toBeNull());
  }, 30_000);

  it('sends the filters as the query and closes the drill-down when they change', async () => {
    const fetch = answer();
    renderPage(<VesselTab />);
    await screen.findByTestId('vessel-open-7-11');
    fireEvent.click(screen.getByTestId('vessel-open-7-11'));
    await screen.findByTestId('vessel-level-1');
    fireEvent.click(screen.getByText('pick'));
    await waitFor(() => expect(calls(fetch, 'get-vessel-stats').at(-1)?.searchParams.toString()).toBe('voyageId=7&smIds=3%2C4'));
    expect(screen.queryByTestId('vessel-level-1')).toBeNull();
    // No filter: no query string (empty values dropped); Clear goes back to it.
    expect(calls(fetch, 'get-vessel-stats')[0]?.searchParams.toString()).toBe('');
    fireEvent.click(screen.getByText('clear'));
    await screen.findByTestId('vessel-open-8-12');
  });

  it('speaks Arabic, and says so when nothing matches', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) =>
      url.pathname === '/api/dashboard/vessels/get-vessel-stats'
        ? json({ rows: [], chartData: [], totals: { quantity: '0.000', loadedQuantity: '0.000', inTransitQuantity: '0.000', dlvQuantity: '0.000', remainingQuantity: '0.000' } })
        : undefined,
    );
    renderPage(<VesselTab />);
    expect(await screen.findByText(fullAr.translation.dashboardVessel.summary.empty)).toBeTruthy();
    expect(screen.getByText(fullAr.translation.dashboard.panels.vessel)).toBeTruthy();
    expect(screen.getAllByText(fullAr.translation.dashboardVessel.summary.remaining).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('vessel-chart')).toBeNull();
  });
});
