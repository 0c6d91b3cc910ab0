import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { permissionFlag, type TReconciliationBreaks, type TReconciliationSlips, type TReconciliationView } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { LcReconciliationPage } from './LcReconciliationPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const view: TReconciliationView = {
  consignment: { id: 7, lcPoNumber: 'LC-7', refNumber: null, cargoType: 'Wheat', blConsignee: 'Gulf Flour Mills', shipmentManager: 'Red Sea Grain Logistics', quantity: '25000.000' },
  steps: [
    { key: 'bl', quantity: '24500.000', count: 1, difference: null },
    { key: 'outturn', quantity: '24431.250', count: 1, difference: '-68.750' },
    { key: 'loaded', quantity: '398.880', count: 11, difference: '-24032.370' },
    { key: 'weighed', quantity: '361.830', count: 10, difference: '-37.050' },
    { key: 'received', quantity: '361.250', count: 10, difference: '-0.580' },
    { key: 'delivered', quantity: '166.910', count: 5, difference: '-194.340' },
  ],
  figures: {
    onBoard: '24032.370',
    pendingOutturn: '0.000',
    notWeighed: '37.050',
    inTransit: '37.050',
    transitLoss: '0.580',
    receivedAtWarehouses: '258.490',
    deliveredDirect: '102.760',
    dispatchedFromWarehouses: '97.290',
    deliveredFromWarehouses: '64.150',
  },
  breakCounts: { outturnNotApproved: 0, slipNotReceived: 1, receiptWithoutTicket: 0, manualWeight: 0, lossAboveAllowance: 1 },
};

const breaks: TReconciliationBreaks = {
  rows: [
    { kind: 'slipNotReceived', record: { kind: 'loadingSlip', id: 19, number: '1019' }, slip: { kind: 'loadingSlip', id: 19, number: '1019' }, blNumber: 'BL-1', at: '2026-11-20T08:00:00.000Z', quantity: '37.050', reference: null, note: 'Jeddah Silo' },
    { kind: 'lossAboveAllowance', record: { kind: 'warehouseIn', id: 4, number: '4' }, slip: { kind: 'loadingSlip', id: 12, number: '1012' }, blNumber: 'BL-1', at: '2026-11-21T08:00:00.000Z', quantity: '0.210', reference: '0.085', note: 'Jeddah Silo' },
  ],
  count: 2,
};

const slips: TReconciliationSlips = {
  rows: [
    {
      slip: { kind: 'loadingSlip', id: 12, number: '1012' },
      loadedAt: '2026-11-20T06:00:00.000Z',
      blNumber: 'BL-1',
      voyage: 'DESERT FALCON / V-7',
      truck: 'ABC 123',
      destination: 'Jeddah Silo',
      portTicket: 'P-12',
      ticket: { kind: 'warehousePreIn', id: 3, number: '77' },
      manual: true,
      receipt: { kind: 'warehouseIn', id: 4, number: '4' },
      receivedAt: '2026-11-21T08:00:00.000Z',
      quantity: '34.000',
      received: '33.790',
      inTransit: '0.000',
      loss: '0.210',
      allowedLoss: '0.085',
      breaks: ['manualWeight', 'lossAboveAllowance'],
    },
  ],
  count: 31,
};

function serve(answer = () => json(view)) {
  const asked: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/reports/lc-reconciliation') {
      asked.push(url);
      return answer();
    }
    if (url.pathname === '/api/reports/lc-reconciliation/breaks') {
      asked.push(url);
      const kind = url.searchParams.get('kind');
      const rows = kind ? breaks.rows.filter((b) => b.kind === kind) : breaks.rows;
      return json({ rows, count: rows.length });
    }
    if (url.pathname === '/api/reports/lc-reconciliation/slips') {
      asked.push(url);
      return json(slips);
    }
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    if (url.pathname === '/api/consignments/lcPos') return json({ lcPoNumbers: [] });
    return json({ rows: [], count: 0 });
  });
  return asked;
}

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  setTestSession();
});

