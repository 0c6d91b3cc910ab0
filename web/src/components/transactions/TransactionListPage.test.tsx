import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { permissionFlag, portLoadingTransaction } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, openOptions, renderPage } from '../resources/resource-test-utils';
import { setTestSession } from '../resources/test-session';
import { testAgencyData } from '../resources/test-agency';
import { TransactionListPage } from './TransactionListPage';
import { testPortLoading } from './test-records';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../resources/test-session')).sessionModule,
}));

const row = testPortLoading();

const agencyData = testAgencyData();

/** Shows the page's current query string, so a test reads what the URL keeps. */
function UrlProbe() {
  return <output data-testid="url">{useLocation().search}</output>;
}

type Call = { method: string; url: URL; body: unknown };

function serve(listAnswer: () => Response = () => json({ rows: [row], count: 41 })) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/portLoading') return listAnswer();
    if (url.pathname === '/api/portLoading/3/reverse') return json({ message: 'Port Loading reversed successfully' });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname.startsWith('/api/transporter')) return json({ rows: [], count: 0 });
    if (url.pathname === '/api/voyage/vessel-voyage-number' && url.searchParams.get('id') === '12') return json({ rows: [{ id: 12, vesselName: 'NORTH WIND', voyageNumber: 'NW-4' }] });
    return undefined;
  });
  const listCalls = () => calls.filter((call) => call.url.pathname === '/api/portLoading');
  return { calls, listCalls, lastList: () => listCalls().at(-1)?.url.searchParams };
}

function show(search = '', options: { hideAdd?: boolean; hideEdit?: boolean } = {}) {
  return renderPage(
    <>
      <TransactionListPage declaration={portLoadingTransaction} hideAdd={options.hideAdd} hideEdit={options.hideEdit} renderers={{ vesselVoyage: (r) => `${r.vesselName} / ${r.voyageNumber}` }} reverse={{ title: (r) => `Reverse ${r.lcPoNumber}?`, body: (r) => ({ slips: r.trips }) }} />
      <UrlProbe />
    </>,
    `portLoading${search}`,
  );
}

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
  setTestSession();
});

