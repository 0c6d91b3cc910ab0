import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages, SaleMessages, driverResource, truckResource, type TAgencyCompany, type TAgencyLocation, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { openOptions, pick } from '../../test/select';
import { apiRow, json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import SaleFormPage from './SalePages';

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

const place = (id: number, name: string, kind: number): TAgencyLocation => ({
  id,
  name,
  locationKindId: kind,
  storageTypeId: 3,
  customerId: null,
  consigneeId: null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
});
const company = (id: number, name: string, type: number, sm: number | null = null): TAgencyCompany => ({ id, name, companyTypeId: type, CompanyType: { id: type, name: '' }, adminId: null, ShipmentManagerId: sm });
const agencyData = testAgencyData({
  Locations: [place(3, 'Silo yard', 1), { ...place(30, 'Bakery site', 2), customerId: 20 }, { ...place(31, 'Other buyer site', 2), customerId: 21 }],
  Companies: [company(9, 'Mill Co', 3, 12), company(12, 'Grain SM', 5), company(20, 'Bakery Customer', 6), company(21, 'Other Buyer', 6)],
});

const stock = (ownerCompanyId: number, ownerName: string): TStockPosition => ({
  warehouseId: 3,
  warehouseName: 'Silo yard',
  siloId: 4,
  siloName: 'Silo 1',
  ownerCompanyId,
  ownerName,
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  cargoTypeName: 'Wheat',
  voyageId: 5,
  attachedVoyageId: 5,
  onHand: '50.000',
  committed: '10.000',
  usable: '40.000',
});

const blank = (fields: Record<string, unknown>) => Object.fromEntries(Object.keys(fields).map((name) => [name, null]));
const truckRow = apiRow(41, { ...blank(truckResource.fields), plateNumber: 'JED 4821', transporterId: 4, transporterIdName: 'Al Safwa Transport', tareWeight: 14.5, capacity: 38 });
const driverRow = apiRow(42, { ...blank(driverResource.fields), name: 'Fahad', transporterId: 4, transporterIdName: 'Al Safwa Transport' });

function renderAdd(answer: { status: number; body: unknown } = { status: 409, body: { message: 'Quantity not available', code: 'QUANTITY_NOT_AVAILABLE', details: { quantity: 'Quantity not available' } } }) {
  const calls: { path: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/warehouseConsigneeToCustomer/positions') return json({ rows: url.searchParams.get('sellerId') === '12' ? [stock(12, 'Grain SM')] : [stock(9, 'Mill Co'), stock(12, 'Grain SM')] });
    if (url.pathname === '/api/warehouseConsigneeToCustomer/customers') return json({ rows: [{ id: 20, name: 'Bakery Customer' }] });
    if (url.pathname === '/api/warehouseConsigneeToCustomer' && init?.method === 'POST') return json(answer.body, answer.status);
    if (url.pathname === '/api/truck') return json({ rows: [truckRow], count: 1 });
    if (url.pathname === '/api/driver') return json({ rows: [driverRow], count: 1 });
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToCustomer', 'canAddWarehouseConsigneeToCustomer'] });
  renderPage(<SaleFormPage />, 'warehouse/consignee-to-customer/add');
  return calls;
}

describe('the Consignee to Customer form', () => {
  it('asks for the warehouse, the stock and the customer, narrows the stock to a seller (SM marked) and posts the position', { timeout: 20_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('sale-form');
    fireEvent.click(screen.getByTestId('sale-save'));
    expect(await screen.findByText(Messages.warehouseRequired)).toBeTruthy();
    expect(screen.getByText(SaleMessages.customerRequired)).toBeTruthy();
    await pick('sale-warehouse', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/warehouseConsigneeToCustomer/positions?warehouseId=3'));
    expect(await openOptions('sale-position')).toHaveLength(2);
    expect(await openOptions('sale-seller')).toEqual(['Mill Co', 'Grain SM SM']);
    await pick('sale-seller', 'Grain SM');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/warehouseConsigneeToCustomer/positions?warehouseId=3&sellerId=12'));
    await pick('sale-position', 'Silo 1 · Grain SM · LC-1');
    expect((await screen.findByTestId('sale-usable')).textContent).toBe('40.000');
    await pick('sale-customer', 'Bakery Customer');
    fireEvent.change(screen.getByTestId('sale-quantity'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('sale-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/warehouseConsigneeToCustomer' && c.body !== undefined)).toBe(true));
    expect(calls.find((c) => c.path === '/api/warehouseConsigneeToCustomer')?.body).toMatchObject({ warehouseId: 3, siloId: 4, ownerCompanyId: 12, consignmentId: 11, cargoTypeId: 2, voyageId: 5, attachedVoyageId: 5, customerId: 20, quantity: '45' });
    expect(await screen.findByText('Quantity not available')).toBeTruthy();
  });

  it('shows a refused seller on the stock field', { timeout: 20_000 }, async () => {
    const calls = renderAdd({ status: 400, body: { message: SaleMessages.sellerNotAllowed, code: 'VALIDATION', details: { ownerCompanyId: SaleMessages.sellerNotAllowed } } });
    await screen.findByTestId('sale-form');
    await pick('sale-warehouse', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/warehouseConsigneeToCustomer/positions?warehouseId=3'));
    expect(await openOptions('sale-position')).toHaveLength(2);
    await pick('sale-position', 'Silo 1 · Mill Co');
    await pick('sale-customer', 'Bakery Customer');
    fireEvent.change(screen.getByTestId('sale-quantity'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('sale-save'));
    expect((await screen.findAllByText(SaleMessages.sellerNotAllowed)).length).toBeGreaterThan(0);
  });

  it('delivers by truck: the customer’s delivery locations only, the trip fields required, the movement posted and its refusal on the field', { timeout: 30_000 }, async () => {
    const calls = renderAdd({ status: 400, body: { message: SaleMessages.deliveryNotCustomers, code: 'VALIDATION', details: { 'movement.toLocationId': SaleMessages.deliveryNotCustomers } } });
    await screen.findByTestId('sale-form');
    expect(screen.queryByTestId('sale-movement')).toBeNull();
    fireEvent.click(screen.getByText('By truck to the customer'));
    expect(await screen.findByTestId('sale-movement')).toBeTruthy();
    expect(screen.getByText('The cargo leaves by truck on a transfer slip for the customer’s delivery location; it becomes the customer’s there when Customer In receives it.')).toBeTruthy();
    await pick('sale-warehouse', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/warehouseConsigneeToCustomer/positions?warehouseId=3'));
    await pick('sale-position', 'Silo 1 · Mill Co');
    await pick('sale-customer', 'Bakery Customer');
    fireEvent.change(screen.getByTestId('sale-quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('sale-save'));
    expect(await screen.findByText(SaleMessages.deliveryLocationRequired)).toBeTruthy();
    expect(screen.getByText(Messages.truckRequired)).toBeTruthy();
    expect(screen.getByText(Messages.wbtRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/warehouseConsigneeToCustomer' && c.body !== undefined)).toBe(false);
    expect(await openOptions('sale-to-location')).toEqual(['Bakery site']);
    await pick('sale-to-location', 'Bakery site');
    await pick('sale-truck', 'JED 4821');
    await pick('sale-driver', 'Fahad');
    fireEvent.change(screen.getByTestId('sale-wbt'), { target: { value: 'WBT-9' } });
    fireEvent.click(screen.getByTestId('sale-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/warehouseConsigneeToCustomer' && c.body !== undefined)).toBe(true));
    expect(calls.find((c) => c.path === '/api/warehouseConsigneeToCustomer')?.body).toMatchObject({ ownerCompanyId: 9, customerId: 20, quantity: '12', movement: { toLocationId: 30, truckId: 41, driverId: 42, wbtNumber: 'WBT-9' } });
    expect((await screen.findAllByText(SaleMessages.deliveryNotCustomers)).length).toBeGreaterThan(0);
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('sale-form');
    expect(screen.getByText('العميل')).toBeTruthy();
    expect(screen.getByText('البائع')).toBeTruthy();
    expect(screen.getByText('لا شيء يتحرك: تبقى البضاعة في مكانها وتصبح ملكاً للعميل. البيع ليس قرضاً: لا يُرجَع شيء.')).toBeTruthy();
    expect(screen.getByText('بالشاحنة إلى العميل')).toBeTruthy();
    expect(screen.getByText('التسليم')).toBeTruthy();
  });
});
