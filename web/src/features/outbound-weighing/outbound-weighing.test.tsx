import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Form } from 'antd';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OutboundWeighingMessages, type TCaptureRefusal, type TOutboundFirstWeight, type TWeighbridgeLive, type WeighTicketView } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import FirstWeightFormPage, { CaptureButton } from './FirstWeightFormPage';
import SecondWeightFormPage, { openFirstWeightLabel } from './SecondWeightFormPage';
import { formatLive } from './LiveWeightPanel';
import { FirstWeightListPage } from './WeighingListPages';
import { WeighTicketSheet, ticketLines } from './WeighTicketPrintPage';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refreshLiveWeight, weighingKeys } from './outbound-weighing-api';
import { pickOnceListed } from '../../test/select';
import { bridgeLive, holdThePoll, liveAfterPost, notices, posts, refusedLive, renderForm, resetAfterRefusal, serveRefusal, shown, typeManualWeight } from './capture-refusal.test-support';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

const live = (overrides: Partial<TWeighbridgeLive> = {}): TWeighbridgeLive => bridgeLive({ quantity: 41.25, kg: 41_250, ...overrides });

function renderCapture(answer: () => TWeighbridgeLive, manual = false) {
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(url.pathname);
    if (url.pathname === '/api/weighbridge/5/live') return json(answer());
    return undefined;
  });
  renderPage(
    <Form>
      <CaptureButton manual={manual} machineId={5} saving={false} testId="capture" />
    </Form>,
  );
  return calls;
}

