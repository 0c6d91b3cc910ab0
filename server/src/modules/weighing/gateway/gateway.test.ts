import { DEFAULT_STABILITY, INDICATOR_FORMATS, type WeightMachineEvent } from '@tonnage/contracts';
import { SerialPortMock } from 'serialport';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noRealtime, type Realtime } from '../../../platform/realtime/realtime';
import type { Database } from '../../../platform/db/client';
import { codecOf } from '../indicators';
import { startWeighbridgeSimulator } from '../simulator';
import type { WeighbridgeConfig } from '../weighbridges';
import { serialOptionsOf } from './connection';
import { installWeighbridgeGateway, startWeighbridgeGateway } from './gateway';
import { createWeighbridgeHub, type ReadingHub } from './hub';
import { startTestIndicator } from './test-indicator';

const noDatabase = { db: {}, kind: 'pglite', pool: undefined } as unknown as Database;

function bridgeAt(port: number, overrides: Partial<WeighbridgeConfig> = {}): WeighbridgeConfig {
  return {
    id: 7,
    agencyId: 1,
    weightMachineId: 'WB-7',
    protocol: 'tcp',
    host: '127.0.0.1',
    port,
    serialPath: null,
    baudRate: null,
    dataBits: null,
    parity: null,
    stopBits: null,
    indicatorFormat: 'toledo',
    settings: DEFAULT_STABILITY,
    ...overrides,
  };
}

