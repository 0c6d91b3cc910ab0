import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { CorrectionMessages, WarehouseDispatchMessages, type TCorrection, type TGroupTruck, type TWarehouseInDetail, type TWarehouseOut, type TWarehouseOutGroupDetail } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { WarehouseInCorrectionPage, WarehouseOutCorrectionPage } from '../corrections/CorrectionPages';
import { WarehouseOutListPage } from './DispatchListPages';
import GroupedOutFormPage from './GroupedOutPages';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  setTestSession();
  await loadTestLanguage('en');
});

const trail = { status: 'Active' as const, createdAt: '2026-11-21T08:00:00.000Z', createdBy: 'Dana', updatedAt: null, updatedBy: null, reversedAt: null, reversedBy: null, reverseReason: null };

const truck = (preOutId: number, state: TGroupTruck['state'], extra: Partial<TGroupTruck> = {}): TGroupTruck => ({
  preOutId,
  truckId: preOutId + 100,
  truckPlate: `GRP ${preOutId}`,
  driverId: 5,
  driverName: 'Omar',
  quantity: '25.000',
  state,
  secondWeightId: null,
  secondWeightNet: null,
  warehouseOutId: null,
  slipNumber: null,
  outQuantity: null,
  received: false,
  preOutAt: '2026-11-21T08:00:00.000Z',
  ...extra,
});

const group: TWarehouseOutGroupDetail = {
  id: 5,
  number: 12,
  warehouseId: 3,
  warehouseName: 'Group yard',
  siloId: 4,
  siloName: 'G1',
  ownerCompanyId: 9,
  ownerName: 'Consignee',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  voyageId: 6,
  attachedVoyageId: 6,
  destinationType: 'warehouse',
  toLocationId: 8,
  toLocationName: 'Destination yard',
  plannedTrucks: 3,
  plannedQuantity: '75.000',
  remarks: null,
  status: 'open',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Dana',
  trucks: 3,
  dispatchedTrucks: 1,
  committed: '50.000',
  dispatched: '25.500',
  remaining: '0.000',
  usable: '24.500',
  truckRows: [truck(71, 'dispatched', { warehouseOutId: 301, slipNumber: 44, outQuantity: '25.500' }), truck(72, 'secondWeight', { secondWeightId: 99, secondWeightNet: '25.200' }), truck(73, 'committed')],
};

function renderGroup(permissions: string[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/warehouseOutGroup/5' && (init?.method ?? 'GET') === 'GET') return json(group);
    if (url.pathname === '/api/warehouseOutGroup/5/trucks/72/dispatch') return json({ message: 'Truck dispatched successfully', record: group });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions });
  renderPage(
    <Routes>
      <Route path="warehouse-out-grouped/:id/edit" element={<GroupedOutFormPage />} />
    </Routes>,
    'warehouse-out-grouped/5/edit',
  );
  return calls;
}

describe('the dispatch group screen', () => {
  it('shows the totals and each truck’s state; Dispatch only on a weighed-out truck, with its second weight', async () => {
    const calls = renderGroup(['canViewWarehouseOut', 'canAddWarehouseOut']);
    expect((await screen.findByTestId('group-committed')).textContent).toBe('50.000');
    expect(screen.getByTestId('group-dispatched').textContent).toBe('25.500');
    expect(screen.getByTestId('group-usable').textContent).toBe('24.500');
    expect(screen.getByTestId('group-truck-state-71').textContent).toBe('Dispatched');
    expect(screen.getByTestId('group-truck-state-72').textContent).toBe('Weighed out');
    expect(screen.getByTestId('group-truck-state-73').textContent).toBe('Committed');
    expect(screen.getByTestId('group-truck-print-71').getAttribute('href')).toBe('/agencies/1/warehouseLoadingSlips/301/print');
    expect(screen.queryByTestId('group-truck-dispatch-71')).toBeNull();
    expect(screen.queryByTestId('group-truck-dispatch-73')).toBeNull();
    expect(screen.getByTestId('group-add-truck')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-truck-dispatch-72'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/api/warehouseOutGroup/5/trucks/72/dispatch', body: { secondWeightId: 99 } }));
  });

  it('offers no dispatch and no truck row without the Warehouse Out add flag', async () => {
    renderGroup(['canViewWarehouseOut']);
    await screen.findByTestId('group-committed');
    expect(screen.queryByTestId('group-truck-dispatch-72')).toBeNull();
    expect(screen.queryByTestId('group-add-truck')).toBeNull();
    expect(screen.queryByTestId('group-toggle')).toBeNull();
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    renderGroup(['canViewWarehouseOut', 'canAddWarehouseOut']);
    expect((await screen.findByTestId('group-truck-state-72')).textContent).toBe('تم الوزن للخروج');
    expect(screen.getByTestId('group-status').textContent).toBe('مفتوحة');
  });
});

