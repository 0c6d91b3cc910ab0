import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { permissionFlag, type TBuilderResult, type TBuilderSaved } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { openOptions, pick } from '../../test/select';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { ReportBuilderPage } from './ReportBuilderPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const grouped: TBuilderResult = {
  columns: [
    { key: 'accountKind', label: 'reportBuilder.fields.accountKind', type: 'text', kind: 'dimension' },
    { key: 'quantityIn_sum', label: 'reportBuilder.fields.quantityIn', type: 'tonnes', kind: 'measure', agg: 'sum' },
  ],
  rows: [
    { accountKind: 'ON_HAND', quantityIn_sum: '1250.500' },
    { accountKind: 'IN_TRANSIT', quantityIn_sum: '300.000' },
  ],
  count: 2,
  totals: { quantityIn_sum: '1550.500' },
};

const saved: TBuilderSaved = {
  id: 9,
  name: 'Stock in by kind',
  definition: { dataset: 'ledgerMovements', dimensions: ['accountKind'], measures: [{ field: 'quantityIn', agg: 'sum' }], filters: [], chart: { type: 'bar', measure: 'quantityIn_sum' } },
  sharedRoleIds: [],
  ownerId: 1,
  ownerName: 'Ops Lead',
  mine: true,
  updatedAt: '2026-11-28T06:00:00.000Z',
};

function serve(options: { savedRows?: TBuilderSaved[] } = {}) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init?.method ?? 'GET';
    if (url.pathname.startsWith('/api/report-builder')) calls.push({ path: url.pathname, method, body });
    if (url.pathname === '/api/report-builder/reports' && method === 'GET') return json({ rows: options.savedRows ?? [] });
    if (url.pathname === '/api/report-builder/reports' && method === 'POST') return json({ ...saved, id: 11, name: (body as { name: string }).name, definition: (body as { definition: TBuilderSaved['definition'] }).definition }, 201);
    if (url.pathname === '/api/report-builder/roles') return json({ rows: [{ id: 3, name: 'Stock clerks' }] });
    if (url.pathname === '/api/report-builder/run' || /^\/api\/report-builder\/reports\/\d+\/run$/.test(url.pathname)) return json(grouped);
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    return undefined;
  });
  return calls;
}

/** Picks an option in the select's own dropdown (a multiple select's stays open; Escape closes it). */
async function choose(testId: string, label: string): Promise<void> {
  // The option of this select's dropdown: the last one opened (a hidden one stays in the document).
  await openOptions(testId);
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  const option = [...(open?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((item) => (item.textContent ?? '').startsWith(label));
  if (!option) throw new Error(`no option ${label} in ${testId}`);
  fireEvent.click(option);
  const combobox = within(screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId)).getByRole('combobox');
  fireEvent.keyDown(combobox, { key: 'Escape' });
}

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  setTestSession();
});

