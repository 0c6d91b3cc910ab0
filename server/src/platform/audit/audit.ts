import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from './audit.schema';

/** One change to record: who did what to which entity, with the row before and after (null when none). */
export interface AuditEntry {
  /** The tenant the change belongs to; null for product-wide changes. */
  agencyId: number | null;
  /** The acting user; null for the system (seed, scheduled jobs). */
  userId: number | null;
  /** What was done, e.g. 'create', 'update', 'activate', 'deactivate'. */
  action: string;
  /** The kind of record, e.g. 'agency'. */
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Records an audit_log row; pass the transaction that made the change so both commit or neither does. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    agencyId: entry.agencyId,
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    changes: { before: entry.before ?? null, after: entry.after ?? null },
    at: entry.at,
  });
}

/**
 * The insert of an audit row as SQL, to write it inside a larger statement (as a CTE) instead of a round trip of
 * its own. `afterFields`, a jsonb object expression of that statement (e.g. a number it takes), is merged into
 * `after`: for values known only once the statement runs. With `from` (a CTE of the statement) the row is written
 * only when that has a row.
 */
export function auditInsertStatement(entry: AuditEntry, afterFields?: SQL, from?: SQL): SQL {
  const changes = JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null });
  const changesValue = afterFields
    ? sql`jsonb_set(${changes}::jsonb, '{after}', coalesce(${changes}::jsonb -> 'after', '{}'::jsonb) || ${afterFields})`
    : sql`${changes}::jsonb`;
  return sql`insert into ${auditLog} (agency_id, user_id, action, entity, entity_id, changes, at)
             select ${entry.agencyId}::integer, ${entry.userId}::integer, ${entry.action}::text, ${entry.entity}::text,
                    ${entry.entityId === null ? null : String(entry.entityId)}::text, ${changesValue}, ${entry.at}::timestamptz
             ${from ? sql`from ${from}` : sql``}`;
}