describe('LcReconciliationPage', () => {
  it('asks for an LC/PO first and reads nothing', async () => {
    const asked = serve();
    renderPage(<LcReconciliationPage />, 'lc-reconciliation');
    expect(await screen.findByTestId('reconciliation-empty')).toBeTruthy();
    expect(screen.getByText('Pick an LC/PO to reconcile.')).toBeTruthy();
    expect(asked).toHaveLength(0);
    expect(screen.queryByTestId('report-export')).toBeNull();
  });

  it('shows the chain with quantities and differences, the figures, the breaks with links and the slips', async () => {
    const asked = serve();
    renderPage(<LcReconciliationPage />, 'lc-reconciliation?consignmentId=7');
    expect(await screen.findByTestId('reconciliation-steps')).toBeTruthy();
    expect(screen.getByTestId('report-title').textContent).toBe('LC/PO Reconciliation');
    expect(screen.getByTestId('reconciliation-step-outturn-quantity').textContent).toBe('24,431.250');
    expect(screen.getByTestId('reconciliation-step-outturn-difference').textContent).toBe('-68.750');
    expect(screen.getByTestId('reconciliation-step-received-quantity').textContent).toBe('361.250');
    expect(screen.getByTestId('reconciliation-figure-transitLoss').textContent).toBe('0.580');
    // A step with breaks shows as failed.
    const loaded = screen.getByTestId('reconciliation-step-loaded').closest('.ant-steps-item');
    expect(loaded?.className).toContain('ant-steps-item-error');
    const bl = screen.getByTestId('reconciliation-step-bl').closest('.ant-steps-item');
    expect(bl?.className).toContain('ant-steps-item-finish');
    const breaks = await screen.findByTestId('reconciliation-breaks');
    expect(await within(breaks).findByText('Slip never received')).toBeTruthy();
    expect(within(breaks).getByText('Transit loss above the allowance')).toBeTruthy();
    const records = within(breaks).getAllByTestId('reconciliation-break-record');
    expect(records[0]?.getAttribute('href')).toBe('/agencies/1/loadingSlips/19/print');
    expect(records[1]?.getAttribute('href')).toBe('/agencies/1/warehouse-in/4/edit');
    expect(screen.getByTestId('reconciliation-break-count-slipNotReceived').textContent).toContain('1');
    const table = await screen.findByTestId('reconciliation-slips');
    expect(await within(table).findByText('ABC 123')).toBeTruthy();
    expect(within(table).getByTestId('reconciliation-ticket-link').getAttribute('href')).toBe('/agencies/1/warehouse-pre-in/3/edit');
    expect(within(table).getByText('Manual')).toBeTruthy();
    expect(within(table).getByTestId('reconciliation-slip-loss').textContent).toBe('0.210');
    expect(screen.getByText('31 rows')).toBeTruthy();
    expect(Object.fromEntries(asked.find((u) => u.pathname.endsWith('/slips'))?.searchParams ?? [])).toEqual({ consignmentId: '7', page: '1', limit: '20' });
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({ consignmentId: '7' });
    expect(Object.fromEntries(asked.find((u) => u.pathname.endsWith('/breaks'))?.searchParams ?? [])).toEqual({ consignmentId: '7', page: '1', limit: '20' });
    expect(screen.getByTestId('report-export')).toBeTruthy();

    // A count's tag shows that kind only, asked of the server from its first page; a second click shows all again.
    fireEvent.click(screen.getByTestId('reconciliation-break-count-lossAboveAllowance'));
    await waitFor(() => expect(within(screen.getByTestId('reconciliation-breaks')).queryByText('Slip never received')).toBeNull());
    expect(within(screen.getByTestId('reconciliation-breaks')).getByText('Transit loss above the allowance')).toBeTruthy();
    expect(Object.fromEntries(asked.filter((u) => u.pathname.endsWith('/breaks')).at(-1)?.searchParams ?? [])).toEqual({ consignmentId: '7', page: '1', limit: '20', kind: 'lossAboveAllowance' });
    fireEvent.click(screen.getByTestId('reconciliation-break-count-lossAboveAllowance'));
    expect(await within(screen.getByTestId('reconciliation-breaks')).findByText('Slip never received')).toBeTruthy();
  });

  it('says so when the chain has no break; no export without the export flag; record numbers without a link for who may not open them', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: [permissionFlag('LcWiseReport', 'view')] });
    const asked = serve(() => json({ ...view, breakCounts: { outturnNotApproved: 0, slipNotReceived: 0, receiptWithoutTicket: 0, manualWeight: 0, lossAboveAllowance: 0 } }));
    const print = vi.fn();
    window.print = print;
    renderPage(<LcReconciliationPage />, 'lc-reconciliation?consignmentId=7');
    expect(await screen.findByTestId('reconciliation-no-breaks')).toBeTruthy();
    expect(asked.some((u) => u.pathname.endsWith('/breaks'))).toBe(false);
    expect(screen.queryByTestId('report-export')).toBeNull();
    const table = await screen.findByTestId('reconciliation-slips');
    const slipNumber = await within(table).findByTestId('reconciliation-slip-link');
    expect(slipNumber.tagName).toBe('BDI');
    fireEvent.click(screen.getByTestId('report-print'));
    expect(print).toHaveBeenCalled();
  });

  it('shows an error with retry when the server fails (a foreign LC/PO is a 404)', async () => {
    serve(() => json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    renderPage(<LcReconciliationPage />, 'lc-reconciliation?consignmentId=99');
    await waitFor(() => expect(screen.getByTestId('reconciliation-error')).toBeTruthy());
  });
});
