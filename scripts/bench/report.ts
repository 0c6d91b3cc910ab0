import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Argon2Result } from './argon2';
import type { LoadResult } from './http-load';
import { benchDate, DISTURBED_CORES, runContext, type CpuSplit, type MachineInfo } from './machine';
import { requestPath, type TruckListPhase } from './master-data';
import { kib, ms, perSecond } from './stats';
import type { LedgerCheckPhase } from './ledger';
import type { MeasuredRate, SlipPhase } from './slips';
import { LATENCY_TARGET_P99_MS, type WeighbridgeLatencyPhase } from './weighbridge';
import type { WebBundleOutcome } from './web-bundle';

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface LoadPhase {
  connections: number;
  users: number;
  warmupSeconds: number;
  result: LoadResult;
  /** CPU use during the measured part. */
  cpu: CpuSplit | null;
}

function cpuText(cpu: CpuSplit | null, cores: number): string {
  if (!cpu) return 'n/a (no /proc)';
  const server = cpu.server === null ? 'n/a' : cpu.server.toFixed(2);
  const text = `${cpu.machine.toFixed(2)} of ${cores} cores busy: server ${server}, PostgreSQL backends ${cpu.postgres.toFixed(2)}, load generator ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)}`;
  return cpu.other > DISTURBED_CORES ? `${text} **(other work disturbed this phase: figures are low)**` : text;
}

/** True when work outside the bench took a noticeable share of the CPU during a measured phase. */
export function disturbed(report: BenchReport): boolean {
  const phases = [report.userContext, report.login].flatMap((o) => (o.ok && o.value.cpu ? [o.value.cpu] : []));
  if (report.truckList.ok) phases.push(...report.truckList.value.measurements.flatMap((m) => (m.cpu ? [m.cpu] : [])));
  if (report.slips.ok) phases.push(...[report.slips.value.spread, report.slips.value.oneBl, report.slips.value.bare].flatMap((r) => (r.cpu ? [r.cpu] : [])));
  const argon2Other = report.argon2.ok ? (report.argon2.value.otherCores ?? 0) : 0;
  return phases.some((cpu) => cpu.other > DISTURBED_CORES) || argon2Other > DISTURBED_CORES;
}

export interface BenchReport {
  date: Date;
  machine: MachineInfo;
  command: string;
  quick: boolean;
  userContext: Outcome<LoadPhase>;
  login: Outcome<LoadPhase>;
  argon2: Outcome<Argon2Result>;
  web: WebBundleOutcome;
  truckList: Outcome<TruckListPhase>;
  slips: Outcome<SlipPhase>;
  ledgerCheck: Outcome<LedgerCheckPhase>;
  weighbridge: Outcome<WeighbridgeLatencyPhase>;
}

const dateText = benchDate;

function context(report: BenchReport): string {
  return runContext(report, '2 s phases');
}

function table(rows: [string, string][]): string {
  return ['| figure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}

function answers(result: LoadResult): string {
  const others = Object.entries(result.otherStatuses)
    .map(([status, count]) => `${count.toLocaleString('en-US')} × ${status}`)
    .join(', ');
  const parts = [`${result.ok.toLocaleString('en-US')} × 2xx`];
  parts.push(others ? `**${others}**` : 'no other status');
  parts.push(result.errors ? `**${result.errors} connection errors/timeouts**` : 'no errors');
  return parts.join(', ');
}

function userContextSection(report: BenchReport): string {
  const heading = '### 1. Signed-in `GET /api/user-context`, 100 concurrent clients, PostgreSQL';
  if (!report.userContext.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.userContext.reason}`;
  const { connections, users, warmupSeconds, result } = report.userContext.value;
  return [
    heading,
    '',
    context(report),
    '',
    table([
      ['requests/s', perSecond(result.rate)],
      ['p50 latency', ms(result.p50)],
      ['p95 latency', ms(result.p95)],
      ['p99 latency', ms(result.p99)],
      ['max latency', ms(result.max)],
      ['answers', answers(result)],
      ['load', `${connections} connections, 1 request in flight each, ${users} users' sessions (bearer tokens); ${result.durationSeconds.toFixed(1)} s after ${warmupSeconds} s warm-up`],
      ['CPU', cpuText(report.userContext.value.cpu, report.machine.cores)],
    ]),
    '',
    'The cheapest signed-in request: the guard resolves the token in one query (session, user, role, agency), then one agency',
    'query and the JSON answer, over the server\'s pool of 10 PostgreSQL connections. Every API call pays the guard part, so',
    'watch requests/s and p99 when the guard or the user context gains queries; any status other than 200 is a bug. When the',
    'server sits near 1.0 core in the CPU row, its one Node thread is the limit (more processes scale it, see the README).',
  ].join('\n');
}

