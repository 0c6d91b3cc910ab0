import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { DeliveryInMessages, ReceivingMessages, type TDeliveryIn, type TInTransitSlip } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { ConsigneeInFormPage, CustomerInFormPage, transitLoss } from './DeliveryInFormPage';
import { parseSlipKey, slipKey } from './slip-key';

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

/** A port slip and a warehouse slip with the same number (the kinds are numbered apart) and the same id. */
const slips: TInTransitSlip[] = [
  { slipKind: 'loadingSlip', slipId: 4, slipNumber: '7', quantity: '10.000', truckId: 1, truckPlate: 'ABC 123', driverId: 2, driverName: 'Fahad', toLocationId: 9, toLocationName: 'Consignee site' },
  { slipKind: 'warehouseLoadingSlip', slipId: 4, slipNumber: '7', quantity: '12.000', truckId: 3, truckPlate: 'XYZ 789', driverId: 2, driverName: 'Fahad', toLocationId: 9, toLocationName: 'Consignee site' },
];

const record: TDeliveryIn = {
  id: 31,
  slipKind: 'warehouseLoadingSlip',
  slipId: 4,
  slipNumber: '7',
  truckPlate: 'XYZ 789',
  locationId: 9,
  locationName: 'Consignee site',
  wbtNumber: 'CN-1',
  slipQuantity: '12.000',
  receivedKg: 11_900,
  receivedQuantity: '11.900',
  transitLoss: '0.100',
  receivedAt: '2026-11-21T08:00:00.000Z',
  remarks: null,
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Sami',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

async function pick(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

type Sent = { method: string; path: string; body: unknown };

function serve(answer: (sent: Sent) => Response | undefined = () => undefined) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, body };
    if (method !== 'GET') sent.push(call);
    const own = answer(call);
    if (own) return own;
    if (url.pathname === '/api/consigneeIn/slips' || url.pathname === '/api/customerIn/slips') return json({ rows: slips });
    if (url.pathname === '/api/consigneeIn/31') return json(record);
    return undefined;
  });
  return sent;
}

describe('the slip key and the transit loss', () => {
  it('names the kind with the id, and computes the loss exactly in MT', () => {
    expect(slipKey({ slipKind: 'warehouseLoadingSlip', slipId: 4 })).toBe('warehouseLoadingSlip:4');
    expect(parseSlipKey('warehouseLoadingSlip:4')).toEqual({ slipKind: 'warehouseLoadingSlip', slipId: 4 });
    expect(parseSlipKey('nonsense:4')).toBeNull();
    expect(parseSlipKey('loadingSlip:x')).toBeNull();
    expect(transitLoss('12.000', '11.9')).toBe('0.100');
    expect(transitLoss('10', '10.02')).toBe('-0.020');
    expect(transitLoss('10', '0.1234')).toBeNull();
    expect(transitLoss('10', '')).toBeNull();
  });
});

describe('the Consignee In form', () => {
  it('offers both kinds of slip, shows the slip quantity and the live transit loss, and sends the kind with the id', async () => {
    const sent = serve((call) => (call.method === 'POST' && call.path === '/api/consigneeIn' ? json({ message: DeliveryInMessages.consigneeInCreated, record }) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeIn', 'canAddConsigneeIn'] });
    renderPage(<ConsigneeInFormPage />, 'consignee-in/add');
    expect(await screen.findByTestId('delivery-in-no-slip')).toBeTruthy();
    // Required fields, before anything is sent.
    fireEvent.click(screen.getByTestId('delivery-in-save'));
    expect(await screen.findByText(ReceivingMessages.slipRequired)).toBeTruthy();
    await pick('delivery-in-slip', 'Warehouse loading slip 7 · XYZ 789 · 12.000 MT · Consignee site');
    expect((await screen.findByTestId('delivery-in-slip-quantity')).textContent).toBe('12.000 MT');
    fireEvent.change(screen.getByTestId('delivery-in-quantity'), { target: { value: '11.9' } });
    await waitFor(() => expect(screen.getByTestId('delivery-in-transit-loss').textContent).toBe('0.100 MT'));
    fireEvent.change(screen.getByTestId('delivery-in-wbt'), { target: { value: 'CN-1' } });
    fireEvent.click(screen.getByTestId('delivery-in-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/consigneeIn', body: { slipKind: 'warehouseLoadingSlip', slipId: 4, wbtNumber: 'CN-1', quantity: '11.9', remarks: null } });
    expect(await screen.findByText(DeliveryInMessages.consigneeInCreated)).toBeTruthy();
  });

  it('shows the server’s refusal on the slip', async () => {
    serve((call) =>
      call.method === 'POST'
        ? json({ code: 'BUSINESS_RULE', message: DeliveryInMessages.slipNotForConsignee, details: { slipId: DeliveryInMessages.slipNotForConsignee } }, 422)
        : undefined,
    );
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeIn', 'canAddConsigneeIn'] });
    renderPage(<ConsigneeInFormPage />, 'consignee-in/add');
    await pick('delivery-in-slip', 'Port loading slip 7');
    fireEvent.change(screen.getByTestId('delivery-in-wbt'), { target: { value: 'CN-1' } });
    fireEvent.change(screen.getByTestId('delivery-in-quantity'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('delivery-in-save'));
    expect((await screen.findAllByText(DeliveryInMessages.slipNotForConsignee)).length).toBeGreaterThan(0);
  });

  it('edits the ticket, quantity and remarks of a receipt', async () => {
    const sent = serve((call) => (call.method === 'PUT' ? json({ message: DeliveryInMessages.consigneeInUpdated, record }) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeIn', 'canEditConsigneeIn'] });
    renderPage(
      <Routes>
        <Route path="consignee-in/:id/edit" element={<ConsigneeInFormPage />} />
      </Routes>,
      'consignee-in/31/edit',
    );
    expect((await screen.findByTestId('delivery-in-record-slip')).textContent).toBe('Warehouse loading slip 7');
    fireEvent.change(screen.getByTestId('delivery-in-quantity'), { target: { value: '12.02' } });
    await waitFor(() => expect(screen.getByTestId('delivery-in-transit-loss').textContent).toBe('-0.020 MT'));
    fireEvent.click(screen.getByTestId('delivery-in-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', path: '/api/consigneeIn/31', body: { wbtNumber: 'CN-1', quantity: '12.02', remarks: null } });
  });

  it('speaks Arabic (Customer In)', async () => {
    await loadTestLanguage('ar');
    serve();
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewCustomerIn', 'canAddCustomerIn'] });
    renderPage(<CustomerInFormPage />, 'customer-in/add');
    expect(await screen.findByText('إضافة دخول العميل')).toBeTruthy();
    await pick('delivery-in-slip', 'إذن تحميل المستودع 7');
    expect((await screen.findByTestId('delivery-in-slip-quantity')).textContent).toContain('12.000');
  });
});
