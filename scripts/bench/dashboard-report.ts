// Section 10 of docs/benchmarks.md (issue 15): the dashboard's calls over 5 million ledger entries, written between
// markers of its own by `npm run bench -- --dashboard --write`, with a row added to its history table.
import { benchDate, DISTURBED_CORES, runContext, type CpuSplit, type MachineInfo } from './machine';
import { writeDocSection, type Outcome } from './report';
import { DASHBOARD_TARGET_P95_MS, DASHBOARD_THINK_MS, type DashboardPhase, type RouteLatency } from './dashboard';

export interface DashboardReport {
  date: Date;
  machine: MachineInfo;
  command: string;
  quick: boolean;
  dashboard: Outcome<DashboardPhase>;
}

const START = '<!-- bench:dashboard:start (written by `npm run bench -- --dashboard --write`; edit the text around it, not inside) -->';
const END = '<!-- bench:dashboard:end -->';
const HISTORY_HEADING = '### History of section 10';

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
const dateText = benchDate;

function table(rows: string[][], header: string[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function cpuText(cpu: CpuSplit | null, cores: number): string {
  if (!cpu) return 'n/a (no /proc)';
  const text = `${cpu.machine.toFixed(2)} of ${cores} cores busy: server ${cpu.server === null ? 'n/a' : cpu.server.toFixed(2)}, PostgreSQL backends ${cpu.postgres.toFixed(2)}, bench process ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)}`;
  return cpu.other > DISTURBED_CORES ? `${text} **(other work disturbed this phase: figures are low)**` : text;
}

const allPass = (latencies: readonly RouteLatency[]) => latencies.every((l) => l.count > 0 && l.p95 < DASHBOARD_TARGET_P95_MS);

/** Every call's p95 under the target with the ten users' calls always in flight (the machine saturated). */
export function dashboardPasses(phase: DashboardPhase): boolean {
  return allPass(phase.latencies);
}

/** Every call's p95 under the target with the ten users at a person's pace. */
export function dashboardPacedPasses(phase: DashboardPhase): boolean {
  return allPass(phase.paced.latencies);
}

export function dashboardDisturbed(report: DashboardReport): boolean {
  if (!report.dashboard.ok) return false;
  const d = report.dashboard.value;
  return Math.max(d.cpu?.other ?? 0, d.paced.cpu?.other ?? 0) > DISTURBED_CORES;
}

export function dashboardSection(report: DashboardReport): string {
  const head = ['### 10. The dashboard\'s calls over 5 million ledger entries in 100 agencies, 10 users at once, PostgreSQL', '', runContext(report, 'short phases and a tenth of the data'), ''].join('\n');
  if (!report.dashboard.ok) return `${head}Not measured: ${report.dashboard.reason}\n`;
  const d = report.dashboard.value;
  const s = d.seed;
  const latencyRows = (latencies: readonly RouteLatency[]) =>
    latencies.map((l) => {
      const others = Object.entries(l.otherStatuses).map(([status, count]) => `${count} × ${status}`);
      return [
        `\`${l.route}\``,
        `${l.tab}${l.first ? ' (first call)' : ''}`,
        n(l.count),
        ms(l.p50),
        ms(l.p95),
        ms(l.p99),
        l.count > 0 && l.p95 < DASHBOARD_TARGET_P95_MS ? 'pass' : '**FAIL**',
        `${(l.bytes / 1024).toFixed(1)} KiB`,
        others.length > 0 ? others.join(', ') : '',
      ];
    });
  const latencyHeader = ['call', 'tab', 'answers', 'p50', 'p95', 'p99', `p95 < ${DASHBOARD_TARGET_P95_MS} ms`, 'size', 'other answers'];
  const exportRows = d.exports.map((e) => [e.file, n(e.rows), `${(e.bytes / 1024).toFixed(0)} KiB`, `${e.seconds.toFixed(2)} s`, `${e.rssBeforeMiB.toFixed(0)} MiB`, `${e.rssPeakMiB.toFixed(0)} MiB`]);
  const rows = s
    ? Object.entries(s.bigAgencyRows)
        .map(([table, count]) => `${table} ${n(count)}`)
        .join(', ')
    : '';
  const figures: string[][] = [
    ...(s
      ? [
          ['ledger entries (all agencies) / agencies', `${n(s.entries)} / ${s.agencies}`],
          ['the big agency', `${n(s.bigAgencyEntries)} entries: a generated season of ${s.season.voyages} vessel calls (${n(s.templateEntries)} entries through the services), its truck movements ${s.copies} times`],
          ['the big agency\'s documents', rows],
        ]
      : [['the data', 'a database an earlier run kept (`BENCH_DASHBOARD_DATABASE`)']]),
    ['the largest warehouse', `${d.largestWarehouse.name}: ${n(d.largestWarehouse.positions)} positions, ${n(d.largestWarehouse.entries)} entries`],
    ['users', `${d.users.admins} agency admins and ${d.users.managers} shipment managers' company admins, 1 call in flight each`],
    ['load, no pause', `${n(d.requests)} calls in ${d.seconds.toFixed(1)} s after warm-up: ${d.perSecond.toFixed(0)}/s`],
    ['CPU, no pause', cpuText(d.cpu, report.machine.cores)],
    ['load, a person\'s pace', `${n(d.paced.requests)} calls in ${d.paced.seconds.toFixed(1)} s: ${d.paced.perSecond.toFixed(1)}/s`],
    ['CPU, a person\'s pace', cpuText(d.paced.cpu, report.machine.cores)],
    ...(s
      ? [
          ['making the data: season / thickening / 99 agencies / VACUUM ANALYZE', `${s.seasonSeconds.toFixed(1)} s / ${s.thickenSeconds.toFixed(1)} s / ${s.smallAgenciesSeconds.toFixed(1)} s / ${s.analyzeSeconds.toFixed(1)} s`],
          ['kept balances equal the entries, every transaction sums to zero (`findLedgerDifferences`)', s.ledgerClean ? 'yes' : '**no**'],
        ]
      : []),
  ];
  return [
    head,
    `**10 users, no pause:** each user sends its next call as soon as the last one answers, so ten calls are always in flight and the 2 cores stay saturated (a stress test: the latency is mostly the queue).`,
    '',
    table(latencyRows(d.latencies), latencyHeader),
    '',
    `**10 users at a person's pace:** the same users and draws, each pausing ${DASHBOARD_THINK_MS / 1000} s on average (exponential) after an answer before the next click.`,
    '',
    table(latencyRows(d.paced.latencies), latencyHeader),
    '',
    table(exportRows, ['Excel export of the largest warehouse', 'rows', 'size', 'time', 'server memory before', 'server memory, highest while streaming']),
    '',
    table(figures, ['figure', 'value']),
    '',
  ].join('\n');
}

function historyRow(report: DashboardReport): string {
  if (!report.dashboard.ok) return '';
  const d = report.dashboard.value;
  const worst = [...d.latencies].sort((a, b) => b.p95 - a.p95)[0];
  const pacedWorst = [...d.paced.latencies].sort((a, b) => b.p95 - a.p95)[0];
  const peak = Math.max(...d.exports.map((e) => e.rssPeakMiB));
  return `| ${dateText(report.date)} | ${n(d.seed?.entries ?? 0)} | ${n(d.seed?.bigAgencyEntries ?? 0)} | ${d.perSecond.toFixed(0)}/s | ${worst ? `\`${worst.route}\` ${ms(worst.p95)}` : 'n/a'} | ${dashboardPasses(d) ? 'all pass' : 'a call FAILS'} | ${peak.toFixed(0)} MiB | ${pacedWorst ? `\`${pacedWorst.route}\` ${ms(pacedWorst.p95)}` : 'n/a'}, ${dashboardPacedPasses(d) ? 'all pass' : 'a call FAILS'} |`;
}

/** Replaces section 10 between its markers (appending it before "## History" the first time) and adds a history row. */
export function writeDashboardDoc(file: string, report: DashboardReport): void {
  writeDocSection(file, { start: START, end: END, body: dashboardSection(report), historyHeading: HISTORY_HEADING, historyHeader: '| date | entries | the big agency | calls/s | slowest p95 | target | export memory, highest | at a person\'s pace: slowest p95, target |\n|---|---|---|---|---|---|---|---|', row: historyRow(report) });
}
