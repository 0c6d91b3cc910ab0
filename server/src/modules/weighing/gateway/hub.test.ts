import { DEFAULT_STABILITY, type WeightMachineEvent } from '@tonnage/contracts';
import Fastify from 'fastify';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedClock, systemClock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/client';
import { attachRealtime, noRealtime, realtimeRooms } from '../../../platform/realtime/realtime';
import { decode, encode } from './bus';
import { createWeighbridgeHub, looksStable, type BridgeReading } from './hub';

const T0 = Date.parse('2026-11-21T08:00:00Z');

function reading(kg: number, at: number, stable: boolean | null = true): BridgeReading {
  return { machineId: 3, agencyId: 1, kg, stable, overload: false, at };
}

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('looksStable', () => {
  const settings = { stableSeconds: 3, motionBand: 20 };
  const steady = (kgs: number[], stable: boolean | null = true) => kgs.map((kg, i) => reading(kg, T0 + i * 500, stable));

  it('needs 5 frames in the window within the motion band and no motion flag', () => {
    expect(looksStable(steady([32_540, 32_550, 32_545, 32_540, 32_560, 32_555]), settings, T0 + 2500)).toBe(true);
    expect(looksStable(steady([32_540, 32_550, 32_545, 32_540, 32_561, 32_555]).concat(reading(32_500, T0 + 3000)), settings, T0 + 3000)).toBe(false);
    expect(looksStable(steady([32_540, 32_540, 32_540, 32_540]), settings, T0 + 1500)).toBe(false);
    expect(looksStable(steady([32_540, 32_540, 32_540, 32_540, 32_540, 32_540], false), settings, T0 + 2500)).toBe(false);
    // A format without a flag (yaohua): the window alone decides.
    expect(looksStable(steady([32_540, 32_540, 32_540, 32_540, 32_540, 32_540], null), settings, T0 + 2500)).toBe(true);
  });

  it('ignores frames older than stableSeconds', () => {
    const readings = [reading(10_000, T0 - 10_000), ...[0, 1, 2, 3, 4].map((i) => reading(32_540, T0 + i * 500))];
    expect(looksStable(readings, settings, T0 + 2000)).toBe(true);
  });
});

describe('the weighbridge hub', () => {
  it('keeps a window per bridge, the last time below the zero band, and emits weightMachine to the bridge room', () => {
    const clock = fixedClock(new Date(T0));
    const events: Array<{ room: string; event: string; payload: WeightMachineEvent }> = [];
    const hub = createWeighbridgeHub({ clock, realtime: { ...noRealtime, emitLocal: (room, event, payload) => events.push({ room, event, payload: payload as WeightMachineEvent }) } });
    closers.push(() => hub.close());
    hub.setBridges([{ id: 3, agencyId: 1, weightMachineId: 'WB-3', settings: { ...DEFAULT_STABILITY, zeroBand: 150 } }]);
    hub.receive(reading(120, T0));
    clock.advance(500);
    hub.receive(reading(32_540.4, T0 + 500, false));
    expect(hub.lastBelowZeroAt(3)).toBe(T0);
    expect(hub.window(3, 1000).map((r) => r.kg)).toEqual([120, 32_540.4]);
    expect(hub.window(3, 200).map((r) => r.kg)).toEqual([32_540.4]);
    expect(hub.status(3)).toEqual({ online: true, last: { kg: 32_540.4, stable: false, overload: false, at: T0 + 500 } });
    expect(events.at(-1)).toEqual({
      room: 'weighbridge:3',
      event: 'weightMachine',
      payload: { machineId: 3, weightMachineId: 'WB-3', quantity: 32.54, stable: false, online: true, overload: false, at: new Date(T0 + 500).toISOString() },
    });
    // A bridge never heard of: offline, nothing kept.
    expect(hub.status(4)).toEqual({ online: false, last: null });
    expect(hub.lastBelowZeroAt(4)).toBeNull();
    // Older than staleMs: offline.
    clock.advance(DEFAULT_STABILITY.staleMs);
    expect(hub.status(3).online).toBe(false);
    // Readings older than 30 s are dropped.
    clock.advance(40_000);
    hub.receive(reading(32_000, T0 + 41_000));
    expect(hub.window(3, 60_000).map((r) => r.kg)).toEqual([32_000]);
  });

  it('emits online false once when a bridge goes silent', async () => {
    const events: WeightMachineEvent[] = [];
    const hub = createWeighbridgeHub({ checkEveryMs: 50, realtime: { ...noRealtime, emitLocal: (_room, _event, payload) => events.push(payload as WeightMachineEvent) } });
    closers.push(() => hub.close());
    hub.setBridges([{ id: 3, agencyId: 1, weightMachineId: 'WB-3', settings: { ...DEFAULT_STABILITY, staleMs: 200 } }]);
    hub.receive(reading(5000, Date.now()));
    expect(events.at(-1)?.online).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events.filter((e) => !e.online)).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ online: false, stable: false, quantity: 5 });
  });
});

