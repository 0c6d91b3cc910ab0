import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, focusManager } from '@tanstack/react-query';
import { OutboundWeighingMessages, ReceivingMessages, type TAgencyLocation, type TInTransitSlip, type TLocationDetail, type TWarehousePreIn, type TWeighbridgeLive } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { ApiBridge } from '../../app/ApiBridge';
import { setApiHandlers } from '../../app/api';
import { weighingKeys } from '../outbound-weighing/outbound-weighing-api';
import { SiloSplit, sharesKg, siloSplitProblem, type SiloShareValue } from './SiloSplit';
import PreInFormPage from './PreInFormPage';
import WarehouseInFormPage from './WarehouseInFormPage';

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

const SILOS = [
  { id: 1, name: 'A', capacity: 12 },
  { id: 2, name: 'B', capacity: 5 },
];

/** The split inside a form, with a submit button; `finished` collects what a valid submit sends. */
function renderSplit(shares: SiloShareValue[], receivedKg: number | null) {
  const finished: unknown[] = [];
  renderPage(
    <Form initialValues={{ silos: shares }} onFinish={(values) => finished.push(values)}>
      <SiloSplit silos={SILOS} receivedKg={receivedKg} />
      <Button htmlType="submit" data-testid="submit">
        Save
      </Button>
    </Form>,
  );
  return finished;
}

describe('the silo split of the warehouse in form', () => {
  it('adds the shares exactly in kg and says what is wrong, as the server does', () => {
    expect(sharesKg([{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: 3.5 }])).toBe(10_000n);
    expect(sharesKg([{ siloId: 1, quantity: '0.1' }, { siloId: 2, quantity: '0.2' }])).toBe(300n);
    expect(sharesKg([{ siloId: 1, quantity: '' }, { siloId: 2, quantity: null }])).toBe(0n);
    expect(siloSplitProblem([], 10_000)).toBe(ReceivingMessages.siloRequired);
    expect(siloSplitProblem([{ siloId: 1, quantity: '5' }, { siloId: 1, quantity: '5' }], 10_000)).toBe(ReceivingMessages.siloTwice);
    expect(siloSplitProblem([{ siloId: 1, quantity: '6' }, { siloId: 2, quantity: '3' }], 10_000)).toBe(ReceivingMessages.siloSum);
    expect(siloSplitProblem([{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: '3.5' }], 10_000)).toBeNull();
    // The received quantity not known yet (no stable weight): only the server can check the sum.
    expect(siloSplitProblem([{ siloId: 1, quantity: '6' }], null)).toBeNull();
  });

  it('shows the total against the received quantity and refuses to submit a split that does not add up', async () => {
    const finished = renderSplit([{ siloId: 1, quantity: '6' }, { siloId: 2, quantity: '3' }], 10_000);
    expect((await screen.findByTestId('silo-total')).textContent).toBe('Silos total 9.000 MT of 10.000 MT');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText(ReceivingMessages.siloSum)).toBeTruthy();
    expect(finished).toEqual([]);
  });

  it('submits a split that adds up, and a share can be added and removed', async () => {
    const finished = renderSplit([{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: '3.5' }], 10_000);
    expect((await screen.findByTestId('silo-total')).textContent).toBe('Silos total 10.000 MT of 10.000 MT');
    fireEvent.click(screen.getByTestId('silo-share-add'));
    expect(await screen.findByTestId('silo-share-2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('silo-share-2-remove'));
    await waitFor(() => expect(screen.queryByTestId('silo-share-2')).toBeNull());
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(finished).toHaveLength(1));
    expect(finished[0]).toEqual({ silos: [{ siloId: 1, quantity: '6.5' }, { siloId: 2, quantity: '3.5' }] });
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    renderSplit([{ siloId: 1, quantity: '6' }, { siloId: 2, quantity: '3' }], 10_000);
    expect((await screen.findByTestId('silo-total')).textContent).toBe('مجموع الصوامع 9.000 طن من 10.000 طن');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('يجب أن تساوي كمية الشحنة!')).toBeTruthy();
  });
});

