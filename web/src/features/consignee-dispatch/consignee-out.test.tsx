import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../app/providers';
import { LinkMessages, type TAgencyLocation, type TConsigneeOut, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { openOptions, pick } from '../../test/select';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import ConsigneeOutFormPage from './ConsigneeOutFormPage';
import { consigneeSlipLines } from './ConsigneeSlipPrintPage';

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
  Locations: [place(3, 'Silo yard', 1), place(5, 'Mill site', 2, { consigneeId: 9 }), place(6, 'Bakery site', 2, { customerId: 8 })],
});

const stock: TStockPosition = {
  warehouseId: 5,
  warehouseName: 'Mill site',
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

const out: TConsigneeOut = {
  id: 4,
  slipNumber: 12,
  locationId: 5,
  locationName: 'Mill site',
  ownerCompanyId: 9,
  ownerName: 'Mill Co',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  voyageId: 5,
  attachedVoyageId: 5,
  toLocationId: 6,
  toLocationName: 'Bakery site',
  truckId: 21,
  truckPlate: 'ABC 123',
  driverId: 22,
  driverName: 'Fahad',
  transporterId: null,
  transporterName: null,
  wbtNumber: 'WBT-7',
  quantity: '30.000',
  tripId: 40,
  outAt: '2026-11-21T08:00:00.000Z',
  remarks: null,
  received: true,
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Dana',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

function renderAdd() {
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/consigneeOut/positions') return json({ rows: [stock] });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeOut', 'canAddConsigneeOut'] });
  renderPage(<ConsigneeOutFormPage />, 'consignee-out/add');
  return calls;
}

describe('the Consignee Out form', () => {
  it('offers consignee locations to leave from and customer locations to go to, and the location’s stock with its usable quantity', { timeout: 20_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('consignee-out-form');
    expect(await openOptions('co-location')).toEqual(['Mill site']);
    await pick('co-location', 'Mill site');
    await waitFor(() => expect(calls).toContain('/api/consigneeOut/positions?locationId=5'));
    await pick('co-position', 'Mill Co · LC-1 · Wheat');
    expect((await screen.findByTestId('co-usable')).textContent).toBe('50.000');
    expect(await openOptions('co-to-location')).toEqual(['Bakery site']);
    fireEvent.click(screen.getByTestId('co-save'));
    expect(await screen.findByText('Please Select Truck!')).toBeTruthy();
    expect(screen.getByText('Please Select Weight Bridge Ticket Number!')).toBeTruthy();
  });

  it('says it in Arabic, right to left', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('consignee-out-form');
    expect(screen.getByText('موقع المستلم')).toBeTruthy();
    expect(screen.getByText('موقع العميل')).toBeTruthy();
    expect(screen.getByText('رقم تذكرة الميزان')).toBeTruthy();
  });

  it('is read-only once a Customer In received the slip, with the reason', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/consigneeOut/4') return json(out);
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeOut', 'canEditConsigneeOut'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <MemoryRouter initialEntries={['/agencies/1/consignee-out/4/edit']}>
            <Routes>
              <Route path="/agencies/:agencyId/consignee-out/:id/edit" element={<ConsigneeOutFormPage />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('co-received')).textContent).toContain(LinkMessages.consigneeOutInCustomerIn);
    expect(screen.getByTestId<HTMLInputElement>('co-wbt').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('co-quantity').value).toBe('30.000');
  });
});

describe('the printed consignee loading slip', () => {
  it('lists the slip’s lines in each language', () => {
    const en = consigneeSlipLines(out, (key) => key, (value) => `at ${value}`);
    expect(en).toContainEqual(['consigneeDispatch.customerLocation', 'Bakery site']);
    expect(en).toContainEqual(['consigneeDispatch.wbtNumber', 'WBT-7']);
    expect(en[0]).toEqual(['consigneeDispatch.slipNumber', '12']);
  });
});
