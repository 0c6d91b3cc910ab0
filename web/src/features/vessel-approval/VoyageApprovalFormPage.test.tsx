import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TApprovalState, TVoyageApproval } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { testRecordTrail } from '../../components/transactions/test-records';
import VoyageApprovalFormPage from './VoyageApprovalFormPage';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

type Step = TApprovalState['steps'][number];
const step = (order: number, status: Step['status']): Step => ({ order, userId: 8 + order, userName: `Approver ${order}`, status, decidedAt: status === 'Pending' ? null : '2026-11-21T09:00:00.000Z', comment: null });

const pending: TApprovalState = {
  status: 'Pending',
  steps: [step(1, 'Pending')],
  nextApproverId: 9,
  isCurrentApprover: false,
  nextApproverBlocked: false,
  mayStandIn: false,
};

const outturn: TVoyageApproval = {
  id: 5,
  voyageId: 4,
  vesselName: 'DESERT FALCON',
  voyageNumber: 'V-7',
  portName: 'Jeddah',
  blQuantity: '300.500',
  dischargedQuantity: '290.000',
  difference: '-10.500',
  surveyDate: '2026-11-20',
  remarks: 'draft survey',
  status: 'Pending',
  approval: pending,
  ...testRecordTrail,
};

/** The out-turn, its voyage's BLs (100.250 + 200.250 MT) and the agency data; a PUT answers with the out-turn. */
function serve(record: TVoyageApproval) {
  setTestSession();
  return mockFetch((url, init) => {
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData());
    if (url.pathname === '/api/vesselQuantityApproval/vessel/5') return json(init?.method === 'PUT' ? { ...record, dischargedQuantity: '310.000' } : record);
    if (url.pathname === '/api/vesselQuantityApproval/voyages/4/shipments')
      return json({
        rows: [
          { id: 11, blNumber: 'BL-1', lcPoNumber: 'LC-1', blConsigneeName: 'Gulf Mills', blQuantity: '100.250', quantityApprovalId: null },
          { id: 12, blNumber: 'BL-2', lcPoNumber: 'LC-2', blConsigneeName: 'Gulf Mills', blQuantity: '200.250', quantityApprovalId: null },
        ],
      });
    return undefined;
  });
}

function renderEdit() {
  renderPage(
    <Routes>
      <Route path="vesselQuantityApproval/vessel/:id/edit" element={<VoyageApprovalFormPage />} />
      <Route path="vesselQuantityApproval/vessel" element={<div data-testid="outturn-list" />} />
    </Routes>,
    'vesselQuantityApproval/vessel/5/edit',
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the voyage out-turn form', () => {
  beforeAll(() => loadTestLanguage('en'));

  it('shows the voyage’s BL total with the live difference, and saves the edited out-turn', async () => {
    const fetchMock = serve(outturn);
    renderEdit();
    await screen.findByTestId('voyage-approval-form');
    await waitFor(() => expect(screen.getByTestId('voyage-approval-bl-total').textContent).toBe('300.500 MT'));
    expect(screen.getByTestId('voyage-approval-live-difference').textContent).toBe('-10.500 MT (Shortage)');
    expect(screen.getByTestId('voyage-approval-survey-date')).toBeTruthy();
    expect(screen.getByTestId<HTMLTextAreaElement>('voyage-approval-remarks').value).toBe('draft survey');

    fireEvent.change(screen.getByTestId('voyage-approval-discharged'), { target: { value: '310' } });
    await waitFor(() => expect(screen.getByTestId('voyage-approval-live-difference').textContent).toBe('9.500 MT (Excess)'));

    act(() => {
      fireEvent.click(screen.getByTestId('voyage-approval-submit'));
    });
    await screen.findByTestId('outturn-list');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = put?.[1]?.body;
    expect(typeof body === 'string' ? JSON.parse(body) : body).toEqual({ voyageId: 4, dischargedQuantity: '310', surveyDate: '2026-11-20', remarks: 'draft survey' });
  });

  it('only shows an out-turn whose approval has begun: no Save, the discharged quantity locked', async () => {
    serve({ ...outturn, approval: { ...pending, steps: [step(1, 'Approved'), step(2, 'Pending')], nextApproverId: 10 } });
    renderEdit();
    await screen.findByTestId('voyage-approval-form');
    expect(screen.getByTestId('voyage-approval-under-way')).toBeTruthy();
    expect(screen.queryByTestId('voyage-approval-submit')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('voyage-approval-discharged').disabled).toBe(true);
  });
});
