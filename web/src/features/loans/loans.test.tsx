import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { COMPANY_TYPE_IDS, consigneeToSmTransaction, LoanMessages, Messages, type TAgencyCompany, type TAgencyLocation, type TLoan, type TLoanMovement, type TLoanReturn, type TStockPosition } from '@tonnage/contracts';
import { createQueryClient } from '../../app/providers';
import { loadTestLanguage } from '../../test/i18n';
import { apiRow, json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import ConsigneeToSmFormPage, { ConsigneeLocationToSmFormPage } from './ConsigneeToSmFormPage';
import { LoanMovements } from '../reports/LoanMovements';
import SmToConsigneeFormPage from './SmToConsigneeFormPage';
import { LoanListPage, LoanReturnListPage } from './LoanRecords';
import TransferSlipPrintPage from '../warehouse-transfer/TransferSlipPrintPage';

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

const warehouse: TAgencyLocation = { id: 3, name: 'Silo yard', locationKindId: 1, storageTypeId: 2, customerId: null, consigneeId: null, Silo: [], shipmentManagerIds: [], latitude: null, longitude: null };
const site: TAgencyLocation = { ...warehouse, id: 5, name: 'Mill site', locationKindId: 2, consigneeId: 9 };
const agencyData = testAgencyData({ Locations: [warehouse, site] });

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

const loan: TLoan = {
  id: 7,
  place: 'warehouse',
  warehouseId: 3,
  warehouseName: 'Silo yard',
  shipmentId: null,
  blNumber: null,
  siloId: null,
  siloName: null,
  lenderId: 9,
  lenderName: 'Mill Co',
  borrowerId: 4,
  borrowerName: 'Gulf SM',
  consignmentId: 11,
  lcPoNumber: 'LC-1',
  cargoTypeId: 2,
  cargoTypeName: 'Wheat',
  voyageId: 5,
  attachedVoyageId: 5,
  quantity: '25.000',
  returned: '10.000',
  outstanding: '15.000',
  loanAt: '2026-11-21T08:00:00.000Z',
  delivery: null,
  remarks: null,
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Dana',
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
    if (!found) throw new Error(`no option ${label} in ${[...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.textContent).join(' / ')}`);
    return found;
  });
  fireEvent.click(option);
}