function loginSection(report: BenchReport): string {
  const heading = '### 2. Sign-in `POST /api/auth/login`, 50 concurrent clients, beside argon2id in the bench process';
  const rows: [string, string][] = [];
  if (report.login.ok) {
    const { connections, users, warmupSeconds, result } = report.login.value;
    rows.push(
      ['logins/s', perSecond(result.rate)],
      ['p50 latency', ms(result.p50)],
      ['p95 latency', ms(result.p95)],
      ['p99 latency', ms(result.p99)],
      ['answers', answers(result)],
      ['load', `${connections} connections, each signing in its own user (${users} users, correct passwords, so the throttle never blocks); ${result.durationSeconds.toFixed(1)} s after ${warmupSeconds} s warm-up`],
      ['CPU', cpuText(report.login.value.cpu, report.machine.cores)],
    );
  } else {
    rows.push(['logins/s', `not measured: ${report.login.reason}`]);
  }
  if (report.argon2.ok) {
    const a = report.argon2.value;
    rows.push(
      ['argon2id verify/s, 1 at a time', `${perSecond(a.sequential)} (${ms(a.msPerVerify)} each)`],
      [`argon2id verify/s, ${a.parallel} in parallel (= cores)`, `${perSecond(a.parallelRate)} (this process used ${a.parallelCoresUsed.toFixed(2)} cores${a.parallelMachineBusyCores === null ? '' : `, the whole machine ${a.parallelMachineBusyCores.toFixed(2)}`})`],
    );
    if (a.otherCores !== null && a.otherCores > DISTURBED_CORES) {
      rows.push(['argon2id phases', `**other work took up to ${a.otherCores.toFixed(2)} cores: figures are low**`]);
    }
    if (report.login.ok) rows.push(['logins/s ÷ parallel verify/s', `${((report.login.value.result.rate / a.parallelRate) * 100).toFixed(0)} %`]);
  } else {
    rows.push(['argon2id verify/s', `not measured: ${report.argon2.reason}`]);
  }
  return [
    heading,
    '',
    context(report),
    '',
    table(rows),
    '',
    'A sign-in is one argon2id verification (19 MiB, 2 passes, 1 lane, the parameters of `server/src/platform/passwords.ts`) plus',
    'the throttle read and clear and a session insert, so logins/s is capped by verify/s on the cores left over by PostgreSQL',
    'and the load generator. A falling ratio means the non-hashing part got slower; a change in verify/s means the hash',
    'parameters (or the machine) changed. argon2 is measured after the HTTP phases, with the server stopped.',
  ].join('\n');
}

