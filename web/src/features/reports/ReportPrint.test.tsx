import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentStockReport } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { ReportPage } from './ReportPage';
import { PRINT_MAX_ROWS } from './ReportPrint';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const row = (n: number) => ({
  locationId: n,
  location: `Warehouse ${n}`,
  silo: null,
  owner: 'Gulf Flour Mills',
  cargoType: 'Wheat',
  consignmentId: 7,
  lcPo: 'LC-7',
  voyage: 'DESERT FALCON / V-7',
  onHand: '1.500',
  committed: '0.000',
  usable: '1.500',
});

/** A report of `total` rows served page by page as the server pages it (limit and page of the query). */
function serve(total: number) {
  const calls: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/reports/current-stock-report') {
      calls.push(url);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const first = (page - 1) * limit;
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, i) => row(first + i + 1));
      return json({ rows, count: total, totals: { onHand: (total * 1.5).toFixed(3), committed: '0.000', usable: (total * 1.5).toFixed(3) } });
    }
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    return json({ rows: [], count: 0 });
  });
  return calls;
}

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  setTestSession();
});

describe('Print of a report', () => {
  it('prints every matching row, read in pages of 100 with the filters and sort, and the totals row', async () => {
    setTestSession();
    const calls = serve(250);
    let printedRows = -1;
    let printedTotals = '';
    const print = vi.fn(() => {
      printedRows = document.querySelectorAll('[data-testid="report-print-row"]').length;
      printedTotals = screen.getByTestId('report-print-totals').textContent ?? '';
    });
    window.print = print;
    renderPage(<ReportPage report={currentStockReport} />, 'current-stock-report?cargoTypeId=3&sortBy=onHand&sortOrder=desc');
    await screen.findByText('Warehouse 1');
    expect(document.querySelectorAll('[data-testid="report-cell-location"]').length).toBe(20);
    const before = calls.length;
    fireEvent.click(screen.getByTestId('report-print'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printedRows).toBe(250);
    expect(printedTotals).toContain('Total');
    expect(printedTotals).toContain('375.000');
    const pages = calls.slice(before).map((url) => Object.fromEntries(url.searchParams));
    expect(pages).toEqual([1, 2, 3].map((page) => ({ cargoTypeId: '3', sortBy: 'onHand', sortOrder: 'desc', page: String(page), limit: '100' })));
    // Printed, the print-only table goes away; the screen keeps its page.
    await waitFor(() => expect(screen.queryByTestId('report-print-all')).toBeNull());
    expect(document.querySelectorAll('[data-testid="report-cell-location"]').length).toBe(20);
  });

  it(`says a report of more than ${PRINT_MAX_ROWS} rows is too long to print, and prints nothing`, async () => {
    setTestSession();
    const calls = serve(PRINT_MAX_ROWS + 1);
    const print = vi.fn();
    window.print = print;
    renderPage(<ReportPage report={currentStockReport} />, 'current-stock-report');
    await screen.findByText('Warehouse 1');
    const before = calls.length;
    fireEvent.click(screen.getByTestId('report-print'));
    const notice = await screen.findByTestId('report-print-too-long');
    expect(within(notice).getByText(`This report has ${PRINT_MAX_ROWS + 1} rows: too many to print (at most ${PRINT_MAX_ROWS}). Narrow the filters, or export it to Excel instead.`)).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
    expect(calls.length).toBe(before);
    expect(screen.queryByTestId('report-print-all')).toBeNull();
  });
});
