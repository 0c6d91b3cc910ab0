import net from 'node:net';
import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';
import type { WeighbridgeConfig } from '../weighbridges';
import type { IndicatorCodec, TimedReading } from '../weighing.types';

/** Opens the byte stream to a weighbridge's indicator: TCP (host, port) or a serial line. */
export type OpenTransport = (bridge: WeighbridgeConfig) => Duplex;

/** The line settings of a serial weighbridge (9600 8N1 unless the form says otherwise). */
export function serialOptionsOf(bridge: WeighbridgeConfig): { path: string; baudRate: number; dataBits: 7 | 8; parity: 'none' | 'even' | 'odd'; stopBits: 1 | 2 } {
  if (!bridge.serialPath) throw new Error('no serial device');
  return { path: bridge.serialPath, baudRate: bridge.baudRate ?? 9600, dataBits: bridge.dataBits ?? 8, parity: bridge.parity ?? 'none', stopBits: bridge.stopBits ?? 1 };
}

export const openTransport: OpenTransport = (bridge) => {
  if (bridge.protocol === 'serial') return new SerialPort(serialOptionsOf(bridge));
  if (!bridge.host || !bridge.port) throw new Error('no host and port');
  const socket = net.connect({ host: bridge.host, port: bridge.port });
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 5000);
  return socket;
};

export interface ConnectionOptions {
  bridge: WeighbridgeConfig;
  codec: IndicatorCodec;
  onReading(reading: TimedReading): void;
  transport?: OpenTransport;
  /** Reconnect delays: from initialMs doubling up to maxMs, back to initialMs after a good frame. */
  backoff?: { initialMs: number; maxMs: number };
  /** Silence (no frame) after which the link is dropped and reopened; default max(2 s, staleMs). */
  silenceMs?: number;
  log?: (message: string) => void;
  now?: () => number;
}

export interface BridgeConnection {
  /** A frame came within the silence limit. */
  readonly receiving: boolean;
  /** Links opened so far (the first one included). */
  readonly attempts: number;
  close(): void;
}

export const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 10_000 };

/**
 * One weighbridge's link: opens the transport, sends the codec's poll (once, then every `everyMs`), decodes the
 * stream and hands over each reading. Any error, close or silence (an unplugged USB adapter sends no close event:
 * only the watchdog notices) drops the link and reopens it after a back-off delay.
 */
export function openBridgeConnection(options: ConnectionOptions): BridgeConnection {
  const { bridge, codec } = options;
  const open = options.transport ?? openTransport;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const silenceMs = options.silenceMs ?? Math.max(2000, bridge.settings.staleMs);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const name = `weighbridge ${bridge.weightMachineId} (#${bridge.id})`;

  let closed = false;
  let delay = backoff.initialMs;
  let attempts = 0;
  let stream: Duplex | null = null;
  let poller: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let lastFrameAt = 0;
  let receiving = false;
  /** Whether the last state reported was a failure: a link failing again and again is logged once. */
  let failing = false;

  const teardown = () => {
    if (poller) clearInterval(poller);
    poller = undefined;
    const current = stream;
    stream = null;
    receiving = false;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => undefined);
      // A serial port must be closed (destroying the stream leaves the device open and locked), then destroyed.
      const port = current as Duplex & { isOpen?: boolean; close?: (callback: () => void) => void };
      if (port.isOpen === true && typeof port.close === 'function') port.close(() => current.destroy());
      else current.destroy();
    }
  };

  const reconnect = (reason: string) => {
    if (closed) return;
    teardown();
    if (!failing) log(`${name}: ${reason}; reconnecting`);
    failing = true;
    if (retry) clearTimeout(retry);
    retry = setTimeout(start, delay);
    delay = Math.min(delay * 2, backoff.maxMs);
  };

  const sendPoll = (target: Duplex) => {
    if (!codec.poll || target !== stream) return;
    target.write(codec.poll.request);
  };

  function start(): void {
    retry = undefined;
    if (closed) return;
    attempts += 1;
    lastFrameAt = now();
    let next: Duplex;
    try {
      next = open(bridge);
    } catch (error) {
      reconnect(error instanceof Error ? error.message : String(error));
      return;
    }
    stream = next;
    const parser = codec.createParser();
    const onOpen = () => {
      sendPoll(next);
      const every = codec.poll?.everyMs;
      if (every) poller = setInterval(() => sendPoll(next), every);
    };
    next.once('connect', onOpen);
    next.once('open', onOpen);
    next.on('data', (chunk: Buffer) => {
      if (next !== stream) return;
      const readings = parser.push(chunk);
      if (readings.length === 0) return;
      const at = now();
      lastFrameAt = at;
      delay = backoff.initialMs;
      if (!receiving && failing) log(`${name}: receiving again`);
      receiving = true;
      failing = false;
      for (const reading of readings) options.onReading({ ...reading, at });
    });
    next.on('error', (error: Error) => {
      if (next === stream) reconnect(error.message);
    });
    next.on('close', () => {
      if (next === stream) reconnect('connection closed');
    });
  }

  const watchdog = setInterval(() => {
    if (stream && now() - lastFrameAt > silenceMs) reconnect(`no frame for ${Math.round(silenceMs / 100) / 10} s`);
  }, Math.min(250, silenceMs / 4));
  watchdog.unref();

  start();

  return {
    get receiving() {
      return receiving;
    },
    get attempts() {
      return attempts;
    },
    close() {
      closed = true;
      clearInterval(watchdog);
      if (retry) clearTimeout(retry);
      teardown();
    },
  };
}