function webSection(report: BenchReport): string {
  const heading = '### 3. JavaScript of the login page (web app build)';
  if (!report.web.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.web.reason}.`;
  const w = report.web.result;
  const files = w.loginPage.map((f) => `\`${f.file}\` ${kib(f.gzipBytes)}`).join(', ');
  return [
    heading,
    '',
    context(report),
    '',
    table([
      ['login page JS: index.html entry + modulepreloads, gzip -9', `**${kib(w.loginPageGzip)}** (${kib(w.loginPageBytes)} raw, ${w.loginPage.length} files)`],
      ['those files (gzip)', files],
      [
        'with the lazy login route (LoginPage chunk and its imports), gzip -9',
        w.loginRoute ? `${kib(w.loginRoute.gzipBytes)} (${kib(w.loginRoute.bytes)} raw, ${w.loginRoute.files.length} files)` : 'n/a (no Vite manifest: run without --no-build)',
      ],
      ['all JS of the build, gzip -9', `${kib(w.allJsGzip)} (${kib(w.allJsBytes)} raw, ${w.allJsFiles} files)`],
      ['largest chunk', w.largest ? `\`${w.largest.file}\` ${kib(w.largest.bytes)} raw, ${kib(w.largest.gzipBytes)} gzip` : 'none'],
      ...(report.web.buildSeconds !== null ? ([['build time', `${report.web.buildSeconds.toFixed(1)} s`]] as [string, string][]) : []),
    ]),
    '',
    'Before the sign-in form shows, the browser loads the entry module and its `modulepreload`s named in the built',
    '`index.html`, then the login route\'s own lazy chunk; the signed-in area loads lazily after sign-in. Watch both',
    'figures when the shell or the login page gains imports (antd components, icons, locales).',
  ].join('\n');
}

/** True when each truck list request met the p95 target. */
export function truckListPasses(phase: TruckListPhase): boolean {
  return phase.measurements.every((m) => m.result.p95 < phase.targetP95Ms);
}

function truckListSection(report: BenchReport): string {
  const heading = '### 4. Truck list `GET /api/truck` with 100,000 trucks in one agency, 10 concurrent clients, PostgreSQL';
  if (!report.truckList.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.truckList.reason}`;
  const phase = report.truckList.value;
  const { seed } = phase;
  const n = (value: number) => value.toLocaleString('en-US');
  const rows = phase.measurements.map((m) => {
    const verdict = m.result.p95 < phase.targetP95Ms ? 'pass' : '**FAIL**';
    const paths = m.plans
      ? m.plans.map((p) => `${p.statement} ${ms(p.executionMs)}: ${[...new Set(p.accessPaths)].join(', ') || 'no table'}`).join('; ')
      : `n/a (${m.planError ?? 'no plan'})`;
    return `| ${m.request.label} | ${perSecond(m.result.rate)} | ${ms(m.result.p50)} | ${ms(m.result.p95)} | ${ms(m.result.p99)} | ${verdict} | ${n(m.apiCount)} | ${paths} |`;
  });
  const warnings = phase.measurements.flatMap((m) => (m.plans ?? []).flatMap((p) => p.warnings.map((w) => `- ${m.request.label}, ${p.statement} statement: ${w}`)));
  const details = phase.measurements.map(
    (m) => `- ${m.request.label}: \`GET ${requestPath(m.request)}\`; ${answers(m.result)}; CPU ${cpuText(m.cpu, report.machine.cores)}`,
  );
  return [
    heading,
    '',
    context(report),
    '',
    `| request | requests/s | p50 | p95 | p99 | p95 < ${phase.targetP95Ms} ms | rows matched | SQL of one request: execution time and access paths (EXPLAIN ANALYZE as the app role, under row-level security) |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Data: ${n(seed.trucks)} trucks (${n(seed.inactiveTrucks)} inactive) of ${seed.transporters} bench transporters in one agency, inserted in ${seed.insertSeconds.toFixed(1)} s`,
    `(one \`INSERT ... SELECT generate_series\`), then \`VACUUM (ANALYZE)\` in ${seed.analyzeSeconds.toFixed(1)} s. Load: ${phase.connections} connections, 1 request in flight each, page size 20,`,
    `${phase.measurements[0]?.result.durationSeconds.toFixed(1) ?? '?'} s per request after ${phase.warmupSeconds} s warm-up.`,
    '',
    ...details,
    ...(warnings.length > 0 ? ['', 'Slow paths in the plans:', '', ...warnings] : []),
    '',
    'Each request runs in one agency transaction: the page (with the transporter\'s name joined) and its total. The',
    'total of an unfiltered list is the kept row count (`resource_row_counts`, maintained by triggers); a search',
    'carries it on the page as `count(*) over ()`; a filtered page counts its matches. The target is the issue\'s: p95',
    'under 50 ms for each request. The last column names the index (or the sequential scan) each statement reads;',
    '`npm run bench` prints the whole EXPLAIN trees.',
  ].join('\n');
}

