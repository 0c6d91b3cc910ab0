import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../app/providers';
import { TransferSlipLinkMessages, WarehouseTransferMessages, type TAgencyLocation, type TStockPosition, type TWarehouseTransfer } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import WarehouseTransferFormPage from './WarehouseTransferPages';
import { transferSlipLines } from './TransferSlipPrintPage';

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

const place = (id: number, name: string, kind: number, owner: { consigneeId?: number; customerId?: number } = {}): TAgencyLocation => ({
  id,
  name,
  locationKindId: kind,
  storageTypeId: 2,
  customerId: owner.customerId ?? null,
  consigneeId: owner.consigneeId ?? null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
});
const agencyData = testAgencyData({
  Locations: [place(3, 'Silo yard', 1), place(4, 'North yard', 1), place(5, 'Mill site', 2, { consigneeId: 9 })],
});

const stock: TStockPosition = {
  warehouseId: 3,
  warehouseName: 'Silo yard',
  siloId: null,
  siloName: null,
  ownerCompanyId: 9,
  ownerName: 'Mill Co',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  cargoTypeName: 'Wheat',
  voyageId: 5,
  attachedVoyageId: 5,
  onHand: '50.000',
  committed: '0.000',
  usable: '50.000',
};

const transfer: TWarehouseTransfer = {
  id: 4,
  slipNumber: 12,
  fromWarehouseId: 3,
  fromWarehouseName: 'Silo yard',
  siloId: null,
  siloName: null,
  ownerCompanyId: 9,
  ownerName: 'Mill Co',
  toOwnerCompanyId: 9,
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  cargoTypeName: 'Wheat',
  voyageId: 5,
  attachedVoyageId: 5,
  toLocationId: 4,
  toLocationName: 'North yard',
  truckId: 21,
  truckPlate: 'ABC 123',
  driverId: 22,
  driverName: 'Fahad',
  transporterId: null,
  transporterName: null,
  wbtNumber: 'WBT-7',
  quantity: '30.000',
  tripId: 40,
  transferAt: '2026-11-21T08:00:00.000Z',
  remarks: null,
  received: true,
  hasPreIn: true,
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Dana',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

async function openOptions(testId: string): Promise<string[]> {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  return waitFor(() => {
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const last = dropdowns[dropdowns.length - 1];
    const options = [...(last?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map((o) => o.textContent ?? '');
    if (options.length === 0) throw new Error(`no options in ${testId}`);
    return options;
  });
}

async function pick(testId: string, label: string) {
  await openOptions(testId);
  const option = await waitFor(() => {
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const last = dropdowns[dropdowns.length - 1];
    const found = [...(last?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

function renderAdd() {
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/warehouseTransfer/positions') return json({ rows: [stock] });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseTransfer', 'canAddWarehouseTransfer'] });
  renderPage(<WarehouseTransferFormPage />, 'warehouseTransfer/add');
  return calls;
}

describe('the Warehouse Transfer form', () => {
  it('offers warehouses only, the warehouse’s stock with its usable quantity, and refuses the same warehouse as destination', { timeout: 20_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('warehouse-transfer-form');
    expect(await openOptions('wtr-from')).toEqual(['North yard', 'Silo yard']);
    await pick('wtr-from', 'Silo yard');
    await waitFor(() => expect(calls).toContain('/api/warehouseTransfer/positions?warehouseId=3'));
    await pick('wtr-position', 'Open area · Mill Co · LC-1 · Wheat');
    expect((await screen.findByTestId('wtr-usable')).textContent).toBe('50.000');
    await pick('wtr-to', 'Silo yard');
    fireEvent.click(screen.getByTestId('wtr-save'));
    expect(await screen.findByText(WarehouseTransferMessages.sameWarehouse)).toBeTruthy();
    expect(screen.getByText('Please Select Truck!')).toBeTruthy();
    expect(screen.getByText('Please Select Weight Bridge Ticket Number!')).toBeTruthy();
    expect(calls).not.toContain('/api/warehouseTransfer');
  });

  it('says it in Arabic, right to left', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('warehouse-transfer-form');
    expect(screen.getByText('من المستودع')).toBeTruthy();
    expect(screen.getByText('إلى المستودع')).toBeTruthy();
    expect(screen.getByText('رقم تذكرة الميزان')).toBeTruthy();
  });

  it('is read-only once a receipt at the destination holds the slip, with the reason', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseTransfer/4') return json(transfer);
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseTransfer', 'canEditWarehouseTransfer'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <MemoryRouter initialEntries={['/agencies/1/warehouseTransfer/4/edit']}>
            <Routes>
              <Route path="/agencies/:agencyId/warehouseTransfer/:id/edit" element={<WarehouseTransferFormPage />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('wtr-held')).textContent).toContain(TransferSlipLinkMessages.inWarehouseIn);
    expect(screen.getByText('North yard')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('wtr-wbt').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('wtr-quantity').value).toBe('30.000');
  });
});

describe('the printed transfer slip', () => {
  it('lists the slip’s lines in each language', () => {
    const en = transferSlipLines(transfer, (key) => key, (value) => `at ${value}`);
    expect(en[0]).toEqual(['warehouseTransfer.slipNumber', '12']);
    expect(en).toContainEqual(['warehouseTransfer.toWarehouse', 'North yard']);
    expect(en).toContainEqual(['warehouseDispatch.silo', 'warehouseDispatch.openArea']);
    expect(en).toContainEqual(['warehouseTransfer.wbtNumber', 'WBT-7']);
  });
});
