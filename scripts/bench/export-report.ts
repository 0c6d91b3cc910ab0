// Section 11 of docs/benchmarks.md (issue 16): one million rows exported to Excel beside COPY of the same rows,
// written between markers of its own by `npm run bench -- --export --write`, with a row added to its history table.
import { benchDate, DISTURBED_CORES, runContext, type CpuSplit, type MachineInfo } from './machine';
import { writeDocSection, type Outcome } from './report';
import { EXPORT_MEMORY_LIMIT_MIB, type ExportPhase, type ExportRun } from './export';

export interface ExportReport {
  date: Date;
  machine: MachineInfo;
  command: string;
  quick: boolean;
  exports: Outcome<ExportPhase>;
}

const START = '<!-- bench:export:start (written by `npm run bench -- --export --write`; edit the text around it, not inside) -->';
const END = '<!-- bench:export:end -->';
const HISTORY_HEADING = '### History of section 11';

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const mib = (value: number | null) => (value === null || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(0)} MiB`);
const dateText = benchDate;

function table(rows: string[][], header: string[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function cpuText(cpu: CpuSplit | null): string {
  if (!cpu) return 'n/a';
  const text = `${cpu.machine.toFixed(2)} busy: server ${cpu.server === null ? 'n/a' : cpu.server.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, bench ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)}`;
  return cpu.other > DISTURBED_CORES ? `${text} **(disturbed)**` : text;
}

/** The highest server memory of the exports, MiB. */
export function exportPeakMiB(phase: ExportPhase): number {
  return Math.max(...phase.runs.map((r) => r.rssPeakMiB ?? 0));
}

export function exportPasses(phase: ExportPhase): boolean {
  return exportPeakMiB(phase) < EXPORT_MEMORY_LIMIT_MIB;
}

export function exportDisturbed(report: ExportReport): boolean {
  return report.exports.ok && report.exports.value.runs.some((r) => (r.cpu?.other ?? 0) > DISTURBED_CORES);
}

const LABELS: Record<ExportRun['kind'], string> = {
  direct: '`GET /api/loadingSlips/export.xlsx` (direct download)',
  job: '`POST /api/loadingSlips/export` `{background: true}`, job polled, then downloaded',
  copy: '`COPY (<the export statement>) TO STDOUT` (psql, the floor)',
};

export function exportSection(report: ExportReport): string {
  const head = ['### 11. One million loading slips exported to Excel, beside `COPY ... TO STDOUT` of the same rows, PostgreSQL', '', runContext(report, '100,000 rows'), ''].join('\n');
  if (!report.exports.ok) return `${head}Not measured: ${report.exports.reason}\n`;
  const e = report.exports.value;
  const copy = e.runs.find((r) => r.kind === 'copy');
  const runRows = e.runs.map((r) => [
    LABELS[r.kind],
    n(r.rows),
    r.kind === 'copy' ? 'text' : String(r.sheets),
    `${(r.bytes / 1024 / 1024).toFixed(1)} MiB`,
    `${r.seconds.toFixed(1)} s${r.jobSeconds === undefined ? '' : ` (job done at ${r.jobSeconds.toFixed(1)} s)`}`,
    `${n(r.rows / r.seconds)}/s`,
    copy && r.kind !== 'copy' ? `${(r.seconds / copy.seconds).toFixed(1)} ×` : '1 ×',
    mib(r.rssBeforeMiB),
    r.rssPeakMiB === null ? 'n/a' : `${mib(r.rssPeakMiB)}${r.rssPeakMiB < EXPORT_MEMORY_LIMIT_MIB ? '' : ' **over**'}`,
    cpuText(r.cpu),
  ]);
  const figures: string[][] = [
    ['live loading slips of the agency (every row of the export)', n(e.rows)],
    ['making them: copies of the demo\'s slips, set-based / VACUUM ANALYZE', `${e.seedSeconds.toFixed(1)} s / ${e.analyzeSeconds.toFixed(1)} s`],
    ['the server\'s memory, idle before the exports', mib(e.rssIdleMiB)],
    [`the server's memory, highest while exporting (bound: ${EXPORT_MEMORY_LIMIT_MIB} MiB)`, `${mib(exportPeakMiB(e))}: ${exportPasses(e) ? 'under' : '**OVER**'}`],
  ];
  return [
    head,
    table(runRows, ['run', 'rows', 'sheets', 'size', 'time', 'rows/s', 'time / COPY', 'server memory before', 'server memory, highest', 'CPU (cores)']),
    '',
    table(figures, ['figure', 'value']),
    '',
  ].join('\n');
}

function historyRow(report: ExportReport): string {
  if (!report.exports.ok) return '';
  const e = report.exports.value;
  const time = (kind: ExportRun['kind']) => {
    const run = e.runs.find((r) => r.kind === kind);
    return run ? `${run.seconds.toFixed(1)} s` : 'n/a';
  };
  return `| ${dateText(report.date)} | ${n(e.rows)} | ${time('direct')} | ${time('job')} | ${time('copy')} | ${mib(exportPeakMiB(e))} |`;
}

/** Replaces section 11 between its markers (appending it before "## History" the first time) and adds a history row. */
export function writeExportDoc(file: string, report: ExportReport): void {
  writeDocSection(file, { start: START, end: END, body: exportSection(report), historyHeading: HISTORY_HEADING, historyHeader: '| date | rows | direct | job (to downloaded) | COPY | server memory, highest |\n|---|---|---|---|---|---|', row: historyRow(report) });
}
