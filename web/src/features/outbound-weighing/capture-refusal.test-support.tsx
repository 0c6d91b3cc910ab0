import type { ReactNode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { OutboundWeighingMessages, type TAgencyLocation, type TCaptureRefusal, type TLocationDetail, type TWeighbridgeLive } from '@tonnage/contracts';
import { json, mockFetch, renderPage } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import { testAgencyData } from '../../components/resources/test-agency';
import { ApiBridge } from '../../app/ApiBridge';
import { setApiHandlers } from '../../app/api';

/*
 * A capture the server refuses, for the four weighing forms' tests (first and second weight, Warehouse Pre In and
 * In): a yard with bridge 5, its live weight, the server's refusal of a POST as `takeWeight` answers it (422, the
 * rule's message, `details.refusal`), and what the tests read back (the calls made, the notifications, the selects).
 */

export const LIVE = '/api/weighbridge/5/live';

/** The yard (location 3) with bridge 5, as the agency's data and the location's detail give it. */
export const yard: TAgencyLocation = { id: 3, name: 'North yard', locationKindId: 1, storageTypeId: 2, customerId: null, consigneeId: null, Silo: [], shipmentManagerIds: [], latitude: null, longitude: null };
const yardDetail: TLocationDetail = {
  id: 3,
  name: 'North yard',
  locationKindId: 1,
  storageTypeId: 2,
  consigneeId: null,
  customerId: null,
  locationId: 3,
  locationName: 'North yard',
  code: null,
  address: null,
  city: null,
  latitude: null,
  longitude: null,
  Silo: [],
  WeightMachine: [{ id: 5, weightMachineId: 'WB-5', name: 'Bridge 1' }],
};

/** Bridge 5's live weight: stable and capturable unless overridden. */
export const bridgeLive = (overrides: Partial<TWeighbridgeLive> = {}): TWeighbridgeLive => ({
  machineId: 5,
  quantity: 39.2,
  kg: 39_200,
  stable: true,
  online: true,
  capturable: true,
  refusal: null,
  reason: null,
  ...overrides,
});

/** What bridge 5 shows once the server has refused a capture for `refusal`: the same rule, capture disabled. */
export const refusedLive = (refusal: TCaptureRefusal) =>
  bridgeLive({ stable: refusal !== 'motion' && refusal !== 'tooFewFrames', capturable: false, refusal, reason: OutboundWeighingMessages[refusal] });

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The form's server: the yard, truck 1 (TRK 7), driver 2 (Hamad), bridge 5's live weight (`before` until the POST to
 * `save`, then `after`), that POST refused for `refusal` (a capture rule, or the net weight's `minDifference`), and
 * the form's own GETs (`more`: an answer, or undefined).
 * Answers every call made, in order.
 */
export function serveRefusal(options: { save: string; refusal: TCaptureRefusal | 'minDifference'; before?: TWeighbridgeLive; after?: TWeighbridgeLive; more?: (url: URL) => Response | undefined }): Call[] {
  const calls: Call[] = [];
  const before = options.before ?? bridgeLive();
  let now = before;
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    if (method === 'POST' && url.pathname === options.save) {
      now = options.after ?? before;
      return json({ message: OutboundWeighingMessages[options.refusal], code: 'BUSINESS_RULE', details: { refusal: options.refusal } }, 422);
    }
    if (method !== 'GET') return undefined;
    if (url.pathname === '/api/agencies/1/agencyData') return json(testAgencyData({ Locations: [yard] }));
    if (url.pathname === '/api/locations/3') return json(yardDetail);
    if (url.pathname === '/api/truck') return json({ rows: [{ id: 1, plateNumber: 'TRK 7' }] });
    if (url.pathname === '/api/driver') return json({ rows: [{ id: 2, name: 'Hamad' }] });
    if (url.pathname === LIVE) return json(now);
    return options.more?.(url);
  });
  return calls;
}

/** The posts sent. */
export const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

/** The GETs of bridge 5's live weight made after the (first) post. */
export const liveAfterPost = (calls: Call[]) => calls.slice(calls.findIndex((call) => call.method === 'POST') + 1).filter((call) => call.path === LIVE).length;

/** The form with the API bridge, so a failure the form reports is shown as the app shows it (a notification). */
export const renderForm = (page: ReactNode, path: string) =>
  renderPage(
    <>
      <ApiBridge />
      {page}
    </>,
    path,
  );

/** The texts of the error notifications on screen. */
export const notices = () => [...document.querySelectorAll('.ant-notification-notice')].map((notice) => notice.textContent ?? '');

/** What a select shows as chosen. */
export const shown = (testId: string) => screen.getByTestId(testId).closest('.ant-select')?.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

/** Switches the form to a typed weight (`kg`, with its reason) and sends it with the capture button `captureTestId`. */
export async function typeManualWeight(kg: string, reason: string, captureTestId: string): Promise<void> {
  fireEvent.click(screen.getByTestId('weigh-manual'));
  fireEvent.change(await screen.findByTestId('weigh-manual-kg'), { target: { value: kg } });
  fireEvent.change(screen.getByTestId('weigh-manual-reason'), { target: { value: reason } });
  fireEvent.click(screen.getByTestId(captureTestId));
}

/**
 * Holds the live weight's one-second poll: it polls only while the page has the focus (refetchIntervalInBackground
 * false), so from here a GET of the live weight can only be the form asking for it, never the poll coming round.
 */
export const holdThePoll = () => focusManager.setFocused(false);

/** After each test: the focus, the API's default error handlers and the session back as they were. */
export function resetAfterRefusal(): void {
  focusManager.setFocused(undefined);
  setApiHandlers({ notifyError: (description) => console.error(description), unauthorized: () => undefined });
  setTestSession();
}
