import { SEARCH_MIN_CHARS, type TransactionFilter } from '@tonnage/contracts';
import type { Query } from '../../app/api';
import type { ListSort } from '../../app/list-sort';

/*
 * The state of a transaction list kept in the page's URL (filters, page, size, sort), so a reload, a shared link
 * and the back button show the same list. Pure functions, read and written by TransactionListPage.
 */

/** The first page and the default page size (spec section 9). */
export const FIRST_PAGE = 1;
export const DEFAULT_LIMIT = 20;

/** The status a list shows when the URL names none. */
export const DEFAULT_STATUS = 'Active';

/** What of a declaration the URL state needs: its filters and sort fields. */
export interface ListShape {
  list: { filters: readonly TransactionFilter[] };
  sort: { fields: readonly string[] };
}

/** What a list's URL says. */
export interface ListUrlState {
  /** Filter values by query parameter, as typed in the URL. */
  values: Readonly<Record<string, string>>;
  page: number;
  limit: number;
  sort: ListSort | undefined;
}

/** The query parameters a filter uses. */
export function filterParams(filter: TransactionFilter): string[] {
  return filter.kind === 'dateRange' ? [filter.from, filter.to] : [filter.param];
}

const positiveInteger = (text: string | null): number | undefined => (text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/** Reads a list's state from the URL; a sort by an undeclared field or an odd page is ignored. */
export function readListUrl(params: URLSearchParams, declaration: ListShape): ListUrlState {
  const values: Record<string, string> = {};
  for (const filter of declaration.list.filters) {
    for (const param of filterParams(filter)) {
      const value = params.get(param);
      if (value !== null && value !== '') values[param] = value;
    }
  }
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  const declared = sortBy !== null && (declaration.sort.fields).includes(sortBy);
  const sort: ListSort | undefined = declared && (sortOrder === 'asc' || sortOrder === 'desc') ? { sortBy, sortOrder } : undefined;
  return { values, page: positiveInteger(params.get('page')) ?? FIRST_PAGE, limit: positiveInteger(params.get('limit')) ?? DEFAULT_LIMIT, sort };
}

/** The search the server is sent: only more than 2 characters (spec section 5), else none. */
export function effectiveSearch(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed.length > SEARCH_MIN_CHARS ? trimmed : undefined;
}

/** The API query of a list's state: its filters (status Active unless named, searches only when long enough), page, size and sort. */
export function listQuery(state: ListUrlState, declaration: Pick<ListShape, 'list'>): Query {
  const query: Record<string, string | number | undefined> = {};
  for (const filter of declaration.list.filters) {
    if (filter.kind === 'status') query[filter.param] = state.values[filter.param] ?? DEFAULT_STATUS;
    else if (filter.kind === 'search') query[filter.param] = effectiveSearch(state.values[filter.param]);
    else for (const param of filterParams(filter)) query[param] = state.values[param];
  }
  return { ...query, page: state.page, limit: state.limit, ...(state.sort ? { sortBy: state.sort.sortBy, sortOrder: state.sort.sortOrder } : {}) };
}

/** The URL after a filter changed: the value set (or removed when empty) and the list back at its first page. */
export function withFilter(params: URLSearchParams, changes: Readonly<Record<string, string | number | undefined>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [param, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(param);
    else next.set(param, String(value));
  }
  next.delete('page');
  return next;
}

/** The URL after the table's pager or sort changed: a new size or sort starts again at page 1. */
export function withPageAndSort(params: URLSearchParams, current: ListUrlState, page: number, limit: number, sort: ListSort | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  const sortChanged = current.sort?.sortBy !== sort?.sortBy || current.sort?.sortOrder !== sort?.sortOrder;
  const restart = sortChanged || limit !== current.limit;
  const setOrDrop = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === fallback) next.delete(name);
    else next.set(name, String(value));
  };
  setOrDrop('page', restart ? FIRST_PAGE : page, FIRST_PAGE);
  setOrDrop('limit', limit, DEFAULT_LIMIT);
  setOrDrop('sortBy', sort?.sortBy);
  setOrDrop('sortOrder', sort?.sortOrder);
  return next;
}
