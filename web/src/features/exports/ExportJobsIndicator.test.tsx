import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SocketEvents, type TExportJob } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { ExportButton } from '../../components/ExportButton';
import { ExportJobsIndicator } from './ExportJobsIndicator';
import { setExportJobsOpen } from './export-api';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

/** A socket stand-in: the indicator listens to the user's export job events on it. */
const socketHandlers = new Map<string, (payload: unknown) => void>();
const fakeSocket = {
  on: (event: string, handler: (payload: unknown) => void) => socketHandlers.set(event, handler),
  off: (event: string) => socketHandlers.delete(event),
};
vi.mock('../../app/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/socket')>()),
  useSocket: () => fakeSocket,
}));

const job = (id: number, changes: Partial<TExportJob>): TExportJob => ({
  id,
  dataset: 'transaction:portLoading',
  fileName: 'port-loadings.xlsx',
  lang: 'en',
  status: 'queued',
  totalRows: null,
  rowsWritten: 0,
  sheets: null,
  fileBytes: null,
  error: null,
  createdAt: '2026-11-21T08:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  expiresAt: null,
  ...changes,
});

const running = job(7, { status: 'running', totalRows: 200_000, rowsWritten: 50_000, startedAt: '2026-11-21T08:00:01.000Z' });
const done = job(5, {
  dataset: 'resource:truck',
  fileName: 'truck.xlsx',
  status: 'done',
  totalRows: 1_100_000,
  rowsWritten: 1_100_000,
  sheets: 2,
  fileBytes: 52_428_800,
  finishedAt: '2026-11-21T07:00:00.000Z',
  expiresAt: '2026-11-22T07:00:00.000Z',
});
const failed = job(4, { dataset: 'report:loanBalance', fileName: 'loan-balance.xlsx', status: 'failed', error: 'You no longer have permission for this export.' });

const items = () => screen.getAllByTestId('export-job');
const itemOf = (id: number) => items().find((item) => item.getAttribute('data-id') === String(id));