describe('ReportBuilderPage', { timeout: 30_000 }, () => {
  it('builds a definition from the whitelist, runs it on the server and shows its rows and totals', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: [permissionFlag('ReportBuilder', 'view')] });
    const calls = serve();
    renderPage(<ReportBuilderPage />, 'reportBuilder');
    expect(await screen.findByTestId('builder-empty', undefined, { timeout: 10_000 })).toBeTruthy();
    await pick('builder-dataset', 'Ledger movements');
    // Only the dataset's dimensions are offered to group by.
    const dimensions = await openOptions('builder-dimensions');
    expect(dimensions).toContain('Account kind');
    expect(dimensions).not.toContain('Quantity (MT)');
    await pick('builder-dimensions', 'Account kind');
    await pick('builder-measure-field-0', 'In (MT)');
    fireEvent.click(screen.getByTestId('builder-run'));

    expect(await screen.findByText('On hand', undefined, { timeout: 10_000 })).toBeTruthy();
    const run = calls.find((c) => c.path === '/api/report-builder/run');
    expect(run?.body).toEqual({ definition: { dataset: 'ledgerMovements', dimensions: ['accountKind'], measures: [{ field: 'quantityIn', agg: 'sum' }], filters: [] }, page: 1, limit: 20 });
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Account kind', 'In (MT) · sum']);
    expect(within(screen.getByTestId('builder-totals')).getByTestId('builder-total-quantityIn_sum').textContent).toBe('1,550.500');
    expect(screen.getAllByTestId('builder-cell-quantityIn_sum')[0]?.textContent).toBe('1,250.500');
    // No export button without the export flag.
    expect(screen.queryByTestId('builder-export')).toBeNull();
  });

  it('checks the definition against the whitelist before asking the server (a measure asked twice)', async () => {
    setTestSession({ permissions: [permissionFlag('ReportBuilder', 'view')] });
    const calls = serve();
    renderPage(<ReportBuilderPage />, 'reportBuilder');
    await pick('builder-dataset', 'Loans');
    fireEvent.click(screen.getByTestId('builder-run'));
    // No grouping: the one row of the measures is asked for.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/report-builder/run')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('builder-add-measure'));
    await pick('builder-measure-field-1', 'Loaned (MT)');
    fireEvent.click(screen.getByTestId('builder-run'));
    expect(await screen.findByText(/asked twice/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/report-builder/run')).toHaveLength(1);
  });

  it('opens a saved report from the URL, runs it as saved with its chart, and saves a copy shared with a role', async () => {
    setTestSession({ permissions: [permissionFlag('ReportBuilder', 'view'), permissionFlag('ReportBuilder', 'export')] });
    const calls = serve({ savedRows: [saved] });
    renderPage(<ReportBuilderPage />, 'reportBuilder?report=9');
    expect(await screen.findByText('On hand', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/report-builder/reports/9/run' && c.method === 'POST')).toBe(true);
    expect(await screen.findByTestId('builder-bar-chart', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('builder-export')).toBeTruthy();

    fireEvent.click(screen.getByTestId('builder-save-as'));
    fireEvent.change(await screen.findByTestId('builder-save-name', undefined, { timeout: 10_000 }), { target: { value: 'Copy of stock in' } });
    await pick('builder-save-roles', 'Stock clerks');
    fireEvent.click(screen.getByTestId('builder-save-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/report-builder/reports' && c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.path === '/api/report-builder/reports' && c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Copy of stock in', definition: saved.definition, sharedRoleIds: [3] });

    // New: an empty builder, and the saved report is not opened again behind it.
    fireEvent.click(screen.getByTestId('builder-new'));
    expect(await screen.findByTestId('builder-empty', undefined, { timeout: 10_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('builder-table')).toBeNull();
  });

  it('lays a pivot out as the server answers it: a column per value (translated codes), the row totals, the column totals', async () => {
    setTestSession({ permissions: [permissionFlag('ReportBuilder', 'view')] });
    const pivot: TBuilderResult = {
      columns: [
        { key: 'destination', label: 'reportBuilder.fields.destination', type: 'text', kind: 'dimension' },
        { key: 'p0__quantity_sum', label: 'reportBuilder.fields.slipState', type: 'tonnes', kind: 'measure', agg: 'sum', pivotValue: 'inTransit' },
        { key: 'p1__quantity_sum', label: 'reportBuilder.fields.slipState', type: 'tonnes', kind: 'measure', agg: 'sum', pivotValue: 'received' },
        { key: 'quantity_sum', label: 'reportBuilder.fields.quantity', type: 'tonnes', kind: 'measure', agg: 'sum' },
      ],
      rows: [{ destination: 'Jeddah North', p0__quantity_sum: '30.000', p1__quantity_sum: '70.000', quantity_sum: '100.000' }],
      count: 1,
      totals: { p0__quantity_sum: '30.000', p1__quantity_sum: '70.000', quantity_sum: '100.000' },
    };
    const calls: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/report-builder/reports') return json({ rows: [] });
      if (url.pathname === '/api/report-builder/run') {
        calls.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
        return json(pivot);
      }
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      return undefined;
    });
    renderPage(<ReportBuilderPage />, 'reportBuilder');
    await pick('builder-dataset', 'Loading slips');
    await choose('builder-dimensions', 'Destination');
    // The pivot offers the dimensions not grouped by.
    expect(await openOptions('builder-pivot')).not.toContain('Destination');
    await choose('builder-pivot', 'Slip state');
    fireEvent.click(screen.getByTestId('builder-run'));
    expect(await screen.findByText('Jeddah North', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls[0]).toMatchObject({ definition: { dataset: 'loadingSlips', dimensions: ['destination'], pivot: { field: 'slipState' } } });
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Destination', 'In transit', 'Received', 'Total · Quantity (MT) · sum']);
    expect(within(screen.getByTestId('builder-totals')).getByTestId('builder-total-p1__quantity_sum').textContent).toBe('70.000');
  });
});
