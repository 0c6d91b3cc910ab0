import { describe, expect, it } from 'vitest';
import { loadingSlipTransaction, portLoadingTransaction } from '@tonnage/contracts';
import { listQuery, readListUrl, withFilter, withPageAndSort } from './list-url';

const read = (search: string) => readListUrl(new URLSearchParams(search), portLoadingTransaction);

describe('the list state in the URL', () => {
  it('ignores undeclared filters, a sort by an undeclared field, and odd pages', () => {
    const state = read('?hack=1&toLocationId=4&sortBy=password&sortOrder=asc&page=-2&limit=abc');
    expect(state).toEqual({ values: { toLocationId: '4' }, page: 1, limit: 20, sort: undefined });
    expect(listQuery(state, portLoadingTransaction)).toEqual({ voyageId: undefined, transportationType: undefined, toLocationId: '4', transporterId: undefined, status: 'Active', fromDate: undefined, toDate: undefined, page: 1, limit: 20 });
  });

  it('round-trips a filter, dropping it when emptied, and goes back to page 1', () => {
    const set = withFilter(new URLSearchParams('page=4&sortBy=quantity&sortOrder=desc'), { transportationType: 'warehouse', toLocationId: 7 });
    expect(set.toString()).toBe('sortBy=quantity&sortOrder=desc&transportationType=warehouse&toLocationId=7');
    expect(read(`?${set.toString()}`).values).toEqual({ transportationType: 'warehouse', toLocationId: '7' });
    expect(withFilter(set, { toLocationId: undefined, transportationType: '' }).toString()).toBe('sortBy=quantity&sortOrder=desc');
  });

  it('keeps the page on paging, and restarts at page 1 when the sort or the size changes', () => {
    const current = read('?page=3&sortBy=quantity&sortOrder=desc');
    const params = new URLSearchParams('page=3&sortBy=quantity&sortOrder=desc');
    const after = (page: number, limit: number, sort: typeof current.sort) => Object.fromEntries(withPageAndSort(params, current, page, limit, sort));
    expect(after(4, 20, current.sort)).toEqual({ page: '4', sortBy: 'quantity', sortOrder: 'desc' });
    expect(after(3, 50, current.sort)).toEqual({ limit: '50', sortBy: 'quantity', sortOrder: 'desc' });
    expect(after(3, 20, { sortBy: 'quantity', sortOrder: 'asc' })).toEqual({ sortBy: 'quantity', sortOrder: 'asc' });
    // A cleared sort leaves the default order (no parameters).
    expect(withPageAndSort(params, current, 3, 20, undefined).toString()).toBe('');
  });

  it('sends a search only after more than 2 characters, trimmed', () => {
    const query = (search: string) => listQuery(readListUrl(new URLSearchParams({ search }), loadingSlipTransaction), loadingSlipTransaction).search;
    expect(query('ab')).toBeUndefined();
    expect(query('  MEDU ')).toBe('MEDU');
  });
});
