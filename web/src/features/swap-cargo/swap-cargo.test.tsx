import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SwapCargoMessages, type TAgencyLocation, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import SwapCargoFormPage from './SwapCargoPages';

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
const agencyData = testAgencyData({ Locations: [place(3, 'Silo yard', 1), place(6, 'Far yard', 1), place(5, 'Mill site', 2, { consigneeId: 9 })] });

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
const farStock: TStockPosition = { ...stock, warehouseId: 6, warehouseName: 'Far yard', siloId: null, siloName: null, ownerCompanyId: 13, ownerName: 'Bakery Co', consignmentId: 21, lcPoNumber: 'LC-2', voyageId: 7, attachedVoyageId: 7, onHand: '30.000', committed: '0.000', usable: '30.000' };

/** The dropdown of one select (found through its combobox's listbox: the other side's selects hold the same places). */
function dropdownOf(testId: string): HTMLElement | null {
  const select = screen.getByTestId(testId);
  const combobox = within(select.closest('.ant-select') ?? select).getByRole('combobox');
  const listId = combobox.getAttribute('aria-controls') ?? combobox.getAttribute('aria-owns');
  return listId ? (document.getElementById(listId)?.closest<HTMLElement>('.ant-select-dropdown') ?? null) : null;
}

async function pick(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...(dropdownOf(testId)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label} in ${testId}`);
    return found;
  });
  fireEvent.click(option);
}

function renderAdd() {
  const calls: { path: string; body?: unknown }[] = [];
  mockFetch((url, init) => {
    calls.push({ path: `${url.pathname}${url.search}`, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/swapCargo/positions') return json({ rows: url.searchParams.get('locationId') === '6' ? [farStock] : [stock] });
    if (url.pathname === '/api/swapCargo' && init?.method === 'POST')
      return json({ message: SwapCargoMessages.sameCargoType, code: 'VALIDATION_ERROR', details: { bCargoTypeId: SwapCargoMessages.sameCargoType } }, 400);
    return undefined;
  });
  setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewSwapCargo', 'canAddSwapCargo'] });
  renderPage(<SwapCargoFormPage />, 'swapCargo/add');
  return calls;
}

describe('the Swap Cargo form', () => {
  it('takes both sides’ stock with their usable quantities, posts both positions and shows a side’s error on its picker', { timeout: 30_000 }, async () => {
    const calls = renderAdd();
    await screen.findByTestId('swap-cargo-form');
    fireEvent.click(screen.getByTestId('swp-save'));
    expect((await screen.findAllByText(SwapCargoMessages.sideARequired)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(SwapCargoMessages.sideBRequired).length).toBeGreaterThan(0);
    await pick('swp-a-location', 'Silo yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/swapCargo/positions?place=warehouse&locationId=3'));
    await pick('swp-a-position', 'Silo 1 · Mill Co · LC-1');
    expect((await screen.findByTestId('swp-a-usable')).textContent).toBe('40.000');
    await pick('swp-b-location', 'Far yard');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/swapCargo/positions?place=warehouse&locationId=6'));
    await pick('swp-b-position', 'Open area · Bakery Co · LC-2');
    expect((await screen.findByTestId('swp-b-usable')).textContent).toBe('30.000');
    fireEvent.change(screen.getByTestId('swp-quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('swp-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/swapCargo' && c.body !== undefined)).toBe(true));
    expect(calls.find((c) => c.path === '/api/swapCargo')?.body).toMatchObject({
      aLocationId: 3, aSiloId: 4, aOwnerCompanyId: 9, aConsignmentId: 11, aVoyageId: 5, aAttachedVoyageId: 5,
      bLocationId: 6, bSiloId: null, bOwnerCompanyId: 13, bConsignmentId: 21, bVoyageId: 7, bAttachedVoyageId: 7,
      quantity: '12',
    });
    expect(await screen.findByText(SwapCargoMessages.sameCargoType)).toBeTruthy();
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderAdd();
    await screen.findByTestId('swap-cargo-form');
    expect(screen.getByText('مخزون المالك الأول')).toBeTruthy();
    expect(screen.getByText('لا شيء يتحرك: يأخذ كل مالك بضاعة الآخر في مكانها، بالكمية نفسها من الطرفين.')).toBeTruthy();
  });
});
