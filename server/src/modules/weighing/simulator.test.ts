import net from 'node:net';
import { INDICATOR_FORMATS, type IndicatorFormat } from '@tonnage/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { codecOf } from './indicators/index';
import { toledoCodec } from './indicators/toledo';
import { DEFAULT_SCENARIO, scenarioAt, seededRandom, startWeighbridgeSimulator, type ScenarioSpec, type WeighbridgeSimulator } from './simulator';
import type { IndicatorParser, TimedReading } from './weighing.types';

const FAST: Partial<ScenarioSpec> = { emptyMs: 200, driveOnMs: 200, settleMs: 200, stableMs: 400, driveOffMs: 200 };

/** A TCP client with the format's parser: what a gateway connection does, minus reconnects. */
interface TestClient {
  readings: TimedReading[];
  chunks: number[];
  parser: IndicatorParser;
  socket: net.Socket;
  closed: Promise<void>;
  close(): void;
}

async function connect(port: number, format: IndicatorFormat, parser = codecOf(format).createParser()): Promise<TestClient> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const client: TestClient = {
    readings: [],
    chunks: [],
    parser,
    socket,
    closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
    close: () => socket.destroy(),
  };
  socket.on('data', (chunk: Buffer) => {
    client.chunks.push(chunk.length);
    for (const r of parser.push(chunk)) client.readings.push({ ...r, at: Date.now() });
  });
  const poll = codecOf(format).poll;
  if (poll) {
    socket.write(poll.request);
    if (poll.everyMs) {
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(poll.request);
      }, 25);
      socket.once('close', () => clearInterval(timer));
    }
  }
  return client;
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function simulator(options: Parameters<typeof startWeighbridgeSimulator>[0]): Promise<WeighbridgeSimulator> {
  const sim = await startWeighbridgeSimulator(options);
  cleanups.push(() => sim.close());
  return sim;
}
async function client(port: number, format: IndicatorFormat, parser?: IndicatorParser): Promise<TestClient> {
  const c = await connect(port, format, parser);
  cleanups.push(() => c.close());
  return c;
}

