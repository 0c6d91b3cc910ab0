// The export benchmark of `npm run bench -- --export` (issue 16): one million loading slips exported to Excel by the
// real server, with its resident memory sampled while it writes, beside `COPY (<the same statement>) TO STDOUT` of
// the same rows on the same PostgreSQL server (the floor: what reading the rows costs without Excel).
//
// 1. The server starts on a fresh bench database and seeds the demo agency (its season's loading slips).
// 2. The slips are multiplied set-based up to the target (1,000,000; 100,000 with --quick): every new slip is a
//    copy of one of the demo's live slips (its port loading, truck, driver, quantity, ledger transaction), on a
//    trip of its own, with its own slip number, weighbridge ticket number and loading time. Their postings are not
//    copied: the export reads the slips and what they join, not the ledger. Then VACUUM ANALYZE.
// 3. The direct export: `GET /api/loadingSlips/export.xlsx` by the demo's agency admin, the server's memory sampled
//    every 5 ms while it streams; the file is kept and its rows counted (every sheet of the zip).
// 4. The background job: `POST /api/loadingSlips/export` with `{background: true}` (202 and a job), its progress
//    polled until done, then `GET /api/export-jobs/:id/download`; memory sampled from the POST to the end of the
//    download; the file counted the same way.
// 5. The floor: the export's own statement (built by `loadingSlipExportSource` as the route builds it, parameters
//    inlined) run as `COPY (...) TO STDOUT` by psql as the app's role in the agency (row-level security as the
//    server's), its output counted.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Unzip, UnzipInflate } from 'fflate';
import pg from 'pg';
import { ZLoadingSlipExportQuery, EXCEL_MAX_DATA_ROWS } from '@tonnage/contracts';
import { UNRESTRICTED } from '../../server/src/identity/data-scope';
import { loadingSlipExportSource } from '../../server/src/modules/port-loading/loading-slips.service';
import type { Db } from '../../server/src/platform/db/client';
import { APP_ROLE } from '../../server/src/platform/db/tenancy';
import { DEMO_AGENCY_NAME } from '../../server/src/seed/first-run';
import { measureCpuSplit, type CpuSplit } from './machine';
import { startServer, type ServerProcess } from './server';
import { sleep } from './stats';

/** The issue's memory bound for the server while it exports. */
export const EXPORT_MEMORY_LIMIT_MIB = 256;
const EXPORT_URL = '/api/loadingSlips';

export interface ExportRun {
  /** direct, job, or the COPY floor. */
  kind: 'direct' | 'job' | 'copy';
  rows: number;
  sheets: number;
  bytes: number;
  seconds: number;
  /** The server's resident memory just before, and its highest while it ran (MiB); null for the COPY. */
  rssBeforeMiB: number | null;
  rssPeakMiB: number | null;
  /** For a job: seconds from the POST to the job done (the rest is the download). */
  jobSeconds?: number;
  cpu: CpuSplit | null;
}

export interface ExportPhase {
  rows: number;
  seedSeconds: number;
  analyzeSeconds: number;
  /** The server's resident memory when idle after the seed (MiB). */
  rssIdleMiB: number;
  runs: ExportRun[];
}

function rssMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's resident memory every 5 ms until stopped; answers the highest seen. */
function sampleRss(pid: number): { before: number; stop: () => number } {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => {
    const now = rssMiB(pid);
    if (now > peak) peak = now;
  }, 5);
  return {
    before,
    stop: () => {
      clearInterval(timer);
      const now = rssMiB(pid);
      return Math.max(peak, Number.isFinite(now) ? now : peak);
    },
  };
}

/** Rows of each sheet of an .xlsx (`<row` elements of xl/worksheets/sheetN.xml), read from the zip as a stream. */
export function countXlsxRows(file: Uint8Array): number[] {
  const perSheet = new Map<number, number>();
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  const decoder = new TextDecoder('latin1');
  unzip.onfile = (entry) => {
    const match = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.name);
    if (!match) return;
    const sheet = Number(match[1]);
    let carry = '';
    let count = 0;
    entry.ondata = (error, chunk, final) => {
      if (error) throw error;
      const text = carry + decoder.decode(chunk);
      for (let at = text.indexOf('<row '); at >= 0; at = text.indexOf('<row ', at + 5)) count += 1;
      carry = text.slice(-4);
      if (final) perSheet.set(sheet, count);
    };
    entry.start();
  };
  const step = 1 << 20;
  for (let at = 0; at < file.byteLength; at += step) unzip.push(file.subarray(at, Math.min(file.byteLength, at + step)), at + step >= file.byteLength);
  return [...perSheet.entries()].sort((a, b) => a[0] - b[0]).map(([, rows]) => rows);
}

async function download(response: Response): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const file = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    file.set(chunk, at);
    at += chunk.byteLength;
  }
  return file;
}

