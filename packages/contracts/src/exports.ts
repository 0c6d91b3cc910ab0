import { z } from 'zod';

/*
 * Exports of lists and reports to Excel (issue 16). Every list's export can be started with `POST <list>/export`
 * (the list's export query in the query string): a small result is downloaded at once from `GET <list>/export.xlsx`,
 * a large one (past the server's threshold, or asked for with `background: true`) becomes a background job the user
 * follows in the top bar (`/api/export-jobs`), which survives leaving the page.
 */

/** Where a background export is: waiting, being written, ready to download, failed, or cancelled by its user. */
export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** The statuses of a job still under way. */
export const ACTIVE_EXPORT_JOB_STATUSES: readonly ExportJobStatus[] = ['queued', 'running'];

/** Rows above which an export runs as a background job unless the server is configured otherwise (EXPORT_JOB_ROWS). */
export const DEFAULT_EXPORT_JOB_ROWS = 20_000;

/** Data rows one sheet of an export holds: Excel's 1,048,576 rows less the header row; more go on to another sheet. */
export const EXCEL_MAX_DATA_ROWS = 1_048_575;

/** Jobs a user may have waiting or running at once. */
export const MAX_ACTIVE_EXPORT_JOBS = 3;

/** The texts of the exports the server answers with (Arabic in the web's exports section). */
export const ExportMessages = {
  notFound: 'Export not found.',
  notReady: 'This export is not ready to download yet.',
  fileMissing: 'This export’s file is no longer available; please export again.',
  tooMany: 'You already have 3 exports under way; wait for one to finish or cancel one.',
  cancelled: 'Export cancelled.',
  removed: 'Export removed.',
  interrupted: 'The export was interrupted three times by a server restart; please export again.',
  noLongerPermitted: 'You no longer have permission for this export.',
  userInactive: 'This export can no longer run: the user or the agency is not active.',
  queryChanged: 'This export can no longer run: the list it was made from has changed; please export again.',
  failed: 'The export failed; please try again.',
} as const;

/** A background export as its user sees it. `dataset` names the list (`transaction:<key>`, `resource:<key>`, `report:<key>`). */
export const ZExportJob = z.object({
  id: z.number().int(),
  dataset: z.string(),
  fileName: z.string(),
  lang: z.enum(['en', 'ar']),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** Rows the export will write (counted when it starts; null before). */
  totalRows: z.number().int().nullable(),
  rowsWritten: z.number().int(),
  sheets: z.number().int().nullable(),
  fileBytes: z.number().int().nullable(),
  /** Why it failed (one of `ExportMessages`), null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When its file is removed (a finished job), null while under way. */
  expiresAt: z.string().nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

/** `GET /api/export-jobs`: the user's jobs in the agency, newest first. */
export const ZExportJobList = z.object({ rows: z.array(ZExportJob) });
export type TExportJobList = z.infer<typeof ZExportJobList>;

/** `DELETE /api/export-jobs/:id`: the message, and the job as it now is (cancelled), or null once removed. */
export const ZExportJobRemoved = z.object({ message: z.string(), job: ZExportJob.nullable() });
export type TExportJobRemoved = z.infer<typeof ZExportJobRemoved>;

/** The body of `POST <list>/export`: `background: true` makes it a job whatever its size. */
export const ZExportStartBody = z.object({ background: z.boolean().optional() }).strict();
export type TExportStartBody = z.infer<typeof ZExportStartBody>;

/** What `POST <list>/export` answers: download it now from `<list>/export.xlsx` (200), or follow the job (202). */
export const ZExportStart = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('direct'), count: z.number().int() }),
  z.object({ mode: z.literal('job'), job: ZExportJob }),
]);
export type TExportStart = z.infer<typeof ZExportStart>;