/** Slips per second against the bare insert of the same run: issue 11 asks for at least 10 %. */
export function slipShare(phase: SlipPhase): number {
  return phase.spread.perSecond / phase.bare.perSecond;
}

/**
 * The same share by CPU cost: the CPU a bare insert takes (PostgreSQL backends and the bench process, per insert)
 * against the CPU a slip over 8 port loadings takes. Other work on the machine lowers both rates but not in the
 * same proportion from phase to phase; it biases this figure much less, so on a busy machine it is the one to
 * compare between runs. Undefined without the CPU split of both phases.
 */
export function slipCpuShare(phase: SlipPhase): number | undefined {
  const { spread, bare } = phase;
  if (!spread.cpu || !bare.cpu || spread.perSecond <= 0 || bare.perSecond <= 0) return undefined;
  const perSlip = (spread.cpu.postgres + spread.cpu.bench) / spread.perSecond;
  const perInsert = (bare.cpu.postgres + bare.cpu.bench) / bare.perSecond;
  return perSlip > 0 ? perInsert / perSlip : undefined;
}

/** The CPU share as a phrase for the console, e.g. "; 7.9 % by CPU cost (PostgreSQL 2.51 ms per slip)". */
export function slipCpuShareText(phase: SlipPhase): string {
  const share = slipCpuShare(phase);
  if (share === undefined || !phase.spread.cpu) return '';
  return `; ${(share * 100).toFixed(1)} % by CPU cost (PostgreSQL ${((phase.spread.cpu.postgres / phase.spread.perSecond) * 1000).toFixed(2)} ms per slip)`;
}

function slipsSection(report: BenchReport): string {
  const heading = '### 5. Loading slips posted per second, beside a bare single-row insert transaction, PostgreSQL';
  if (!report.slips.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.slips.reason}`;
  const phase = report.slips.value;
  const row = (label: string, r: MeasuredRate) =>
    `| ${label} | ${perSecond(r.perSecond)} | ${r.completed.toLocaleString('en-US')} in ${r.seconds.toFixed(1)} s | ${r.failed ? `**${r.failed} failed: ${r.firstFailure ?? ''}**` : 'none failed'} | ${cpuText(r.cpu, report.machine.cores)} |`;
  const share = slipShare(phase);
  return [
    heading,
    '',
    context(report),
    '',
    '| operation | per second | completed | failures | CPU |',
    '|---|---|---|---|---|',
    row(`loading slip, ${phase.workers} workers over ${phase.portLoadings} port loadings of one vessel`, phase.spread),
    row(`loading slip, ${phase.workers} workers on one port loading (one BL)`, phase.oneBl),
    row(`bare \`insert into bench_bare (n) values ($1)\` transaction, ${phase.workers} workers`, phase.bare),
    '',
    `Slips over 8 port loadings reach ${(share * 100).toFixed(1)} % of the bare insert rate (the aim of issue 11: at least 10 %)${slipCpuShareText(phase)}.`,
    `After the run: ${phase.slipsWritten.toLocaleString('en-US')} slips in the bench agency, and the kept balances ${phase.ledgerClean ? 'equal' : '**do NOT equal**'} the ledger (\`findLedgerDifferences\`).`,
    '',
    'A slip is the real service (`createLoadingSlip`) in one `inAgency` transaction as the application role under',
    'row-level security: the port loading row locked, then its truck and driver, the trips of the day, the port',
    'loading\'s remaining quantity and the transporters\' rules checked, the trip and the numbered slip inserted (the',
    'live WBT number unique), the ledger posting ON_BOARD -> IN_TRANSIT (account upserts under CHECK constraints, the',
    'deferred zero-sum trigger at commit) and the audit row: ' + `${phase.statements.length} round trips (traced on one slip) against the baseline's 3.`,
    'Slips of one port loading wait for each other on its row (that is what keeps the loaded total within the port',
    'loading), so one BL loads at the rate of one transaction at a time.',
  ].join('\n');
}

