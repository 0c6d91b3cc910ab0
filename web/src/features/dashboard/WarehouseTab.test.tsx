import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type {
  TAgencyLocation,
  TConsigneeConsignments,
  TSiloDetail,
  TWarehouseDetail,
  TWarehouseInQtyDetail,
  TWarehouseOutQtyDetail,
  TWarehouseStats,
  TWarehouseTripsIn,
  TWarehouseTripsOut,
} from '@tonnage/contracts';
import { TRIP_PAGE_SIZE, tripListCursor } from '@tonnage/contracts';
import { createQueryClient } from '../../app/providers';
import { unisolatedQuantities } from '../../test/bidi';
import { loadTestLanguage } from '../../test/i18n';
import { openOptions, pick } from '../../test/select';
import { json, mockFetch, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { fullAr, fullEn } from '../../locales/full';
import WarehouseTab from './WarehouseTab';
import { pageAfter } from './partner-tab.fixtures';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const en = fullEn.translation.dashboardWarehouse;

const location = (id: number, name: string, fields: Partial<TAgencyLocation> = {}): TAgencyLocation => ({
  id,
  name,
  locationKindId: 1,
  storageTypeId: 3,
  customerId: null,
  consigneeId: null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
  ...fields,
});

const agencyData = testAgencyData({
  Locations: [
    location(4, 'Jeddah Grain Terminal', { Silo: [{ id: 41, name: 'Silo J1', capacity: 5000 }, { id: 42, name: 'Silo J2', capacity: 5000 }] }),
    location(5, 'Yanbu Open Yard', { storageTypeId: 2 }),
  ],
  Cargo: [{ id: 1, name: 'Wheat' }],
});

const stock = (quantity: string, committedQty: string, usableQty: string) => ({ quantity, committedQty, usableQty });

const stats: TWarehouseStats = {
  rows: [
    { locationId: 4, name: 'Jeddah Grain Terminal', cargoId: 1, cargo: 'Wheat', ...stock('1200.500', '100.000', '1100.500'), portQuantity: '2000.000', portTrips: 50, tripsIn: 52, tripsInQty: '2080.000', tripsOut: 20, tripsOutQty: '879.500' },
    { locationId: 5, name: 'Yanbu Open Yard', cargoId: 1, cargo: 'Wheat', ...stock('300.000', '0.000', '300.000'), portQuantity: '0.000', portTrips: 0, tripsIn: 8, tripsInQty: '320.000', tripsOut: 1, tripsOutQty: '20.000' },
  ],
  totals: { ...stock('1500.500', '100.000', '1400.500'), portQuantity: '2000.000', portTrips: 50, tripsIn: 60, tripsInQty: '2400.000', tripsOut: 21, tripsOutQty: '899.500' },
  chartData: [
    { locationId: 4, name: 'Jeddah Grain Terminal', quantity: '1200.500' },
    { locationId: 5, name: 'Yanbu Open Yard', quantity: '300.000' },
  ],
};

const consignee = { consigneeId: 7, consignee: 'Hejaz Flour Mills', isShipmentManager: false, cargoId: 1, cargo: 'Wheat' };

const detail: TWarehouseDetail = {
  locationId: 4,
  name: 'Jeddah Grain Terminal',
  isSilo: true,
  consignees: [{ ...consignee, ...stock('1200.500', '100.000', '1100.500') }],
  totals: stock('1200.500', '100.000', '1100.500'),
  silos: [
    { siloId: 41, name: 'Silo J1', capacity: '5000.000', ...stock('1000.500', '100.000', '900.500') },
    { siloId: null, name: 'Open Area', capacity: null, ...stock('200.000', '0.000', '200.000') },
  ],
  chartData: [
    { siloId: 41, name: 'Silo J1', quantity: '1000.500', capacity: '5000.000' },
    { siloId: null, name: 'Open Area', quantity: '200.000', capacity: null },
  ],
};

const consignments: TConsigneeConsignments = {
  rows: [
    {
      consignmentId: 9,
      LCPONumber: 'LC-2026-001',
      refNumber: '',
      voyageId: 3,
      vesselVoyage: 'MV Desert Falcon - V12',
      cargoId: 1,
      cargo: 'Wheat',
      ...stock('1200.500', '100.000', '1100.500'),
      tripsIn: 52,
      tripsInQty: '2080.000',
      tripsOut: 20,
      tripsOutQty: '879.500',
      inQty: '2080.000',
      outQty: '879.500',
    },
  ],
};

const tripsIn: TWarehouseTripsIn = {
  rows: [{ tripId: 77, sourceTable: 'warehouse_ins', sourceId: 5, slipNumber: 'LS-0077', date: '2026-03-02T08:00:00.000Z', truck: 'ABC 1234', source: 'MV Desert Falcon - V12', quantity: '40.000', siloId: 41 }],
  trips: 1,
  quantity: '40.000',
};

const siloDetail: TSiloDetail = {
  silo: { siloId: 41, name: 'Silo J1', capacity: '5000.000', ...stock('1000.500', '100.000', '900.500') },
  consignees: [{ ...consignee, ...stock('1000.500', '100.000', '900.500') }],
};

const inQty: TWarehouseInQtyDetail = { rows: [{ type: 'port', inQty: '2000.000' }, { type: 'warehouseTransfer', inQty: '80.000' }], inQty: '2080.000' };

const outQty = (page: number): TWarehouseOutQtyDetail => ({
  rows: [{ type: 'warehouseOut', outQty: '879.000' }, { type: 'handlingLoss', outQty: '0.500' }],
  outQty: '879.500',
  handlingLoss: page === 0 ? null : { rows: [{ transactionId: 300 + page, sourceTable: 'handling_losses', sourceId: page, date: '2026-03-05T08:00:00.000Z', siloId: 41, quantity: '0.500' }], count: 25, page, limit: 20 },
});

/**
 * The LC/PO's trucks out, as the server pages them: 2 pre-outs still pending (first page only), then 130 trucks
 * newest first, `limit` a page after `before`; the totals always the whole list's.
 */
const outTrucks = Array.from({ length: TRIP_PAGE_SIZE + 30 }, (_, i) => ({
  tripId: 900 - i,
  sourceTable: 'warehouse_outs',
  sourceId: 900 - i,
  slipNumber: `WO-${String(i).padStart(4, '0')}`,
  date: new Date(Date.UTC(2026, 2, 10, 12) - i * 3_600_000).toISOString(),
  truck: 'XYZ 9',
  destination: 'AMC Riyadh Mill',
  quantity: '10.000',
  committedQty: '0.000',
  pending: false,
}));
const pendingOuts = [1, 2].map((n) => ({ ...(outTrucks[0] ?? ({} as never)), tripId: null, sourceTable: 'warehouse_pre_outs', sourceId: n, slipNumber: '', quantity: '0.000', committedQty: '50.000', pending: true }));
function tripsOutPage(query: Record<string, string>): TWarehouseTripsOut {
  const trucks = pageAfter(outTrucks, query.before, Number(query.limit ?? outTrucks.length));
  return { rows: [...(query.before === undefined ? pendingOuts : []), ...trucks], trips: outTrucks.length, quantity: '1300.000', committedQty: '100.000' };
}

/** The warehouse calls answered from the fixtures; every call's query recorded by path. */
function serve() {
  const calls: { call: string; query: Record<string, string> }[] = [];
  const fetch = mockFetch((url) => {
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    const prefix = '/api/dashboard/warehouse/';
    if (!url.pathname.startsWith(prefix)) return undefined;
    const call = url.pathname.slice(prefix.length);
    const query = Object.fromEntries(url.searchParams);
    calls.push({ call, query });
    switch (call) {
      case 'get-warehouse-stats':
        return json(stats);
      case 'get-warehouse-detail':
        return json(detail);
      case 'get-consignee-consignments':
        return json(consignments);
      case 'get-consignment-trips-in-detail':
        return json(tripsIn);
      case 'get-consignment-trips-out-detail':
        return json(tripsOutPage(query));
      case 'get-silo-detail':
        return json(siloDetail);
      case 'get-consignment-in-qty-detail':
        return json(inQty);
      case 'get-consignment-out-qty-detail':
        return json(outQty(query.type === 'handlingLoss' ? Number(query.page) : 0));
      default:
        return undefined;
    }
  });
  const last = (call: string) => calls.filter((c) => c.call === call).at(-1)?.query;
  return { fetch, calls, last };
}

function renderTab(direction: 'ltr' | 'rtl' = 'ltr') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider direction={direction}>
        <AntApp>
          <WarehouseTab />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const panelKinds = () => [...document.querySelectorAll('[data-level][data-testid^="warehouse-panel-"]')].map((panel) => [panel.getAttribute('data-testid'), panel.getAttribute('data-level')]);
const rowTexts = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

beforeEach(async () => {
  await loadTestLanguage('en');
  setTestSession();
});
afterEach(() => vi.restoreAllMocks());

describe('the Warehouse tab', () => {
  it('shows the summary per warehouse and cargo with its totals row and the pie chart of each warehouse’s quantity', async () => {
    serve();
    renderTab();
    await waitFor(() => expect(rowTexts('warehouse-summary')).toHaveLength(2));
    expect(rowTexts('warehouse-summary')[0]).toEqual(['Jeddah Grain Terminal', 'Wheat', '1,200.500 MT', '2,000.000 MT', '52 / (2,080.000 MT)', '20 / (879.500 MT)']);
    const totals = within(screen.getByTestId('warehouse-summary')).getByTestId('totals-row');
    expect([...totals.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([fullEn.translation.dashboardShared.total, '', '1,500.500 MT', '2,000.000 MT', '60 / (2,400.000 MT)', '21 / (899.500 MT)']);
    const slices = [...screen.getByTestId('warehouse-pie').querySelectorAll('[data-testid="warehouse-pie-slice"]')];
    expect(slices.map((slice) => [slice.getAttribute('data-key'), slice.getAttribute('data-value')])).toEqual([
      ['4', '1200.5'],
      ['5', '300'],
    ]);
  }, 20_000);

  it('sends the filters: the silo choice waits for a warehouse, Open Area Only goes alone, Clear drops them all', async () => {
    const { last } = serve();
    renderTab();
    await waitFor(() => expect(last('get-warehouse-stats')).toEqual({}));
    const silos = screen.getByTestId('warehouse-filters-silos');
    expect(silos.closest('.ant-select')?.className).toContain('ant-select-disabled');

    await pick('warehouse-filters-locationId', 'Jeddah Grain Terminal');
    await waitFor(() => expect(last('get-warehouse-stats')).toEqual({ locationId: '4' }));
    expect(screen.getByTestId('warehouse-filters-silos').closest('.ant-select')?.className).not.toContain('ant-select-disabled');
    expect(await openOptions('warehouse-filters-silos')).toEqual([fullEn.translation.pickers.openAreaOnly, 'Silo J1', 'Silo J2']);
    await pick('warehouse-filters-silos', 'Silo J1');
    await waitFor(() => expect(last('get-warehouse-stats')).toEqual({ locationId: '4', siloIds: '41' }));
    await pick('warehouse-filters-silos', fullEn.translation.pickers.openAreaOnly);
    await waitFor(() => expect(last('get-warehouse-stats')).toEqual({ locationId: '4', openAreaOnly: 'true' }));

    fireEvent.click(screen.getByTestId('warehouse-filters-clear'));
    await waitFor(() => expect(screen.getByTestId('warehouse-filters-silos').closest('.ant-select')?.className).toContain('ant-select-disabled'));
    expect(screen.getByTestId('warehouse-filters-locationId').closest('.ant-select')?.querySelector('.ant-select-placeholder')).toBeTruthy();
    await pick('warehouse-filters-locationId', 'Yanbu Open Yard');
    await waitFor(() => expect(last('get-warehouse-stats')).toEqual({ locationId: '5' }));
  }, 20_000);

  it('drills down one path: a panel opened at a level hides that level and deeper; the filters follow every call', async () => {
    const { last } = serve();
    renderTab();
    await pick('warehouse-filters-locationId', 'Jeddah Grain Terminal');
    await waitFor(() => expect(last('get-warehouse-stats')).toEqual({ locationId: '4' }));
    fireEvent.click((await screen.findAllByTestId('warehouse-open-4'))[0] as HTMLElement);

    // Level 1: the consignees with their totals; a silo-type warehouse also shows its silos and their chart.
    await waitFor(() => expect(rowTexts('warehouse-consignee-table')).toEqual([['Hejaz Flour Mills', 'Wheat', '1,200.500 MT', '100.000 MT', '1,100.500 MT']]));
    expect(last('get-warehouse-detail')).toEqual({ locationId: '4' });
    expect(rowTexts('warehouse-silo-table').map((row) => row[0])).toEqual(['Silo J1', en.openArea]);
    // How full each silo is: its quantity under what it can still take (5,000 - 1,000.5); the open area has no capacity.
    expect(screen.getAllByTestId('warehouse-silo-chart-bar').map((bar) => [bar.getAttribute('data-category'), bar.getAttribute('data-series'), bar.getAttribute('data-value')])).toEqual([
      ['Silo J1', 'quantity', '1000.5'],
      ['Silo J1', 'freeCapacity', '3999.5'],
      [en.openArea, 'quantity', '200'],
      [en.openArea, 'freeCapacity', '0'],
    ]);

    // Level 2: the consignee's LC/POs; level 3: their trips in.
    fireEvent.click(screen.getByTestId('warehouse-consignee-7-1'));
    await screen.findByText('LC-2026-001');
    expect(last('get-consignee-consignments')).toEqual({ locationId: '4', consigneeId: '7', cargoId: '1' });
    fireEvent.click(screen.getByTestId('warehouse-lot-9-tripsIn'));
    await screen.findByText('LS-0077');
    expect(within(screen.getByTestId('warehouse-panel-tripsIn')).getByTestId('totals-row').textContent).toBe(`${en.tripsTotal.replace('{{count}}', '1')}40.000 MT`);
    // The first page of the trucks (newest first); one truck: the footer says all are shown.
    expect(last('get-consignment-trips-in-detail')).toEqual({ locationId: '4', consigneeId: '7', cargoId: '1', consignmentId: '9', limit: String(TRIP_PAGE_SIZE) });
    expect(screen.getByTestId('warehouse-trips-in-shown').textContent).toBe(fullEn.translation.dashboardShared.allTrucksShown.replace('{{count}}', '1'));
    expect(panelKinds()).toEqual([
      ['warehouse-panel-warehouse', '1'],
      ['warehouse-panel-consignments', '2'],
      ['warehouse-panel-tripsIn', '3'],
    ]);

    // Another figure of the LC/PO replaces the trips at level 3.
    fireEvent.click(screen.getByTestId('warehouse-lot-9-inQty'));
    await waitFor(() => expect(rowTexts('warehouse-in-qty-table')).toEqual([[en.moveTypes.port, '2,000.000 MT'], [en.moveTypes.warehouseTransfer, '80.000 MT']]));
    expect(panelKinds().map(([kind]) => kind)).toEqual(['warehouse-panel-warehouse', 'warehouse-panel-consignments', 'warehouse-panel-inQty']);
    // Every quantity shown keeps its order in Arabic ('1,200.500 MT', not 'MT 1,200.500').
    expect(unisolatedQuantities(document.body)).toEqual([]);

    // A silo at level 2 hides the consignee's panel and everything under it; its consignee opens the silo variant.
    fireEvent.click(screen.getByTestId('warehouse-silo-41'));
    await waitFor(() => expect(panelKinds()).toEqual([
      ['warehouse-panel-warehouse', '1'],
      ['warehouse-panel-silo', '2'],
    ]));
    await waitFor(() => expect(rowTexts('warehouse-silo-consignees')).toEqual([['Hejaz Flour Mills', 'Wheat', '1,000.500 MT', '100.000 MT', '900.500 MT']]));
    expect(last('get-silo-detail')).toEqual({ locationId: '4', siloId: '41' });
    expect(unisolatedQuantities(document.body)).toEqual([]);
    fireEvent.click(within(screen.getByTestId('warehouse-panel-silo')).getByTestId('warehouse-consignee-7-1'));
    await waitFor(() => expect(last('get-consignee-consignments')).toEqual({ locationId: '4', siloId: '41', consigneeId: '7', cargoId: '1' }));
    expect(panelKinds().map(([kind]) => kind)).toEqual(['warehouse-panel-warehouse', 'warehouse-panel-silo', 'warehouse-panel-consignments']);

    // Closing level 2 closes what is under it; a new filter closes every panel.
    fireEvent.click(screen.getByTestId('warehouse-panel-silo-close'));
    expect(panelKinds()).toEqual([['warehouse-panel-warehouse', '1']]);
    fireEvent.click(screen.getByTestId('warehouse-filters-clear'));
    await waitFor(() => expect(panelKinds()).toEqual([]));
  }, 30_000);

  it('pages the handling-loss records of the out-quantity detail', async () => {
    const { last } = serve();
    renderTab();
    fireEvent.click((await screen.findAllByTestId('warehouse-open-4'))[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('warehouse-consignee-7-1'));
    fireEvent.click(await screen.findByTestId('warehouse-lot-9-outQty'));
    fireEvent.click(await screen.findByTestId('warehouse-out-handling-loss'));
    await waitFor(() => expect(last('get-consignment-out-qty-detail')).toEqual({ locationId: '4', consigneeId: '7', cargoId: '1', consignmentId: '9', type: 'handlingLoss', page: '1', limit: '20' }));
    const panel = await screen.findByTestId('warehouse-panel-handlingLoss');
    await within(panel).findByText('0.500 MT');
    const next = await waitFor(() => {
      const button = panel.querySelector<HTMLElement>('.ant-pagination-next button, li.ant-pagination-next');
      if (!button) throw new Error('no pager yet');
      return button;
    });
    fireEvent.click(next);
    await waitFor(() => expect(last('get-consignment-out-qty-detail')).toMatchObject({ type: 'handlingLoss', page: '2', limit: '20' }));
  }, 20_000);

  it('reads the trucks out a page at a time: the pending pre-outs first, then 100 trucks; more as the table scrolls, after the last truck', async () => {
    const { calls } = serve();
    renderTab();
    fireEvent.click((await screen.findAllByTestId('warehouse-open-4'))[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('warehouse-consignee-7-1'));
    fireEvent.click(await screen.findByTestId('warehouse-lot-9-tripsOut'));
    const panel = await screen.findByTestId('warehouse-panel-tripsOut');
    await within(panel).findByText('WO-0099');
    expect(within(panel).queryByText('WO-0100')).toBeNull();
    // The pre-outs are not trucks: the page size counts the 100 trucks, so there may be more.
    expect(within(panel).getAllByText(en.pending)).toHaveLength(2);
    expect(within(panel).getByTestId('warehouse-trips-out-shown').textContent).toBe(fullEn.translation.dashboardShared.trucksShown.replace('{{count}}', '100'));
    // The totals row is the whole list's, whichever pages are in.
    expect(within(panel).getByTestId('totals-row').textContent).toBe(`${en.tripsTotal.replace('{{count}}', '130')}1,300.000 MT100.000 MT`);
    const body = panel.querySelector('.ant-table-body');
    if (!body) throw new Error('no scrolling table body');
    fireEvent.scroll(body, { target: { scrollTop: 10_000 } });
    await within(panel).findByText('WO-0129');
    const pages = calls.filter((c) => c.call === 'get-consignment-trips-out-detail').map((c) => c.query.before ?? null);
    expect(pages).toEqual([null, tripListCursor(outTrucks[TRIP_PAGE_SIZE - 1] ?? outTrucks[0] ?? ({} as never))]);
    expect(within(panel).getAllByText(en.pending)).toHaveLength(2);
    expect(within(panel).getByTestId('warehouse-trips-out-shown').textContent).toBe(fullEn.translation.dashboardShared.allTrucksShown.replace('{{count}}', '130'));
    expect(within(panel).queryByTestId('warehouse-trips-out-load-more')).toBeNull();
  }, 30_000);

  it('offers the attached vessel/voyage and the Excel exports only with their flags', async () => {
    serve();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseDashboard'] });
    const { unmount } = renderTab();
    await screen.findByTestId('warehouse-filters-locationId');
    expect(screen.queryByTestId('warehouse-filters-bindingVoyageId')).toBeNull();
    expect(screen.getByTestId('warehouse-filters-voyageId')).toBeTruthy();
    expect(screen.queryByTestId('warehouse-excel')).toBeNull();
    expect(screen.queryByTestId('warehouse-excel-lc')).toBeNull();
    // A silo-type warehouse's detail has no Excel button without the flag either.
    fireEvent.click((await screen.findAllByTestId('warehouse-open-4'))[0] as HTMLElement);
    await screen.findByTestId('warehouse-silo-table');
    expect(screen.queryByTestId('warehouse-detail-excel')).toBeNull();
    unmount();

    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseDashboard', 'canViewWarehouseDashboardAttachedVessel', 'canViewWarehouseDashboardExcel'] });
    renderTab();
    expect(await screen.findByTestId('warehouse-filters-bindingVoyageId')).toBeTruthy();
    expect(screen.getByTestId('warehouse-excel')).toBeTruthy();
    expect(screen.getByTestId('warehouse-excel-lc')).toBeTruthy();
  }, 20_000);

  it('downloads the Excel export with the filters in the user’s language', async () => {
    await loadTestLanguage('ar');
    const { fetch } = serve();
    const created = vi.fn(() => 'blob:warehouse');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fetch.mockImplementation((input) => {
      const url = new URL(urlOf(input), 'http://localhost');
      if (url.pathname === '/api/agencies/1/agencyData') return Promise.resolve(json(agencyData));
      if (url.pathname.endsWith('.xlsx')) return Promise.resolve(new Response(new Blob(['x']), { status: 200 }));
      return Promise.resolve(json(stats));
    });
    renderTab('rtl');
    await pick('warehouse-filters-locationId', 'Jeddah Grain Terminal');
    fireEvent.click(screen.getByTestId('warehouse-excel'));
    await waitFor(() => expect(clicks).toHaveBeenCalled());
    const excel = fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost')).find((url) => url.pathname.endsWith('.xlsx'));
    expect(excel?.pathname).toBe('/api/reports-excel/1/warehouse-dashboard-excel-report.xlsx');
    expect(Object.fromEntries(excel?.searchParams ?? [])).toEqual({ locationId: '4', lang: 'ar' });
    fireEvent.click(screen.getByTestId('warehouse-excel-lc'));
    await waitFor(() => expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/reports-excel/1/warehouse-dashboard-lc-excel-report.xlsx?locationId=4&lang=ar'))).toBe(true));
    // The tab speaks Arabic.
    expect(screen.getByText(fullAr.translation.dashboardWarehouse.chart, { selector: 'h5' })).toBeTruthy();
    expect(screen.getAllByText(fullAr.translation.dashboardWarehouse.columns.warehouse).length).toBeGreaterThan(0);
  }, 20_000);
});
