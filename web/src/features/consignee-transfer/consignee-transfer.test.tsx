import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ConsigneeDispatchMessages, ConsigneeTransferMessages, LoanMessages, Messages, driverResource, truckResource, type TAgencyCompany, type TAgencyLocation, type TConsigneeTransfer, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { openOptions, pick } from '../../test/select';
import { apiRow, json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import ConsigneeTransferFormPage, { ConsigneeTransferListPage } from './ConsigneeTransferPages';

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

const place = (id: number, name: string, kind: number, consigneeId: number | null = null): TAgencyLocation => ({
  id,
  name,
  locationKindId: kind,
  storageTypeId: 2,
  customerId: null,
  consigneeId,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
});
const company = (id: number, name: string, type: number, sm: number | null = null): TAgencyCompany => ({ id, name, companyTypeId: type, CompanyType: { id: type, name: '' }, adminId: null, ShipmentManagerId: sm });
const agencyData = testAgencyData({
  Locations: [place(3, 'Silo yard', 1), place(5, 'Mill site', 2, 9)],
  Companies: [company(9, 'Mill Co', 3, 12), company(13, 'Bakery Co', 3, 12), company(12, 'Grain SM', 5)],
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
  onHand: '30.000',
  committed: '0.000',
  usable: '30.000',
};

/** The agency with the new consignee's own delivery location too (a truck's destination). */
const agencyWithBakerySite = testAgencyData({ ...agencyData, Locations: [...agencyData.Locations, place(6, 'Bakery site', 2, 13)] });

const blank = (fields: Record<string, unknown>) => Object.fromEntries(Object.keys(fields).map((name) => [name, null]));
const truckRow = apiRow(41, { ...blank(truckResource.fields), plateNumber: 'JED 4821', transporterId: 4, transporterIdName: 'Al Safwa Transport', tareWeight: 14.5, capacity: 38 });
const driverRow = apiRow(42, { ...blank(driverResource.fields), name: 'Fahad', transporterId: 4, transporterIdName: 'Al Safwa Transport' });

const QUANTITY_SHORT = { status: 409, body: { message: 'Quantity not available', code: 'QUANTITY_NOT_AVAILABLE', details: { quantity: 'Quantity not available' } } };

function renderAdd(answer: { status: number; body: unknown } = QUANTITY_SHORT, data = agencyData) {
  const calls: { path: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/agencies/1/agencyData') return json(data);
    if (url.pathname === '/api/consigneeTransfer/positions') return json({ rows: [stock] });
    if (url.pathname === '/api/consigneeTransfer' && init?.method === 'POST') return json(answer.body, answer.status);
    if (url.pathname === '/api/truck') return json({ rows: [truckRow], count: 1 });
    if (url.pathname === '/api/driver') return json({ rows: [driverRow], count: 1 });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeTransfer', 'canAddConsigneeTransfer'] });
  renderPage(<ConsigneeTransferFormPage />, 'consignee/consignee-transfer/add');
  return calls;
}

describe('the Consignee Transfer form', () => {
  it('offers consignee locations, their consignee stock and consignees only (no SM), and posts the position', { timeout: 20_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('consignee-transfer-form');
    fireEvent.click(screen.getByTestId('ct-save'));
    expect(await screen.findByText(ConsigneeDispatchMessages.consigneeLocationRequired)).toBeTruthy();
    expect(screen.getByText(ConsigneeTransferMessages.newConsigneeRequired)).toBeTruthy();
    expect(await openOptions('ct-location')).toEqual(['Mill site']);
    await pick('ct-location', 'Mill site');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/consigneeTransfer/positions?locationId=5'));
    await pick('ct-position', 'Mill Co · LC-1');
    expect((await screen.findByTestId('ct-usable')).textContent).toBe('30.000');
    expect(await openOptions('ct-new-consignee')).toEqual(['Bakery Co', 'Mill Co']);
    await pick('ct-new-consignee', 'Bakery Co');
    fireEvent.change(screen.getByTestId('ct-quantity'), { target: { value: '31' } });
    fireEvent.click(screen.getByTestId('ct-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/consigneeTransfer' && c.body !== undefined)).toBe(true));
    const posted = calls.find((c) => c.path === '/api/consigneeTransfer')?.body;
    expect(posted).toMatchObject({ locationId: 5, ownerCompanyId: 9, consignmentId: 11, cargoTypeId: 2, voyageId: 5, attachedVoyageId: 5, toOwnerCompanyId: 13, quantity: '31' });
    expect(posted).not.toHaveProperty('siloId');
    expect(await screen.findByText('Quantity not available')).toBeTruthy();
  });

  it('delivers by truck: the new consignee’s locations and the warehouses, the trip fields required, the movement posted and its refusal on the field', { timeout: 30_000 }, async () => {
    const calls = renderAdd({ status: 400, body: { message: LoanMessages.deliveryDestinationNotAllowed, code: 'VALIDATION', details: { 'movement.toLocationId': LoanMessages.deliveryDestinationNotAllowed } } }, agencyWithBakerySite);
    await screen.findByTestId('consignee-transfer-form');
    expect(screen.queryByTestId('ct-movement')).toBeNull();
    fireEvent.click(screen.getByText('By truck to the new consignee'));
    expect(await screen.findByTestId('ct-movement')).toBeTruthy();
    await pick('ct-location', 'Mill site');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/consigneeTransfer/positions?locationId=5'));
    await pick('ct-position', 'Mill Co · LC-1');
    await pick('ct-new-consignee', 'Bakery Co');
    fireEvent.change(screen.getByTestId('ct-quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('ct-save'));
    expect(await screen.findByText(LoanMessages.deliveryDestinationRequired)).toBeTruthy();
    expect(screen.getByText(Messages.truckRequired)).toBeTruthy();
    expect(screen.getByText(Messages.driverRequired)).toBeTruthy();
    expect(screen.getByText(Messages.wbtRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/consigneeTransfer' && c.body !== undefined)).toBe(false);
    // The new consignee's delivery locations and the agency's warehouses; not the place the cargo leaves (A's site).
    expect(await openOptions('ct-to-location')).toEqual(['Bakery site', 'Silo yard']);
    // (The location picker offers a "Bakery site" too: pick in the destination's own dropdown.)
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const bakerySite = [...(dropdowns[dropdowns.length - 1]?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((o) => o.textContent === 'Bakery site');
    if (!bakerySite) throw new Error('no Bakery site among the destinations');
    fireEvent.click(bakerySite);
    await pick('ct-truck', 'JED 4821');
    await pick('ct-driver', 'Fahad');
    fireEvent.change(screen.getByTestId('ct-wbt'), { target: { value: 'WBT-9' } });
    fireEvent.click(screen.getByTestId('ct-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/consigneeTransfer' && c.body !== undefined)).toBe(true));
    expect(calls.find((c) => c.path === '/api/consigneeTransfer')?.body).toMatchObject({ ownerCompanyId: 9, toOwnerCompanyId: 13, quantity: '12', movement: { toLocationId: 6, truckId: 41, driverId: 42, wbtNumber: 'WBT-9' } });
    expect((await screen.findAllByText(LoanMessages.deliveryDestinationNotAllowed)).length).toBeGreaterThan(0);
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('consignee-transfer-form');
    expect(screen.getByText('المستلم الجديد')).toBeTruthy();
    expect(screen.getByText('لا شيء يتحرك: تبقى البضاعة في الموقع وتصبح ملكاً للمستلم الآخر.')).toBeTruthy();
  });
});

const delivered: TConsigneeTransfer = {
  id: 7,
  locationId: 5,
  locationName: 'Mill site',
  place: 'consigneeLocation',
  siloId: null,
  siloName: null,
  fromOwnerCompanyId: 9,
  fromOwnerName: 'Mill Co',
  toOwnerCompanyId: 13,
  toOwnerName: 'Bakery Co',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  voyageId: 5,
  attachedVoyageId: 5,
  quantity: '12.000',
  transferAt: '2026-11-21T08:00:00.000Z',
  remarks: null,
  delivery: { slipId: 30, slipNumber: 14, toLocationId: 6, toLocationName: 'Bakery site', truckId: 41, driverId: 42, wbtNumber: 'WBT-9', received: false },
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Cora Consignee',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
};

describe('the Consignee Transfer list', () => {
  it('shows where a truck delivered each transfer, with its slip’s print link, and "In place" for the others', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/consigneeTransfer') return json({ rows: [delivered, { ...delivered, id: 8, delivery: null }], count: 2, total: '24.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeTransfer'] });
    renderPage(<ConsigneeTransferListPage />, 'consignee/consignee-transfer');
    expect((await screen.findByTestId('ct-delivery')).textContent).toBe('Bakery site · slip 14 In transit');
    expect(screen.getAllByText('Delivered to').length).toBeGreaterThan(0);
    expect(screen.getByTestId('ct-delivery-print').getAttribute('href')).toBe('/agencies/1/consignee/consignee-transfer/7/slip');
    expect(screen.getByTestId('ct-delivery-in-place').textContent).toBe('In place');
  });
});
