import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { allConsigneeStockReport, consigneeCargoReport, consigneeStockReport, currentStockReport, loanReport, permissionFlag, portLoadingReport, reportRegistry, reportRequiredFilters, vesselDeliveryDetailReport } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { ReportPage } from './ReportPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const row = (n: number) => ({
  locationId: n,
  location: `Warehouse ${n}`,
  silo: n === 1 ? null : 'Silo A',
  owner: 'Gulf Flour Mills',
  cargoType: 'Wheat',
  consignmentId: 7,
  lcPo: 'LC-7',
  voyage: 'DESERT FALCON / V-7',
  onHand: '1250.500',
  committed: '250.000',
  usable: '1000.500',
});

function UrlProbe() {
  return <output data-testid="url">{useLocation().search}</output>;
}

function serve(answer = () => json({ rows: [row(1), row(2)], count: 42, totals: { onHand: '12345.678', committed: '345.000', usable: '12000.678' } })) {
  const calls: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/reports/current-stock-report') {
      calls.push(url);
      return answer();
    }
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    return json({ rows: [], count: 0 });
  });
  return { calls, last: () => calls.at(-1)?.searchParams };
}

function show(search = '') {
  return renderPage(
    <>
      <ReportPage report={currentStockReport} />
      <UrlProbe />
    </>,
    `current-stock-report${search}`,
  );
}

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  setTestSession();
});