/** Checks a downloaded file holds the expected data rows (a header row per sheet) and answers its sheets. */
function checkFile(kind: string, file: Uint8Array, expected: number): { rows: number; sheets: number } {
  const sheets = countXlsxRows(file);
  const rows = sheets.reduce((sum, n) => sum + n - 1, 0);
  if (sheets.length === 0) throw new Error(`export bench: the ${kind} export is not an .xlsx with a sheet`);
  if (rows !== expected) throw new Error(`export bench: the ${kind} export holds ${rows} data rows, expected ${expected}`);
  if (sheets.some((n) => n - 1 > EXCEL_MAX_DATA_ROWS)) throw new Error(`export bench: a sheet of the ${kind} export passes Excel's limit`);
  return { rows, sheets: sheets.length };
}

/** Multiplies the demo's live loading slips set-based up to `target` live slips in the agency. */
async function seedSlips(pool: pg.Pool, agencyId: number, target: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const live = await client.query<{ n: string; maxslip: string | null; maxtrip: string | null }>(
      `select count(*) filter (where status = 'Active') as n, max(slip_number) as maxslip, (select max(id) from trips) as maxtrip from loading_slips where agency_id = $1`,
      [agencyId],
    );
    const existing = Number(live.rows[0]?.n ?? 0);
    if (existing === 0) throw new Error(`export bench: "${DEMO_AGENCY_NAME}" has no live loading slip to copy (SEED_DEMO=1)`);
    const add = target - existing;
    if (add <= 0) return existing;
    const maxSlip = Number(live.rows[0]?.maxslip ?? 0);
    const maxTrip = Number(live.rows[0]?.maxtrip ?? 0);
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'loading_slips' and is_generated = 'NEVER' and identity_generation is null order by ordinal_position`,
    );
    const own: Record<string, string> = {
      slip_number: `${maxSlip} + t.i`,
      trip_id: 't.id',
      wbt_number: `'BENCH-' || t.i`,
      loaded_at: `s.loaded_at - make_interval(secs => t.i)`,
    };
    const names = columns.rows.map((c) => c.column_name);
    await client.query(`insert into trips (agency_id, kind, created_at) select $1, 'loadingSlip', now() from generate_series(1, $2::int)`, [agencyId, add]);
    await client.query(
      `insert into loading_slips (${names.join(', ')})
       select ${names.map((name) => own[name] ?? `s.${name}`).join(', ')}
       from (select id, row_number() over (order by id) as i from trips where id > $2 and agency_id = $1) t
       join (select *, row_number() over (order by id) - 1 as k, count(*) over () as n from loading_slips where agency_id = $1 and status = 'Active') s on s.k = t.i % s.n`,
      [agencyId, maxTrip],
    );
    await client.query('commit');
    return existing + add;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }), signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new Error(`sign-in of ${username} returned no token`);
  return body.token;
}

/** `COPY (<the export's statement>) TO STDOUT` through psql as the app's role in the agency; answers rows and bytes. */
function copyToStdout(databaseUrl: string, agencyId: number, statement: string, timeoutMs: number, started: (pid: number) => void): Promise<{ rows: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-c', `copy (${statement}) to stdout`], {
      env: { ...process.env, PGOPTIONS: `-c app.agency_id=${agencyId} -c role=${APP_ROLE}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) started(child.pid);
    let rows = 0;
    let bytes = 0;
    let errors = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) rows += 1;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ rows, bytes });
      else reject(new Error(`psql COPY ended with ${signal ?? `code ${String(code)}`}: ${errors.trim().slice(0, 500)}`));
    });
  });
}

export async function benchExport(params: {
  databaseUrl: string;
  databaseName: string;
  rootDir: string;
  rows: number;
  log: (line: string) => void;
  /** The server, handed back to the caller as soon as it starts (stopped on abort). */
  onServer: (server: ServerProcess | undefined) => void;
}): Promise<ExportPhase> {
  const { log, rows: target } = params;
  const pool = new pg.Pool({ connectionString: params.databaseUrl, max: 2 });
  let server: ServerProcess | undefined;
  try {
    const demoPassword = 'Bench#Demo1';
    server = await startServer({ rootDir: params.rootDir, databaseUrl: params.databaseUrl, adminPassword: 'Bench#Admin1', demoPassword, startTimeoutMs: 120_000 });
    params.onServer(server);
    const pid = server.pid ?? 0;
    const baseUrl = server.baseUrl;
    const agency = await pool.query<{ id: number }>('select id from agencies where name = $1', [DEMO_AGENCY_NAME]);
    const agencyId = Number(agency.rows[0]?.id);
    if (!Number.isInteger(agencyId) || agencyId <= 0) throw new Error(`export bench: no "${DEMO_AGENCY_NAME}" agency (SEED_DEMO=1)`);

    log(`export: multiplying the demo's loading slips to ${target.toLocaleString('en-US')} (set-based)`);
    let started = performance.now();
    const rows = await seedSlips(pool, agencyId, target);
    const seedSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await pool.query('vacuum analyze trips');
    await pool.query('vacuum analyze loading_slips');
    const analyzeSeconds = (performance.now() - started) / 1000;
    log(`export: ${rows.toLocaleString('en-US')} live slips in ${seedSeconds.toFixed(1)} s, VACUUM ANALYZE ${analyzeSeconds.toFixed(1)} s`);

    const token = await signIn(baseUrl, 'demo.admin', demoPassword);
    const headers = { authorization: `Bearer ${token}`, 'x-agency-id': String(agencyId) };
    await sleep(1_000);
    const rssIdleMiB = rssMiB(pid);
    const runs: ExportRun[] = [];
    const timeoutMs = Math.max(300_000, target * 1.5);

    // The direct download.
    {
      log(`export: GET ${EXPORT_URL}/export.xlsx (direct), the server's memory sampled every 5 ms`);
      const cpu = measureCpuSplit({ serverPid: pid, databaseName: params.databaseName });
      const rss = sampleRss(pid);
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}${EXPORT_URL}/export.xlsx?lang=en`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status !== 200) throw new Error(`export bench: the direct export answered ${response.status}: ${await response.text()}`);
      const file = await download(response);
      const seconds = (performance.now() - t0) / 1000;
      const peak = rss.stop();
      const split = cpu();
      const checked = checkFile('direct', file, rows);
      runs.push({ kind: 'direct', ...checked, bytes: file.byteLength, seconds, rssBeforeMiB: rss.before, rssPeakMiB: peak, cpu: split });
      log(`export: direct ${checked.rows.toLocaleString('en-US')} rows, ${(file.byteLength / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s; server memory ${rss.before.toFixed(0)} -> ${peak.toFixed(0)} MiB`);
    }
    await sleep(2_000);

    // The background job, then its download.
    {
      log(`export: POST ${EXPORT_URL}/export {background: true}, polled, then downloaded`);
      const cpu = measureCpuSplit({ serverPid: pid, databaseName: params.databaseName });
      const rss = sampleRss(pid);
      const t0 = performance.now();
      const start = await fetch(`${baseUrl}${EXPORT_URL}/export?lang=en`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ background: true }),
        signal: AbortSignal.timeout(60_000),
      });
      const answer = (await start.json()) as { mode?: string; job?: { id: number } };
      if (start.status !== 202 || answer.mode !== 'job' || !answer.job) throw new Error(`export bench: the background export answered ${start.status}: ${JSON.stringify(answer)}`);
      const jobId = answer.job.id;
      let jobSeconds = 0;
      for (;;) {
        if (performance.now() - t0 > timeoutMs) throw new Error(`export bench: the job ${jobId} did not finish in ${timeoutMs / 1000} s`);
        const poll = await fetch(`${baseUrl}/api/export-jobs/${jobId}`, { headers, signal: AbortSignal.timeout(30_000) });
        const job = (await poll.json()) as { status?: string; error?: string | null };
        if (job.status === 'done') {
          jobSeconds = (performance.now() - t0) / 1000;
          break;
        }
        if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`export bench: the job ${jobId} ended ${job.status}: ${String(job.error)}`);
        await sleep(250);
      }
      const response = await fetch(`${baseUrl}/api/export-jobs/${jobId}/download`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status !== 200) throw new Error(`export bench: the job's download answered ${response.status}`);
      const file = await download(response);
      const seconds = (performance.now() - t0) / 1000;
      const peak = rss.stop();
      const split = cpu();
      const checked = checkFile('job', file, rows);
      runs.push({ kind: 'job', ...checked, bytes: file.byteLength, seconds, jobSeconds, rssBeforeMiB: rss.before, rssPeakMiB: peak, cpu: split });
      log(`export: job ${checked.rows.toLocaleString('en-US')} rows, ${(file.byteLength / 1024 / 1024).toFixed(1)} MiB: done in ${jobSeconds.toFixed(1)} s, downloaded at ${seconds.toFixed(1)} s; server memory ${rss.before.toFixed(0)} -> ${peak.toFixed(0)} MiB`);
    }

    // The floor: the same statement through COPY.
    {
      const db = drizzle(pool) as unknown as Db;
      const query = ZLoadingSlipExportQuery.parse({ lang: 'en' });
      const { lang: _lang, ...filters } = query;
      const source = await loadingSlipExportSource(db, { agencyId, scope: UNRESTRICTED, query: filters });
      const statement = new PgDialect().sqlToQuery(sql`${source.statement}`.inlineParams()).sql;
      log('export: COPY (the export statement) TO STDOUT through psql, as the app role in the agency');
      const psql: number[] = [];
      const cpu = measureCpuSplit({ serverPid: undefined, databaseName: params.databaseName, childPids: () => psql });
      const t0 = performance.now();
      const copied = await copyToStdout(params.databaseUrl, agencyId, statement, timeoutMs, (pid) => psql.push(pid));
      const seconds = (performance.now() - t0) / 1000;
      const split = cpu();
      if (copied.rows !== rows) throw new Error(`export bench: COPY gave ${copied.rows} rows, expected ${rows}`);
      runs.push({ kind: 'copy', rows: copied.rows, sheets: 0, bytes: copied.bytes, seconds, rssBeforeMiB: null, rssPeakMiB: null, cpu: split });
      log(`export: COPY ${copied.rows.toLocaleString('en-US')} rows, ${(copied.bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s`);
    }
    return { rows, seedSeconds, analyzeSeconds, rssIdleMiB, runs };
  } finally {
    await server?.stop();
    params.onServer(undefined);
    await pool.end();
  }
}
