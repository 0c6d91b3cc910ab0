import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { TAgencyLocation } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import DisplayWeightPage, { displayChoiceKey } from './DisplayWeightPage';
import { SILENCE_MS, signalOf, useLiveWeight } from './useLiveWeight';
import { formatKilograms, formatTons, screenClock } from './weight-format';

/** A socket.io-client socket that the test drives: `fire` plays what the server would send. */
class FakeSocket {
  readonly handlers = new Map<string, ((payload?: unknown) => void)[]>();
  disconnected = false;
  constructor(readonly options: { query: Record<string, string> }) {}
  on(event: string, handler: (payload?: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  fire(event: string, payload?: unknown) {
    act(() => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: { query: Record<string, string> }) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const location = (id: number, name: string): TAgencyLocation => ({
  id,
  name,
  locationKindId: 1,
  storageTypeId: 2,
  customerId: null,
  consigneeId: null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
});

const agencyData = testAgencyData({ Locations: [location(10, 'North Terminal'), location(11, 'Empty Yard')] });
const reading = (quantity: number, fields: Record<string, unknown> = {}) => ({
  machineId: 7,
  weightMachineId: 'WB-1',
  quantity,
  stable: true,
  online: true,
  overload: false,
  at: '2026-11-24T10:00:00.000Z',
  ...fields,
});

let registered: unknown[] = [];
function serve() {
  registered = [];
  return mockFetch((url, init) => {
    if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
    if (url.pathname === '/api/weightMachine/location') {
      const rows = url.searchParams.get('locationId') === '10' ? [{ id: 7, weightMachineId: 'WB-1', name: 'Gate 1' }, { id: 8, weightMachineId: 'WB-2', name: null }] : [];
      return json({ rows, count: rows.length });
    }
    if (url.pathname === '/api/weightMachine/register' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { weightMachineId: string };
      registered.push(body);
      return json(body.weightMachineId === 'WB-2' ? { accepted: false, machineId: null, message: 'no' } : { accepted: true, machineId: 7, message: null });
    }
    return undefined;
  });
}

const remember = (choice: Record<string, unknown>) => window.localStorage.setItem(displayChoiceKey(1), JSON.stringify(choice));
const lastSocket = () => {
  const socket = sockets[sockets.length - 1];
  if (!socket) throw new Error('no socket opened');
  return socket;
};

async function pick(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('weight screen formats (spec 9)', () => {
  it('shows tons with 3 decimals and kilograms with none', () => {
    expect(formatTons(42.3154)).toBe('42.315');
    expect(formatTons(0)).toBe('0.000');
    expect(formatTons(-0.0001)).toBe('0.000');
    expect(formatKilograms(42.3154)).toBe('42,315');
    expect(formatKilograms(0.0004)).toBe('0');
    expect(formatKilograms(1.2345)).toBe('1,235');
  });

  it('shows the date as DD MMM YYYY and the time as hh:mm A on the agency clock', () => {
    expect(screenClock(Date.parse('2026-11-24T10:05:00Z'), 'Asia/Riyadh')).toEqual({ date: '24 Nov 2026', time: '01:05 PM' });
    expect(screenClock(Date.parse('2026-11-24T22:30:00Z'), 'Asia/Riyadh')).toEqual({ date: '25 Nov 2026', time: '01:30 AM' });
  });
});

describe('the stream signal', () => {
  const connected = { connected: true, failed: false, connectedAt: 1000, receivedAt: 1500, last: reading(1) };
  it('is live when stable, motion when not, no signal when offline or silent for 2 s', () => {
    expect(signalOf(connected, 2000)).toBe('live');
    expect(signalOf({ ...connected, last: reading(1, { stable: false }) }, 2000)).toBe('motion');
    expect(signalOf({ ...connected, last: reading(1, { overload: true }) }, 2000)).toBe('motion');
    expect(signalOf({ ...connected, last: reading(1, { online: false }) }, 2000)).toBe('noSignal');
    expect(signalOf(connected, 1500 + SILENCE_MS)).toBe('live');
    expect(signalOf(connected, 1501 + SILENCE_MS)).toBe('noSignal');
    expect(signalOf({ ...connected, receivedAt: null, last: null }, 1500)).toBe('connecting');
    expect(signalOf({ ...connected, receivedAt: null, last: null }, 1001 + SILENCE_MS)).toBe('noSignal');
    expect(signalOf({ ...connected, failed: true }, 2000)).toBe('error');
  });
});

describe('useLiveWeight', () => {
  beforeEach(() => {
    setTestSession();
    sockets.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('says "no signal" when no reading came for 2 s, and recovers with the next one', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useLiveWeight({ agencyId: 1, locationId: 10, weightMachineId: 'WB-1' }));
    expect(lastSocket().options.query).toEqual({ token: 'Bearer test-token', agencyId: '1', locationId: '10', weightMachineId: 'WB-1' });
    lastSocket().fire('connect');
    lastSocket().fire('weightMachine', reading(12.5));
    expect(result.current).toMatchObject({ quantity: 12.5, signal: 'live' });
    act(() => {
      vi.advanceTimersByTime(SILENCE_MS + 300);
    });
    expect(result.current.signal).toBe('noSignal');
    lastSocket().fire('weightMachine', reading(12.6, { stable: false }));
    expect(result.current).toMatchObject({ quantity: 12.6, signal: 'motion' });
  });
});

describe('DisplayWeightPage', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    setTestSession();
    sockets.length = 0;
    window.localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('without a choice: the default title, the "No Machine Selected" warning and the dialog open', async () => {
    serve();
    renderPage(<DisplayWeightPage />, 'display-weight');
    expect(screen.getByTestId('weight-screen-title').textContent).toBe('Terminal Name');
    expect(screen.getAllByText('No Machine Selected').length).toBeGreaterThan(0);
    expect(await screen.findByText('Select Weight Machine', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(sockets).toEqual([]);
  });

  it('streams the remembered machine: weights, motion, no signal, and the fetch error', () => {
    serve();
    remember({ locationId: 10, locationName: 'North Terminal', weightMachineId: 'WB-1' });
    renderPage(<DisplayWeightPage />, 'display-weight');
    expect(screen.getByTestId('weight-screen-title').textContent).toBe('North Terminal');
    const socket = lastSocket();
    expect(socket.options.query).toEqual({ token: 'Bearer test-token', agencyId: '1', locationId: '10', weightMachineId: 'WB-1' });
    expect(screen.getByTestId('weight-tons').textContent).toContain('0.000');
    socket.fire('connect');
    socket.fire('weightMachine', reading(42.3154));
    expect(screen.getByTestId('weight-tons').textContent).toBe('42.315Tons');
    expect(screen.getByTestId('weight-kg').textContent).toBe('42,315KG');
    expect(screen.getByTestId('weight-signal').textContent).toBe('Stable');
    socket.fire('weightMachine', reading(42.4, { stable: false }));
    expect(screen.getByTestId('weight-signal').textContent).toBe('In motion');
    socket.fire('weightMachine', reading(42.4, { online: false }));
    expect(screen.getByTestId('weight-signal').textContent).toBe('No signal');
    socket.fire('connect_error', new Error('refused'));
    expect(screen.getByText('Error Fetching Quantity')).toBeTruthy();
    expect(screen.getByText('There was an error fetching the quantity. Please try again.')).toBeTruthy();
  });

  it('the dialog: no machines at a location, no machine chosen, refused, then a new stream from 0', async () => {
    serve();
    remember({ locationId: 10, locationName: 'North Terminal', weightMachineId: 'WB-1' });
    renderPage(<DisplayWeightPage />, 'display-weight');
    const first = lastSocket();
    first.fire('connect');
    first.fire('weightMachine', reading(30));
    fireEvent.click(screen.getByRole('button', { name: 'Select Weight Machine' }));
    const dialog = await screen.findByRole('dialog');

    await pick('weight-display-location', 'Empty Yard');
    expect(await within(dialog).findByText('No Weight Machines Available')).toBeTruthy();
    expect(within(dialog).getByText("This terminal doesn't have any weight machines.")).toBeTruthy();

    await pick('weight-display-location', 'North Terminal');
    await waitFor(() => expect(within(dialog).queryByText('No Weight Machines Available')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please select a weight machine.')).toBeTruthy();
    expect(registered).toEqual([]);

    await pick('weight-display-machine', 'WB-2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Error Fetching Quantity')).toBeTruthy();
    // The prior stream stopped for the register call and, refused, the prior machine streams again from 0.
    expect(first.disconnected).toBe(true);
    await waitFor(() => expect(sockets.length).toBe(2));
    expect(sockets[1]?.options.query.weightMachineId).toBe('WB-1');

    await pick('weight-display-machine', 'WB-1 — Gate 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sockets.length).toBe(3));
    expect(registered).toEqual([{ locationId: 10, weightMachineId: 'WB-2' }, { locationId: 10, weightMachineId: 'WB-1' }]);
    expect(sockets[1]?.disconnected).toBe(true);
    expect(screen.getByTestId('weight-tons').textContent).toContain('0.000');
    expect(JSON.parse(window.localStorage.getItem(displayChoiceKey(1)) ?? '{}')).toEqual({ locationId: 10, locationName: 'North Terminal', weightMachineId: 'WB-1' });
    // Several selects and a modal: slow on a loaded machine, not a hang.
  }, 20_000);

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    serve();
    remember({ locationId: 10, locationName: 'North Terminal', weightMachineId: 'WB-1' });
    renderPage(<DisplayWeightPage />, 'display-weight');
    lastSocket().fire('connect');
    lastSocket().fire('weightMachine', reading(5, { online: false }));
    expect(screen.getByTestId('weight-signal').textContent).toBe('لا توجد إشارة');
    expect(screen.getByTestId('weight-tons').textContent).toBe('5.000طن');
  });
});
