// Prints where a V8 CPU profile (`.cpuprofile`) spent its time: self time per function and per package, the
// heaviest first. `node --import tsx scripts/bench/profile-summary.ts <file> [rows]`; used on the profile of the
// slip phase (`BENCH_SLIP_CPU_PROFILE=<file> npm run bench -- --slips`).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (or our own folder) a script URL belongs to. */
function packageOf(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return 'node';
  if (url === '') return '(native)';
  const own = /\/(server|scripts|packages)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx scripts/bench/profile-summary.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = packageOf(url);
  const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
}
const table = (map: Map<string, number>) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, rows).map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)} %  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
console.info(`total ${(total / 1000).toFixed(0)} ms sampled\n\nby package or file:\n${table(byPackage)}\n\nby function (self time):\n${table(byFunction)}`);
