import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../app/providers';
import { HandlingMessages, type TAgencyLocation, type THandlingRecord, type TStockPosition } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { HandlingLossFormPage, HandlingLossListPage } from './HandlingPages';

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

const yard: TAgencyLocation = { id: 3, name: 'Silo yard', locationKindId: 1, storageTypeId: 2, customerId: null, consigneeId: null, Silo: [], shipmentManagerIds: [], latitude: null, longitude: null };
const agencyData = testAgencyData({ Locations: [yard] });

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
  attachedVoyageId: 6,
  onHand: '50.000',
  committed: '0.000',
  usable: '50.000',
};

const record = (id: number, fields: Partial<THandlingRecord>): THandlingRecord => ({
  id,
  kind: 'handlingLoss',
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
  attachedVoyageId: 6,
  quantity: '2.000',
  baseQuantity: '100.000',
  allowedPercent: '1.000',
  percent: '2.000',
  withinAllowance: false,
  approvalStatus: 'Pending',
  canDecide: true,
  nextApprover: 'Amal Approver',
  posted: false,
  adjustedAt: '2026-11-21T08:00:00.000Z',
  reason: 'Wet layer',
  remarks: null,
  status: 'Active',
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Dana',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
  ...fields,
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

describe('the handling loss form', () => {
  it('picks a position of a warehouse, asks for the reason, and sends the position’s key with the quantity', { timeout: 20_000 }, async () => {
    const posted: unknown[] = [];
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/handlingLoss/positions') return json({ rows: [stock] });
      if (url.pathname === '/api/handlingLoss' && init?.method === 'POST') {
        posted.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);
        return json({ message: HandlingMessages.lossCreated, record: record(1, { approvalStatus: 'Approved', withinAllowance: true }) });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewHandlingLoss', 'canAddHandlingLoss'] });
    renderPage(<HandlingLossFormPage />, 'handlingLoss/add');
    await screen.findByTestId('hl-form');
    await pick('hl-warehouse', 'Silo yard');
    await waitFor(() => expect(calls).toContain('/api/handlingLoss/positions?warehouseId=3'));
    await pick('hl-position', 'Open area · Mill Co · LC-1 · Wheat');
    expect((await screen.findByTestId('hl-usable')).textContent).toBe('50.000');
    fireEvent.change(screen.getByTestId('hl-quantity'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('hl-save'));
    expect(await screen.findByText(HandlingMessages.reasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('hl-reason'), { target: { value: 'Dust' } });
    fireEvent.click(screen.getByTestId('hl-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ warehouseId: 3, siloId: null, ownerCompanyId: 9, consignmentId: 11, cargoTypeId: 2, voyageId: 5, attachedVoyageId: 6, quantity: '0.5', reason: 'Dust' });
  });
});

describe('a handling loss opened by its address', () => {
  function renderRecord(row: THandlingRecord, decisions: unknown[] = []) {
    mockFetch((url, init) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/handlingLoss/7') return json(row);
      if (url.pathname === '/api/handlingLoss/7/decision' && init?.method === 'POST') {
        decisions.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);
        return json({ message: HandlingMessages.lossRejected, record: { ...row, approvalStatus: 'Rejected', canDecide: false } });
      }
      return undefined;
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AntApp>
          <MemoryRouter initialEntries={['/agencies/1/handlingLoss/7/edit']}>
            <Routes>
              <Route path="/agencies/:agencyId/handlingLoss/:id/edit" element={<HandlingLossFormPage />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
  }

  it('is shown read-only with its percent against the allowance, and its current approver decides there (the inbox’s link)', { timeout: 20_000 }, async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewHandlingLoss'] });
    const decisions: unknown[] = [];
    renderRecord(record(7, {}), decisions);
    const detail = await screen.findByTestId('hl-detail');
    expect(detail.textContent).toContain('2.000% (Allowed 1.000% of 100.000 MT received)');
    expect(detail.textContent).toContain('Waiting for Amal Approver');
    expect(screen.queryByTestId('hl-save')).toBeNull();
    fireEvent.click(within(screen.getByTestId('hl-detail-decision')).getByTestId('hl-reject'));
    fireEvent.change(await screen.findByTestId('hl-decision-comment'), { target: { value: 'No survey' } });
    fireEvent.click(screen.getByTestId('hl-decision-ok'));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'Rejected', comment: 'No survey' }]));
  });

  it('offers no decision to whoever is not its current approver', async () => {
    setTestSession({ isAgencyAdmin: true, isAgencyUser: false, permissions: [] });
    renderRecord(record(7, { canDecide: false }));
    await screen.findByTestId('hl-detail');
    expect(screen.queryByTestId('hl-detail-decision')).toBeNull();
    expect(screen.queryByTestId('hl-approve')).toBeNull();
  });
});

describe('the handling loss list', () => {
  function renderList(rows: THandlingRecord[], decisions: unknown[] = []) {
    mockFetch((url, init) => {
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      if (url.pathname === '/api/handlingLoss') return json({ rows, count: rows.length, total: '0.000' });
      if (url.pathname === '/api/handlingLoss/7/decision' && init?.method === 'POST') {
        decisions.push(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);
        return json({ message: HandlingMessages.lossApproved, record: rows[0] });
      }
      return undefined;
    });
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewHandlingLoss'] });
    renderPage(<HandlingLossListPage />, 'handlingLoss');
  }

  it('shows the percent against the allowance and the approval state, and lets the current approver decide', { timeout: 20_000 }, async () => {
    const decisions: unknown[] = [];
    renderList([record(7, {}), record(8, { canDecide: false, approvalStatus: 'Approved', withinAllowance: true, percent: '0.500', nextApprover: null })], decisions);
    const percents = await screen.findAllByTestId('hl-percent');
    expect(percents.map((p) => p.textContent)).toEqual(['2.000%', '0.500%']);
    expect(screen.getAllByTestId('hl-approval').map((p) => p.textContent)).toEqual(['Pending', 'Approved']);
    expect(screen.getAllByTestId('hl-approve')).toHaveLength(1);
    expect(screen.getAllByTestId('hl-documents')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('hl-approve'));
    // The quantity and percent isolated in the question, so an Arabic title keeps '2.000 MT' and '2.000%' in order.
    expect(await screen.findByText('Approve: \u20682.000 MT\u2069 (\u20682.000%\u2069)')).toBeTruthy();
    fireEvent.change(await screen.findByTestId('hl-decision-comment'), { target: { value: 'Survey agrees' } });
    fireEvent.click(screen.getByTestId('hl-decision-ok'));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'Approved', comment: 'Survey agrees' }]));
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    renderList([record(7, {})]);
    expect((await screen.findAllByTestId('hl-approval')).map((p) => p.textContent)).toEqual(['قيد الاعتماد']);
    expect(screen.getByText('فاقد المناولة')).toBeTruthy();
  });
});
