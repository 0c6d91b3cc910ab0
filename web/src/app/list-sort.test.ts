import { describe, expect, it } from 'vitest';
import { columnSortOrder, sortChanged, sortFromTable } from './list-sort';

describe('list sort', () => {
  const fields = ['blNumber', 'createdAt'] as const;

  it('reads the clicked column and direction, and only allowed columns', () => {
    expect(sortFromTable({ columnKey: 'blNumber', order: 'ascend' }, fields)).toEqual({ sortBy: 'blNumber', sortOrder: 'asc' });
    expect(sortFromTable([{ columnKey: 'blNumber', order: 'descend' }], new Set(fields))).toEqual({ sortBy: 'blNumber', sortOrder: 'desc' });
    // A cleared sort or a column the server cannot sort by: the list's default order.
    expect(sortFromTable({ columnKey: 'blNumber', order: null }, fields)).toBeUndefined();
    expect(sortFromTable({ columnKey: 'password', order: 'ascend' }, fields)).toBeUndefined();
  });

  it('gives the arrow of the sorted column and whether the sort changed', () => {
    const sort = { sortBy: 'blNumber', sortOrder: 'desc' } as const;
    expect(columnSortOrder(sort, 'blNumber')).toBe('descend');
    expect(columnSortOrder(sort, 'createdAt')).toBeNull();
    expect(columnSortOrder(undefined, 'blNumber')).toBeNull();
    expect(sortChanged(sort, { sortBy: 'blNumber', sortOrder: 'desc' })).toBe(false);
    expect(sortChanged(sort, undefined)).toBe(true);
  });
});