function ledgerCheckSection(report: BenchReport): string {
  const heading = '### 6. `npm run ledger:check` over one million ledger entries, PostgreSQL';
  if (!report.ledgerCheck.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.ledgerCheck.reason}`;
  const phase = report.ledgerCheck.value;
  const n = (value: number) => value.toLocaleString('en-US');
  return [
    heading,
    '',
    context(report),
    '',
    table([
      ['entries / transactions / accounts', `${n(phase.entries)} / ${n(phase.transactions)} / ${n(phase.accounts)}`],
      ['`ledger:check` on the clean ledger (process start to exit, exit code 0)', `${phase.cleanSeconds.toFixed(2)} s`],
      ['`ledger:check` after one balance was moved by 1 kg (exit code 1)', `${phase.plantedSeconds.toFixed(2)} s, printed: \`${phase.plantedLine}\``],
      ['writing the entries (set-based, zero-sum trigger at each commit)', `${phase.seedSeconds.toFixed(1)} s`],
    ]),
    '',
    'The command recomputes every account\'s balance and commitment from its entries and every transaction\'s sum in',
    'two grouped queries, and prints each difference.',
  ].join('\n');
}

export function weighbridgeSection(report: BenchReport): string {
  const heading = '### 7. Weighbridge frame to live weight display, 5 bridges and 50 displays, PostgreSQL';
  if (!report.weighbridge.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.weighbridge.reason}`;
  const phase = report.weighbridge.value;
  const lost = phase.expected - phase.received;
  return [
    heading,
    '',
    context(report),
    '',
    table([
      ['frame to display event, p50', ms(phase.p50)],
      ['frame to display event, p99', `${ms(phase.p99)} (aim of issue 12: under ${LATENCY_TARGET_P99_MS} ms: ${phase.p99 < LATENCY_TARGET_P99_MS ? 'met' : '**missed**'})`],
      ['frame to display event, max', ms(phase.max)],
      ['frames written / events expected / received', `${phase.frames.toLocaleString('en-US')} / ${phase.expected.toLocaleString('en-US')} / ${phase.received.toLocaleString('en-US')}${lost > 0 ? ` (**${lost} lost**)` : ''}`],
      ['measured', `${phase.seconds.toFixed(1)} s, ${phase.bridges} bridges x ${phase.displays / phase.bridges} displays`],
    ]),
    '',
    'Five simulated Mettler Toledo indicators (TCP, a frame every 143 ms each, every frame a weight of its own) feed the',
    "real server's gateway; 50 Socket.IO clients hold the live weight display's handshake (locationId, weightMachineId).",
    'Latency is the event received minus the frame written, both in the benchmark process: TCP, parser, hub, NOTIFY',
    "and LISTEN on PostgreSQL, the hub's stability window, Socket.IO.",
  ].join('\n');
}

/** The Markdown section printed by every run and kept in docs/benchmarks.md. */
export function renderSection(report: BenchReport): string {
  return [
    `## Latest figures`,
    '',
    userContextSection(report),
    '',
    loginSection(report),
    '',
    webSection(report),
    '',
    truckListSection(report),
    '',
    slipsSection(report),
    '',
    ledgerCheckSection(report),
    '',
    weighbridgeSection(report),
  ].join('\n');
}

function historyRow(report: BenchReport): string {
  const uc = report.userContext.ok ? report.userContext.value.result : null;
  const login = report.login.ok ? report.login.value.result : null;
  const a = report.argon2.ok ? report.argon2.value : null;
  const w = report.web.ok ? report.web.result : null;
  const web = w ? `${kib(w.loginPageGzip)} / ${w.loginRoute ? kib(w.loginRoute.gzipBytes) : 'n/a'}` : 'n/a';
  const m = report.machine;
  const notes = [report.quick ? 'quick' : '', disturbed(report) ? 'disturbed' : ''].filter(Boolean).join(', ');
  const trucks = report.truckList.ok ? report.truckList.value.measurements.map((m) => ms(m.result.p95)).join(' / ') : 'n/a';
  const slips = report.slips.ok
    ? `${perSecond(report.slips.value.spread.perSecond)} / ${perSecond(report.slips.value.oneBl.perSecond)} / ${perSecond(report.slips.value.bare.perSecond)}`
    : 'n/a';
  const check = report.ledgerCheck.ok ? `${report.ledgerCheck.value.cleanSeconds.toFixed(2)} s` : 'n/a';
  return `| ${dateText(report.date)}${notes ? ` (${notes})` : ''} | ${m.cpuModel}, ${m.cores} cores, PG ${m.postgres} | ${uc ? perSecond(uc.rate) : 'n/a'} | ${uc ? ms(uc.p95) : 'n/a'} | ${uc ? ms(uc.p99) : 'n/a'} | ${login ? perSecond(login.rate) : 'n/a'} | ${login ? ms(login.p95) : 'n/a'} | ${a ? `${perSecond(a.sequential)} / ${perSecond(a.parallelRate)}` : 'n/a'} | ${web} | ${trucks} | ${slips} | ${check} |`;
}