describe('the Consignee to SM form', () => {
  it('lends a position of a warehouse with its usable quantity, sending the position', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = [];
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm/positions') return json({ rows: [stock] });
      if (url.pathname === '/api/warehouseConsigneeToSm' && init?.method === 'POST') {
        bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
        return json({ message: LoanMessages.loanCreated, record: loan });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm', 'canAddWarehouseConsigneeToSm'] });
    renderPage(<ConsigneeToSmFormPage />, 'warehouse/consignee-to-sm/add');
    await screen.findByTestId('loan-form');
    await pick('loan-warehouse', 'Silo yard');
    await waitFor(() => expect(calls).toContain('/api/warehouseConsigneeToSm/positions?warehouseId=3'));
    await pick('loan-position', 'Open area · Mill Co · LC-1 · Wheat');
    expect((await screen.findByTestId('loan-usable')).textContent).toBe('50.000');
    fireEvent.change(screen.getByTestId('loan-quantity'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('loan-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ warehouseId: 3, siloId: null, ownerCompanyId: 9, consignmentId: 11, cargoTypeId: 2, voyageId: 5, attachedVoyageId: 5, quantity: '25' });
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) => (url.pathname === '/api/agencies/1/agencyData' ? json(agencyData) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm', 'canAddWarehouseConsigneeToSm'] });
    renderPage(<ConsigneeToSmFormPage />, 'warehouse/consignee-to-sm/add');
    expect(await screen.findByText('إضافة من المستلم إلى مدير الشحنة')).toBeTruthy();
  });
});

describe('the Consignee to SM form with a delivery by truck', () => {
  it('asks for the destination, truck, driver and ticket when ticked, and sends no movement when unticked', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = [];
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm/positions') return json({ rows: [stock] });
      if (url.pathname === '/api/truck') return json({ rows: [apiRow(21, { plateNumber: 'ABC 123', transporterId: 4, tareWeight: 14, capacity: 60 })], count: 1 });
      if (url.pathname === '/api/driver') return json({ rows: [apiRow(22, { name: 'Fahad', transporterId: 4 })], count: 1 });
      if (url.pathname === '/api/warehouseConsigneeToSm' && init?.method === 'POST') {
        bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
        return json({ message: LoanMessages.loanCreated, record: loan });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm', 'canAddWarehouseConsigneeToSm'] });
    renderPage(<ConsigneeToSmFormPage />, 'warehouse/consignee-to-sm/add');
    await screen.findByTestId('loan-form');
    await pick('loan-warehouse', 'Silo yard');
    await waitFor(() => expect(calls).toContain('/api/warehouseConsigneeToSm/positions?warehouseId=3'));
    await pick('loan-position', 'Open area · Mill Co · LC-1 · Wheat');
    fireEvent.change(screen.getByTestId('loan-quantity'), { target: { value: '25' } });
    expect(screen.queryByTestId('loan-deliver-to')).toBeNull();
    fireEvent.click(screen.getByTestId('loan-deliver'));
    await screen.findByTestId('loan-deliver-to');
    await pick('loan-deliver-to', 'Mill site');
    fireEvent.change(screen.getByTestId('loan-wbt'), { target: { value: 'WB-9' } });
    fireEvent.click(screen.getByTestId('loan-save'));
    // The trip needs its truck and driver: nothing is sent without them.
    expect(await screen.findByText(Messages.truckRequired)).toBeTruthy();
    expect(await screen.findByText(Messages.driverRequired)).toBeTruthy();
    expect(bodies).toHaveLength(0);
    // Unticked, the loan is in place again: the movement is null.
    fireEvent.click(screen.getByTestId('loan-deliver'));
    await waitFor(() => expect(screen.queryByTestId('loan-deliver-to')).toBeNull());
    fireEvent.click(screen.getByTestId('loan-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ warehouseId: 3, quantity: '25', movement: null });
  });

  it('shows a delivered loan’s place, slip and state on its record page', { timeout: 20_000 }, async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm/7') return json({ ...loan, delivery: { slipId: 4, slipNumber: 12, toLocationId: 5, toLocationName: 'Mill site', truckId: 21, driverId: 22, wbtNumber: 'WB-9', received: false } });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <MemoryRouter initialEntries={['/agencies/1/warehouse/consignee-to-sm/7/edit']}>
            <Routes>
              <Route path="/agencies/:agencyId/warehouse/consignee-to-sm/:id/edit" element={<ConsigneeToSmFormPage />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('loan-delivery')).textContent).toBe('Delivered to Mill site · slip 12 in transit');
  });
});

describe('the Consignee to SM form at a consignee location', () => {
  it('offers consignee locations and sends the location of the position', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = [];
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/consigneeToSm/positions') return json({ rows: [{ ...stock, warehouseId: 5, warehouseName: 'Mill site' }] });
      if (url.pathname === '/api/consigneeToSm' && init?.method === 'POST') {
        bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
        return json({ message: LoanMessages.loanCreated, record: { ...loan, warehouseId: 5, warehouseName: 'Mill site' } });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsigneeToSm', 'canAddConsigneeToSm'] });
    renderPage(<ConsigneeLocationToSmFormPage />, 'consignee/consignee-to-sm/add');
    await screen.findByTestId('loan-form');
    await pick('loan-location', 'Mill site');
    await waitFor(() => expect(calls).toContain('/api/consigneeToSm/positions?locationId=5'));
    await pick('loan-position', 'Open area · Mill Co · LC-1 · Wheat');
    expect((await screen.findByTestId('loan-usable')).textContent).toBe('50.000');
    fireEvent.change(screen.getByTestId('loan-quantity'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('loan-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ locationId: 5, ownerCompanyId: 9, consignmentId: 11, quantity: '8' });
    expect(bodies[0]).not.toHaveProperty('warehouseId');
  });
});

describe('the SM to Consignee form', () => {
  it('offers the loans with an outstanding quantity and shows the refusal above it on the quantity', { timeout: 20_000 }, async () => {
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseSmToConsignee/open-loans') return json({ rows: [loan] });
      if (url.pathname === '/api/warehouseSmToConsignee' && init?.method === 'POST') {
        return json({ message: LoanMessages.returnAboveOutstanding, code: 'VALIDATION', details: { quantity: LoanMessages.returnAboveOutstanding } }, 400);
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseSmToConsignee', 'canAddWarehouseSmToConsignee'] });
    renderPage(<SmToConsigneeFormPage />, 'warehouse/sm-to-consignee/add');
    await screen.findByTestId('loan-return-form');
    await waitFor(() => expect(calls).toContain('/api/warehouseSmToConsignee/open-loans'));
    await pick('loan-return-loan', '\u2068#7\u2069 · \u2068Silo yard\u2069 · \u2068Mill Co\u2069 → \u2068Gulf SM\u2069 · \u2068LC-1\u2069 · outstanding 15.000 MT');
    expect((await screen.findByTestId('loan-outstanding')).textContent).toBe('15.000');
    fireEvent.change(screen.getByTestId('loan-return-quantity'), { target: { value: '16' } });
    fireEvent.click(screen.getByTestId('loan-return-save'));
    expect(await screen.findByText(LoanMessages.returnAboveOutstanding)).toBeTruthy();
  });
});

describe('the SM to Consignee form from other cargo', () => {
  it('returns a loan from other cargo of the shipment manager, sending its position', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = [];
    const other: TStockPosition = { ...stock, siloId: 21, siloName: 'Silo 2', ownerCompanyId: 4, ownerName: 'Gulf SM', consignmentId: 12, lcPoNumber: 'LC-2', voyageId: 6, attachedVoyageId: 6, usable: '30.000', onHand: '30.000' };
    mockFetch((url, init) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseSmToConsignee/open-loans') return json({ rows: [loan] });
      if (url.pathname === '/api/warehouseSmToConsignee/return-sources') return url.searchParams.get('loanId') === '7' ? json({ rows: [other] }) : json({ rows: [] });
      if (url.pathname === '/api/warehouseSmToConsignee' && init?.method === 'POST') {
        bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : init.body);
        return json({ message: LoanMessages.loanReturnCreated, record: {} });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseSmToConsignee', 'canAddWarehouseSmToConsignee'] });
    renderPage(<SmToConsigneeFormPage />, 'warehouse/sm-to-consignee/add');
    await screen.findByTestId('loan-return-form');
    await pick('loan-return-loan', '\u2068#7\u2069 · \u2068Silo yard\u2069');
    fireEvent.click(screen.getByTestId('loan-return-from-other'));
    await screen.findByTestId('loan-return-source');
    await pick('loan-return-source', 'Silo yard · Silo 2 · LC-2 · Usable 30.000 MT');
    expect((await screen.findByTestId('loan-return-source-usable')).textContent).toContain('30.000');
    fireEvent.change(screen.getByTestId('loan-return-quantity'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('loan-return-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ loanId: 7, quantity: '15', source: { locationId: 3, siloId: 21, consignmentId: 12, voyageId: 6, attachedVoyageId: 6 } });
  });
});

describe('a Loan Statement line’s movements', () => {
  const line = { lenderId: 9, borrowerId: 4, consignmentId: 11, cargoTypeId: 2 };
  const movements: TLoanMovement[] = [
    { kind: 'loan', id: 7, loanId: 7, place: 'warehouse', at: '2026-11-21T02:00:00.000Z', warehouseName: 'Silo yard', siloName: null, quantity: '25.000', outstanding: '25.000' },
    { kind: 'loanReturn', id: 3, loanId: 7, place: 'warehouse', at: '2026-11-21T06:00:00.000Z', warehouseName: 'Silo yard', siloName: null, quantity: '10.000', outstanding: '15.000' },
  ];

  it('lists the line’s loans and returns with the running outstanding, numbers not linked without the screens’ view flag', { timeout: 20_000 }, async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/loan-balance/movements') return json({ rows: movements });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewLoanReport'] });
    renderPage(<LoanMovements row={line} />, 'loan-report');
    const table = await screen.findByTestId('loan-movements');
    await waitFor(() => expect(within(table).getByText('Loan return (LR)')).toBeTruthy());
    expect(calls).toContain('/api/loan-balance/movements?lenderId=9&borrowerId=4&consignmentId=11&cargoTypeId=2');
    expect(within(table).getAllByText('15.000').length).toBeGreaterThan(0);
    expect(within(table).queryAllByTestId('loan-movement-link')).toHaveLength(0);
    expect(within(table).getByText('L 7')).toBeTruthy();
  });

  it('links each movement to its record page for a user who may view it', { timeout: 20_000 }, async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/loan-balance/movements') return json({ rows: [...movements, { ...movements[0], id: 8, loanId: 8, place: 'consigneeLocation' }] });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewLoanReport', 'canViewWarehouseConsigneeToSm', 'canViewConsigneeToSm', 'canViewWarehouseSmToConsignee'] });
    renderPage(<LoanMovements row={line} />, 'loan-report');
    const table = await screen.findByTestId('loan-movements');
    const links = await within(table).findAllByTestId('loan-movement-link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['L 7', '/agencies/1/warehouse/consignee-to-sm/7/edit'],
      ['LR 3', '/agencies/1/warehouse/sm-to-consignee/3/edit'],
      ['L 8', '/agencies/1/consignee/consignee-to-sm/8/edit'],
    ]);
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) => (url.pathname === '/api/agencies/1/agencyData' ? json(agencyData) : url.pathname === '/api/loan-balance/movements' ? json({ rows: movements }) : undefined));
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewLoanReport'] });
    renderPage(<LoanMovements row={line} />, 'loan-report');
    expect(await screen.findByText('المتبقي (طن متري)')).toBeTruthy();
    expect(screen.getByText('الحركة')).toBeTruthy();
  });
});

