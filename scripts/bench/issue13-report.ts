// Sections 8 and 9 of docs/benchmarks.md (issue 13): the stock-position query over 5 million ledger entries, and
// Warehouse In and Out postings per second beside the bare insert. Each section sits between markers of its own,
// so `npm run bench -- --stock --write` (or `--warehouse`) replaces only its section, with its date and machine,
// and a full `--write` run replaces both; each adds a row to its own history table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { benchDate, DISTURBED_CORES, runContext, type CpuSplit, type MachineInfo } from './machine';
import type { Outcome } from './report';
import type { MeasuredRate } from './slips';
import { STOCK_TARGET_P95_MS, type StockPhase } from './stock';
import { ms, perSecond } from './stats';
import type { WarehousePhase } from './warehouse';

export interface Issue13Report {
  date: Date;
  machine: MachineInfo;
  command: string;
  quick: boolean;
  stock?: Outcome<StockPhase>;
  warehouse?: Outcome<WarehousePhase>;
}

const n = (value: number) => value.toLocaleString('en-US');

const dateText = benchDate;

function context(report: Issue13Report): string {
  return runContext(report, '2 s phases and a tenth of the data');
}

function table(rows: string[][], header = ['figure', 'value']): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function cpuText(cpu: CpuSplit | null, cores: number): string {
  if (!cpu) return 'n/a (no /proc)';
  const text = `${cpu.machine.toFixed(2)} of ${cores} cores busy: PostgreSQL backends ${cpu.postgres.toFixed(2)}, bench process ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)}`;
  return cpu.other > DISTURBED_CORES ? `${text} **(other work disturbed this phase: figures are low)**` : text;
}

/** True when other work on the machine took a noticeable share of the CPU during a measured phase of these sections. */
export function issue13Disturbed(report: Issue13Report): boolean {
  const cpus: (CpuSplit | null)[] = [];
  if (report.stock?.ok) cpus.push(report.stock.value.cpu);
  if (report.warehouse?.ok) cpus.push(report.warehouse.value.warehouseIn.cpu, report.warehouse.value.warehouseOut.cpu, report.warehouse.value.bare.cpu);
  return cpus.some((cpu) => cpu !== null && cpu.other > DISTURBED_CORES);
}

export function stockPasses(phase: StockPhase): boolean {
  return phase.latencies.every((l) => l.count === 0 || l.p95 < STOCK_TARGET_P95_MS);
}

