import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { Form } from 'antd';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OutboundWeighingMessages, type TAgencyLocation, type TCaptureRefusal, type TLocationDetail, type TOutboundFirstWeight, type TWeighbridgeLive, type WeighTicketView } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { ApiBridge } from '../../app/ApiBridge';
import { setApiHandlers } from '../../app/api';
import FirstWeightFormPage, { CaptureButton } from './FirstWeightFormPage';
import SecondWeightFormPage, { openFirstWeightLabel } from './SecondWeightFormPage';
import { formatLive } from './LiveWeightPanel';
import { FirstWeightListPage } from './WeighingListPages';
import { WeighTicketSheet, ticketLines } from './WeighTicketPrintPage';
import { QueryClient, QueryObserver, focusManager } from '@tanstack/react-query';
import { refreshLiveWeight, weighingKeys } from './outbound-weighing-api';

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

const live = (overrides: Partial<TWeighbridgeLive> = {}): TWeighbridgeLive => ({
  machineId: 5,
  quantity: 41.25,
  kg: 41_250,
  stable: true,
  online: true,
  capturable: true,
  refusal: null,
  reason: null,
  ...overrides,
});

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
  const yard: TAgencyLocation = { id: 3, name: 'North yard', locationKindId: 1, storageTypeId: 2, customerId: null, consigneeId: null, Silo: [], shipmentManagerIds: [], latitude: null, longitude: null };
  const yardDetail: TLocationDetail = {
    id: 3,
    name: 'North yard',
    locationKindId: 1,
    storageTypeId: 2,
    consigneeId: null,
    customerId: null,
    locationId: 3,
    locationName: 'North yard',
    code: null,
    address: null,
    city: null,
    latitude: null,
    longitude: null,
    Silo: [],
    WeightMachine: [{ id: 5, weightMachineId: 'WB-5', name: 'Bridge 1' }],
  };
  const LIVE = '/api/weighbridge/5/live';

  /** What bridge 5 shows once the server has refused a capture for `refusal`: the same rule, capture disabled. */
  const refusedLive = (refusal: TCaptureRefusal) => live({ stable: refusal !== 'motion' && refusal !== 'tooFewFrames', capturable: false, refusal, reason: OutboundWeighingMessages[refusal] });

  type Call = { method: string; path: string; body: unknown };

  /**
   * The form's server: the yard with bridge 5, truck 1 and driver 2, the open first weight 7, bridge 5's live weight
   * (`before` until a weighing is posted, then what the server refused it for) and, for the POST to `save`, the
   * server's refusal of the capture (takeWeight's captureRefused: 422, the rule's message, the refusal in details).
   */
  function serve(save: string, refusal: TCaptureRefusal, before: TWeighbridgeLive = live()) {
    const calls: Call[] = [];
    let now = before;
    mockFetch((url, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      if (method === 'POST' && url.pathname === save) {
        now = refusedLive(refusal);
        return json({ message: OutboundWeighingMessages[refusal], code: 'BUSINESS_RULE', details: { refusal } }, 422);
      }
      if (method !== 'GET') return undefined;
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData({ Locations: [yard] }));
      if (url.pathname === '/api/locations/3') return json(yardDetail);
      if (url.pathname === '/api/truck') return json({ rows: [{ id: 1, plateNumber: 'TRK 7' }] });
      if (url.pathname === '/api/driver') return json({ rows: [{ id: 2, name: 'Hamad' }] });
      if (url.pathname === '/api/outboundFirstWeight/open') return json({ rows: [firstWeight(7, 'Active')] });
      if (url.pathname === LIVE) return json(now);
      return undefined;
    });
    return calls;
  }

  /** The posts sent, and the GETs of bridge 5's live weight made after the (first) post. */
  const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');
  const liveAfterPost = (calls: Call[]) => calls.slice(calls.findIndex((call) => call.method === 'POST') + 1).filter((call) => call.path === LIVE).length;

  /** The form with the API bridge, so a failure the form reports is shown as the app shows it (a notification). */
  const renderForm = (page: ReactNode, path: string) =>
    renderPage(
      <>
        <ApiBridge />
        {page}
      </>,
      path,
    );

  /** The texts of the error notifications on screen. */
  const notices = () => [...document.querySelectorAll('.ant-notification-notice')].map((notice) => notice.textContent ?? '');

  /** What a select shows as chosen. */
  const shown = (testId: string) => screen.getByTestId(testId).closest('.ant-select')?.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

  /** Chooses an option of a select, opening it again until the option is there (its list may still be loading). */
  async function pick(testId: string, label: string) {
    const option = await waitFor(() => {
      const select = screen.getByTestId(testId);
      fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
      const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
      const found = [...(dropdowns[dropdowns.length - 1]?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((item) => (item.textContent ?? '').startsWith(label));
      if (!found) {
        fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
        throw new Error(`no option ${label} in ${testId}`);
      }
      return found;
    });
    fireEvent.click(option);
  }

  /**
   * Holds the live weight's one-second poll: it polls only while the page has the focus (refetchIntervalInBackground
   * false), so from here a GET of the live weight can only be the form asking for it, never the poll coming round.
   */
  const holdThePoll = () => focusManager.setFocused(false);

  afterEach(() => {
    focusManager.setFocused(undefined);
    setApiHandlers({ notifyError: (description) => console.error(description), unauthorized: () => undefined });
    setTestSession();
  });

  it('first weight: shows the refusal, keeps the form, and asks the bridge again at once', async () => {
    const calls = serve('/api/outboundFirstWeight', 'motion');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOutboundFirstWeight', 'canAddOutboundFirstWeight'] });
    renderForm(<FirstWeightFormPage />, 'outbound-first-weight/add');
    await screen.findByTestId('first-weight-form');
    await pick('first-truck', 'TRK 7');
    await pick('first-driver', 'Hamad');
    await pick('first-warehouse', 'North yard');
    await pick('first-machine', 'Bridge 1 (WB-5)');
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
    await pick('second-first-weight', '#7 · TRK 7');
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
    renderForm(<FirstWeightFormPage />, 'outbound-first-weight/add');
    await screen.findByTestId('first-weight-form');
    await pick('first-truck', 'TRK 7');
    await pick('first-driver', 'Hamad');
    await pick('first-warehouse', 'North yard');
    await pick('first-machine', 'Bridge 1 (WB-5)');
    // The bridge is offline: the weight is typed instead.
    expect((await screen.findByTestId('live-reason')).textContent).toContain(OutboundWeighingMessages.offline);
    fireEvent.click(screen.getByTestId('weigh-manual'));
    fireEvent.change(await screen.findByTestId('weigh-manual-kg'), { target: { value: '95000' } });
    fireEvent.change(screen.getByTestId('weigh-manual-reason'), { target: { value: 'Indicator down' } });
    fireEvent.click(screen.getByTestId('first-capture'));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ machineId: 5, manual: true, manualKg: 95_000, manualReason: 'Indicator down' });
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.aboveMaxGross))).toBe(true));
    expect(liveAfterPost(calls)).toBe(0);
    expect(invalidated.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === weighingKeys.live(5)[0])).toEqual([]);
    expect(screen.getByTestId<HTMLInputElement>('weigh-manual-reason').value).toBe('Indicator down');
  });
});