/** A realtime that keeps what the hub emits to this process's sockets. */
function recordingRealtime(): Realtime & { events: Array<{ room: string; payload: WeightMachineEvent }> } {
  const events: Array<{ room: string; payload: WeightMachineEvent }> = [];
  return { ...noRealtime, events, emitLocal: (room, _event, payload) => events.push({ room, payload: payload as WeightMachineEvent }) };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(options: { format?: 'toledo' | 'stgs'; bridges?: (port: number) => WeighbridgeConfig[] } = {}) {
  const codec = codecOf(options.format ?? 'toledo');
  const indicator = await startTestIndicator(codec);
  cleanups.push(() => indicator.close());
  const realtime = recordingRealtime();
  const hub = createWeighbridgeHub({ realtime, checkEveryMs: 100 });
  cleanups.push(() => hub.close());
  let bridges = options.bridges?.(indicator.port) ?? [bridgeAt(indicator.port, { indicatorFormat: options.format ?? 'toledo' })];
  const logs: string[] = [];
  const gateway = startWeighbridgeGateway({
    database: noDatabase,
    hub,
    codecOf,
    load: () => Promise.resolve(bridges),
    backoff: { initialMs: 100, maxMs: 400 },
    refreshMs: 200,
    log: (line) => logs.push(line),
  });
  cleanups.push(() => gateway.stop());
  const setBridges = (next: WeighbridgeConfig[]) => {
    bridges = next;
  };
  return { indicator, realtime, hub, gateway, logs, setBridges };
}

describe('weighbridge gateway over TCP', () => {
  it('reads a bridge, feeds the hub and emits weightMachine (MT, 3 decimals) to the bridge room', async () => {
    const { hub, realtime, gateway } = await setup();
    await until(() => hub.status(7).last !== null, 3000);
    expect(gateway.owned()).toEqual([7]);
    const status = hub.status(7);
    expect(status.online).toBe(true);
    expect(status.last).toMatchObject({ kg: 32_540, stable: true, overload: false });
    // 5 frames within the stable window and the flag: the display shows stable.
    await until(() => hub.window(7, 3000).length >= 6, 3000);
    const last = realtime.events.at(-1);
    expect(last?.room).toBe('weighbridge:7');
    expect(last?.payload).toMatchObject({ machineId: 7, weightMachineId: 'WB-7', quantity: 32.54, online: true, stable: true, overload: false });
    expect(hub.lastBelowZeroAt(7)).toBeNull();
  });

  it('reads a streaming text format (stgs), motion shown as not stable', async () => {
    const { hub, indicator, realtime } = await setup({ format: 'stgs' });
    indicator.reading = { kg: 14_220, stable: false, overload: false };
    await until(() => hub.window(7, 3000).length >= 6, 3000);
    expect(hub.status(7).last).toMatchObject({ kg: 14_220, stable: false });
    expect(realtime.events.at(-1)?.payload).toMatchObject({ quantity: 14.22, stable: false, online: true });
  });

  it('reconnects after the indicator drops the link, and the weight keeps coming', async () => {
    const { hub, indicator } = await setup();
    await until(() => indicator.clients() === 1 && hub.status(7).last !== null, 3000);
    indicator.disconnectClients();
    indicator.reading = { kg: 180, stable: true, overload: false };
    await until(() => indicator.connections >= 2 && hub.status(7).last?.kg === 180, 3000);
    expect(hub.lastBelowZeroAt(7)).not.toBeNull();
  });

  it('a silent indicator: offline emitted once within 2 s, the watchdog drops and reopens the link', async () => {
    const { hub, indicator, realtime, logs } = await setup();
    await until(() => hub.status(7).online, 3000);
    indicator.silent = true;
    const silentAt = Date.now();
    await until(() => realtime.events.some((e) => !e.payload.online), 2500);
    expect(Date.now() - silentAt).toBeLessThan(2000 + 200);
    expect(hub.status(7).online).toBe(false);
    // The watchdog (no frame for max(2 s, staleMs)) reconnects although the socket never closed.
    await until(() => indicator.connections >= 2, 4000);
    expect(logs.some((line) => line.includes('no frame'))).toBe(true);
    const offline = realtime.events.filter((e) => !e.payload.online);
    expect(offline).toHaveLength(1);
    indicator.silent = false;
    await until(() => hub.status(7).online, 3000);
    expect(realtime.events.at(-1)?.payload.online).toBe(true);
  });

  it('reads frames split across packets and skips garbage between frames', async () => {
    const { hub, indicator } = await setup();
    indicator.split = true;
    indicator.garbage = Buffer.from('\x00\xffnoise\r\n');
    indicator.reading = { kg: 25_000, stable: true, overload: false };
    await until(() => hub.window(7, 5000).filter((r) => r.kg === 25_000).length >= 5, 4000);
    expect(hub.window(7, 5000).every((r) => r.kg === 25_000 || r.kg === 32_540)).toBe(true);
  });

  it('follows master data: a changed port restarts the link, a removed bridge is let go', async () => {
    const { hub, indicator, gateway, setBridges } = await setup();
    await until(() => hub.status(7).last !== null, 3000);
    const other = await startTestIndicator(codecOf('toledo'));
    cleanups.push(() => other.close());
    other.reading = { kg: 5000, stable: true, overload: false };
    setBridges([bridgeAt(other.port)]);
    await gateway.refresh();
    await until(() => hub.status(7).last?.kg === 5000, 3000);
    await until(() => indicator.clients() === 0, 2000);
    setBridges([]);
    await gateway.refresh();
    expect(gateway.owned()).toEqual([]);
    await until(() => other.clients() === 0, 2000);
  });

  it('sends the codec poll on connect (polled formats)', async () => {
    const codec = { ...codecOf('toledo'), poll: { request: Buffer.from('SI\r\n'), everyMs: 100 } };
    const indicator = await startTestIndicator(codec);
    cleanups.push(() => indicator.close());
    const hub: ReadingHub = createWeighbridgeHub();
    cleanups.push(() => hub.close());
    const gateway = startWeighbridgeGateway({ database: noDatabase, hub, codecOf: () => codec, load: () => Promise.resolve([bridgeAt(indicator.port)]) });
    cleanups.push(() => gateway.stop());
    await until(() => Buffer.concat(indicator.received).toString().split('SI\r\n').length > 3, 3000);
  });
});

/** What the tests use of @serialport/binding-mock (serialport's SerialPortMock runs on it; its own types do not resolve under the bundler resolution). */
interface MockPort {
  isOpen: boolean;
  openOptions: Record<string, unknown>;
  recording: Buffer;
  emitData(data: Buffer): void;
}
const mockBinding = SerialPortMock.binding as unknown as { createPort(path: string, options: { echo: boolean; record: boolean }): void; reset(): void };
const mockPortOf = (port: SerialPortMock | undefined) => port?.port as unknown as MockPort | undefined;

describe('weighbridge gateway over a serial line', () => {
  it('opens the port with the line settings, sends the poll, reads frames and reopens after silence', async () => {
    // serialport's own instance of @serialport/binding-mock (importing the package from ESM gives another copy).
    mockBinding.createPort('/dev/ttyWB0', { echo: false, record: true });
    cleanups.push(() => mockBinding.reset());
    const ports: SerialPortMock[] = [];
    const codec = { ...codecOf('stgs'), poll: { request: Buffer.from('SI\r\n') } };
    const hub = createWeighbridgeHub();
    cleanups.push(() => hub.close());
    const bridge = bridgeAt(0, { protocol: 'serial', host: null, port: null, serialPath: '/dev/ttyWB0', baudRate: 4800, dataBits: 7, parity: 'even', indicatorFormat: 'stgs' });
    const gateway = startWeighbridgeGateway({
      database: noDatabase,
      hub,
      codecOf: () => codec,
      load: () => Promise.resolve([bridge]),
      backoff: { initialMs: 100, maxMs: 400 },
      transport: (b) => {
        const port = new SerialPortMock(serialOptionsOf(b));
        ports.push(port);
        return port;
      },
    });
    cleanups.push(() => gateway.stop());
    await until(() => mockPortOf(ports[0])?.isOpen === true, 2000);
    const first = ports[0];
    const firstPort = mockPortOf(first);
    if (!first || !firstPort) throw new Error('not open');
    expect(firstPort.openOptions).toMatchObject({ baudRate: 4800, dataBits: 7, parity: 'even', stopBits: 1 });
    await until(() => firstPort.recording.toString() === 'SI\r\n', 2000);
    firstPort.emitData(codec.encode({ kg: 41_000, stable: true, overload: false }));
    await until(() => hub.status(7).last?.kg === 41_000, 2000);
    // An unplugged adapter: no close event, no data; the watchdog reopens the port.
    await until(() => ports.length >= 2, 4000);
    await until(() => !first.isOpen && mockPortOf(ports.at(-1))?.isOpen === true, 2000);
    mockPortOf(ports.at(-1))?.emitData(codec.encode({ kg: 40_980, stable: true, overload: false }));
    await until(() => hub.status(7).last?.kg === 40_980, 2000);
  });
});

describe('installWeighbridgeGateway', () => {
  it('rereads the weighbridges after a successful write to weightMachine, and stops the gateway with the app', async () => {
    const app = Fastify();
    app.post('/api/weightMachine', () => ({ id: 1 }));
    app.put('/api/weightMachine/:id', (_request, reply) => reply.status(400).send({ message: 'no' }));
    app.get('/api/weightMachine', () => ({ rows: [] }));
    app.post('/api/truck', () => ({ id: 1 }));
    const refresh = vi.fn(() => Promise.resolve());
    const stop = vi.fn(() => Promise.resolve());
    installWeighbridgeGateway(app, { refresh, stop, owned: () => [] });
    await app.inject({ method: 'GET', url: '/api/weightMachine' });
    await app.inject({ method: 'PUT', url: '/api/weightMachine/1', payload: {} });
    await app.inject({ method: 'POST', url: '/api/truck', payload: {} });
    expect(refresh).not.toHaveBeenCalled();
    await app.inject({ method: 'POST', url: '/api/weightMachine', payload: {} });
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await app.close();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});

describe('weighbridge gateway against the simulator', () => {
  it.each(INDICATOR_FORMATS.map((format) => [format]))('%s: the held weight reaches the hub, polled formats included', async (format) => {
    const simulator = await startWeighbridgeSimulator({ format, port: 0, scenario: 'static', seed: 1 });
    cleanups.push(() => simulator.close());
    simulator.setWeight(28_760, { stable: true });
    const hub = createWeighbridgeHub();
    cleanups.push(() => hub.close());
    const gateway = startWeighbridgeGateway({ database: noDatabase, hub, codecOf, load: () => Promise.resolve([bridgeAt(simulator.port, { indicatorFormat: format })]) });
    cleanups.push(() => gateway.stop());
    await until(() => hub.window(7, 3000).filter((r) => r.kg === 28_760).length >= 5, 4000);
    expect(hub.status(7)).toMatchObject({ online: true, last: { kg: 28_760, overload: false } });
  });
});
