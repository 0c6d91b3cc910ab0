import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';

/**
 * The statement that takes the agency's next number of a kind of document, returning it as `value`: usable on its
 * own or as a CTE, so the number can be written where it belongs in the same round trip (`from`: only when that
 * CTE of the statement has a row).
 */
export function nextNumberStatement(params: { agencyId: number; name: string; from?: SQL }): SQL {
  // With `from` (a CTE of the same statement), a number is taken only when it has a row.
  const source = params.from ? sql`select ${params.agencyId}::integer, ${params.name}::text, 1 from ${params.from}` : sql`values (${params.agencyId}, ${params.name}, 1)`;
  return sql`insert into agency_counters (agency_id, name, value) ${source}
             on conflict (agency_id, name) do update set value = agency_counters.value + 1
             returning value`;
}

/**
 * The agency's next number of a kind of document (1, 2, 3, ... without gaps), inside the caller's transaction.
 * The counter row stays locked until that transaction ends: a concurrent taker waits and gets the next number, and
 * a rolled-back transaction gives its number back. Call it as the last write before the commit, so other
 * transactions of the agency wait as little as possible.
 */
export async function nextNumber(tx: Db, params: { agencyId: number; name: string }): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(tx, nextNumberStatement(params));
  if (!row) throw new Error(`counter ${params.name} of agency ${params.agencyId} returned no row`);
  return Number(row.value);
}
