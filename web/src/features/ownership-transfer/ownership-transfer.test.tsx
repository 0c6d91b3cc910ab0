import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { COMPANY_TYPE_IDS, OwnershipTransferMessages, type TAgencyCompany, type TAgencyLocation, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { openOptions, pick } from '../../test/select';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import OwnershipTransferFormPage, { OwnershipTransferListPage } from './OwnershipTransferPages';

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

const place = (id: number, name: string, kind: number, owner: { consigneeId?: number } = {}): TAgencyLocation => ({
  id,
  name,
  locationKindId: kind,
  storageTypeId: 3,
  customerId: null,
  consigneeId: owner.consigneeId ?? null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
});
const agencyData = testAgencyData({ Locations: [place(3, 'Silo yard', 1), place(5, 'Mill site', 2, { consigneeId: 9 })] });

const stock: TStockPosition = {
  warehouseId: 3,
  warehouseName: 'Silo yard',
  siloId: 4,
  siloName: 'Silo 1',
  ownerCompanyId: 9,
  ownerName: 'Mill Co',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  cargoTypeName: 'Wheat',
  voyageId: 5,
  attachedVoyageId: 5,
  onHand: '50.000',
  committed: '10.000',
  usable: '40.000',
};

function renderAdd() {
  const calls: { path: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/ownershipTransfer/positions') return json({ rows: [stock] });
    if (url.pathname === '/api/ownershipTransfer/owners') return json({ rows: [{ id: 9, name: 'Mill Co', isShipmentManager: false }, { id: 12, name: 'Grain SM', isShipmentManager: true }, { id: 13, name: 'Bakery Co', isShipmentManager: false }] });
    if (url.pathname === '/api/ownershipTransfer' && init?.method === 'POST') return json({ message: 'Quantity not available', code: 'QUANTITY_NOT_AVAILABLE', details: { quantity: 'Quantity not available' } }, 409);
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOwnershipTransfer', 'canAddOwnershipTransfer'] });
  renderPage(<OwnershipTransferFormPage />, 'ownershipTransfer/add');
  return calls;
}

describe('the Ownership Transfer form', () => {
  it('offers the place’s stock with its usable quantity and the new owners (SM marked, not the current owner), and posts the position', { timeout: 20_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('ownership-transfer-form');
    fireEvent.click(screen.getByTestId('ot-save'));
    expect(await screen.findByText(OwnershipTransferMessages.placeRequired)).toBeTruthy();
    expect(screen.getByText(OwnershipTransferMessages.newOwnerRequired)).toBeTruthy();
    await pick('ot-location', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/ownershipTransfer/positions?place=warehouse&locationId=3'));
    await pick('ot-position', 'Silo 1 · Mill Co · LC-1');
    expect((await screen.findByTestId('ot-usable')).textContent).toBe('40.000');
    expect(await openOptions('ot-new-owner')).toEqual(['Grain SM (SM)', 'Bakery Co']);
    await pick('ot-new-owner', 'Grain SM');
    fireEvent.change(screen.getByTestId('ot-quantity'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('ot-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ownershipTransfer' && c.body !== undefined)).toBe(true));
    expect(calls.find((c) => c.path === '/api/ownershipTransfer')?.body).toMatchObject({ locationId: 3, siloId: 4, ownerCompanyId: 9, consignmentId: 11, toOwnerCompanyId: 12, quantity: '45' });
    expect(await screen.findByText('Quantity not available')).toBeTruthy();
  });

  it('offers consignee locations for a transfer there', async () => {
    renderAdd();
    await screen.findByTestId('ownership-transfer-form');
    fireEvent.click(screen.getByRole('radio', { name: 'Consignee location' }));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Consignee location' }).checked).toBe(true));
    expect(await openOptions('ot-location')).toEqual(['Mill site']);
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('ownership-transfer-form');
    expect(screen.getByText('المالك الجديد')).toBeTruthy();
    expect(screen.getByText('لا شيء يتحرك: تبقى البضاعة في مكانها ويتغير مالكها فقط.')).toBeTruthy();
  });
});

describe('the Ownership Transfer list', () => {
  const company = (id: number, name: string, companyTypeId: number, ShipmentManagerId: number | null = null): TAgencyCompany => ({ id, name, companyTypeId, CompanyType: { id: companyTypeId, name: '' }, adminId: null, ShipmentManagerId });
  const withCompanies = testAgencyData({
    Locations: [place(3, 'Silo yard', 1)],
    Companies: [company(9, 'Mill Co', COMPANY_TYPE_IDS.consignee, 4), company(4, 'Gulf SM', COMPANY_TYPE_IDS.shipmentManager), company(12, 'Bread Co', COMPANY_TYPE_IDS.customer)],
  });

  it('filters by the previous and the new owner among consignees and shipment managers (marked SM), in the user’s scope', { timeout: 20_000 }, async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(withCompanies);
      if (url.pathname === '/api/ownershipTransfer') return json({ rows: [], count: 0, total: '0.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOwnershipTransfer'] });
    renderPage(<OwnershipTransferListPage />, 'ownershipTransfer');
    await screen.findByTestId('otr-filter-fromOwnerCompany');
    await waitFor(async () => expect(await openOptions('otr-filter-fromOwnerCompany')).toEqual(['Mill Co', 'Gulf SM SM']));
    expect(document.querySelectorAll('[data-testid="picker-sm-tag"]')).toHaveLength(1);
  });

  it('offers only the owners in the user’s data scope', { timeout: 20_000 }, async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(withCompanies);
      if (url.pathname === '/api/ownershipTransfer') return json({ rows: [], count: 0, total: '0.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewOwnershipTransfer'], dataScope: { shipmentManagerIds: [], consigneeIds: [9], locationIds: null } });
    renderPage(<OwnershipTransferListPage />, 'ownershipTransfer');
    await screen.findByTestId('otr-filter-toOwnerCompany');
    await waitFor(async () => expect(await openOptions('otr-filter-toOwnerCompany')).toEqual(['Mill Co']));
  });
});

