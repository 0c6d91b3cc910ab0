import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConsigneeDispatchMessages, ConsigneeTransferMessages, type TAgencyCompany, type TAgencyLocation, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import ConsigneeTransferFormPage from './ConsigneeTransferPages';

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
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

function renderAdd() {
  const calls: { path: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/consigneeTransfer/positions') return json({ rows: [stock] });
    if (url.pathname === '/api/consigneeTransfer' && init?.method === 'POST') return json({ message: 'Quantity not available', code: 'QUANTITY_NOT_AVAILABLE', details: { quantity: 'Quantity not available' } }, 409);
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

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('consignee-transfer-form');
    expect(screen.getByText('المستلم الجديد')).toBeTruthy();
    expect(screen.getByText('لا شيء يتحرك: تبقى البضاعة في الموقع وتصبح ملكاً للمستلم الآخر.')).toBeTruthy();
  });
});