describe('ReportPage', () => {
  it('shows the declared columns, the rows and the totals row of the server', async () => {
    setTestSession();
    serve();
    show();
    expect(await screen.findByText('Warehouse 2')).toBeTruthy();
    expect(screen.getByTestId('report-title').textContent).toBe('Current Stocks');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Place', 'Silo', 'Owner', 'Cargo Type', 'LC / PO', 'Vessel / Voyage', 'On Hand (MT)', 'Committed (MT)', 'Usable (MT)']);
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getByTestId('report-total-onHand').textContent).toBe('12,345.678');
    expect(within(totals).getByTestId('report-total-usable').textContent).toBe('12,000.678');
    expect(screen.getAllByTestId('report-cell-onHand')[0]?.textContent).toBe('1,250.500');
    expect(screen.getByText('42 rows')).toBeTruthy();
    expect(screen.getByTestId('report-export')).toBeTruthy();
    expect(screen.getByTestId('report-print')).toBeTruthy();
  });

  it('sends the URL’s filters, page, size and sort; sorting a column asks the server', async () => {
    const { last } = serve();
    show('?cargoTypeId=3&page=2&limit=50&sortBy=onHand&sortOrder=desc');
    await screen.findByText('Warehouse 1');
    expect(Object.fromEntries(last() ?? [])).toEqual({ cargoTypeId: '3', page: '2', limit: '50', sortBy: 'onHand', sortOrder: 'desc' });
    const owner = [...document.querySelectorAll('th')].find((th) => th.textContent === 'Owner');
    if (!owner) throw new Error('no Owner column');
    fireEvent.click(owner);
    await waitFor(() => expect(last()?.get('sortBy')).toBe('owner'));
    expect(screen.getByTestId('url').textContent).toContain('sortBy=owner');
    expect(screen.getByTestId('url').textContent).not.toContain('page=');
  });

  it('hide empty is on by default; switching it off asks for every position', async () => {
    const { last } = serve();
    show();
    await screen.findByText('Warehouse 1');
    const toggle = screen.getByTestId('report-filter-hideEmpty');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(last()?.has('hideEmpty')).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(last()?.get('hideEmpty')).toBe('false'));
  });

  it('offers no export without the export permission; prints the page', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: [permissionFlag('CurrentStockReport', 'view')] });
    serve();
    const print = vi.fn();
    window.print = print;
    show();
    await screen.findByText('Warehouse 1');
    expect(screen.queryByTestId('report-export')).toBeNull();
    fireEvent.click(screen.getByTestId('report-print'));
    await waitFor(() => expect(print).toHaveBeenCalled());
  });

  it('shows an error with retry, never an empty report, when the server fails', async () => {
    serve(() => json({ message: 'boom', code: 'INTERNAL' }, 500));
    show();
    expect(await screen.findByTestId('report-error')).toBeTruthy();
  });

  it('a Loan Statement line expands to its movements', async () => {
    const line = { lenderId: 4, lender: 'Gulf Flour Mills', borrowerId: 2, borrower: 'Red Sea Grain Logistics', consignmentId: 7, lcPo: 'LC-7', cargoTypeId: 1, cargoType: 'Wheat', opening: '10.000', issued: '5.000', returned: '3.000', closing: '12.000' };
    const asked: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/reports/loan-report') return json({ rows: [line], count: 1, totals: { opening: '10.000', issued: '5.000', returned: '3.000', closing: '12.000' } });
      if (url.pathname === '/api/loan-balance/movements') {
        asked.push(url);
        return json({ rows: [{ kind: 'loan', id: 1, loanId: 1, place: 'warehouse', at: '2026-11-01T08:00:00.000Z', warehouseName: 'W1', siloName: null, quantity: '15.000', outstanding: '15.000' }] });
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return json({ rows: [], count: 0 });
    });
    renderPage(<ReportPage report={loanReport} />, 'loan-report');
    await screen.findByText('Gulf Flour Mills');
    expect(screen.getByTestId('report-title').textContent).toBe('Loan Statement');
    // The totals stay under their columns beside the expand buttons' column.
    const headerCells = [...document.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    const totalCells = [...screen.getByTestId('report-totals').querySelectorAll('td')];
    expect(totalCells.length).toBe(headerCells.length);
    expect(totalCells[headerCells.indexOf('Closing (MT)')]?.textContent).toBe('12.000');
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as Element);
    const movements = await screen.findByTestId('loan-movements');
    expect(await within(movements).findByText('Loan (L)')).toBeTruthy();
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({ lenderId: '4', borrowerId: '2', consignmentId: '7', cargoTypeId: '1' });
  });

  it('a date filter ("at") sends the picked date; empty, the placeholder names the default', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/reports/all-consignee-stock-report') {
        asked.push(url);
        return json({
          rows: [{ locationId: 1, siloId: null, ownerId: 3, cargoTypeId: 1, location: 'Warehouse 1', silo: null, owner: 'Gulf Flour Mills', ownerType: 'shipmentManager', cargoType: 'Wheat', stock: '10.000' }],
          count: 1,
          totals: { stock: '10.000' },
        });
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return json({ rows: [], count: 0 });
    });
    const page = renderPage(<ReportPage report={allConsigneeStockReport} />, 'all-consignee-stock-report?at=2026-11-14');
    expect(await screen.findByText('Gulf Flour Mills')).toBeTruthy();
    // A key-valued column shows its text.
    expect(screen.getByTestId('report-cell-ownerType').textContent).toBe('Shipment manager');
    expect(asked.at(-1)?.searchParams.get('at')).toBe('2026-11-14');
    const picker = screen.getByTestId('report-filter-at');
    const input = picker.querySelector('input') ?? picker;
    expect((input as HTMLInputElement).value).toBe('14-Nov-2026');
    page.unmount();
    renderPage(<ReportPage report={allConsigneeStockReport} />, 'all-consignee-stock-report');
    await screen.findByText('Gulf Flour Mills');
    expect(asked.at(-1)?.searchParams.has('at')).toBe(false);
    const empty = screen.getByTestId('report-filter-at');
    expect((empty.querySelector('input') ?? (empty as HTMLInputElement)).getAttribute('placeholder')).toBe('Today');
  });

  it('a required filter: asks for it instead of loading, then loads once chosen', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      if (url.pathname.startsWith('/api/reports/consignee-cargo-report')) {
        asked.push(url);
        return json({ rows: [], count: 0, totals: { onBoard: '0.000', inTransit: '0.000', atPlaces: '0.000', own: '0.000', lost: '0.000' } });
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return json({ rows: [], count: 0 });
    });
    const page = renderPage(<ReportPage report={consigneeCargoReport} />, 'consignee-cargo-report');
    expect((await screen.findByTestId('report-required')).textContent).toContain('Choose Consignee to see this report.');
    expect(screen.queryByTestId('report-table')).toBeNull();
    expect(screen.queryByTestId('report-export')).toBeNull();
    expect(screen.getByTestId('report-related').getAttribute('href')).toContain('/consignee-cargo-report-old');
    expect(asked).toEqual([]);
    page.unmount();
    renderPage(<ReportPage report={consigneeCargoReport} />, 'consignee-cargo-report?consigneeId=5');
    expect(await screen.findByTestId('report-table')).toBeTruthy();
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('consigneeId')).toBe('5'));
    expect(screen.getByTestId('report-related').getAttribute('href')).toContain('/consignee-cargo-report-old?consigneeId=5');
  });

  it('a report with a required filter asks for it first, and asks the server only once it is chosen', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/reports/consignee-stock-report') {
        asked.push(url);
        return json({ rows: [{ locationId: 3, voyageId: null, place: 'Port Sudan Silo', cargoTypeId: 1, cargoType: 'Wheat', own: '10.000', lent: '2.000', borrowed: '0.000', net: '12.000' }], count: 1, totals: { own: '10.000', lent: '2.000', borrowed: '0.000', net: '12.000' } });
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return json({ rows: [], count: 0 });
    });
    const first = renderPage(<ReportPage report={consigneeStockReport} />, 'consignee-stock-report');
    expect((await screen.findByTestId('report-required')).textContent).toContain('Choose Consignee to see this report.');
    expect(screen.queryByTestId('report-table')).toBeNull();
    expect(screen.queryByTestId('report-export')).toBeNull();
    expect(asked).toEqual([]);
    first.unmount();
    renderPage(<ReportPage report={consigneeStockReport} />, 'consignee-stock-report?consigneeId=5');
    expect(await screen.findByText('Port Sudan Silo')).toBeTruthy();
    expect(screen.queryByTestId('report-required')).toBeNull();
    expect(asked[0]?.searchParams.get('consigneeId')).toBe('5');
    expect(screen.getByTestId('report-total-net').textContent).toBe('12.000');
  });

  // One test per report (each within the default timeout however many reports the registry declares).
  it.each(reportRegistry.map((report) => [report.key, report] as const))('the declared report %s renders its title, filter controls and columns', async (_key, report) => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      if (url.pathname === `/api/reports/${report.key}`) return json({ rows: [], count: 0, totals: Object.fromEntries(report.columns.filter((c) => c.total).map((c) => [c.key, c.kind === 'count' ? 0 : '0.000'])) });
      return json({ rows: [], count: 0 });
    });
    const required = reportRequiredFilters(report);
    const search = required.map((param) => `${param}=1`).join('&');
    const view = renderPage(<ReportPage report={report} />, `${report.key}${search ? `?${search}` : ''}`);
    expect(await screen.findByTestId(`report-${report.key}`), report.key).toBeTruthy();
    const filters = screen.getByTestId('report-filters');
    expect(filters.children.length, report.key).toBe(report.filterControls.length);
    const shown = report.columns.filter((c) => c.kind !== 'id').length;
    await waitFor(() => expect([...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean).length, report.key).toBe(shown));
    // Every header and the title translated (i18next answers a missing key with the key itself).
    for (const th of document.querySelectorAll('thead th')) expect(th.textContent ?? '', report.key).not.toMatch(/^reports\./);
    expect(screen.getByTestId('report-title').textContent, report.key).not.toMatch(/^reports\./);
    view.unmount();
  });

  it('a grouping choice asks the server and shows the grouping’s own columns', async () => {
    const figures = { planned: '10.000', loaded: '8.000', trips: 2, inTransit: '1.000', delivered: '6.900', transitLoss: '0.100' };
    const calls: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/reports/port-loading-report') {
        calls.push(url);
        const byTransporter = url.searchParams.get('groupBy') === 'transporter';
        const row = byTransporter
          ? { portLoadingId: null, destinationId: null, loadingDate: null, voyage: null, blNumber: null, lcPo: null, transporter: 'Najd Haulage', destination: null, ...figures }
          : { portLoadingId: 3, destinationId: 5, loadingDate: '2026-11-02', voyage: 'DESERT FALCON / V-7', blNumber: 'BL-1', lcPo: 'LC-7', transporter: 'Najd Haulage', destination: 'Jeddah Grain Terminal', ...figures };
        return json({ rows: [row], count: 1, totals: figures });
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return json({ rows: [], count: 0 });
    });
    renderPage(
      <>
        <ReportPage report={portLoadingReport} />
        <UrlProbe />
      </>,
      'port-loading-report',
    );
    await screen.findByText('Jeddah Grain Terminal');
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers()).toEqual(['Loading Date', 'Vessel / Voyage', 'BL Number', 'LC / PO', 'Transporter', 'Destination', 'Planned (MT)', 'Loaded (MT)', 'Trips', 'In Transit (MT)', 'Delivered (MT)', 'Transit Loss (MT)']);
    expect(calls.at(-1)?.searchParams.has('groupBy')).toBe(false);
    const choice = screen.getByTestId('report-filter-groupBy');
    fireEvent.mouseDown(choice.querySelector('.ant-select-selector') ?? choice);
    fireEvent.click(await screen.findByTitle('Transporter'));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('groupBy')).toBe('transporter'));
    expect(screen.getByTestId('url').textContent).toContain('groupBy=transporter');
    await waitFor(() => expect(headers()).toEqual(['Transporter', 'Planned (MT)', 'Loaded (MT)', 'Trips', 'In Transit (MT)', 'Delivered (MT)', 'Transit Loss (MT)']));
    expect(within(screen.getByTestId('report-totals')).getByText('Total')).toBeTruthy();
  });

  it('a report that requires a voyage asks for it first, then asks the server with it', async () => {
    const calls: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/reports/vessel-delivery-detail-report') {
        calls.push(url);
        return json({ rows: [], count: 0, totals: { loaded: '0.000', received: '0.000', transitLoss: '0.000', inTransit: '0.000' } });
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return json({ rows: [], count: 0 });
    });
    const first = renderPage(<ReportPage report={vesselDeliveryDetailReport} />, 'vessel-delivery-detail-report');
    expect((await screen.findByTestId('report-required')).textContent).toContain('Choose Vessel / Voyage to see this report.');
    expect(screen.queryByTestId('report-table')).toBeNull();
    expect(screen.queryByTestId('report-export')).toBeNull();
    expect(calls).toEqual([]);
    first.unmount();
    renderPage(<ReportPage report={vesselDeliveryDetailReport} />, 'vessel-delivery-detail-report?voyageId=4');
    expect(await screen.findByTestId('report-table')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('voyageId')).toBe('4'));
    expect(screen.queryByTestId('report-required')).toBeNull();
  });
});
