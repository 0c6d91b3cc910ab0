import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ExportMessages, SERVER_MESSAGE_SETS, SocketEvents, type ServerMessage, type TExportJob } from '@tonnage/contracts';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { userAuthority } from '../../identity/sessions.service';
import { actorOfAuthority } from '../../kit/actor';
import { mayExport, writeDataset, type ExportJobQueue, type ExportRegistry, type KitContext, type NewExportJob } from '../../kit';
import type { Clock } from '../../platform/clock';
import type { AppConfig } from '../../platform/config';
import type { Database, Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { ExcelLang } from '../../platform/excel';
import { exportJobs } from './export-jobs.schema';
import { enqueueExportJob, toApiJob, type ExportJobRow } from './export-jobs.service';

/*
 * The runner of the background exports, one per server process, started with the app and stopped with it. It
 * takes one job at a time (an export is CPU work for this process: ExcelJS and the zip): a queued job, or one left
 * `running` by a process that stopped (its lease ran out). Taking it sets a lease of LEASE_MS that a heartbeat renews
 * while it writes; progress (rows written of the total counted at its start) is saved at most every
 * PROGRESS_EVERY_MS and told to the user's sockets. The file is written to `<DATA_DIR>/exports/<agency>/<job>.xlsx.part`
 * and renamed when complete.
 *
 * Restarts: a job whose process stopped (crash, kill, deploy) is run again from the start by the next runner that
 * finds it (on the embedded database, at once when the server starts: one process only), at most MAX_ATTEMPTS
 * times; after that it fails with `ExportMessages.interrupted`. A clean shutdown puts its job back in the queue
 * without counting the attempt. An export only reads, so running it again is safe; the user sees it queued, then
 * under way again.
 *
 * Expiry: a finished job (done, failed, cancelled) keeps its row and file for EXPORT_KEEP_HOURS; the cleanup (at
 * start and every CLEANUP_EVERY_MS) deletes expired rows with their files, and files under `exports/` that belong
 * to no running or finished job (left by a crash).
 */

const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
const PROGRESS_EVERY_MS = 500;
const POLL_MS = 5_000;
const CLEANUP_EVERY_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;

/** Why a run stopped before its end without failing: its user cancelled it, another runner took it over, or shutdown. */
class RunStopped extends Error {
  constructor(readonly why: 'cancelled' | 'shutdown') {
    super(`export run stopped: ${why}`);
  }
}

export interface ExportRunnerDeps {
  database: Database;
  clock: Clock;
  config: AppConfig;
  datasets: ExportRegistry;
  log: { info(message: string): void; error(error: unknown, message: string): void };
}

/** The background exports of a process: the kit's queue, the runner's start and stop, where files live. */
export interface ExportJobs extends ExportJobQueue {
  start(context: KitContext): void;
  stop(): Promise<void>;
  /** Looks for work now (tests; the routes call `queued`). */
  poll(): Promise<void>;
  /** Deletes expired jobs and stray files now (tests). */
  cleanup(): Promise<void>;
  /** The absolute path of a job's file. */
  fileOf(relative: string): string;
  /** Tells the user's screens that a job moved. */
  announce(userId: number, job: TExportJob): void;
}

/** Every fixed message the server declares (a failed job keeps one, which the web translates). */
const DECLARED_MESSAGES: ReadonlySet<string> = new Set(Object.values(SERVER_MESSAGE_SETS).flatMap((set) => Object.values(set) as string[]));

type JobChange = PgUpdateSetSource<typeof exportJobs>;

/** A job's file, relative to the data directory. */
const relativeFile = (row: Pick<ExportJobRow, 'agencyId' | 'id'>) => path.join('exports', String(row.agencyId), `${row.id}.xlsx`);

/** The message a failed job keeps: a declared server message the export threw (a filter outside the scope), else the generic one. */
function failureMessage(error: unknown): ServerMessage {
  if (error instanceof AppError && DECLARED_MESSAGES.has(error.message)) return error.message as ServerMessage;
  return ExportMessages.failed;
}

/** Creates the background exports of a process (see the file's comment). */
export function createExportJobs(deps: ExportRunnerDeps): ExportJobs {
  const { database, clock, config, datasets, log } = deps;
  const db = database.db;
  const exportsDir = path.join(config.dataDir, 'exports');
  let context: KitContext | null = null;
  let stopped = true;
  let working: Promise<void> | null = null;
  let again = false;
  let current: AbortController | null = null;
  const timers: NodeJS.Timeout[] = [];

  const fileOf = (relative: string) => path.join(config.dataDir, relative);
  const now = () => clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  // Through the context's realtime as it is when the job moves (tests put a recording one there).
  const announce = (userId: number, job: TExportJob) => context?.realtime.emitToUser(userId, SocketEvents.exportJob, job);

  /** Saves a change of a job this run holds (status running, this attempt); null when it no longer holds it. */
  async function update(row: ExportJobRow, values: JobChange): Promise<ExportJobRow | null> {
    const [updated] = await db
      .update(exportJobs)
      .set(values)
      .where(and(eq(exportJobs.id, row.id), eq(exportJobs.status, 'running'), eq(exportJobs.attempts, row.attempts)))
      .returning();
    return updated ?? null;
  }

  /** Ends a job this run holds: done, failed or back in the queue; tells its user. */
  async function finish(row: ExportJobRow, values: JobChange): Promise<void> {
    const updated = await update(row, { leaseUntil: null, ...values });
    if (updated) announce(updated.userId, toApiJob(updated));
  }

  const fail = (row: ExportJobRow, error: ServerMessage) => finish(row, { status: 'failed', error, finishedAt: now(), expiresAt: later(config.exportKeepSeconds * 1000) });

  /** Fails the jobs whose process stopped once too often; takes the next job (queued, or running with a lapsed lease). */
  async function claim(): Promise<ExportJobRow | null> {
    const lapsed = and(eq(exportJobs.status, 'running'), lt(exportJobs.leaseUntil, now()));
    const exhausted = await db
      .update(exportJobs)
      .set({ status: 'failed', error: ExportMessages.interrupted, leaseUntil: null, finishedAt: now(), expiresAt: later(config.exportKeepSeconds * 1000) })
      .where(and(lapsed, sql`${exportJobs.attempts} >= ${MAX_ATTEMPTS}`))
      .returning();
    for (const row of exhausted) announce(row.userId, toApiJob(row));
    const next = db
      .select({ id: exportJobs.id })
      .from(exportJobs)
      .where(or(eq(exportJobs.status, 'queued'), lapsed))
      .orderBy(exportJobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(exportJobs)
      .set({ status: 'running', attempts: sql`${exportJobs.attempts} + 1`, leaseUntil: later(LEASE_MS), startedAt: now(), rowsWritten: 0, totalRows: null, error: null })
      .where(inArray(exportJobs.id, next))
      .returning();
    return row ?? null;
  }

  /** Whether the job's agency is active (a super admin's job in a switched-off agency does not run). */
  async function agencyActive(agencyId: number): Promise<boolean> {
    const [agency] = await db.select({ isActive: agencies.isActive }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
    return agency?.isActive === true;
  }

  /** Runs one claimed job to its end (see the file's comment). */
  async function run(kit: KitContext, claimed: ExportJobRow): Promise<void> {
    let row = claimed;
    announce(row.userId, toApiJob(row));
    const dataset = datasets.get(row.dataset);
    if (!dataset) return fail(row, ExportMessages.queryChanged);
    const authority = await userAuthority(db, { userId: row.userId });
    if (!authority || (!authority.isSuperAdmin && authority.user.agencyId !== row.agencyId) || !(await agencyActive(row.agencyId))) return fail(row, ExportMessages.userInactive);
    if (!mayExport(authority, dataset.permission)) return fail(row, ExportMessages.noLongerPermitted);
    const parsed = dataset.query.safeParse({ ...row.query, lang: row.lang });
    if (!parsed.success) return fail(row, ExportMessages.queryChanged);
    const { lang, ...query } = parsed.data as { lang: ExcelLang } & Record<string, unknown>;

    const relative = relativeFile(row);
    const target = fileOf(relative);
    const partial = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    const abort = new AbortController();
    current = abort;
    const holding = async (values: JobChange) => {
      const updated = await update(row, { leaseUntil: later(LEASE_MS), ...values });
      if (!updated) abort.abort(new RunStopped('cancelled'));
      else row = updated;
      return updated;
    };
    const heartbeat = setInterval(() => void holding({}).catch((error: unknown) => log.error(error, 'export heartbeat failed')), HEARTBEAT_MS);
    let lastSaved = 0;
    const file = createWriteStream(partial);
    try {
      const written = await writeDataset({
        context: kit,
        agencyId: row.agencyId,
        actor: (tx: Db) => actorOfAuthority(tx, { authority, agencyId: row.agencyId, clock, lang }),
        dataset,
        query: query as never,
        lang,
        stream: file,
        onTotal: async (total) => {
          const updated = await holding({ totalRows: total });
          if (updated) announce(updated.userId, toApiJob(updated));
        },
        onProgress: async (rowsWritten) => {
          if (abort.signal.aborted) throw abort.signal.reason;
          const at = Date.now();
          if (at - lastSaved < PROGRESS_EVERY_MS) return;
          lastSaved = at;
          const updated = await holding({ rowsWritten });
          if (!updated) throw new RunStopped('cancelled');
          announce(updated.userId, toApiJob(updated));
        },
      });
      await finished(file);
      if (abort.signal.aborted) throw abort.signal.reason;
      await rename(partial, target);
      const { size } = await stat(target);
      const done = await update(row, {
        status: 'done',
        leaseUntil: null,
        rowsWritten: written.rows,
        totalRows: written.rows,
        sheets: written.sheets,
        fileBytes: size,
        filePath: relative,
        finishedAt: now(),
        expiresAt: later(config.exportKeepSeconds * 1000),
      });
      if (done) announce(done.userId, toApiJob(done));
      // Cancelled at the last moment (or taken over): the file is nobody's.
      else await rm(target, { force: true });
    } catch (error) {
      file.destroy();
      await rm(partial, { force: true }).catch(() => undefined);
      const stop = error instanceof RunStopped ? error : abort.signal.reason instanceof RunStopped ? abort.signal.reason : null;
      if (stop?.why === 'shutdown') await finish(row, { status: 'queued', attempts: sql`${exportJobs.attempts} - 1`, startedAt: null, rowsWritten: 0 });
      else if (!stop) {
        log.error(error, `export job ${row.id} (${row.dataset}) failed`);
        await fail(row, failureMessage(error));
      }
    } finally {
      clearInterval(heartbeat);
      current = null;
    }
  }

  /** Takes and runs jobs until none is waiting (one at a time). */
  function work(): Promise<void> {
    if (stopped || !context) return Promise.resolve();
    if (working) {
      again = true;
      return working;
    }
    const kit = context;
    working = (async () => {
      do {
        again = false;
        for (;;) {
          if (stopped) return;
          const job = await claim();
          if (!job) break;
          await run(kit, job);
        }
      } while (again && !stopped);
    })()
      .catch((error: unknown) => log.error(error, 'export runner failed'))
      .finally(() => {
        working = null;
      });
    return working;
  }

  async function cleanup(): Promise<void> {
    const expired = await db
      .delete(exportJobs)
      .where(and(isNotNull(exportJobs.expiresAt), lt(exportJobs.expiresAt, now())))
      .returning({ filePath: exportJobs.filePath });
    for (const { filePath } of expired) if (filePath) await rm(fileOf(filePath), { force: true });
    // Files of no running or finished job: a crash's partial file, a file whose row is gone.
    let agencyDirs: string[];
    try {
      agencyDirs = await readdir(exportsDir);
    } catch {
      return;
    }
    for (const agencyDir of agencyDirs) {
      const names = await readdir(path.join(exportsDir, agencyDir)).catch(() => [] as string[]);
      const ids = names.map((name) => Number(/^(\d+)\.xlsx(\.part)?$/.exec(name)?.[1] ?? NaN)).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
      const kept = ids.length === 0 ? [] : await db.select({ id: exportJobs.id, status: exportJobs.status }).from(exportJobs).where(inArray(exportJobs.id, ids));
      for (const name of names) {
        const match = /^(\d+)\.xlsx(\.part)?$/.exec(name);
        const job = kept.find((k) => String(k.id) === match?.[1]);
        const wanted = job && (match?.[2] ? job.status === 'running' : job.status === 'done');
        if (!wanted) await rm(path.join(exportsDir, agencyDir, name), { force: true });
      }
    }
  }

  return {
    enqueue: (tx: Db, job: NewExportJob) => enqueueExportJob(tx, job),
    queued(job) {
      void work();
      void job;
    },
    start(kit) {
      context = kit;
      stopped = false;
      void (async () => {
        // The embedded database serves one process (its lock): a job left running was this process's before a restart,
        // so its lease is over now (the claim runs it again, or fails it after MAX_ATTEMPTS).
        if (database.kind === 'pglite') await db.update(exportJobs).set({ leaseUntil: later(-1) }).where(eq(exportJobs.status, 'running'));
        await cleanup();
        await work();
      })().catch((error: unknown) => log.error(error, 'export runner start failed'));
      timers.push(setInterval(() => void work(), POLL_MS));
      timers.push(setInterval(() => void cleanup().catch((error: unknown) => log.error(error, 'export cleanup failed')), CLEANUP_EVERY_MS));
      for (const timer of timers) timer.unref();
    },
    async stop() {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      current?.abort(new RunStopped('shutdown'));
      await working;
    },
    poll: () => work(),
    cleanup,
    fileOf,
    announce,
  };
}
