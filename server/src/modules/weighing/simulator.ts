/**
 * A weighbridge simulator for development and tests: a TCP server that speaks one indicator format (as a
 * serial-to-Ethernet converter in front of the indicator would) and plays trucks crossing the deck:
 *
 *   empty deck (0 +/- noise) -> a truck drives on (rising, in motion) -> settling (small motion) -> stable at the
 *   truck's weight -> driving off -> empty; then the next truck (by default 32,540 kg, then 14,220 kg), and again.
 *
 * Streaming formats (toledo, stgs, yaohua) send ~7 frames a second to every client; MT-SICS answers `SI`/`S`/`SIR`
 * and SMA answers `W` once and `R` by repeating. One deck: every client sees the same weight. The scenario advances
 * by one frame interval per tick (not by wall clock), and with a `seed` its noise is the same on every run.
 * `npm run weighbridge:sim -- --format toledo --port 4001` runs it (scripts/weighbridge-sim.ts).
 */
import net from 'node:net';
import type { IndicatorFormat } from '@tonnage/contracts';
import { codecOf } from './indicators/index';
import type { IndicatorCodec, IndicatorReading } from './weighing.types';

export interface ScenarioSpec {
  /** The trucks' weights in turn, kg. */
  trucks: number[];
  emptyMs: number;
  driveOnMs: number;
  settleMs: number;
  stableMs: number;
  driveOffMs: number;
  /** The display division (kg): every weight shown is a multiple of it. */
  division: number;
}

export const DEFAULT_SCENARIO: ScenarioSpec = {
  trucks: [32_540, 14_220],
  emptyMs: 5_000,
  driveOnMs: 6_000,
  settleMs: 3_000,
  stableMs: 8_000,
  driveOffMs: 4_000,
  division: 20,
};

export type ScenarioPhase = 'empty' | 'drivingOn' | 'settling' | 'stable' | 'drivingOff';

export interface DeckState {
  kg: number;
  /** The indicator's motion flag, inverted. */
  stable: boolean;
  phase: ScenarioPhase;
  /** Index of the truck in `trucks` (the one on the deck, or the next one while empty). */
  truck: number;
}

/** A small seeded PRNG (mulberry32): deterministic noise for tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cycleMs(spec: ScenarioSpec): number {
  return spec.emptyMs + spec.driveOnMs + spec.settleMs + spec.stableMs + spec.driveOffMs;
}

/**
 * The deck at `elapsedMs` since the scenario started. `random` gives the noise (uniform in [0, 1)); the weight is
 * rounded to the division. Pure apart from `random`.
 */
export function scenarioAt(spec: ScenarioSpec, elapsedMs: number, random: () => number): DeckState {
  const cycle = cycleMs(spec);
  const trucks = spec.trucks.length > 0 ? spec.trucks : DEFAULT_SCENARIO.trucks;
  const round = Math.max(0, Math.floor(elapsedMs / cycle));
  const truck = round % trucks.length;
  const target = trucks[truck] ?? 0;
  const division = spec.division;
  const snap = (kg: number): number => Math.round(kg / division) * division;
  const noise = (amplitude: number): number => (random() * 2 - 1) * amplitude;
  let t = elapsedMs - round * cycle;
  if (t < spec.emptyMs) {
    // An empty deck: mostly 0, now and then one division off.
    return { kg: snap(noise(division * 0.6)), stable: true, phase: 'empty', truck };
  }
  t -= spec.emptyMs;
  if (t < spec.driveOnMs) {
    // Axle group by axle group (5): the weight climbs in steps, with bounce.
    const axles = (t / spec.driveOnMs) * 5;
    const step = Math.floor(axles);
    const within = axles - step;
    const climbing = (target * (step + within * within * (3 - 2 * within))) / 5;
    return { kg: snap(Math.max(0, climbing + noise(target * 0.01))), stable: false, phase: 'drivingOn', truck };
  }
  t -= spec.driveOnMs;
  if (t < spec.settleMs) {
    const decay = 1 - t / spec.settleMs;
    return { kg: snap(target + noise(division * 4 * decay + division)), stable: false, phase: 'settling', truck };
  }
  t -= spec.settleMs;
  if (t < spec.stableMs) return { kg: target, stable: true, phase: 'stable', truck };
  t -= spec.stableMs;
  const falling = target * (1 - t / spec.driveOffMs);
  return { kg: snap(Math.max(0, falling + noise(target * 0.01))), stable: false, phase: 'drivingOff', truck };
}

export interface SimulatorOptions {
  format: IndicatorFormat;
  /** 0 picks a free port (see the returned `port`). */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The scenario (parts of it override DEFAULT_SCENARIO), or 'static' to hold the weight of setWeight (0 at start). */
  scenario?: Partial<ScenarioSpec> | 'static';
  /** Seed of the noise: the same seed plays the same frames. */
  seed?: number;
  /** Milliseconds between frames (and scenario ticks); default 143 (7 a second). */
  intervalMs?: number;
  /** Another encoder of the format (e.g. toledoCodec({ checksum: false })). */
  codec?: IndicatorCodec;
}

