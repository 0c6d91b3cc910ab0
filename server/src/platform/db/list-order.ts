import type { SortOrder } from '@tonnage/contracts';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The ORDER BY of every sorted list (master data and transaction lists): the asked column in the asked direction,
 * then the id in the same direction, so rows with equal keys keep one order from page to page and in the export.
 */

type SortKey = SQL | AnyPgColumn;

/** Text compared without letter case, as users read a list. */
export const caseless = (key: SortKey): SQL => sql`lower(${key})`;

/** The ORDER BY of one sort key with the id as tie-breaker. */
export function listOrder(key: SortKey, order: SortOrder, tieBreaker: AnyPgColumn): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [direction(key), direction(tieBreaker)];
}

/** The ORDER BY of a list's declared allow-list: `columns` maps each sortable name of the contract to its SQL. */
export function orderByAllowed<F extends string>(columns: Record<F, SortKey>, query: { sortBy: F; sortOrder: SortOrder }, tieBreaker: AnyPgColumn): SQL[] {
  return listOrder(columns[query.sortBy], query.sortOrder, tieBreaker);
}
