import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WarehouseDispatchMessages, type TDispatchableWeight, type TWarehousePreOut } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import WarehouseOutFormPage, { wbqBelowPreOut } from './WarehouseOutFormPage';
import { PreOutListPage, WarehouseOutListPage } from './DispatchListPages';
import { unisolatedQuantities } from '../../test/bidi';

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

const preOut: TWarehousePreOut = {
  id: 7,
  warehouseId: 3,
  warehouseName: 'Silo yard',
  siloId: 4,
  siloName: 'Silo 1',
  ownerCompanyId: 9,
  ownerName: 'Consignee',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  voyageId: 5,
  attachedVoyageId: 5,
  truckId: 21,
  truckPlate: 'ABC 123',
  driverId: 22,
  driverName: 'Fahad',
  quantity: '30.000',
  preOutAt: '2026-11-21T08:00:00.000Z',
  remarks: null,
  warehouseOutId: null,
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Dana',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

const weight = (id: number, netKg: number): TDispatchableWeight => ({
  id,
  ticketNumber: String(100 + id),
  truckPlate: 'ABC 123',
  firstKg: 15_000,
  secondKg: 15_000 + netKg,
  netKg,
  netQuantity: (netKg / 1000).toFixed(3),
  manual: false,
  capturedAt: '2026-11-21T08:10:00.000Z',
});

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

function renderForm() {
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/warehouseOut/preOuts') return json({ rows: [preOut] });
    if (url.pathname === '/api/warehouseOut/secondWeights') return json({ rows: [weight(1, 29_990), weight(2, 30_420)] });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseOut', 'canAddWarehouseOut'] });
  renderPage(<WarehouseOutFormPage />, 'warehouse-out/add');
  return calls;
}

describe('the WBQ rule on the client', () => {
  it('is short only when the net is below the Pre Out, exactly in kg', () => {
    expect(wbqBelowPreOut(29_999, '30')).toBe(true);
    expect(wbqBelowPreOut(30_000, '30.000')).toBe(false);
    expect(wbqBelowPreOut(30_001, '30')).toBe(false);
    expect(wbqBelowPreOut(undefined, '30')).toBe(false);
  });
});

describe('the Warehouse Out form', () => {
  it('offers the Pre Out’s second weights, shows the net, and refuses a net below the Pre Out before the save', async () => {
    const calls = renderForm();
    await pick('wo-pre-out', 'ABC 123 · Silo yard');
    expect((await screen.findByTestId('wo-pre-out-quantity')).textContent).toBe('30.000');
    await waitFor(() => expect(calls).toContain('/api/warehouseOut/secondWeights?preOutId=7'));
    await pick('wo-second-weight', '#101');
    await waitFor(() => expect(screen.getByTestId('wo-net').textContent).toBe('29.990'));
    expect((await screen.findByTestId('wo-wbq-short')).textContent).toContain(WarehouseDispatchMessages.wbqBelowPreOut);
    expect(screen.getByTestId('wo-save').hasAttribute('disabled')).toBe(true);
    await pick('wo-second-weight', '#102');
    await waitFor(() => expect(screen.getByTestId('wo-net').textContent).toBe('30.420'));
    expect(screen.queryByTestId('wo-wbq-short')).toBeNull();
    expect(screen.getByTestId('wo-save').hasAttribute('disabled')).toBe(false);
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderForm();
    await pick('wo-pre-out', 'ABC 123');
    await screen.findByTestId('wo-pre-out-quantity');
    await pick('wo-second-weight', '#101');
    expect((await screen.findByTestId('wo-wbq-short')).textContent).toContain('لا يمكن أن تكون كمية الميزان للخروج أقل من كمية الميزان لما قبل الخروج.');
  });
});

describe('the Warehouse Out list', () => {
  const renderList = (permissions: string[]) => {
    mockFetch((url) => (url.pathname === '/api/warehouseOut' ? json({ rows: [], count: 0, total: '0.000' }) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions });
    renderPage(<WarehouseOutListPage />, 'warehouse-out');
  };

  it('hides the entry type and transporter filters without their flags', async () => {
    renderList(['canViewWarehouseOut']);
    await screen.findByTestId('warehouse-out-page');
    expect(screen.queryByTestId('wo-filter-entry-type')).toBeNull();
    expect(screen.queryByTestId('wo-filter-transporter')).toBeNull();
  });

  it('shows them with the flags', async () => {
    renderList(['canViewWarehouseOut', 'canViewEntryTypeWarehouseOut', 'canFilterTransporterWarehouseOut']);
    expect(await screen.findByTestId('wo-filter-entry-type')).toBeTruthy();
    expect(screen.getByTestId('wo-filter-transporter')).toBeTruthy();
  });
});

describe('the Warehouse Pre Out list', () => {
  it('asks before a reversal with the truck and its quantity, the quantity isolated so Arabic keeps its order', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/warehousePreOut') return json({ rows: [{ ...preOut, quantity: '1234.5' }], count: 1, total: '1234.500' });
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
      if (url.pathname === '/api/truck') return json({ rows: [], count: 0 });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: true });
    renderPage(<PreOutListPage />, 'warehouse-pre-out');
    fireEvent.click(await screen.findByTestId('wpo-reverse'));
    // The thousands and the three decimals of spec section 9, between FSI and PDI.
    expect(await screen.findByText('Reverse \u2068ABC 123\u2069 (\u20681,234.500 MT\u2069)?')).toBeTruthy();
    expect(unisolatedQuantities(document.body)).toEqual([]);
  });
});