describe('TransactionListPage', () => {
  it('reads filters, page, size and sort from the URL and sends them to the server', async () => {
    setTestSession();
    const { lastList } = serve();
    show('?status=Reversed&transportationType=warehouse&page=2&limit=50&sortBy=quantity&sortOrder=asc&fromDate=2026-11-01&toDate=2026-11-30');
    await screen.findByText('DESERT FALCON / V-7');
    const sent = lastList();
    expect(Object.fromEntries(sent ?? [])).toEqual({ status: 'Reversed', transportationType: 'warehouse', fromDate: '2026-11-01', toDate: '2026-11-30', page: '2', limit: '50', sortBy: 'quantity', sortOrder: 'asc' });
    expect(within(screen.getByTestId('pl-filter-status')).getByText('Reversed')).toBeTruthy();
    expect(within(screen.getByTestId('pl-filter-transportationType')).getByText('Warehouse Storage')).toBeTruthy();
    // The sorted column shows its arrow from the URL.
    expect(document.querySelector('th[aria-sort="ascending"]')?.textContent).toContain('Quantity');
  });

  it('names the voyage of a voyage filter read back from the URL (after a reload), not its id', async () => {
    const { lastList, calls } = serve();
    show('?voyageId=12');
    await screen.findByText('DESERT FALCON / V-7');
    expect(lastList()?.get('voyageId')).toBe('12');
    await waitFor(() => expect(within(screen.getByTestId('pl-filter-voyage')).getByText('NORTH WIND / NW-4')).toBeTruthy());
    expect(within(screen.getByTestId('pl-filter-voyage')).queryByText('12')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/voyage/vessel-voyage-number').map((call) => call.url.searchParams.get('id'))).toEqual(['12']);
  });

  it('asks for Active rows, the first page and the default order when the URL names nothing', async () => {
    const { lastList } = serve();
    show();
    await screen.findByText('DESERT FALCON / V-7');
    expect(Object.fromEntries(lastList() ?? [])).toEqual({ status: 'Active', page: '1', limit: '20' });
    // Declared cells by kind, with test ids from the declaration's row prefix.
    expect(screen.getByTestId('pl-cell-remaining').textContent).toBe('1,095.000 MT');
    expect(screen.getByTestId('pl-status').textContent).toBe('Active');
  });

  it('writes a changed filter into the URL and starts again at page 1', async () => {
    const { lastList } = serve();
    show('?page=3');
    await screen.findByText('DESERT FALCON / V-7');
    const options = await openOptions('pl-filter-status');
    expect(options).toEqual(['Active', 'Reversed', 'All statuses']);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((option) => option.textContent === 'All statuses') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?status=all'));
    await waitFor(() => expect(lastList()?.get('status')).toBe('all'));
    expect(lastList()?.get('page')).toBe('1');
  });

  it('writes the pager into the URL', async () => {
    serve();
    show();
    await screen.findByText('DESERT FALCON / V-7');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?page=2'));
  });

  it('shows an error with a retry, never an empty list, when the list fails', async () => {
    let fail = true;
    const { listCalls } = serve(() => (fail ? json({ message: 'Database unavailable', code: 'INTERNAL' }, 500) : json({ rows: [row], count: 1 })));
    show();
    expect(await screen.findByTestId('pl-error')).toBeTruthy();
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('pl-table')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByTestId('pl-retry'));
    await screen.findByText('DESERT FALCON / V-7');
    expect(screen.queryByTestId('pl-error')).toBeNull();
    expect(listCalls()).toHaveLength(2);
  });

  it('shows the error in Arabic too', async () => {
    await loadTestLanguage('ar');
    try {
      serve(() => json({ message: 'Database unavailable', code: 'INTERNAL' }, 500));
      show();
      expect((await screen.findByTestId('pl-error')).textContent).toContain('تعذّر تحميل القائمة.');
    } finally {
      await loadTestLanguage('en');
    }
  });

  it('offers add, edit, reverse and export only with their flags', async () => {
    serve();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: [permissionFlag('PortLoading', 'view')] });
    const { unmount } = show();
    await screen.findByText('DESERT FALCON / V-7');
    expect(screen.queryByTestId('pl-add')).toBeNull();
    expect(screen.queryByTestId('pl-edit')).toBeNull();
    expect(screen.queryByTestId('pl-reverse')).toBeNull();
    // The port loading module has no export flag: the view flag lets its list be exported.
    expect(screen.getByTestId('pl-export')).toBeTruthy();
    unmount();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag('PortLoading', action as 'view')) });
    show();
    await screen.findByText('DESERT FALCON / V-7');
    expect(screen.getByTestId('pl-add').closest('a')?.getAttribute('href')).toBe('/agencies/1/portLoading/add');
    expect(screen.getByTestId('pl-edit').getAttribute('href')).toBe('/agencies/1/portLoading/3/edit');
    expect(screen.getByTestId('pl-reverse')).toBeTruthy();
  });

  it('draws no add or edit for a flow whose form page is not built, whatever the flags', async () => {
    serve();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag('PortLoading', action as 'view')) });
    show('', { hideAdd: true, hideEdit: true });
    await screen.findByText('DESERT FALCON / V-7');
    expect(screen.queryByTestId('pl-add')).toBeNull();
    expect(screen.queryByTestId('pl-edit')).toBeNull();
    expect(screen.getByTestId('pl-reverse')).toBeTruthy();
  });

  it('offers the reversal of a flow that declares it even when the page gives no wording (the generic list)', async () => {
    const { calls } = serve();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['view', 'reverse'].map((action) => permissionFlag('PortLoading', action as 'view')) });
    renderPage(<TransactionListPage declaration={portLoadingTransaction} hideAdd hideEdit />, 'portLoading');
    fireEvent.click(await screen.findByTestId('pl-reverse'));
    expect(await screen.findByText('Reverse Port Loading?')).toBeTruthy();
    fireEvent.change(screen.getByTestId('pl-reverse-reason'), { target: { value: 'Vessel left' } });
    fireEvent.click(screen.getByTestId('pl-reverse-ok'));
    expect(await screen.findByText('Port Loading reversed successfully')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/portLoading/3/reverse')).toBe(true);
  });

  it('reverses a row through the reason dialog, requiring a reason and showing a refusal in it', async () => {
    let refuse = true;
    const calls: Call[] = [];
    mockFetch((url, init) => {
      calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      if (url.pathname === '/api/portLoading') return json({ rows: [row], count: 1 });
      if (url.pathname === '/api/portLoading/3/reverse') return refuse ? json({ message: 'Received slips stop this reversal', code: 'BUSINESS_RULE' }, 409) : json({ message: 'Port Loading reversed successfully' });
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      return undefined;
    });
    show();
    fireEvent.click(await screen.findByTestId('pl-reverse'));
    expect(await screen.findByText('Reverse LC-100?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pl-reverse-ok'));
    expect(await screen.findByText('Reason is Required!')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.change(screen.getByTestId('pl-reverse-reason'), { target: { value: 'Vessel left' } });
    fireEvent.click(screen.getByTestId('pl-reverse-ok'));
    expect((await screen.findByTestId('pl-reverse-error')).textContent).toContain('Received slips stop this reversal');
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ slips: 3, reason: 'Vessel left' });
    refuse = false;
    const listsBefore = calls.filter((call) => call.url.pathname === '/api/portLoading').length;
    fireEvent.click(screen.getByTestId('pl-reverse-ok'));
    // The declaration's success message, and the list asked again after the reversal.
    expect(await screen.findByText('Port Loading reversed successfully')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/portLoading').length).toBeGreaterThan(listsBefore));
  });
});
