import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Button, Form } from 'antd';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { OutboundWeighingMessages, ReceivingMessages, type TCaptureRefusal, type TInTransitSlip, type TWarehousePreIn, type TWeighbridgeLive } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { weighingKeys } from '../outbound-weighing/outbound-weighing-api';
import { bridgeLive, holdThePoll, liveAfterPost, notices, posts, refusedLive, renderForm, resetAfterRefusal, serveRefusal, shown, typeManualWeight } from '../outbound-weighing/capture-refusal.test-support';
import { pickOnceListed } from '../../test/select';
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
  /** The Pre In and Warehouse In forms' server: slip 7 in transit to the yard and the open pre in 12 besides what `serveRefusal` answers. */
  const serve = (save: string, refusal: TCaptureRefusal | 'minDifference', before: TWeighbridgeLive, after?: TWeighbridgeLive) =>
    serveRefusal({
      save,
      refusal,
      before,
      after,
      more: (url) => {
        if (url.pathname === '/api/warehousePreIn/slips' && url.searchParams.get('warehouseId') === '3') return json({ rows: [slip] });
        if (url.pathname === '/api/warehouseIn/preIns') return json({ rows: [preIn] });
        return undefined;
      },
    });

  afterEach(resetAfterRefusal);

  it('Pre In: shows the refusal, keeps the form, and asks the bridge again at once', async () => {
    const calls = serve('/api/warehousePreIn', 'motion', bridgeLive(), refusedLive('motion'));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehousePreIn', 'canAddWarehousePreIn'] });
    renderForm(<PreInFormPage />, 'warehouse-pre-in/add');
    await screen.findByTestId('pre-in-form');
    await pickOnceListed('pre-in-warehouse', 'North yard');
    await pickOnceListed('pre-in-slip', 'Port loading slip 7 · TRK 7');
    await waitFor(() => expect(['pre-in-truck', 'pre-in-driver'].map(shown)).toEqual(['TRK 7', 'Hamad']));
    await pickOnceListed('first-machine', 'Bridge 1 (WB-5)');
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
    const calls = serve('/api/warehouseIn', 'tooFewFrames', bridgeLive(), refusedLive('tooFewFrames'));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseIn', 'canAddWarehouseIn'] });
    renderForm(<WarehouseInFormPage />, 'warehouse-in/add');
    await screen.findByTestId('in-form');
    await pickOnceListed('in-pre-in', '12 · TRK 7 · North yard · 7');
    await pickOnceListed('first-machine', 'Bridge 1 (WB-5)');
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
    const calls = serve('/api/warehouseIn', 'minDifference', bridgeLive({ online: false, stable: false, capturable: false, refusal: 'offline', reason: OutboundWeighingMessages.offline }));
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseIn', 'canAddWarehouseIn', 'canAddManualWeight'] });
    renderForm(<WarehouseInFormPage />, 'warehouse-in/add');
    await screen.findByTestId('in-form');
    await pickOnceListed('in-pre-in', '12 · TRK 7 · North yard · 7');
    await pickOnceListed('first-machine', 'Bridge 1 (WB-5)');
    // The bridge is offline: the weight is typed instead (50 kg under the loaded weight: the server refuses the net).
    expect((await screen.findByTestId('live-reason')).textContent).toContain(OutboundWeighingMessages.offline);
    await typeManualWeight('38950', 'Indicator down', 'in-capture');

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ preInId: 12, machineId: 5, manual: true, manualKg: 38_950, manualReason: 'Indicator down' });
    await waitFor(() => expect(notices().some((text) => text.includes(OutboundWeighingMessages.minDifference))).toBe(true));
    expect(liveAfterPost(calls)).toBe(0);
    expect(invalidated.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === weighingKeys.live(5)[0])).toEqual([]);
    expect(screen.getByTestId<HTMLInputElement>('weigh-manual-reason').value).toBe('Indicator down');
  });
});