const out: TWarehouseOut = {
  id: 8,
  slipNumber: 44,
  preOutId: 71,
  preOutQuantity: '9.000',
  secondWeightId: 99,
  ticketNumber: '101',
  warehouseId: 3,
  warehouseName: 'Group yard',
  siloId: null,
  siloName: null,
  ownerCompanyId: 9,
  ownerName: 'Consignee',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  destinationType: 'warehouse',
  toLocationId: 8,
  toLocationName: 'Destination yard',
  truckId: 21,
  truckPlate: 'ABC 123',
  driverId: 22,
  driverName: 'Fahad',
  transporterId: null,
  transporterName: null,
  entryType: null,
  firstKg: 15_000,
  secondKg: 25_000,
  netKg: 10_000,
  quantity: '10.000',
  tripId: 5,
  outAt: '2026-11-21T08:00:00.000Z',
  remarks: null,
  received: false,
  ...trail,
};

const correction: TCorrection = { id: 1, at: '2026-11-21T09:00:00.000Z', by: 'Gina Grouper', reason: 'Ticket misread', before: { quantity: '10.500' }, after: { quantity: '10.000' } };

function renderOutCorrection(record: TWarehouseOut) {
  const puts: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/warehouseOut/8' && (init?.method ?? 'GET') === 'GET') return json(record);
    if (url.pathname === '/api/warehouseOut/8/corrections') return json({ rows: [correction] });
    if (url.pathname === '/api/warehouseOut/8/correction') {
      puts.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as unknown);
      return json({ message: CorrectionMessages.corrected, history: [correction] });
    }
    if (url.pathname.startsWith('/api/locations')) return json({ rows: [], count: 0 });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseOut', 'canCorrectWarehouseOut'] });
  renderPage(
    <Routes>
      <Route path="oldWarehouse-out/:id/edit" element={<WarehouseOutCorrectionPage />} />
    </Routes>,
    'oldWarehouse-out/8/edit',
  );
  return puts;
}

