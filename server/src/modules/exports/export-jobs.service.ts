import { ACTIVE_EXPORT_JOB_STATUSES, ExportMessages, MAX_ACTIVE_EXPORT_JOBS, type TExportJob } from '@tonnage/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { NewExportJob } from '../../kit/export';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { exportJobs } from './export-jobs.schema';

/*
 * The rows of the background exports as their users see and handle them, in the request's agency transaction
 * (row-level security) and always narrowed to the asking user: another user's job, or one of another agency, is not
 * found (404). The runner's own reads and writes (claim, progress, finish) are in export-runner.ts.
 */

export type ExportJobRow = typeof exportJobs.$inferSelect;

/** Jobs a user is shown: the latest ones. */
const LIST_LIMIT = 20;

/** The API shape of a job. */
export function toApiJob(row: ExportJobRow): TExportJob {
  return {
    id: row.id,
    dataset: row.dataset,
    fileName: row.fileName,
    lang: row.lang,
    status: row.status,
    totalRows: row.totalRows,
    rowsWritten: row.rowsWritten,
    sheets: row.sheets,
    fileBytes: row.fileBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** Who asks: the user in the request's agency. */
export interface JobOwner {
  agencyId: number;
  userId: number;
}

const ownedBy = (owner: JobOwner) => and(eq(exportJobs.agencyId, owner.agencyId), eq(exportJobs.userId, owner.userId));

/** Queues an export for its user (the kit's `enqueue`): 409 when the user already has the most under way. */
export async function enqueueExportJob(tx: Db, job: NewExportJob): Promise<TExportJob> {
  const owner = { agencyId: job.actor.agencyId, userId: job.actor.userId };
  const [active] = await tx
    .select({ n: count() })
    .from(exportJobs)
    .where(and(ownedBy(owner), inArray(exportJobs.status, [...ACTIVE_EXPORT_JOB_STATUSES])));
  if ((active?.n ?? 0) >= MAX_ACTIVE_EXPORT_JOBS) throw conflict(ExportMessages.tooMany);
  const [row] = await tx
    .insert(exportJobs)
    .values({ ...owner, dataset: job.dataset.key, query: job.query, lang: job.lang, fileName: job.dataset.fileName, status: 'queued', createdAt: job.actor.now })
    .returning();
  if (!row) throw new Error('export job insert returned no row');
  return toApiJob(row);
}

/** The user's latest jobs in the agency, newest first. */
export async function listExportJobs(tx: Db, owner: JobOwner): Promise<TExportJob[]> {
  const rows = await tx.select().from(exportJobs).where(ownedBy(owner)).orderBy(desc(exportJobs.id)).limit(LIST_LIMIT);
  return rows.map(toApiJob);
}

/** One of the user's jobs in the agency; 404 for any other. */
export async function findExportJob(tx: Db, owner: JobOwner & { id: number }): Promise<ExportJobRow> {
  const [row] = await tx
    .select()
    .from(exportJobs)
    .where(and(ownedBy(owner), eq(exportJobs.id, owner.id)))
    .limit(1);
  if (!row) throw notFound(ExportMessages.notFound);
  return row;
}

/**
 * Cancels a job under way (the runner stops at its next batch and drops what it wrote) or removes a finished one
 * from the list; answers the job as it now is (null when removed) and the file to delete, if any.
 */
export async function cancelOrRemoveExportJob(
  tx: Db,
  owner: JobOwner & { id: number; now: Date; keepSeconds: number },
): Promise<{ job: TExportJob | null; filePath: string | null; message: typeof ExportMessages.cancelled | typeof ExportMessages.removed }> {
  const row = await findExportJob(tx, owner);
  if (row.status === 'queued' || row.status === 'running') {
    const [cancelled] = await tx
      .update(exportJobs)
      .set({ status: 'cancelled', leaseUntil: null, finishedAt: owner.now, expiresAt: new Date(owner.now.getTime() + owner.keepSeconds * 1000) })
      .where(eq(exportJobs.id, row.id))
      .returning();
    return { job: cancelled ? toApiJob(cancelled) : null, filePath: null, message: ExportMessages.cancelled };
  }
  await tx.delete(exportJobs).where(eq(exportJobs.id, row.id));
  return { job: null, filePath: row.filePath, message: ExportMessages.removed };
}
