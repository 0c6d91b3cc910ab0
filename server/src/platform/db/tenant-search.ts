import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from './query-helpers';

/**
 * A case-insensitive substring search (ILIKE '%text%') over trigram-indexed columns of a tenant table, that still
 * uses the trigram indexes under row-level security.
 *
 * Under row-level security the planner may put a condition into an index only when its operator is leakproof, and
 * ILIKE is not (a row value used as a pattern can raise an error that tells something about another agency's row;
 * migration 0007 takes back the marking 0002 gave it). So the match runs inside `tenant_search_ids` (migration
 * 0007): a SECURITY DEFINER function that searches only the rows of the transaction's agency (`app.agency_id`,
 * never a parameter), only on trigram-indexed columns of tables under the tenant policy, and always with the column
 * as the text and the caller's pattern as the pattern. The list query keeps only the ids it answers, through the
 * leakproof integer equality on the primary key, so the rest of the list query is unchanged.
 */
export function tenantSearch(params: { id: AnyPgColumn; columns: AnyPgColumn[]; search: string }): SQL {
  const { id, columns } = params;
  if (columns.length === 0) return sql`false`;
  const names = sql.join(
    columns.map((c) => sql`${c.name}`),
    sql`, `,
  );
  return sql`${id} in (select tenant_search_ids(${getTableName(id.table)}, array[${names}]::text[], ${`%${escapeLike(params.search)}%`}))`;
}