describe('the scenario', () => {
  it('plays empty, driving on, settling, stable at the truck weight, driving off; then the next truck', () => {
    const spec = { ...DEFAULT_SCENARIO, ...FAST };
    const random = seededRandom(7);
    const states = Array.from({ length: 240 }, (_, i) => scenarioAt(spec, i * 10, random));
    const phases = states.map((s) => s.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases.slice(0, 10)).toEqual(['empty', 'drivingOn', 'settling', 'stable', 'drivingOff', 'empty', 'drivingOn', 'settling', 'stable', 'drivingOff']);
    const stable = states.filter((s) => s.phase === 'stable');
    expect(new Set(stable.map((s) => s.kg))).toEqual(new Set([32_540, 14_220]));
    expect(stable.every((s) => s.stable)).toBe(true);
    expect(states.filter((s) => s.phase !== 'stable' && s.phase !== 'empty').every((s) => !s.stable)).toBe(true);
    expect(states.filter((s) => s.phase === 'empty').every((s) => Math.abs(s.kg) <= 20)).toBe(true);
    expect(states.every((s) => s.kg % 20 === 0)).toBe(true);
    const settling = states.filter((s) => s.phase === 'settling' && s.truck === 0);
    expect(settling.every((s) => Math.abs(s.kg - 32_540) <= 100)).toBe(true);
    const drivingOn = states.filter((s) => s.phase === 'drivingOn' && s.truck === 0).map((s) => s.kg);
    expect(drivingOn.at(-1)).toBeGreaterThan(drivingOn[0] ?? 0);
  });

  it('is the same for the same seed, and differs for another', () => {
    const spec = { ...DEFAULT_SCENARIO, ...FAST };
    const run = (seed: number): number[] => {
      const random = seededRandom(seed);
      return Array.from({ length: 120 }, (_, i) => scenarioAt(spec, i * 10, random).kg);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });
});

describe('the simulator over TCP', () => {
  it('streams a truck crossing the deck, ~7 frames a second by default and faster when told', async () => {
    const sim = await simulator({ format: 'toledo', port: 0, scenario: FAST, seed: 1, intervalMs: 10 });
    const c = await client(sim.port, 'toledo');
    await until(() => c.readings.filter((r) => r.kg === 14_220 && r.stable).length >= 5, 20_000);
    const kgs = c.readings.map((r) => r.kg);
    const firstStable = c.readings.findIndex((r) => r.kg === 32_540 && r.stable === true);
    expect(firstStable).toBeGreaterThan(0);
    // Before it: motion frames on the way up; then back to zero before the second truck.
    expect(c.readings.slice(0, firstStable).some((r) => r.stable === false && r.kg > 1000 && r.kg < 32_540)).toBe(true);
    const afterFirst = kgs.slice(firstStable);
    const backToZero = afterFirst.findIndex((kg) => Math.abs(kg) <= 20);
    expect(backToZero).toBeGreaterThan(0);
    expect(afterFirst.slice(backToZero).some((kg) => kg === 14_220)).toBe(true);
    expect(c.parser.dropped).toBe(0);

    const slow = await simulator({ format: 'stgs', port: 0, scenario: 'static' });
    const s = await client(slow.port, 'stgs');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(s.readings.length).toBeGreaterThanOrEqual(4); // 7 a second, give or take a busy machine
    expect(s.readings.length).toBeLessThanOrEqual(9);
  });

  it('speaks every format: streams, answers SI polls (MT-SICS) and repeats after R (SMA)', async () => {
    for (const format of INDICATOR_FORMATS) {
      const sim = await simulator({ format, port: 0, scenario: 'static', intervalMs: 20 });
      sim.setWeight(32_540, { stable: false });
      const c = await client(sim.port, format);
      await until(() => c.readings.length >= 3);
      sim.setWeight(14_220);
      await until(() => c.readings.at(-1)?.kg === 14_220);
      expect(c.readings[0]).toMatchObject({ kg: 32_540, stable: format === 'yaohua' ? null : false, overload: false });
      expect(c.readings.at(-1)).toMatchObject({ kg: 14_220, stable: format === 'yaohua' ? null : true });
      expect(c.parser.dropped).toBe(0);
    }
  });

  it('answers MT-SICS S with S I while in motion, errors on unknown commands, and SMA W once', async () => {
    const sics = await simulator({ format: 'mtsics', port: 0, scenario: 'static', intervalMs: 20 });
    sics.setWeight(5_000, { stable: false });
    const raw = net.connect({ port: sics.port, host: '127.0.0.1' });
    cleanups.push(() => void raw.destroy());
    let text = '';
    raw.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    raw.write('S\r\nXYZ\r\nSI\r\n');
    await until(() => text.split('\r\n').length >= 4);
    expect(text).toBe('S I\r\nES\r\nS D       5000 kg\r\n');

    const sma = await simulator({ format: 'sma', port: 0, scenario: 'static', intervalMs: 20 });
    sma.setWeight(100);
    const once = net.connect({ port: sma.port, host: '127.0.0.1' });
    cleanups.push(() => void once.destroy());
    let got = '';
    once.on('data', (chunk: Buffer) => (got += chunk.toString('latin1')));
    once.write('\nW\r');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got).toBe(codecOf('sma').encode({ kg: 100, stable: true, overload: false }).toString('latin1'));
  });

  it('splits frames across TCP writes, goes silent, sends raw garbage and drops its clients', async () => {
    const sim = await simulator({ format: 'toledo', port: 0, scenario: 'static', intervalMs: 30 });
    sim.setWeight(32_540);
    sim.splitFrames(true);
    const c = await client(sim.port, 'toledo');
    await until(() => c.readings.length >= 5);
    expect(c.chunks.some((n) => n < 18)).toBe(true);
    expect(c.readings.every((r) => r.kg === 32_540)).toBe(true);
    expect(c.parser.dropped).toBe(0);

    sim.silence(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const count = c.readings.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.readings.length).toBe(count);
    sim.silence(false);
    await until(() => c.readings.length > count);

    sim.splitFrames(false);
    sim.sendRaw(Buffer.from('\x02garbage\r\xff'));
    const bad = toledoCodec().encode({ kg: 1, stable: true, overload: false });
    bad[bad.length - 1] = (bad[bad.length - 1]! + 1) & 0x7f;
    sim.sendRaw(bad);
    await until(() => c.parser.dropped >= 2);
    const after = c.readings.length;
    await until(() => c.readings.length > after);
    expect(c.readings.some((r) => r.kg === 1)).toBe(false);

    expect(sim.clientCount()).toBe(1);
    sim.disconnectClients();
    await c.closed;
    const again = await client(sim.port, 'toledo');
    await until(() => again.readings.length >= 1);
    expect(sim.clientCount()).toBe(1);
  });
});