export interface WeighbridgeSimulator {
  port: number;
  close(): Promise<void>;
  /** Holds this weight (leaving the scenario) until resumeScenario(); stable unless told otherwise. */
  setWeight(kg: number, options?: { stable?: boolean; overload?: boolean }): void;
  resumeScenario(): void;
  /** While on, nothing is sent (no frames, no answers): an unplugged cable. */
  silence(on: boolean): void;
  /** Writes these bytes to every client now (garbage, a bad checksum, a hand-made frame). */
  sendRaw(buf: Uint8Array): void;
  /** Closes every client connection (the clients may reconnect). */
  disconnectClients(): void;
  /** While on, every frame goes out in three writes a few milliseconds apart (split across TCP segments). */
  splitFrames(on: boolean): void;
  /** The deck now. */
  state(): DeckState & { overload: boolean };
  /** Connected clients. */
  clientCount(): number;
}

interface Client {
  socket: net.Socket;
  /** Pending request bytes (mtsics, sma). */
  input: string;
  /** MT-SICS `SIR` / SMA `R`: answer on every tick. */
  repeat: boolean;
}

/** Starts the simulator; resolves once it listens. */
export async function startWeighbridgeSimulator(options: SimulatorOptions): Promise<WeighbridgeSimulator> {
  const codec = options.codec ?? codecOf(options.format);
  const format = options.format;
  const intervalMs = options.intervalMs ?? 143;
  const spec: ScenarioSpec = options.scenario === 'static' ? DEFAULT_SCENARIO : { ...DEFAULT_SCENARIO, ...options.scenario };
  const random = seededRandom(options.seed ?? Math.floor(Math.random() * 2 ** 32));
  const clients = new Set<Client>();
  let elapsedMs = 0;
  let held: { kg: number; stable: boolean; overload: boolean } | null = options.scenario === 'static' ? { kg: 0, stable: true, overload: false } : null;
  let deck: DeckState = held ? { kg: 0, stable: true, phase: 'empty', truck: 0 } : scenarioAt(spec, 0, random);
  let silent = false;
  let split = false;

  const current = (): IndicatorReading => (held ? { kg: held.kg, stable: held.stable, overload: held.overload } : { kg: deck.kg, stable: deck.stable, overload: false });

  const write = (client: Client, frame: Buffer): void => {
    if (silent || client.socket.destroyed) return;
    if (!split || frame.length < 3) {
      client.socket.write(frame);
      return;
    }
    const a = Math.ceil(frame.length / 3);
    const parts = [frame.subarray(0, a), frame.subarray(a, 2 * a), frame.subarray(2 * a)];
    parts.forEach((part, i) => {
      const send = (): void => {
        if (!client.socket.destroyed) client.socket.write(part);
      };
      if (i === 0) send();
      else setTimeout(send, 3 * i).unref();
    });
  };

  const answer = (client: Client, command: string): void => {
    const reading = current();
    if (format === 'mtsics') {
      if (command === 'SI') write(client, codec.encode(reading));
      else if (command === 'S') write(client, reading.stable === false && !reading.overload ? Buffer.from('S I\r\n') : codec.encode(reading));
      else if (command === 'SIR') {
        client.repeat = true;
        write(client, codec.encode(reading));
      } else if (command === '@') client.repeat = false;
      else write(client, Buffer.from('ES\r\n'));
    } else if (format === 'sma') {
      if (command === 'W') {
        client.repeat = false;
        write(client, codec.encode(reading));
      } else if (command === 'R') {
        client.repeat = true;
        write(client, codec.encode(reading));
      } else write(client, Buffer.from('\n?\r'));
    }
  };

  const onData = (client: Client, chunk: Buffer): void => {
    if (silent) return;
    client.input += chunk.toString('latin1');
    if (client.input.length > 1024) client.input = client.input.slice(-64);
    if (format === 'mtsics') {
      let lf: number;
      while ((lf = client.input.indexOf('\n')) >= 0) {
        const command = client.input.slice(0, lf).replace(/\r$/, '').trim();
        client.input = client.input.slice(lf + 1);
        if (command !== '') answer(client, command);
      }
    } else if (format === 'sma') {
      let cr: number;
      while ((cr = client.input.indexOf('\r')) >= 0) {
        const command = client.input.slice(0, cr).replace(/^[^\n]*\n/, '').trim();
        client.input = client.input.slice(cr + 1);
        if (command !== '') answer(client, command);
      }
    } else {
      client.input = '';
    }
  };

  const streaming = !codec.poll;
  const timer = setInterval(() => {
    elapsedMs += intervalMs;
    if (!held) deck = scenarioAt(spec, elapsedMs, random);
    const frame = codec.encode(current());
    for (const client of clients) if (streaming || client.repeat) write(client, frame);
  }, intervalMs);
  timer.unref();

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const client: Client = { socket, input: '', repeat: false };
    clients.add(client);
    socket.on('data', (chunk: Buffer) => onData(client, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => clients.delete(client));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
    async close() {
      clearInterval(timer);
      for (const client of clients) client.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    setWeight(kg, weightOptions = {}) {
      held = { kg, stable: weightOptions.stable ?? true, overload: weightOptions.overload ?? false };
    },
    resumeScenario() {
      held = null;
    },
    silence(on) {
      silent = on;
    },
    sendRaw(buf) {
      for (const client of clients) if (!client.socket.destroyed) client.socket.write(buf);
    },
    disconnectClients() {
      for (const client of clients) client.socket.destroy();
      clients.clear();
    },
    splitFrames(on) {
      split = on;
    },
    state() {
      const reading = current();
      return { ...deck, kg: reading.kg, stable: reading.stable !== false, overload: reading.overload };
    },
    clientCount: () => clients.size,
  };
}