export function stockSection(report: Issue13Report): string {
  const heading = '### 8. Stock positions (`stockPositions`) over 5 million ledger entries in 100 agencies, a scoped user of the largest, PostgreSQL';
  if (!report.stock) return `${heading}\n\n${context(report)}\n\nNot run.`;
  if (!report.stock.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.stock.reason}`;
  const p = report.stock.value;
  const cores = report.machine.cores;
  return [
    heading,
    '',
    context(report),
    '',
    table(
      p.latencies.map((l) => [l.kind === 'all' ? '**all queries**' : l.kind, n(l.count), ms(l.p50), ms(l.p95), ms(l.p99), l.count === 0 ? 'n/a' : l.p95 < STOCK_TARGET_P95_MS ? 'pass' : '**FAIL**', l.rows.toFixed(1)]),
      ['filter', 'queries', 'p50', 'p95', 'p99', `p95 < ${STOCK_TARGET_P95_MS} ms`, 'positions per answer'],
    ),
    '',
    table(
      p.plans.map((plan) => [plan.kind, ms(plan.executionMs), plan.paths.join(', ')]),
      ['filter (one query, EXPLAIN ANALYZE as the app role)', 'execution', 'access paths'],
    ),
    '',
    table([
      ['ledger entries / transactions / accounts (all agencies)', `${n(p.entries)} / ${n(p.transactions)} / ${n(p.accounts)}`],
      ['the largest agency', `${n(p.bigAgencyEntries)} entries; ${n(p.bigAgencyOnHand)} ON_HAND accounts, ${n(p.bigAgencyLiveOnHand)} of them not empty`],
      ['the scoped user', `${p.scope.shipmentManagers} of 20 shipment managers (${p.scope.owners} owners under them), ${p.scope.locations} of 40 places`],
      ['load', `${p.workers} clients, 1 query in flight each, ${p.seconds.toFixed(1)} s after warm-up: ${perSecond(p.perSecond)}`],
      ['CPU', cpuText(p.cpu, cores)],
      ['writing the ledger (set-based, triggers off) / VACUUM ANALYZE', `${p.seedSeconds.toFixed(1)} s / ${p.analyzeSeconds.toFixed(1)} s`],
      ['kept balances equal the entries, every transaction sums to zero (`findLedgerDifferences`)', p.ledgerClean ? 'yes' : '**no**'],
    ]),
    '',
    'Each query is one `inAgency` transaction (the agency setting and the application role, so row-level security',
    'applies) running `stockPositions` with the scope `dataScopeOf` gives the user, a random filter each time: a place',
    'of the scope (grouped by silo, owner, consignment), an owner of the scope (grouped by place, consignment), a',
    'consignment of such an owner (grouped by place, silo), or place and owner together. Latency is the transaction,',
    'BEGIN to COMMIT, measured in the bench process.',
  ].join('\n');
}

function rateRow(label: string, r: MeasuredRate, cores: number, perOperation: string): string[] {
  const failures = r.failed === 0 ? 'none failed' : `**${n(r.failed)} failed**: ${r.firstFailure ?? ''}`;
  return [label, perSecond(r.perSecond), `${n(r.completed)} in ${r.seconds.toFixed(1)} s`, perOperation, failures, cpuText(r.cpu, cores)];
}

export function warehouseSection(report: Issue13Report): string {
  const heading = '### 9. Warehouse In and Warehouse Out per second, beside a bare single-row insert transaction, PostgreSQL';
  if (!report.warehouse) return `${heading}\n\n${context(report)}\n\nNot run.`;
  if (!report.warehouse.ok) return `${heading}\n\n${context(report)}\n\nNot measured: ${report.warehouse.reason}`;
  const p = report.warehouse.value;
  const cores = report.machine.cores;
  const share = (r: MeasuredRate) => (p.bare.perSecond > 0 ? `${((r.perSecond / p.bare.perSecond) * 100).toFixed(1)} %` : 'n/a');
  return [
    heading,
    '',
    context(report),
    '',
    table(
      [
        rateRow(`Warehouse In (pre in + in), ${p.workers} workers over ${p.warehouses} warehouses`, p.warehouseIn, cores, `2 transactions, ${p.inRoundTrips} round trips`),
        rateRow(`Warehouse Out (pre out + first weight + second weight + out), ${p.workers} workers over ${p.warehouses} warehouses`, p.warehouseOut, cores, `4 transactions, ${p.outRoundTrips} round trips`),
        rateRow(`bare \`insert into bench_bare (n) values ($1)\` transaction, ${p.workers} workers`, p.bare, cores, '1 transaction, 3 round trips'),
      ],
      ['operation', 'per second', 'completed', 'each', 'failures', 'CPU'],
    ),
    '',
    `Warehouse In reaches ${share(p.warehouseIn)} and Warehouse Out ${share(p.warehouseOut)} of the bare insert rate. After the run: ${n(p.insWritten)} ins and ${n(p.outsWritten)} outs in the bench agency, and the kept balances ${p.ledgerClean ? 'equal' : '**do not equal**'} the ledger (\`findLedgerDifferences\`).${p.slipsLeft === 0 ? ' **The In phase ran out of prepared loading slips: its rate is low.**' : ''}`,
    '',
    'Each operation is the real services, one `inAgency` transaction per screen save as the application role under',
    'row-level security: an In is a Pre In (the loaded truck weighed, its ticket numbered) and a Warehouse In (the empty',
    'truck weighed; received = pre in - in; the posting IN_TRANSIT -> ON_HAND, the slip marked received); an Out is a',
    'Pre Out (on-hand stock committed), the first and second weights, and the Warehouse Out (the second weight\'s net',
    'posted ON_HAND -> IN_TRANSIT, the commitment released). The weights are typed (manual, as the ManualWeight',
    `permission allows), so no weighbridge hub is in the path. The In phase's ${n(p.slipsPrepared)} loading slips, and the`,
    'Out phase\'s stock (one posting per warehouse), are made before the phases and not measured. Each worker has its',
    'own truck and driver; two workers share a warehouse (its ticket counter, its open-area position) and its bridge.',
    '`npm run bench -- --warehouse` prints the statements of one In and one Out, traced alone before the phases.',
  ].join('\n');
}