describe('the loan and loan return record pages', () => {
  const loanReturn: TLoanReturn = { ...loan, id: 3, loanId: 7, quantity: '10.000', returnAt: '2026-11-21T09:00:00.000Z', remarks: 'Half back', createdBy: 'Sami', source: null };
  const reversedReturn: TLoanReturn = { ...loanReturn, id: 4, quantity: '2.000', status: 'Reversed', reversedBy: 'Dana', reversedAt: '2026-11-21T10:00:00.000Z', reverseReason: 'Wrong quantity' };

  function renderAt(path: string, routePath: string, page: ReactNode) {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <MemoryRouter initialEntries={[`/agencies/1/${path}`]}>
            <Routes>
              <Route path={`/agencies/:agencyId/${routePath}`} element={page} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
  }

  it('shows a loan read-only with who recorded it, its returns (reversed ones with who, when and why) linked to their pages', { timeout: 20_000 }, async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm/7') return json({ ...loan, remarks: 'For the mill' });
      if (url.pathname === '/api/warehouseSmToConsignee') return json({ rows: [loanReturn, reversedReturn], count: 2, total: '10.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm', 'canViewWarehouseSmToConsignee'] });
    renderAt('warehouse/consignee-to-sm/7/edit', 'warehouse/consignee-to-sm/:id/edit', <ConsigneeToSmFormPage />);
    const trail = await screen.findByTestId('loan-trail');
    expect(trail.textContent).toContain('Dana');
    expect(trail.textContent).toContain('For the mill');
    expect(screen.getByTestId('loan-outstanding').textContent).toBe('15.000');
    expect(screen.queryByTestId('loan-save')).toBeNull();
    const returns = await screen.findByTestId('loan-returns');
    const links = await within(returns).findAllByTestId('loan-return-link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/agencies/1/warehouse/sm-to-consignee/3/edit', '/agencies/1/warehouse/sm-to-consignee/4/edit']);
    expect(within(returns).getAllByTestId('loan-return-status').map((tag) => tag.textContent)).toEqual(['Active', 'Reversed']);
    expect(calls.some((call) => call.startsWith('/api/warehouseSmToConsignee?') && call.includes('loanId=7') && call.includes('status=all'))).toBe(true);
  });

  it('shows a reversed loan with who reversed it, when and why, and no returns without their view flag', async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url.pathname);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm/7') return json({ ...loan, status: 'Reversed', reversedBy: 'Hala', reversedAt: '2026-11-22T08:00:00.000Z', reverseReason: 'Lent twice' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm'] });
    const view = renderAt('warehouse/consignee-to-sm/7/edit', 'warehouse/consignee-to-sm/:id/edit', <ConsigneeToSmFormPage />);
    const note = await screen.findByTestId('loan-reversed');
    expect(note.textContent).toContain('Reversed by Hala');
    expect(note.textContent).toContain('Lent twice');
    expect(screen.queryByTestId('loan-returns')).toBeNull();
    expect(calls).not.toContain('/api/warehouseSmToConsignee');
    // Unmounted before the session is reset (an admin would see the returns).
    view.unmount();
  });

  it('shows a loan return read-only, linked to its loan, and a reversed one with who, when and why (in Arabic too)', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseSmToConsignee/4') return json(reversedReturn);
      if (url.pathname === '/api/warehouseSmToConsignee/open-loans') return json({ rows: [] });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseSmToConsignee', 'canViewWarehouseConsigneeToSm'] });
    renderAt('warehouse/sm-to-consignee/4/edit', 'warehouse/sm-to-consignee/:id/edit', <SmToConsigneeFormPage />);
    const record = await screen.findByTestId('loan-return-record');
    expect(within(record).getByTestId('loan-return-loan-link').getAttribute('href')).toBe('/agencies/1/warehouse/consignee-to-sm/7/edit');
    expect(record.textContent).toContain('2.000');
    expect(screen.getByTestId('loan-return-reversed').textContent).toContain('عكسها Dana');
    expect(screen.getByTestId('loan-return-reversed').textContent).toContain('Wrong quantity');
    expect(screen.queryByTestId('loan-return-save')).toBeNull();
  });
});

