import pg from 'pg';
import type { BridgeReading } from './hub';

/**
 * Carries each reading from the process that owns a weighbridge to every process (the owner too), so each one's
 * hub and displays see every bridge. PostgreSQL: LISTEN/NOTIFY on a channel over a dedicated connection; PGlite
 * (one process): in memory.
 */
export interface ReadingBus {
  publish(reading: BridgeReading): void;
  subscribe(handler: (reading: BridgeReading) => void): void;
  /** Resolves once the bus receives (PostgreSQL: after the first LISTEN). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The NOTIFY channel of weighbridge readings. */
export const READING_CHANNEL = 'tonnage_weighbridge_readings';

export function memoryReadingBus(): ReadingBus {
  const handlers: Array<(reading: BridgeReading) => void> = [];
  return {
    publish(reading) {
      for (const handler of handlers) handler(reading);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** A reading in a NOTIFY payload (short keys: a payload is limited to 8000 bytes, and there are many). */
export function encode(r: BridgeReading): string {
  // An indicator over or under range gives no figure: the parsers answer ±Infinity, which JSON cannot carry.
  const kg = Number.isFinite(r.kg) ? r.kg : r.kg > 0 ? '+inf' : '-inf';
  return JSON.stringify([r.machineId, r.agencyId, kg, r.stable, r.overload, r.at, r.net ?? null]);
}

function decodeKg(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value === '+inf') return Infinity;
  if (value === '-inf') return -Infinity;
  return null;
}

export function decode(payload: string): BridgeReading | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (!Array.isArray(value) || value.length < 6) return null;
    const [machineId, agencyId, rawKg, stable, overload, at, net] = value as unknown[];
    const kg = decodeKg(rawKg);
    if (typeof machineId !== 'number' || typeof agencyId !== 'number' || kg === null || typeof at !== 'number') return null;
    return {
      machineId,
      agencyId,
      kg,
      stable: typeof stable === 'boolean' ? stable : null,
      overload: overload === true,
      at,
      ...(typeof net === 'boolean' ? { net } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The bus over PostgreSQL: one dedicated connection LISTENs and NOTIFYs (a session receives its own notifications,
 * so the owner's hub is fed the same way as the others'). A dropped connection is reopened after a second; readings
 * published meanwhile are lost (live data: the next frame follows within a fraction of a second).
 */
export function postgresReadingBus(clientConfig: pg.ClientConfig, log: (message: string, error?: unknown) => void = () => undefined): ReadingBus {
  const handlers: Array<(reading: BridgeReading) => void> = [];
  let client: pg.Client | null = null;
  let ready = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let listening: () => void = () => undefined;
  const firstListen = new Promise<void>((resolve) => {
    listening = resolve;
  });

  const connect = () => {
    if (closed) return;
    const next = new pg.Client({ ...clientConfig, application_name: 'tonnage-weighbridge-bus' });
    client = next;
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      ready = false;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      log('weighbridge reading bus: connection lost, reconnecting', error);
      retry = setTimeout(connect, 1000);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel !== READING_CHANNEL || !message.payload) return;
      const reading = decode(message.payload);
      if (reading) for (const handler of handlers) handler(reading);
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${READING_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        ready = true;
        listening();
      })
      .catch(lost);
  };
  connect();

  return {
    publish(reading) {
      if (!client || !ready) return;
      client.query('select pg_notify($1, $2)', [READING_CHANNEL, encode(reading)]).catch(() => undefined);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    ready: () => firstListen,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      ready = false;
      await current?.end().catch(() => undefined);
    },
  };
}
