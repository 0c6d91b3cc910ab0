import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TApprovalInbox } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { ApprovalsInbox } from './ApprovalsInbox';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

/** A socket stand-in: the inbox subscribes to agency events on it. */
const socketHandlers = new Map<string, () => void>();
const fakeSocket = {
  on: (event: string, handler: () => void) => socketHandlers.set(event, handler),
  off: (event: string) => socketHandlers.delete(event),
};
vi.mock('../../app/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/socket')>()),
  useSocket: () => fakeSocket,
}));

const inbox: TApprovalInbox = {
  count: 3,
  rows: [
    {
      kind: 'vesselQuantityApproval',
      id: 14,
      vesselName: 'MV Desert Falcon',
      voyageNumber: 'DF-2611',
      blNumber: 'BL-7001',
      blQuantity: '500.000',
      dischargedQuantity: '512.500',
      difference: '12.500',
      createdBy: 'Carla Clerk',
      createdAt: '2026-11-20T10:00:00.000Z',
      approverName: 'Lina',
      standIn: false,
      page: 'vesselQuantityApproval/quantityApproval/14/edit',
    },
    {
      kind: 'voyageApproval',
      id: 3,
      vesselName: 'MV Red Star',
      voyageNumber: 'RS-1',
      blNumber: null,
      blQuantity: '1000.000',
      dischargedQuantity: '990.000',
      difference: '-10.000',
      createdBy: 'Carla Clerk',
      createdAt: '2026-11-19T10:00:00.000Z',
      approverName: 'Sami',
      standIn: true,
      page: 'vesselQuantityApproval/vessel/3/edit',
    },
    {
      kind: 'handlingLoss',
      id: 21,
      warehouseName: 'Jeddah silo yard',
      siloName: null,
      ownerName: 'Mill Co',
      lcPoNumber: 'LC-1',
      cargoTypeName: 'Wheat',
      quantity: '5.000',
      percent: '1.100',
      allowedPercent: '1.000',
      createdBy: 'Carla Clerk',
      createdAt: '2026-11-18T10:00:00.000Z',
      approverName: 'Lina',
      standIn: false,
      page: 'handlingLoss/21/edit',
    },
  ],
};

const inboxCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([input]) => urlOf(input).includes('/api/approvals/inbox')).length;

describe('ApprovalsInbox (top bar)', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    socketHandlers.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setTestSession();
  });

  it('shows the count, lists each approval as a link to its edit page, and refetches on an agency event', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/api/approvals/inbox' ? json(inbox) : undefined));
    renderPage(<ApprovalsInbox />);
    await waitFor(() => expect(screen.getByTestId('approvals-inbox-count').textContent).toBe('3'));
    fireEvent.click(screen.getByTestId('approvals-inbox'));
    const items = await screen.findAllByTestId('approvals-inbox-item');
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href'))).toEqual([
      '/agencies/1/vesselQuantityApproval/quantityApproval/14/edit',
      '/agencies/1/vesselQuantityApproval/vessel/3/edit',
      '/agencies/1/handlingLoss/21/edit',
    ]);
    expect(items[2]?.textContent).toContain('Handling loss');
    expect(items[2]?.textContent).toContain('Jeddah silo yard · Open area · Mill Co · LC-1 · Wheat');
    expect(screen.getByTestId('approvals-inbox-handling-quantity').textContent).toBe('5.000 MT: 1.100% of what was received (allowed 1.000%)');
    expect(items[0]?.textContent).toContain('BL quantity approval');
    expect(items[0]?.textContent).toContain('BL-7001 · MV Desert Falcon / DF-2611');
    expect(items[0]?.textContent).toContain('12.500 MT (Excess)');
    expect(items[1]?.textContent).toContain('-10.000 MT (Shortage)');
    expect(screen.getByTestId('approvals-inbox-stand-in').textContent).toBe('Stand-in for Sami, who can no longer approve');

    const before = inboxCalls(fetch);
    const onEvent = socketHandlers.get('events');
    expect(onEvent).toBeDefined();
    act(() => onEvent?.());
    await waitFor(() => expect(inboxCalls(fetch)).toBeGreaterThan(before));
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) => (url.pathname === '/api/approvals/inbox' ? json({ rows: [], count: 0 }) : undefined));
    renderPage(<ApprovalsInbox />);
    expect(screen.getByTestId('approvals-inbox').getAttribute('aria-label')).toBe('الاعتمادات التي تنتظرك');
    fireEvent.click(screen.getByTestId('approvals-inbox'));
    expect((await screen.findByTestId('approvals-inbox-empty')).textContent).toBe('لا يوجد ما ينتظر اعتمادك.');
  });

  it('is not there, and asks nothing, for a user who may approve nothing', () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewApprovalVessel'] });
    const fetch = mockFetch(() => json(inbox));
    renderPage(<ApprovalsInbox />);
    expect(screen.queryByTestId('approvals-inbox')).toBeNull();
    expect(inboxCalls(fetch)).toBe(0);
  });

  it('is there for a user holding one approve permission', async () => {
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canApproveVesselQuantityApproval'] });
    mockFetch((url) => (url.pathname === '/api/approvals/inbox' ? json(inbox) : undefined));
    renderPage(<ApprovalsInbox />);
    await waitFor(() => expect(screen.getByTestId('approvals-inbox-count').textContent).toBe('3'));
  });

  it('is there for a user who may view handling losses (their decision asks no more), in Arabic too', async () => {
    await loadTestLanguage('ar');
    setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewHandlingExcess'] });
    mockFetch((url) => (url.pathname === '/api/approvals/inbox' ? json({ rows: inbox.rows.slice(2), count: 1 }) : undefined));
    renderPage(<ApprovalsInbox />);
    await waitFor(() => expect(screen.getByTestId('approvals-inbox-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('approvals-inbox'));
    const [item] = await screen.findAllByTestId('approvals-inbox-item');
    expect(item?.textContent).toContain('فاقد المناولة');
    expect(screen.getByTestId('approvals-inbox-handling-quantity').textContent).toBe('5.000 طن: 1.100% مما تم استلامه (المسموح 1.000%)');
  });
});
