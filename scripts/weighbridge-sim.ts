// `npm run weighbridge:sim -- --format toledo --port 4001`: a weighbridge indicator on TCP that plays trucks
// crossing the deck (server/src/modules/weighing/simulator.ts). Options:
//   --format toledo|mtsics|sma|stgs|yaohua   (default toledo)
//   --port N        (default 4001; 0 = any free port)     --host H   (default 127.0.0.1)
//   --trucks 32540,14220   the trucks' weights in turn (kg)
//   --seed N        the same noise on every run           --interval MS   between frames (default 143: 7 a second)
//   --no-checksum   toledo frames without the checksum byte
//   --quiet         no line per phase
import { parseArgs } from 'node:util';
import { INDICATOR_FORMATS, type IndicatorFormat } from '@tonnage/contracts';
import { toledoCodec } from '../server/src/modules/weighing/indicators/toledo';
import { startWeighbridgeSimulator, type ScenarioPhase } from '../server/src/modules/weighing/simulator';

function fail(message: string): never {
  console.error(`weighbridge:sim: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    format: { type: 'string', default: 'toledo' },
    port: { type: 'string', default: '4001' },
    host: { type: 'string', default: '127.0.0.1' },
    trucks: { type: 'string' },
    seed: { type: 'string' },
    interval: { type: 'string' },
    'no-checksum': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
  strict: true,
});

const format = values.format as IndicatorFormat;
if (!INDICATOR_FORMATS.includes(format)) fail(`--format must be one of ${INDICATOR_FORMATS.join(', ')}`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a port number');
const trucks = values.trucks?.split(',').map(Number);
if (trucks && (trucks.length === 0 || trucks.some((kg) => !Number.isFinite(kg) || kg <= 0))) fail('--trucks takes weights in kg: 32540,14220');
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail('--seed must be an integer');
const intervalMs = values.interval === undefined ? undefined : Number(values.interval);
if (intervalMs !== undefined && (!Number.isFinite(intervalMs) || intervalMs < 5)) fail('--interval must be at least 5 ms');

const sim = await startWeighbridgeSimulator({
  format,
  port,
  host: values.host,
  scenario: trucks ? { trucks } : {},
  seed,
  intervalMs,
  codec: format === 'toledo' && values['no-checksum'] ? toledoCodec({ checksum: false }) : undefined,
});
console.log(`weighbridge simulator: ${format} on ${values.host}:${sim.port} (Ctrl+C stops it)`);

let phase: ScenarioPhase | null = null;
const watch = setInterval(() => {
  const state = sim.state();
  if (state.phase !== phase && !values.quiet) {
    phase = state.phase;
    console.log(`${new Date().toISOString()}  ${phase.padEnd(10)}  ${String(state.kg).padStart(7)} kg  ${sim.clientCount()} client(s)`);
  }
}, 100);

const stop = (): void => {
  clearInterval(watch);
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
