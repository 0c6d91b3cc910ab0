import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenancy';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';

/**
 * Background exports (issue 16): a user's export of a list, asked for in an agency, queued, written by a runner of
 * some server process into a file under the data directory, downloaded by that user, and removed when it expires.
 * `query` is the list's query string as sent (replayed through the dataset's schema when the job runs); the
 * runner holds a job while `lease_until` is ahead and renews it as it writes; a job whose lease ran out (its process
 * stopped) is taken up again, at most three attempts in all.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The dataset's key (`transaction:<key>`, `resource:<key>`, `report:<name>`). */
    dataset: text('dataset').notNull(),
    query: jsonb('query').$type<Record<string, string | string[]>>().notNull(),
    lang: text('lang').$type<'en' | 'ar'>().notNull(),
    fileName: text('file_name').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' | 'cancelled' */
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed' | 'cancelled'>().notNull(),
    totalRows: integer('total_rows'),
    rowsWritten: integer('rows_written').notNull().default(0),
    sheets: integer('sheets'),
    fileBytes: bigint('file_bytes', { mode: 'number' }),
    /** The file, relative to the data directory (`exports/<agency>/<job>.xlsx`), once written. */
    filePath: text('file_path'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    tenantPolicy('export_jobs'),
    index('export_jobs_user_idx').on(t.agencyId, t.userId, t.id),
    // The runner's look for work (queued, or running with a lapsed lease) and the cleanup's for expired files.
    index('export_jobs_waiting_idx').on(t.status, t.id).where(sql`${t.status} in ('queued', 'running')`),
    index('export_jobs_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check('export_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('export_jobs_lang_check', sql`${t.lang} in ('en', 'ar')`),
  ],
);
