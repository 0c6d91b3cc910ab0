import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReceivingMessages, SiloTransferMessages, type TAgencyLocation, type TLocationDetail, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import SiloTransferFormPage from './SiloTransferPages';

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

const yard: TAgencyLocation = { id: 3, name: 'Silo yard', locationKindId: 1, storageTypeId: 3, customerId: null, consigneeId: null, Silo: [], shipmentManagerIds: [], latitude: null, longitude: null };
const agencyData = testAgencyData({ Locations: [yard] });
const detail: TLocationDetail = {
  id: 3,
  name: 'Silo yard',
  locationKindId: 1,
  storageTypeId: 3,
  consigneeId: null,
  customerId: null,
  locationId: 3,
  locationName: 'Silo yard',
  code: null,
  address: null,
  city: null,
  latitude: null,
  longitude: null,
  Silo: [
    { id: 4, name: 'Silo 1', capacity: 5000 },
    { id: 5, name: 'Silo 2', capacity: 100 },
    { id: 6, name: 'Silo 3', capacity: 100 },
  ],
  WeightMachine: [],
};
const stock = (siloId: number | null, siloName: string | null): TStockPosition => ({
  warehouseId: 3,
  warehouseName: 'Silo yard',
  siloId,
  siloName,
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
});

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
  await waitFor(async () => {
    const options = await openOptions(testId);
    if (!options.some((o) => o.startsWith(label))) {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      throw new Error(`no option ${label} in ${options.join(' | ')}`);
    }
  });
  const option = await waitFor(() => {
    const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const found = [...(dropdowns[dropdowns.length - 1]?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

/** The first share's quantity input (the test id sits on the input or around it). */
function shareInput(): HTMLElement {
  const element = screen.getByTestId('silo-share-0-quantity');
  return element.tagName === 'INPUT' ? element : (element.querySelector('input') ?? element);
}

function renderAdd() {
  const calls: { path: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/siloTransfer/positions') return json({ rows: [stock(4, 'Silo 1'), stock(null, null)] });
    if (url.pathname === '/api/locations/3') return json(detail);
    if (url.pathname === '/api/siloTransfer' && init?.method === 'POST') return json({ message: ReceivingMessages.siloFull, code: 'QUANTITY_NOT_AVAILABLE', details: { silos: ReceivingMessages.siloFull } }, 409);
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewSiloTransfer', 'canAddSiloTransfer'] });
  renderPage(<SiloTransferFormPage />, 'siloTransfer/add');
  return calls;
}

describe('the Silo Transfer form', () => {
  it('splits the quantity over the other silos (they must add up) and posts the split', { timeout: 20_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('silo-transfer-form');
    await pick('st-warehouse', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/siloTransfer/positions?warehouseId=3'));
    await pick('st-position', 'Silo 1 · Mill Co');
    expect((await screen.findByTestId('st-usable')).textContent).toBe('50.000');
    fireEvent.change(screen.getByTestId('st-quantity'), { target: { value: '30' } });
    // The source silo is not offered as a target.
    expect(await openOptions('silo-share-0-silo')).toEqual(['Silo 2 (100)', 'Silo 3 (100)']);
    const silo2 = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === 'Silo 2 (100)');
    if (!silo2) throw new Error('no Silo 2');
    fireEvent.click(silo2);
    fireEvent.change(shareInput(), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('st-save'));
    expect(await screen.findByText(ReceivingMessages.siloSum)).toBeTruthy();
    fireEvent.change(shareInput(), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('st-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/siloTransfer' && c.body !== undefined)).toBe(true));
    expect(calls.find((c) => c.path === '/api/siloTransfer')?.body).toMatchObject({ warehouseId: 3, siloId: 4, quantity: '30', storage: 'silo', silos: [{ siloId: 5, quantity: '30' }] });
    expect(await screen.findByText(ReceivingMessages.siloFull)).toBeTruthy();
  });

  it('refuses open area to open area before the save', async () => {
    const calls = renderAdd();
    await screen.findByTestId('silo-transfer-form');
    await pick('st-warehouse', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/siloTransfer/positions?warehouseId=3'));
    await pick('st-position', 'Open Area · Mill Co');
    fireEvent.click(screen.getByRole('radio', { name: 'Open Area' }));
    expect((await screen.findByTestId('st-open-to-open')).textContent).toContain(SiloTransferMessages.openAreaToOpenArea);
    expect(screen.getByTestId('st-save').hasAttribute('disabled')).toBe(true);
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('silo-transfer-form');
    expect(screen.getByText('المخزون المراد نقله (صومعة أو ساحة مفتوحة)')).toBeTruthy();
  });
});