describe('the loan lists', () => {
  const company = (id: number, name: string, companyTypeId: number, ShipmentManagerId: number | null = null): TAgencyCompany => ({ id, name, companyTypeId, CompanyType: { id: companyTypeId, name: '' }, adminId: null, ShipmentManagerId });

  async function optionsOf(testId: string): Promise<string[]> {
    const select = await screen.findByTestId(testId);
    fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
    return waitFor(() => {
      const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
      const options = [...(dropdowns[dropdowns.length - 1]?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map((o) => o.textContent ?? '');
      if (options.length === 0) throw new Error(`no options in ${testId}`);
      return options;
    });
  }

  it('filter by lender among consignees and by borrower among shipment managers (marked SM)', { timeout: 20_000 }, async () => {
    const companies = [company(9, 'Mill Co', COMPANY_TYPE_IDS.consignee, 4), company(4, 'Gulf SM', COMPANY_TYPE_IDS.shipmentManager), company(12, 'Bread Co', COMPANY_TYPE_IDS.customer)];
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData({ Locations: [warehouse, site], Companies: companies }));
      if (url.pathname === '/api/warehouseConsigneeToSm') return json({ rows: [], count: 0, total: '0.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm'] });
    renderPage(<LoanListPage />, 'warehouse/consignee-to-sm');
    await waitFor(async () => expect(await optionsOf('warehouseConsigneeToSm-filter-lender')).toEqual(['Mill Co']));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(async () => expect(await optionsOf('warehouseConsigneeToSm-filter-borrower')).toEqual(['Gulf SM SM']));
  });

  it('open each loan and loan return on its record page', { timeout: 20_000 }, async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm') return json({ rows: [loan], count: 1, total: '25.000' });
      if (url.pathname === '/api/warehouseSmToConsignee') return json({ rows: [{ ...loan, id: 3, loanId: 7, returnAt: loan.loanAt, source: null }], count: 1, total: '10.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm', 'canViewWarehouseSmToConsignee'] });
    const loans = renderPage(<LoanListPage />, 'warehouse/consignee-to-sm');
    expect((await screen.findByTestId('loan-open')).getAttribute('href')).toBe('/agencies/1/warehouse/consignee-to-sm/7/edit');
    loans.unmount();
    renderPage(<LoanReturnListPage />, 'warehouse/sm-to-consignee');
    expect((await screen.findByTestId('loan-return-open')).getAttribute('href')).toBe('/agencies/1/warehouse/sm-to-consignee/3/edit');
  });

  it('show where a truck delivered each loan (destination, slip, state) with the slip’s print link, "In place" otherwise', { timeout: 20_000 }, async () => {
    const delivered = { ...loan, delivery: { slipId: 4, slipNumber: 12, toLocationId: 5, toLocationName: 'Mill site', truckId: 21, driverId: 22, wbtNumber: 'WB-9', received: true } };
    mockFetch((url) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm') return json({ rows: [delivered, { ...loan, id: 8 }], count: 2, total: '50.000' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm'] });
    renderPage(<LoanListPage />, 'warehouse/consignee-to-sm');
    expect((await screen.findByTestId('loan-delivered-to')).textContent).toBe('Mill site · slip 12 Received');
    expect(screen.getByTestId('loan-delivered-to-print').getAttribute('href')).toBe('/agencies/1/warehouse/consignee-to-sm/7/slip');
    expect(screen.getByTestId('loan-delivered-to-in-place').textContent).toBe('In place');
  });
});