describe('the capture button and the live weight', () => {
  it('is disabled while the weight may not be captured, and shows the server’s reason', async () => {
    renderCapture(() => live({ stable: false, capturable: false, refusal: 'motion', reason: OutboundWeighingMessages.motion }));
    expect((await screen.findByTestId('live-reason')).textContent).toContain('The weight is not stable.');
    expect(screen.getByTestId('capture').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('live-stable').textContent).toBe('Moving');
  });

  it('shows the reason in Arabic', async () => {
    await loadTestLanguage('ar');
    renderCapture(() => live({ online: false, stable: false, capturable: false, refusal: 'offline', reason: OutboundWeighingMessages.offline }));
    expect((await screen.findByTestId('live-reason')).textContent).toContain('الميزان غير متصل.');
    expect(screen.getByTestId('capture').hasAttribute('disabled')).toBe(true);
  });

  it('is enabled once capturable, with tonnes (3 decimals) and kilograms shown', async () => {
    renderCapture(() => live());
    await waitFor(() => expect(screen.getByTestId('capture').hasAttribute('disabled')).toBe(false));
    expect(screen.getByTestId('live-tonnes').textContent).toContain('41.250');
    expect(screen.getByTestId('live-kg').textContent).toContain('41,250');
    expect(screen.queryByTestId('live-reason')).toBeNull();
  });

  it('polls the live weight and follows it: enabled, then disabled when the truck moves', async () => {
    let answer = live();
    const calls = renderCapture(() => answer);
    await waitFor(() => expect(screen.getByTestId('capture').hasAttribute('disabled')).toBe(false));
    answer = live({ capturable: false, stable: false, refusal: 'motion', reason: OutboundWeighingMessages.motion });
    await waitFor(() => expect(screen.getByTestId('capture').hasAttribute('disabled')).toBe(true), { timeout: 3000 });
    expect(calls.filter((path) => path === '/api/weighbridge/5/live').length).toBeGreaterThanOrEqual(2);
  });

  it('asks the bridge again at once after a refused capture, not a second later (refreshLiveWeight)', async () => {
    const client = new QueryClient();
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: weighingKeys.live(5), queryFn: () => (asked += 1), staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitFor(() => expect(asked).toBe(1));
    refreshLiveWeight(client, 6);
    refreshLiveWeight(client, undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(1);
    refreshLiveWeight(client, 5);
    await waitFor(() => expect(asked).toBe(2));
    unsubscribe();
  });

  it('asks nothing of the bridge for a manual weight, and lets it be saved', () => {
    const calls = renderCapture(() => live({ capturable: false }), true);
    expect(screen.getByTestId('capture').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('live-weight')).toBeNull();
    expect(calls).not.toContain('/api/weighbridge/5/live');
  });

  it('formats tonnes with 3 decimals and kilograms with none', () => {
    expect(formatLive(41_250, 'en')).toEqual({ tonnes: '41.250', kilograms: '41,250' });
    expect(formatLive(0, 'ar')).toEqual({ tonnes: '0.000', kilograms: '0' });
  });
});

describe('the first weight form', () => {
  it('offers the manual weight only with its permission', async () => {
    mockFetch(() => undefined);
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOutboundFirstWeight', 'canAddOutboundFirstWeight'] });
    const { unmount } = renderPage(<FirstWeightFormPage />);
    await screen.findByTestId('first-weight-form');
    expect(screen.queryByTestId('weigh-manual')).toBeNull();
    expect(screen.getByTestId('first-capture').hasAttribute('disabled')).toBe(true);
    unmount();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOutboundFirstWeight', 'canAddOutboundFirstWeight', 'canAddManualWeight'] });
    renderPage(<FirstWeightFormPage />);
    expect(await screen.findByTestId('weigh-manual')).toBeTruthy();
    setTestSession();
  });
});

/** A first weight as the lists (and the second weight form's picker) show it: truck 1, driver 2, yard 3, bridge 5. */
const firstWeight = (id: number, status: 'Active' | 'Reversed'): TOutboundFirstWeight => ({
  id,
  ticketNumber: String(id),
  truckId: 1,
  truckPlate: `TRK ${id}`,
  driverId: 2,
  driverName: 'Hamad',
  warehouseId: 3,
  warehouseName: 'North yard',
  machineId: 5,
  weighbridge: 'Bridge 1',
  kg: 15_000,
  quantity: '15.000',
  capturedAt: '2026-11-21T08:00:00.000Z',
  manual: false,
  manualReason: null,
  remarks: null,
  closed: false,
  secondWeightId: null,
  status,
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Wafa',
  updatedAt: null,
  updatedBy: null,
  reversedAt: status === 'Reversed' ? '2026-11-21T09:00:00.000Z' : null,
  reversedBy: status === 'Reversed' ? 'Wafa' : null,
  reverseReason: status === 'Reversed' ? 'Typo' : null,
});

describe('the first weights list', () => {
  async function showList(permissions: string[]) {
    mockFetch((url) => (url.pathname === '/api/outboundFirstWeight' ? json({ rows: [firstWeight(7, 'Active'), firstWeight(8, 'Reversed')], count: 2 }) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions });
    const page = renderPage(<FirstWeightListPage />, 'outbound-first-weight');
    await screen.findByText('TRK 7');
    return page;
  }

  it('offers add and edit (of live rows) by the declared permissions, and the ticket of every row', async () => {
    const { unmount } = await showList(['canViewOutboundFirstWeight']);
    expect(screen.queryByTestId('ofw-add')).toBeNull();
    expect(screen.queryByTestId('ofw-edit')).toBeNull();
    expect(screen.getAllByTestId('ofw-ticket').map((link) => link.getAttribute('href'))).toEqual(['/agencies/1/outbound-first-weight/7/ticket', '/agencies/1/outbound-first-weight/8/ticket']);
    unmount();
    await showList(['canViewOutboundFirstWeight', 'canAddOutboundFirstWeight', 'canEditOutboundFirstWeight']);
    expect(screen.getAllByTestId('ofw-add')).toHaveLength(1);
    expect(screen.getByTestId('ofw-add').closest('a')?.getAttribute('href')).toBe('/agencies/1/outbound-first-weight/add');
    expect(screen.getAllByTestId('ofw-edit').map((link) => link.getAttribute('href'))).toEqual(['/agencies/1/outbound-first-weight/7/edit']);
    setTestSession();
  });
});

describe('the printed ticket', () => {
  const ticket: WeighTicketView = {
    ticketNumber: '17',
    agencyName: 'Red Sea Bulk Agency',
    warehouseName: 'North yard',
    weighbridge: 'Bridge 1',
    truckPlate: 'ABC 123',
    driverName: 'Hamad',
    first: { kg: 15_000, at: '2026-11-21T08:00:00.000Z', manual: true, manualReason: 'Indicator broken' },
    second: { kg: 42_350, at: '2026-11-21T09:30:00.000Z', manual: false, manualReason: null },
    net: 27_350,
    timeZone: 'Asia/Riyadh',
    pictures: [{ caption: 'First weight: Gate cam', url: '/api/files/weighing/1.jpg' }],
    reversed: null,
  };

  it('lays out English and Arabic side by side with MANUAL on the typed weight, the net and the pictures', () => {
    renderPage(<WeighTicketSheet ticket={ticket} />);
    const english = screen.getByTestId('ticket-en');
    const arabic = screen.getByTestId('ticket-ar');
    expect(english.textContent).toContain('Weighbridge Ticket');
    expect(english.textContent).toContain('27,350 kg');
    expect(english.textContent).toContain('MANUAL');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.textContent).toContain('تذكرة الميزان');
    expect(arabic.textContent).toContain('يدوي');
    expect(document.querySelector('.ticket-pictures img')?.getAttribute('src')).toBe('/api/files/weighing/1.jpg');
  });

  it('prints the times on the agency’s clock', () => {
    const lines = ticketLines(ticket, 'en');
    expect(lines.find((line) => line.label === 'First weight')?.value).toContain('11:00');
    expect(lines.find((line) => line.label === 'Net weight')?.value).toBe('27,350 kg');
  });
});

