import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { SocketEvents, type WeightMachineEvent } from '@tonnage/contracts';
import { useSession } from '../../app/session';

/** A weighbridge to watch: the display's location and the machine's device serial, in an agency. */
export interface LiveWeightTarget {
  agencyId: number;
  locationId: number;
  /** The device serial (weight_machines.weightMachineId). */
  weightMachineId: string;
  /** A new value opens a new stream even for the same machine (the display's submit starts again). */
  attempt?: number;
}

/**
 * What the display shows about the stream: `idle` (nothing chosen), `connecting` (waiting for the socket or the
 * first reading), `live` (stable weight), `motion`, `noSignal` (the bridge is offline, or no reading for
 * SILENCE_MS), `error` (the socket was refused or failed: 'Error Fetching Quantity').
 */
export type LiveSignal = 'idle' | 'connecting' | 'live' | 'motion' | 'noSignal' | 'error';

export interface LiveWeight {
  /** MT; 0 until a reading arrives (and again after every change of machine). */
  quantity: number;
  stable: boolean;
  overload: boolean;
  /** ISO instant of the bridge's last frame, as the event says. */
  at: string | null;
  signal: LiveSignal;
}

/** No reading for this long (ms) and the display says "No signal" (the gateway sends every reading it gets). */
export const SILENCE_MS = 2000;

/** How often the silence is checked. */
const CHECK_MS = 250;

/** A payload of the `weightMachine` event, checked: the socket is the server's, but a display must not crash. */
export function readWeightEvent(payload: unknown): WeightMachineEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const event = payload as Partial<WeightMachineEvent>;
  if (typeof event.quantity !== 'number' || !Number.isFinite(event.quantity)) return null;
  return {
    machineId: typeof event.machineId === 'number' ? event.machineId : 0,
    weightMachineId: typeof event.weightMachineId === 'string' ? event.weightMachineId : '',
    quantity: event.quantity,
    stable: event.stable === true,
    // Absent means the spec's plain payload ({quantity}): a reading came, so the bridge is online.
    online: event.online !== false,
    overload: event.overload === true,
    at: typeof event.at === 'string' ? event.at : null,
  };
}

interface StreamState {
  connected: boolean;
  failed: boolean;
  /** Last event received, and when (ms, this browser's clock). */
  last: WeightMachineEvent | null;
  receivedAt: number | null;
  /** When the socket connected (ms): silence counts from here until the first reading. */
  connectedAt: number | null;
}

const initial: StreamState = { connected: false, failed: false, last: null, receivedAt: null, connectedAt: null };

/** The signal of a stream's state at an instant (pure, for the hook and its tests). */
export function signalOf(state: StreamState, now: number, silenceMs: number = SILENCE_MS): LiveSignal {
  if (state.failed) return 'error';
  if (!state.connected || state.connectedAt === null) return 'connecting';
  const since = state.receivedAt ?? state.connectedAt;
  if (now - since > silenceMs) return 'noSignal';
  if (!state.last) return 'connecting';
  if (!state.last.online) return 'noSignal';
  return state.last.stable && !state.last.overload ? 'live' : 'motion';
}

/**
 * The live weight of one weighbridge (spec 2.14, section 7 Realtime): a socket of its own with query token,
 * agencyId, locationId and weightMachineId, which the server lets into the weighbridge's room only after the same
 * checks as `POST /api/weightMachine/register`. A new target disconnects the previous stream first and starts
 * again from 0. Reusable by any screen that shows a bridge's weight (the capture forms).
 */
export function useLiveWeight(target: LiveWeightTarget | null, options: { silenceMs?: number } = {}): LiveWeight {
  const { token } = useSession();
  const silenceMs = options.silenceMs ?? SILENCE_MS;
  const [state, setState] = useState<StreamState>(initial);
  const [now, setNow] = useState(() => Date.now());
  const agencyId = target?.agencyId;
  const locationId = target?.locationId;
  const serial = target?.weightMachineId;
  const attempt = target?.attempt ?? 0;

  useEffect(() => {
    setState(initial);
    if (!token || agencyId === undefined || locationId === undefined || serial === undefined) return undefined;
    const socket = io({
      query: { token: `Bearer ${token}`, agencyId: String(agencyId), locationId: String(locationId), weightMachineId: serial },
      withCredentials: true,
    });
    socket.on('connect', () => setState((previous) => ({ ...previous, connected: true, failed: false, connectedAt: Date.now() })));
    socket.on('connect_error', () => setState((previous) => ({ ...previous, connected: false, failed: true })));
    socket.on('disconnect', () => setState((previous) => ({ ...previous, connected: false, connectedAt: null })));
    socket.on(SocketEvents.weightMachine, (payload: unknown) => {
      const event = readWeightEvent(payload);
      if (event) setState((previous) => ({ ...previous, last: event, receivedAt: Date.now() }));
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, agencyId, locationId, serial, attempt]);

  useEffect(() => {
    if (agencyId === undefined) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), CHECK_MS);
    return () => window.clearInterval(timer);
  }, [agencyId]);

  if (!target) return { quantity: 0, stable: false, overload: false, at: null, signal: 'idle' };
  return {
    quantity: state.last?.quantity ?? 0,
    stable: state.last?.stable ?? false,
    overload: state.last?.overload ?? false,
    at: state.last?.at ?? null,
    signal: signalOf(state, Math.max(now, state.receivedAt ?? 0, state.connectedAt ?? 0), silenceMs),
  };
}
