import type { TCorrection } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { recordAudit } from './audit';

/*
 * The correction history of a record (docs/decisions.md "A past record is corrected by reverse-and-repost"): audit
 * rows with the action `correct`, written in the correction's transaction, whose `changes` hold the figures before
 * and after and the reason (in `after.reason`). No table of its own: the audit row is already who, when and what.
 */

type Figures = Record<string, string | number | null>;

/** Records a correction of `entity` `id` (in the caller's transaction). */
export async function recordCorrection(tx: Db, params: { agencyId: number; userId: number; at: Date; entity: string; id: number; reason: string; before: Figures; after: Figures }): Promise<void> {
  await recordAudit(tx, { agencyId: params.agencyId, userId: params.userId, action: 'correct', entity: params.entity, entityId: params.id, before: params.before, after: { ...params.after, reason: params.reason }, at: params.at });
}

/** The corrections of a record, newest first, with who made them. */
export async function correctionHistory(tx: Db, params: { agencyId: number; entity: string; id: number }): Promise<TCorrection[]> {
  const rows = await queryRows<{ id: number; at: Date | string; by: string | null; changes: { before: Figures | null; after: (Figures & { reason?: string }) | null } | string }>(
    tx,
    sql`select a.id, a.at, nullif(concat_ws(' ', u.first_name, u.last_name), '') as by, a.changes
        from audit_log a left join users u on u.id = a.user_id
        where a.agency_id = ${params.agencyId} and a.entity = ${params.entity} and a.entity_id = ${String(params.id)} and a.action = 'correct'
        order by a.at desc, a.id desc`,
  );
  return rows.map((row) => {
    const changes = typeof row.changes === 'string' ? (JSON.parse(row.changes) as { before: Figures | null; after: (Figures & { reason?: string }) | null }) : row.changes;
    const { reason, ...after } = changes.after ?? {};
    return { id: Number(row.id), at: new Date(row.at).toISOString(), by: row.by ?? '', reason: typeof reason === 'string' ? reason : '', before: changes.before ?? {}, after };
  });
}
