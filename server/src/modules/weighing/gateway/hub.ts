import { DEFAULT_STABILITY, type StabilitySettings, type WeightMachineEvent } from '@tonnage/contracts';
import { systemClock, type Clock } from '../../../platform/clock';
import { realtimeRooms, type Realtime } from '../../../platform/realtime/realtime';
import type { TimedReading, WeighbridgeHub } from '../weighing.types';

/** A reading as the reading bus carries it: which weighbridge (and agency), the decoded frame and when it came. */
export interface BridgeReading extends TimedReading {
  machineId: number;
  agencyId: number;
}

/** What the hub knows of a weighbridge: its serial (for the event) and its capture rules. */
export interface HubBridge {
  id: number;
  agencyId: number;
  weightMachineId: string;
  settings: StabilitySettings;
}

/** The hub as its feeders see it: the gateway (through the bus) and tests feed it by hand. */
export interface ReadingHub extends WeighbridgeHub {
  /** One reading of a weighbridge, from the bus (every process receives every reading). */
  receive(reading: BridgeReading): void;
  /** The weighbridges and their rules (the gateway's refresh); a bridge not given uses DEFAULT_STABILITY. */
  setBridges(bridges: readonly HubBridge[]): void;
  /** Stops the offline timer. */
  close(): void;
}

/** How long readings are kept per weighbridge (at least stableSeconds is needed; more serves the evidence). */
export const HUB_KEEP_MS = 30_000;

/**
 * The window test of the live display (WEIGHING.md "Stable weight", rules 1 and 2): the last frame's indicator flag
 * does not say motion, at least 5 frames came in the last stableSeconds and they all lie within motionBand. The
 * capture rules (stability.ts) check more (threshold, zero return, staleness) before a weight may be recorded.
 */
export function looksStable(readings: readonly TimedReading[], settings: Pick<StabilitySettings, 'stableSeconds' | 'motionBand'>, now: number): boolean {
  const last = readings.at(-1);
  if (!last || last.stable === false || last.overload) return false;
  const from = now - settings.stableSeconds * 1000;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const reading of readings) {
    if (reading.at < from) continue;
    count += 1;
    min = Math.min(min, reading.kg);
    max = Math.max(max, reading.kg);
  }
  return count >= 5 && max - min <= settings.motionBand;
}

interface BridgeState {
  readings: TimedReading[];
  lastBelowZeroAt: number | null;
  /** The online state last emitted, so the offline timer emits once per change. */
  emittedOnline: boolean;
}

/**
 * The live state of the weighbridges in this process: per bridge a ring of the last 30 s of readings, when the
 * weight was last below its zero band and whether it is online. Each reading is emitted to the bridge's displays
 * (`weightMachine` to `weighbridge:<id>`, this process's sockets only: every process receives every reading); a
 * timer emits `online: false` once when a bridge goes silent.
 */
export function createWeighbridgeHub(deps: { realtime?: Realtime; clock?: Clock; checkEveryMs?: number } = {}): ReadingHub {
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now().getTime();
  const bridges = new Map<number, HubBridge>();
  const states = new Map<number, BridgeState>();
  const settingsOf = (machineId: number) => bridges.get(machineId)?.settings ?? DEFAULT_STABILITY;

  const stateOf = (machineId: number): BridgeState => {
    let state = states.get(machineId);
    if (!state) {
      state = { readings: [], lastBelowZeroAt: null, emittedOnline: false };
      states.set(machineId, state);
    }
    return state;
  };

  const isOnline = (machineId: number, at: number) => {
    const last = states.get(machineId)?.readings.at(-1);
    return last !== undefined && at - last.at < settingsOf(machineId).staleMs;
  };

  const eventOf = (machineId: number, at: number): WeightMachineEvent => {
    const state = stateOf(machineId);
    const last = state.readings.at(-1) ?? null;
    const online = isOnline(machineId, at);
    return {
      machineId,
      weightMachineId: bridges.get(machineId)?.weightMachineId ?? String(machineId),
      // Over or under range the indicator gives no figure (±Infinity): the display shows the overload, not a number.
      quantity: last && Number.isFinite(last.kg) ? Math.round(last.kg) / 1000 : 0,
      stable: online && looksStable(state.readings, settingsOf(machineId), at),
      online,
      overload: last?.overload ?? false,
      at: last ? new Date(last.at).toISOString() : null,
    };
  };

  const emit = (machineId: number, at: number) => {
    const event = eventOf(machineId, at);
    stateOf(machineId).emittedOnline = event.online;
    deps.realtime?.emitLocal(realtimeRooms.weighbridge(machineId), 'weightMachine', event);
  };

  const timer = deps.realtime
    ? setInterval(() => {
        const at = now();
        for (const [machineId, state] of states) if (state.emittedOnline && !isOnline(machineId, at)) emit(machineId, at);
      }, deps.checkEveryMs ?? 500)
    : undefined;
  timer?.unref();

  return {
    receive(reading) {
      const state = stateOf(reading.machineId);
      const { machineId, agencyId: _agency, ...timed } = reading;
      // Readings come in order from one owner; one arriving late (a takeover) is placed where it belongs.
      let index = state.readings.length;
      while (index > 0 && (state.readings[index - 1]?.at ?? 0) > timed.at) index -= 1;
      state.readings.splice(index, 0, timed);
      const keepFrom = (state.readings.at(-1)?.at ?? timed.at) - Math.max(HUB_KEEP_MS, settingsOf(machineId).stableSeconds * 1000);
      while ((state.readings[0]?.at ?? Infinity) < keepFrom) state.readings.shift();
      if (timed.kg < settingsOf(machineId).zeroBand) state.lastBelowZeroAt = Math.max(state.lastBelowZeroAt ?? 0, timed.at);
      emit(machineId, Math.max(now(), timed.at));
    },
    setBridges(list) {
      bridges.clear();
      for (const bridge of list) bridges.set(bridge.id, bridge);
    },
    window(machineId, ms) {
      const from = now() - ms;
      return (states.get(machineId)?.readings ?? []).filter((reading) => reading.at >= from);
    },
    lastBelowZeroAt(machineId) {
      return states.get(machineId)?.lastBelowZeroAt ?? null;
    },
    status(machineId) {
      return { online: isOnline(machineId, now()), last: states.get(machineId)?.readings.at(-1) ?? null };
    },
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