const STOCK_START = '<!-- bench:stock:start (written by `npm run bench -- --stock --write`; edit the text around it, not inside) -->';
const STOCK_END = '<!-- bench:stock:end -->';
const WAREHOUSE_START = '<!-- bench:warehouse:start (written by `npm run bench -- --warehouse --write`; edit the text around it, not inside) -->';
const WAREHOUSE_END = '<!-- bench:warehouse:end -->';
const HISTORY_START = '<!-- bench:issue13-history:start -->';
const HISTORY_END = '<!-- bench:issue13-history:end -->';
const HISTORY_HEADER = [
  '| date | machine | load average | stock positions p50 / p95 / p99 (5M entries, scoped) | warehouse in/s / out/s / bare insert/s |',
  '|---|---|---|---|---|',
].join('\n');

function replaceBetween(text: string, start: string, end: string, inner: (old: string | null) => string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) return `${text.trimEnd()}\n\n${start}\n${inner(null)}\n${end}\n`;
  const old = text.slice(from + start.length, to).trim();
  return `${text.slice(0, from)}${start}\n${inner(old)}\n${end}${text.slice(to + end.length)}`;
}

function historyRow(report: Issue13Report): string {
  const notes = [report.quick ? 'quick' : '', issue13Disturbed(report) ? 'disturbed' : ''].filter(Boolean).join(', ');
  const all = report.stock?.ok ? report.stock.value.latencies.find((l) => l.kind === 'all') : undefined;
  const stock = all ? `${ms(all.p50)} / ${ms(all.p95)} / ${ms(all.p99)}` : 'n/a';
  const w = report.warehouse?.ok ? report.warehouse.value : undefined;
  const warehouse = w ? `${perSecond(w.warehouseIn.perSecond)} / ${perSecond(w.warehouseOut.perSecond)} / ${perSecond(w.bare.perSecond)}` : 'n/a';
  const m = report.machine;
  return `| ${dateText(report.date)}${notes ? ` (${notes})` : ''} | ${m.cpuModel}, ${m.cores} cores, PG ${m.postgres} | ${m.loadAverage.toFixed(2)} | ${stock} | ${warehouse} |`;
}

/** Replaces the sections that ran in `docFile` and adds a row to their history table. */
export function writeIssue13Doc(docFile: string, report: Issue13Report): void {
  let text = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '# Benchmarks\n';
  if (report.stock) text = replaceBetween(text, STOCK_START, STOCK_END, () => stockSection(report));
  if (report.warehouse) text = replaceBetween(text, WAREHOUSE_START, WAREHOUSE_END, () => warehouseSection(report));
  text = replaceBetween(text, HISTORY_START, HISTORY_END, (old) => {
    const rows = (old ?? '').split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| date ') && !line.startsWith('|---'));
    return [HISTORY_HEADER, ...rows, historyRow(report)].join('\n');
  });
  writeFileSync(docFile, text.endsWith('\n') ? text : `${text}\n`);
}
