import type { SorterResult } from 'antd/es/table/interface';
import type { SortOrder } from '@tonnage/contracts';

/*
 * Server sorting of every list (master data and transaction lists): one reading of antd's Table sorter into the
 * `sortBy`/`sortOrder` the API takes, and the column's sort arrow from the list's state.
 */

export interface ListSort {
  sortBy: string;
  sortOrder: SortOrder;
}

/**
 * The sort an antd Table change asks for: the clicked column's key and direction when the list may sort by it,
 * else undefined (the sort was cleared: the list's default applies).
 */
export function sortFromTable<Row>(sorter: SorterResult<Row> | SorterResult<Row>[], sortable: ReadonlySet<string> | readonly string[]): ListSort | undefined {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = typeof single?.columnKey === 'string' ? single.columnKey : undefined;
  const allowed = sortable instanceof Set ? sortable.has.bind(sortable) : (name: string) => (sortable as readonly string[]).includes(name);
  if (key === undefined || !allowed(key) || !single?.order) return undefined;
  return { sortBy: key, sortOrder: single.order === 'descend' ? 'desc' : 'asc' };
}

/** Whether a table change changed the sort (the list then starts again at page 1). */
export const sortChanged = (previous: ListSort | undefined, next: ListSort | undefined): boolean =>
  previous?.sortBy !== next?.sortBy || previous?.sortOrder !== next?.sortOrder;

/** antd's `sortOrder` of a column: its arrow when the list is sorted by it, else none. */
export function columnSortOrder(sort: ListSort | undefined, key: string): 'ascend' | 'descend' | null {
  if (sort?.sortBy !== key) return null;
  return sort.sortOrder === 'desc' ? 'descend' : 'ascend';
}

/** The props of a server-sorted column: sortable, with its arrow from the list's state. */
export const sortableColumn = (sort: ListSort | undefined, key: string) => ({ key, sorter: true, sortOrder: columnSortOrder(sort, key) });