describe('a capture the server refuses, at the warehouse', () => {
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
  const slip: TInTransitSlip = { slipKind: 'loadingSlip', slipId: 4, slipNumber: '7', quantity: '24.000', truckId: 1, truckPlate: 'TRK 7', driverId: 2, driverName: 'Hamad', toLocationId: 3, toLocationName: 'North yard' };
  const preIn: TWarehousePreIn = {
    id: 12,
    ticketNumber: '12',
    slipKind: 'loadingSlip',
    slipId: 4,
    slipNumber: '7',
    slipQuantity: '24.000',
    truckId: 1,
    truckPlate: 'TRK 7',
    driverId: 2,
    driverName: 'Hamad',
    warehouseId: 3,
    warehouseName: 'North yard',
    machineId: 5,
    kg: 39_000,
    capturedAt: '2026-11-21T08:00:00.000Z',
    manual: false,
    manualReason: null,
    remarks: null,
    warehouseInId: null,
    status: 'Active',
    createdAt: '2026-11-21T08:00:00.000Z',
    createdBy: 'Wafa',
    updatedAt: null,
    updatedBy: null,
    reversedAt: null,
    reversedBy: null,
    reverseReason: null,
  };
  const LIVE = '/api/weighbridge/5/live';

  const live = (overrides: Partial<TWeighbridgeLive> = {}): TWeighbridgeLive => ({
    machineId: 5,
    quantity: 39.2,
    kg: 39_200,
    stable: true,
    online: true,
    capturable: true,
    refusal: null,
    reason: null,
    ...overrides,
  });

  /** The rules a capture is refused by (takeWeight's and checkNet's). */
  type Refusal = 'motion' | 'tooFewFrames' | 'minDifference';
  /** What bridge 5 shows once the server has refused a capture by a rule of the bridge's readings: capture disabled. */
  const refusedLive = (refusal: 'motion' | 'tooFewFrames') => live({ stable: false, capturable: false, refusal, reason: OutboundWeighingMessages[refusal] });

  type Call = { method: string; path: string; body: unknown };

  /**
   * The forms' server: the yard with bridge 5, truck 1 and driver 2, slip 7 in transit to the yard, the open pre in
   * 12, bridge 5's live weight (`before` until a weighing is posted, then `after`) and, for the POST to `save`, the
   * server's refusal of the capture (captureRefused: 422, the rule's message, the refusal named in details).
   */
  function serve(save: string, refusal: Refusal, before: TWeighbridgeLive, after: TWeighbridgeLive = before) {
    const calls: Call[] = [];
    let now = before;
    mockFetch((url, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      if (method === 'POST' && url.pathname === save) {
        now = after;
        return json({ message: OutboundWeighingMessages[refusal], code: 'BUSINESS_RULE', details: { refusal } }, 422);
      }
      if (method !== 'GET') return undefined;
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData({ Locations: [yard] }));
      if (url.pathname === '/api/locations/3') return json(yardDetail);
      if (url.pathname === '/api/truck') return json({ rows: [{ id: 1, plateNumber: 'TRK 7' }] });
      if (url.pathname === '/api/driver') return json({ rows: [{ id: 2, name: 'Hamad' }] });
      if (url.pathname === '/api/warehousePreIn/slips' && url.searchParams.get('warehouseId') === '3') return json({ rows: [slip] });
      if (url.pathname === '/api/warehouseIn/preIns') return json({ rows: [preIn] });
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

  it('Pre In: shows the refusal, keeps the form, and asks the bridge again at once', async () => {
    const calls = serve('/api/warehousePreIn', 'motion', live(), refusedLive('motion'));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehousePreIn', 'canAddWarehousePreIn'] });
    renderForm(<PreInFormPage />, 'warehouse-pre-in/add');
    await screen.findByTestId('pre-in-form');
    await pick('pre-in-warehouse', 'North yard');
    await pick('pre-in-slip', 'Port loading slip 7 · TRK 7');
    await waitFor(() => expect(['pre-in-truck', 'pre-in-driver'].map(shown)).toEqual(['TRK 7', 'Hamad']));
    await pick('first-machine', 'Bridge 1 (WB-5)');
    await waitFor(() => expect(screen.getByTestId('pre-in-capture').hasAttribute('disabled')).toBe(false));
    holdThePoll();
    fireEvent.click(screen.getByTestId('pre-in-capture'));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ method: 'POST', path: '/api/warehousePreIn', body: { slipKind: 'loadingSlip', slipId: 4, truckId: 1, driverId: 2, warehouseId: 3, machineId: 5, manual: false, remarks: null } });
    await waitFor(() => expect(liveAfterPost(calls)).toBe(1));
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.motion))).toBe(true));
    // The refreshed weight is shown: the capture waits for the truck to stand still.
    await waitFor(() => expect(screen.getByTestId('pre-in-capture').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('live-reason').textContent).toContain(OutboundWeighingMessages.motion);
    expect(['pre-in-warehouse', 'pre-in-slip', 'pre-in-truck', 'pre-in-driver', 'first-machine'].map(shown)).toEqual(['North yard', 'Port loading slip 7 · TRK 7 · 24.000', 'TRK 7', 'Hamad', 'Bridge 1 (WB-5)']);
  });

  it('Warehouse In: shows the refusal, keeps the form, and asks the bridge again at once', async () => {
    const calls = serve('/api/warehouseIn', 'tooFewFrames', live(), refusedLive('tooFewFrames'));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseIn', 'canAddWarehouseIn'] });
    renderForm(<WarehouseInFormPage />, 'warehouse-in/add');
    await screen.findByTestId('in-form');
    await pick('in-pre-in', '12 · TRK 7 · North yard · 7');
    await pick('first-machine', 'Bridge 1 (WB-5)');
    await waitFor(() => expect(screen.getByTestId('in-capture').hasAttribute('disabled')).toBe(false));
    holdThePoll();
    fireEvent.click(screen.getByTestId('in-capture'));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ method: 'POST', path: '/api/warehouseIn', body: { preInId: 12, machineId: 5, manual: false, storage: 'openArea', silos: [], remarks: null } });
    await waitFor(() => expect(liveAfterPost(calls)).toBe(1));
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.tooFewFrames))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('in-capture').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('live-reason').textContent).toContain(OutboundWeighingMessages.tooFewFrames);
    expect(['in-pre-in', 'first-machine'].map(shown)).toEqual(['12 · TRK 7 · North yard · 7', 'Bridge 1 (WB-5)']);
    expect(screen.getByTestId('in-first-kg').textContent).toBe('39,000');
  });

  it('Warehouse In with a typed weight refused: shows the refusal and asks nothing of the bridge', async () => {
    const calls = serve('/api/warehouseIn', 'minDifference', live({ online: false, stable: false, capturable: false, refusal: 'offline', reason: OutboundWeighingMessages.offline }));
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseIn', 'canAddWarehouseIn', 'canAddManualWeight'] });
    renderForm(<WarehouseInFormPage />, 'warehouse-in/add');
    await screen.findByTestId('in-form');
    await pick('in-pre-in', '12 · TRK 7 · North yard · 7');
    await pick('first-machine', 'Bridge 1 (WB-5)');
    // The bridge is offline: the weight is typed instead (50 kg under the loaded weight: the server refuses the net).
    expect((await screen.findByTestId('live-reason')).textContent).toContain(OutboundWeighingMessages.offline);
    fireEvent.click(screen.getByTestId('weigh-manual'));
    fireEvent.change(await screen.findByTestId('weigh-manual-kg'), { target: { value: '38950' } });
    fireEvent.change(screen.getByTestId('weigh-manual-reason'), { target: { value: 'Indicator down' } });
    fireEvent.click(screen.getByTestId('in-capture'));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ preInId: 12, machineId: 5, manual: true, manualKg: 38_950, manualReason: 'Indicator down' });
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.minDifference))).toBe(true));
    expect(liveAfterPost(calls)).toBe(0);
    expect(invalidated.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === weighingKeys.live(5)[0])).toEqual([]);
    expect(screen.getByTestId<HTMLInputElement>('weigh-manual-reason').value).toBe('Indicator down');
  });
});
