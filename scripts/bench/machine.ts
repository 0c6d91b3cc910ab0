import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** What the figures were measured on. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres: string;
  /** 1-minute load average when the run started: other work on the machine skews the figures. */
  loadAverage: number;
  /** Share of all cores busy during one second before the run (null where /proc/stat is missing). */
  busyBefore: number | null;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    const model = line?.split(':').slice(1).join(':').trim();
    if (model) return model;
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model.trim() ?? 'unknown CPU';
}

/** The PostgreSQL server's version string (e.g. "15.20"), read through the admin connection. */
export async function postgresVersion(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}

/** Busy and total CPU time of all cores so far (jiffies), from /proc/stat; null elsewhere. */
export function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Share of all cores busy over `ms` milliseconds, from /proc/stat. */
export async function cpuBusy(ms: number): Promise<number | null> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  if (!before || !after || after.total <= before.total) return null;
  return (after.busy - before.busy) / (after.total - before.total);
}

export async function describeMachine(adminUrl: string): Promise<MachineInfo> {
  return {
    cpuModel: cpuModel(),
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: await postgresVersion(adminUrl).catch((error: unknown) => `unreachable (${String(error)})`),
    loadAverage: os.loadavg()[0] ?? 0,
    busyBefore: await cpuBusy(1_000),
  };
}

/** A run's date as the reports write it: `2026-11-28 11:28 UTC`. */
export function benchDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The three lines every section of docs/benchmarks.md opens with: date (and what a quick run means), machine, command. */
export function runContext(report: { date: Date; machine: MachineInfo; command: string; quick: boolean }, quickNote: string): string {
  const mode = report.quick ? ` (quick run: ${quickNote}, indicative only)` : '';
  return [`- Date: ${benchDate(report.date)}${mode}`, `- Machine: ${machineLine(report.machine)}`, `- Command: \`${report.command}\``].join('\n');
}

/** One line, for the report. */
export function machineLine(m: MachineInfo): string {
  return `${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB RAM, Node ${m.node}, PostgreSQL ${m.postgres}; before the run: ${m.busyBefore === null ? 'n/a' : `${Math.round(m.busyBefore * 100)} %`} CPU busy, load average ${m.loadAverage.toFixed(2)}`;
}

/** USER_HZ: the unit of /proc times (100 on every common Linux build). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds used so far by a process (user + system), from /proc/<pid>/stat; null when unreadable. */
function processCpuSeconds(pid: number): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the command name: state is field 3, utime field 14, stime field 15.
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by each PostgreSQL backend serving `databaseName` (PostgreSQL puts the database name in
 * the process title: "postgres: user database address state").
 */
function backendCpuSeconds(databaseName: string): Map<number, number> {
  const found = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const entry of entries) {
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(databaseName)) continue;
      const seconds = processCpuSeconds(Number(entry));
      if (seconds !== null) found.set(Number(entry), seconds);
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** Where the CPU went during a phase, in cores (1.0 = one core busy for the whole phase). */
export interface CpuSplit {
  /** Every process on the machine. */
  machine: number;
  /** The bench process: the load generator. */
  bench: number;
  /** The server process. */
  server: number | null;
  /** PostgreSQL backends serving the bench database. */
  postgres: number;
  /** Everything else: PostgreSQL's background processes and any other work on the machine. */
  other: number;
}

/** Above this many cores of "other" work, the figures of a phase are marked as disturbed. */
export const DISTURBED_CORES = 0.25;

/** How often the backends (and the bench's own child processes) are sampled: one that ends mid-phase keeps its last sample. */
const SAMPLE_MS = 200;

/**
 * Starts measuring; the returned function ends the measurement (null where /proc is missing). PostgreSQL backends of
 * the database and the bench's own child processes (`childPids`, e.g. psql: counted as the bench's) are sampled every
 * SAMPLE_MS, so a connection that opens and closes within the phase (a psql COPY) is counted, not left as "other".
 */
export function measureCpuSplit(params: { serverPid: number | undefined; databaseName: string; childPids?: () => readonly number[] }): () => CpuSplit | null {
  const { serverPid, databaseName } = params;
  const started = performance.now();
  const machineBefore = cpuTimes();
  const benchBefore = process.cpuUsage();
  const serverBefore = serverPid === undefined ? null : processCpuSeconds(serverPid);
  const backendsBefore = backendCpuSeconds(databaseName);
  const backendsLatest = new Map(backendsBefore);
  const childrenLatest = new Map<number, number>();
  const sample = () => {
    for (const [pid, seconds] of backendCpuSeconds(databaseName)) backendsLatest.set(pid, seconds);
    for (const pid of params.childPids?.() ?? []) {
      const seconds = processCpuSeconds(pid);
      if (seconds !== null) childrenLatest.set(pid, seconds);
    }
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  return () => {
    clearInterval(sampler);
    sample();
    const seconds = (performance.now() - started) / 1000;
    const machineAfter = cpuTimes();
    const benchUsage = process.cpuUsage(benchBefore);
    const serverAfter = serverPid === undefined ? null : processCpuSeconds(serverPid);
    if (!machineBefore || !machineAfter || machineAfter.total <= machineBefore.total || seconds <= 0) return null;
    const machine = ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * os.cpus().length;
    let childSeconds = 0;
    for (const latest of childrenLatest.values()) childSeconds += latest;
    const bench = ((benchUsage.user + benchUsage.system) / 1e6 + childSeconds) / seconds;
    const server = serverBefore !== null && serverAfter !== null ? (serverAfter - serverBefore) / seconds : null;
    let backendSeconds = 0;
    for (const [pid, latest] of backendsLatest) backendSeconds += latest - (backendsBefore.get(pid) ?? 0);
    const postgres = backendSeconds / seconds;
    return { machine, bench, server, postgres, other: Math.max(0, machine - bench - (server ?? 0) - postgres) };
  };
}