describe('a capture the server refuses', () => {
  /** The first and second weight forms' server: the open first weight 7 besides what `serveRefusal` answers. */
  const serve = (save: string, refusal: TCaptureRefusal, before?: TWeighbridgeLive) =>
    serveRefusal({
      save,
      refusal,
      before,
      after: refusedLive(refusal),
      more: (url) => (url.pathname === '/api/outboundFirstWeight/open' ? json({ rows: [firstWeight(7, 'Active')] }) : undefined),
    });

  afterEach(resetAfterRefusal);

  /** Opens the first weight form and chooses truck 1, driver 2, the yard and bridge 5. */
  async function fillFirstWeight() {
    renderForm(<FirstWeightFormPage />, 'outbound-first-weight/add');
    await screen.findByTestId('first-weight-form');
    await pickOnceListed('first-truck', 'TRK 7');
    await pickOnceListed('first-driver', 'Hamad');
    await pickOnceListed('first-warehouse', 'North yard');
    await pickOnceListed('first-machine', 'Bridge 1 (WB-5)');
  }

  it('first weight: shows the refusal, keeps the form, and asks the bridge again at once', async () => {
    const calls = serve('/api/outboundFirstWeight', 'motion');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOutboundFirstWeight', 'canAddOutboundFirstWeight'] });
    await fillFirstWeight();
    fireEvent.change(screen.getByTestId('first-remarks'), { target: { value: 'Gate 2' } });
    await waitFor(() => expect(screen.getByTestId('first-capture').hasAttribute('disabled')).toBe(false));
    holdThePoll();
    fireEvent.click(screen.getByTestId('first-capture'));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ method: 'POST', path: '/api/outboundFirstWeight', body: { truckId: 1, driverId: 2, warehouseId: 3, machineId: 5, manual: false, remarks: 'Gate 2' } });
    await waitFor(() => expect(liveAfterPost(calls)).toBe(1));
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.motion))).toBe(true));
    // The refreshed weight is shown: the capture waits for the truck to stand still.
    await waitFor(() => expect(screen.getByTestId('first-capture').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('live-reason').textContent).toContain(OutboundWeighingMessages.motion);
    expect(['first-truck', 'first-driver', 'first-warehouse', 'first-machine'].map(shown)).toEqual(['TRK 7', 'Hamad', 'North yard', 'Bridge 1 (WB-5)']);
    expect(screen.getByTestId<HTMLTextAreaElement>('first-remarks').value).toBe('Gate 2');
  });

  it('second weight: shows the refusal, keeps the form, and asks the bridge again at once', async () => {
    const calls = serve('/api/outboundSecondWeight', 'tooFewFrames');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOutboundSecondWeight', 'canAddOutboundSecondWeight'] });
    renderForm(<SecondWeightFormPage />, 'outbound-second-weight/add');
    await screen.findByTestId('second-weight-form');
    await pickOnceListed('second-first-weight', '#7 · TRK 7');
    expect((await screen.findByTestId('second-truck')).textContent).toBe('TRK 7');
    await waitFor(() => expect(shown('first-machine')).toBe('Bridge 1 (WB-5)'));
    await waitFor(() => expect(screen.getByTestId('second-capture').hasAttribute('disabled')).toBe(false));
    holdThePoll();
    fireEvent.click(screen.getByTestId('second-capture'));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ method: 'POST', path: '/api/outboundSecondWeight', body: { firstWeightId: 7, truckId: 1, machineId: 5, manual: false, remarks: null } });
    await waitFor(() => expect(liveAfterPost(calls)).toBe(1));
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.tooFewFrames))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('second-capture').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('live-reason').textContent).toContain(OutboundWeighingMessages.tooFewFrames);
    expect(['second-first-weight', 'first-machine'].map(shown)).toEqual([openFirstWeightLabel(firstWeight(7, 'Active')), 'Bridge 1 (WB-5)']);
  });

  it('a typed weight refused: shows the refusal and asks nothing of the bridge', async () => {
    const calls = serve('/api/outboundFirstWeight', 'aboveMaxGross', live({ online: false, stable: false, capturable: false, refusal: 'offline', reason: OutboundWeighingMessages.offline }));
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOutboundFirstWeight', 'canAddOutboundFirstWeight', 'canAddManualWeight'] });
    await fillFirstWeight();
    // The bridge is offline: the weight is typed instead.
    expect((await screen.findByTestId('live-reason')).textContent).toContain(OutboundWeighingMessages.offline);
    await typeManualWeight('95000', 'Indicator down', 'first-capture');

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ machineId: 5, manual: true, manualKg: 95_000, manualReason: 'Indicator down' });
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.aboveMaxGross))).toBe(true));
    expect(liveAfterPost(calls)).toBe(0);
    expect(invalidated.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === weighingKeys.live(5)[0])).toEqual([]);
    expect(screen.getByTestId<HTMLInputElement>('weigh-manual-reason').value).toBe('Indicator down');
  });
});