describe('ExportJobsIndicator (top bar)', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    socketHandlers.clear();
    setExportJobsOpen(false);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setTestSession();
  });

  it('lists the user’s jobs from the server: a progress bar while one runs, Download when ready, the reason of a failure', async () => {
    const report = job(3, { dataset: 'report:current-stock-report', fileName: 'current-stocks.xlsx', status: 'done', rowsWritten: 12, sheets: 1, fileBytes: 4096 });
    mockFetch((url) => (url.pathname === '/api/export-jobs' ? json({ rows: [running, done, failed, report] }) : undefined));
    renderPage(<ExportJobsIndicator />);
    await waitFor(() => expect(screen.getByTestId('export-jobs-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('export-jobs'));
    await waitFor(() => expect(items()).toHaveLength(4));
    const runningItem = itemOf(7);
    if (!runningItem) throw new Error('no running job');
    expect(runningItem.textContent).toContain('Port Loading');
    expect(within(runningItem).getByTestId('export-job-status').textContent).toBe('50,000 of 200,000 rows');
    expect(within(runningItem).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(runningItem).getByTestId('export-job-cancel')).toBeTruthy();
    const doneItem = itemOf(5);
    expect(doneItem?.textContent).toContain('Trucks');
    expect(within(doneItem as HTMLElement).getByTestId('export-job-status').textContent).toBe('1,100,000 rows on 2 sheets · 50.0 MB');
    expect(within(doneItem as HTMLElement).queryByRole('progressbar')).toBeNull();
    expect(within(itemOf(4) as HTMLElement).getByTestId('export-job-status').textContent).toBe('You no longer have permission for this export.');
    expect(itemOf(4)?.textContent).toContain('Loan balance');
    // A report's export is named by the report's title.
    expect(itemOf(3)?.textContent).toContain('Current Stocks');
  });

  it('moves the bar with the socket’s events and offers the download when the job is done', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/export-jobs') return json({ rows: [running] });
      if (url.pathname === '/api/export-jobs/7/download') return new Response(new Blob(['PK']), { status: 200 });
      return undefined;
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderPage(<ExportJobsIndicator />);
    await waitFor(() => expect(screen.getByTestId('export-jobs-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('export-jobs'));
    await waitFor(() => expect(items()).toHaveLength(1));
    const onJob = socketHandlers.get(SocketEvents.exportJob);
    expect(onJob).toBeDefined();
    act(() => onJob?.({ ...running, rowsWritten: 150_000 }));
    await waitFor(() => expect(screen.getByTestId('export-job-status').textContent).toBe('150,000 of 200,000 rows'));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    act(() => onJob?.({ ...running, status: 'done', rowsWritten: 200_000, sheets: 1, fileBytes: 2048, expiresAt: '2026-11-22T08:00:00.000Z' }));
    await waitFor(() => expect(screen.getByTestId('export-job-download')).toBeTruthy());
    // Nothing under way any more: the badge's count is gone.
    // (antd keeps the count's element while it animates out, marked data-show="false").
    await waitFor(() => {
      const count = screen.getByTestId('export-jobs-count').querySelector('.ant-badge-count');
      expect(count === null || count.getAttribute('data-show') === 'false').toBe(true);
    });
    fireEvent.click(screen.getByTestId('export-job-download'));
    await waitFor(() => expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/export-jobs/7/download'))).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('shows the job an Export button queued, and opens the panel', async () => {
    const queued = job(9, { dataset: 'transaction:portLoading' });
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/export-jobs') return json({ rows: [] });
      if (url.pathname === '/api/portLoading/export' && init?.method === 'POST') return json({ mode: 'job', job: queued }, 202);
      return undefined;
    });
    renderPage(
      <>
        <ExportButton listPath="/api/portLoading" query={{ page: 2, limit: 20, status: 'all', sortBy: 'quantity' }} fileName="port-loadings.xlsx" testId="pl-export" />
        <ExportJobsIndicator />
      </>,
    );
    await waitFor(() => expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/export-jobs'))).toBe(true));
    expect(screen.queryByTestId('export-jobs')).toBeNull();
    fireEvent.click(screen.getByTestId('pl-export-more'));
    fireEvent.click(await screen.findByTestId('pl-export-background'));
    await waitFor(() => expect(items()).toHaveLength(1));
    const post = fetch.mock.calls.find(([input]) => urlOf(input).includes('/api/portLoading/export'));
    const url = new URL(urlOf(post?.[0]), 'http://localhost');
    expect([url.searchParams.get('status'), url.searchParams.get('sortBy'), url.searchParams.get('lang'), url.searchParams.has('page')]).toEqual(['all', 'quantity', 'en', false]);
    expect(post?.[1]?.body).toBe(JSON.stringify({ background: true }));
    expect(screen.getByTestId('export-jobs-panel')).toBeTruthy();
    expect(screen.getByTestId('export-job-status').textContent).toBe('Waiting to start…');
  });

  it('downloads a small export at once, with no job', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/export-jobs') return json({ rows: [] });
      if (url.pathname === '/api/port/export' && init?.method === 'POST') return json({ mode: 'direct', count: 12 });
      if (url.pathname === '/api/port/export.xlsx') return new Response(new Blob(['PK']), { status: 200 });
      return undefined;
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:port'), revokeObjectURL: vi.fn() });
    renderPage(<ExportButton listPath="/api/port" query={{ search: 'Jed' }} fileName="port.xlsx" testId="resource-export" />);
    fireEvent.click(screen.getByTestId('resource-export'));
    await waitFor(() => expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/port/export.xlsx?search=Jed&lang=en'))).toBe(true));
  });

  it('is not there while the user has no export', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/api/export-jobs' ? json({ rows: [] }) : undefined));
    renderPage(<ExportJobsIndicator />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('export-jobs')).toBeNull();
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) => (url.pathname === '/api/export-jobs' ? json({ rows: [running, done] }) : undefined));
    renderPage(<ExportJobsIndicator />);
    await waitFor(() => expect(screen.getByTestId('export-jobs').getAttribute('aria-label')).toBe('التصديرات'));
    fireEvent.click(screen.getByTestId('export-jobs'));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(itemOf(7) as HTMLElement).getByTestId('export-job-status').textContent).toBe('50,000 من 200,000 صف');
    expect(within(itemOf(5) as HTMLElement).getByTestId('export-job-download').textContent).toBe('تنزيل');
    expect(itemOf(5)?.textContent).toContain('الشاحنات');
  });
});