describe('the printed transfer slip of a loan', () => {
  it('reads the loan screen’s slip and names the places "From" / "To" and the owner on arrival, in English and Arabic', async () => {
    const slip = {
      id: 4, slipNumber: 12, fromWarehouseId: 3, fromWarehouseName: 'Silo yard', siloId: null, siloName: null, ownerCompanyId: 9, ownerName: 'Mill Co', toOwnerCompanyId: 4,
      consignmentId: 11, lcPoNumber: 'LC-1', cargoTypeId: 2, cargoTypeName: 'Wheat', voyageId: 5, attachedVoyageId: 5, toLocationId: 5, toLocationName: 'Mill site',
      truckId: 21, truckPlate: 'JED 4821', driverId: 22, driverName: 'Fahad', transporterId: null, transporterName: null, wbtNumber: 'WB-9', quantity: '12.000', tripId: 30,
      transferAt: '2026-11-21T08:00:00.000Z', remarks: null, received: false, hasPreIn: false,
      status: 'Active', createdAt: '2026-11-21T08:00:00.000Z', createdBy: 'Dalia Delivery', updatedAt: null, updatedBy: null, reversedAt: null, reversedBy: null, reverseReason: null,
    };
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url.pathname);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/warehouseConsigneeToSm/7/slip') return json({ agencyName: 'Red Sea Bulk Agency', timeZone: 'Asia/Riyadh', slip, source: 'loan', toOwnerName: 'Gulf SM' });
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewWarehouseConsigneeToSm'] });
    renderPage(
      <Routes>
        <Route path="warehouse/consignee-to-sm/:id/slip" element={<TransferSlipPrintPage declaration={consigneeToSmTransaction} />} />
      </Routes>,
      'warehouse/consignee-to-sm/7/slip',
    );
    const english = await screen.findByTestId('tslip-en');
    expect(english.textContent).toContain('FromSilo yard');
    expect(english.textContent).toContain('ToMill site');
    expect(english.textContent).toContain('New ownerGulf SM');
    expect(screen.getByTestId('tslip-ar').textContent).toContain('المالك الجديدGulf SM');
    expect(calls).toContain('/api/warehouseConsigneeToSm/7/slip');
  });
});