describe('the hub on Socket.IO', () => {
  it("reaches the sockets of the weighbridge's room on this process, and no other socket", async () => {
    const app = Fastify();
    const database = { db: {}, kind: 'pglite', pool: undefined } as unknown as Database;
    // A display's handshake joins its weighbridge's room (the display part's authenticator decides which).
    const realtime = attachRealtime(app, {
      database,
      clock: systemClock,
      authenticate: (_db, handshake) =>
        Promise.resolve({ userId: 1, sessionId: 1, memberOf: null, agencyId: null, isSuperAdmin: false, rooms: handshake.query.machine ? [realtimeRooms.weighbridge(Number(handshake.query.machine))] : [] }),
    });
    const hub = createWeighbridgeHub({ realtime });
    closers.push(() => hub.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;
    const connect = (query: Record<string, string>) =>
      new Promise<ClientSocket>((resolve, reject) => {
        const socket = connectClient(url, { reconnection: false, forceNew: true, query });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const display = await connect({ machine: '3' });
    const other = await connect({ machine: '4' });
    const seen: WeightMachineEvent[] = [];
    const elsewhere: WeightMachineEvent[] = [];
    display.on('weightMachine', (payload: WeightMachineEvent) => seen.push(payload));
    other.on('weightMachine', (payload: WeightMachineEvent) => elsewhere.push(payload));
    try {
      hub.receive(reading(18_250, Date.now()));
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toMatchObject({ machineId: 3, quantity: 18.25, online: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(elsewhere).toEqual([]);
    } finally {
      display.close();
      other.close();
      await realtime.close();
      await app.close();
    }
  });
});

describe('an indicator over or under range', () => {
  it('crosses the bus as ±Infinity (JSON has no Infinity) and shows quantity 0 with overload on the display', () => {
    const over = { ...reading(Infinity, T0), overload: true };
    const under = { ...reading(-Infinity, T0 + 100), overload: true };
    expect(decode(encode(over))).toEqual(over);
    expect(decode(encode(under))).toEqual(under);
    expect(decode(encode(reading(32_540, T0)))).toEqual(reading(32_540, T0));

    const sent: WeightMachineEvent[] = [];
    const hub = createWeighbridgeHub({ clock: fixedClock(new Date(T0 + 100)), realtime: { ...noRealtime, emitLocal: (_room, _event, payload) => sent.push(payload as WeightMachineEvent) } });
    closers.push(() => void hub.close());
    hub.setBridges([{ id: 3, agencyId: 1, weightMachineId: 'WB-3', settings: DEFAULT_STABILITY }]);
    hub.receive(over);
    const event = sent.at(-1);
    expect(event).toMatchObject({ quantity: 0, overload: true, stable: false });
    expect(JSON.parse(JSON.stringify(event))).toEqual(event);
  });
});