const LATEST_START = '<!-- bench:latest:start (written by `npm run bench -- --write`; edit the text around it, not inside) -->';
const LATEST_END = '<!-- bench:latest:end -->';
const HISTORY_START = '<!-- bench:history:start -->';
const HISTORY_END = '<!-- bench:history:end -->';
const HISTORY_HEADER = [
  '| date | machine | user-context req/s | p95 | p99 | logins/s | login p95 | argon2 verify/s (1 / cores) | login JS gzip (entry / with route) | 100k trucks p95 (first page / search / filtered) | slips/s (8 port loadings / one BL / bare insert) | ledger:check 1M entries |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
].join('\n');

function replaceBetween(text: string, start: string, end: string, inner: (old: string | null) => string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) return `${text.trimEnd()}\n\n${start}\n${inner(null)}\n${end}\n`;
  const old = text.slice(from + start.length, to).trim();
  return `${text.slice(0, from)}${start}\n${inner(old)}\n${end}${text.slice(to + end.length)}`;
}

/** Replaces the latest figures in `docFile` and adds a row to its history table (creating the file if needed). */
export function writeDoc(docFile: string, report: BenchReport): void {
  let text = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '# Benchmarks\n\nRun `npm run bench` (add `-- --write` to update this file).\n';
  text = replaceBetween(text, LATEST_START, LATEST_END, () => renderSection(report));
  text = replaceBetween(text, HISTORY_START, HISTORY_END, (old) => {
    const rows = (old ?? '').split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| date ') && !line.startsWith('|---'));
    return [HISTORY_HEADER, ...rows, historyRow(report)].join('\n');
  });
  writeFileSync(docFile, text.endsWith('\n') ? text : `${text}\n`);
}

/** A section of benchmarks.md between its markers, and its history table (heading, header row, the new row). */
export interface DocSection {
  start: string;
  end: string;
  body: string;
  historyHeading: string;
  /** The history table's header and separator lines, used when the table does not exist yet. */
  historyHeader: string;
  /** The run's history row, or '' to add none. */
  row: string;
}

/** Replaces a section between its markers (appending it before "## History" the first time) and adds its history row. */
export function writeDocSection(file: string, doc: DocSection): void {
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `${doc.start}\n${doc.body}${doc.end}`;
  const start = text.indexOf(doc.start);
  const end = text.indexOf(doc.end);
  if (start >= 0 && end > start) text = `${text.slice(0, start)}${section}${text.slice(end + doc.end.length)}`;
  else {
    const history = text.indexOf('\n## History');
    text = history >= 0 ? `${text.slice(0, history)}\n${section}\n${text.slice(history)}` : `${text}\n${section}\n`;
  }
  if (doc.row) {
    if (!text.includes(doc.historyHeading)) text = `${text.trimEnd()}\n\n${doc.historyHeading}\n\n${doc.historyHeader}\n`;
    const at = text.indexOf(doc.historyHeading);
    const tableEnd = text.indexOf('\n\n', text.indexOf('|---', at));
    text = tableEnd < 0 ? `${text.trimEnd()}\n${doc.row}\n` : `${text.slice(0, tableEnd)}\n${doc.row}${text.slice(tableEnd)}`;
  }
  writeFileSync(file, text);
}