describe('the Warehouse Out correction', () => {
  it('refuses a quantity below the Pre Out before the save, sends the correction with its reason, and shows the history', async () => {
    const puts = renderOutCorrection(out);
    expect((await screen.findByTestId('correction-current-quantity')).textContent).toBe('10.000');
    expect((await screen.findByTestId('correction-history')).textContent).toContain('Ticket misread');
    fireEvent.change(screen.getByTestId('correction-quantity'), { target: { value: '8.5' } });
    expect((await screen.findByTestId('correction-wbq-short')).textContent).toContain(WarehouseDispatchMessages.wbqBelowPreOut);
    expect(screen.getByTestId('correction-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('correction-quantity'), { target: { value: '9.5' } });
    fireEvent.change(screen.getByTestId('correction-reason'), { target: { value: 'Ticket misread' } });
    await waitFor(() => expect(screen.getByTestId('correction-save').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('correction-save'));
    await waitFor(() => expect(puts).toEqual([{ quantity: '9.5', destinationType: 'warehouse', toLocationId: 8, reason: 'Ticket misread' }]));
  });

  it('locks the form of an Out already received', async () => {
    renderOutCorrection({ ...out, received: true });
    expect((await screen.findByTestId('correction-received')).textContent).toContain('revert the Warehouse In first');
    expect(screen.getByTestId('correction-save').hasAttribute('disabled')).toBe(true);
  });
});

const warehouseIn: TWarehouseInDetail = {
  id: 3,
  preInId: 2,
  ticketNumber: '17',
  slipKind: 'loadingSlip',
  slipId: 1,
  slipNumber: '5',
  truckPlate: 'ABC 123',
  driverName: 'Fahad',
  warehouseId: 3,
  warehouseName: 'Correction yard',
  machineId: 1,
  firstKg: 24_000,
  kg: 14_000,
  capturedAt: '2026-11-21T08:00:00.000Z',
  manual: false,
  manualReason: null,
  slipQuantity: '10.000',
  receivedKg: 10_000,
  receivedQuantity: '10.000',
  transitLoss: '0.000',
  storage: 'openArea',
  shares: [{ siloId: null, siloName: null, quantity: '10.000' }],
  remarks: null,
  evidence: [],
  ...trail,
};

describe('the Warehouse In correction', () => {
  it('shows the received quantity the typed empty weight gives and sends it with the split and the reason', async () => {
    const puts: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/warehouseIn/3' && (init?.method ?? 'GET') === 'GET') return json(warehouseIn);
      if (url.pathname === '/api/warehouseIn/3/corrections') return json({ rows: [] });
      if (url.pathname === '/api/warehouseIn/3/correction') {
        puts.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as unknown);
        return json({ message: CorrectionMessages.corrected, history: [] });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseIn', 'canCorrectWarehouseIn'] });
    renderPage(
      <Routes>
        <Route path="oldWarehouse-in/:id/edit" element={<WarehouseInCorrectionPage />} />
      </Routes>,
      'oldWarehouse-in/3/edit',
    );
    expect((await screen.findByTestId('correction-current-received')).textContent).toBe('10.000');
    expect((await screen.findByTestId('correction-history')).textContent).toContain('No corrections yet.');
    fireEvent.change(screen.getByTestId('correction-empty-kg'), { target: { value: '14500' } });
    await waitFor(() => expect(screen.getByTestId('correction-new-received').textContent).toBe('9.500'));
    fireEvent.change(screen.getByTestId('correction-reason'), { target: { value: 'Empty truck reweighed' } });
    fireEvent.click(screen.getByTestId('correction-save'));
    await waitFor(() => expect(puts).toEqual([{ emptyKg: 14_500, storage: 'openArea', silos: [], reason: 'Empty truck reweighed' }]));
  });
});

describe('the Correct action on the Warehouse Out list', () => {
  const renderList = (permissions: string[], row: TWarehouseOut) => {
    mockFetch((url) => (url.pathname === '/api/warehouseOut' ? json({ rows: [row], count: 1, total: row.quantity }) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions });
    renderPage(<WarehouseOutListPage />, 'warehouse-out');
  };

  it('shows only with the correction flag, on an Out not received', async () => {
    renderList(['canViewWarehouseOut', 'canCorrectWarehouseOut'], out);
    expect((await screen.findByTestId('warehouseOut-correct')).getAttribute('href')).toBe('/agencies/1/oldWarehouse-out/8/edit');
  });

  it('is absent without the flag', async () => {
    renderList(['canViewWarehouseOut'], out);
    await screen.findByText('ABC 123');
    expect(screen.queryByTestId('warehouseOut-correct')).toBeNull();
  });

  it('is absent on a received Out even with the flag', async () => {
    renderList(['canViewWarehouseOut', 'canCorrectWarehouseOut'], { ...out, received: true });
    await screen.findByText('ABC 123');
    expect(screen.queryByTestId('warehouseOut-correct')).toBeNull();
  });
});
