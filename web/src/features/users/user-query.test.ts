import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../app/api';
import { effectiveSearch, initialUserListState, userListQuery } from './user-query';

describe('users list query', () => {
  it('drops a search of 2 characters or fewer', () => {
    expect(effectiveSearch('')).toBeUndefined();
    expect(effectiveSearch('ab')).toBeUndefined();
    expect(effectiveSearch('  ab  ')).toBeUndefined();
    expect(userListQuery({ ...initialUserListState, search: 'ab' })).not.toHaveProperty('search');
  });

  it('sends a search of more than 2 characters, trimmed', () => {
    expect(effectiveSearch('abc')).toBe('abc');
    expect(userListQuery({ ...initialUserListState, search: ' lay ' }).search).toBe('lay');
  });

  it('sends paging, sorting and only the filters that are set', () => {
    expect(userListQuery(initialUserListState)).toEqual({ page: 1, limit: 20, status: 'all', sortBy: 'firstName', sortOrder: 'asc' });
    const query = userListQuery({ ...initialUserListState, page: 3, limit: 50, kind: 'agencyUser', status: 'active', roleId: 7, sortBy: 'email', sortOrder: 'desc' });
    expect(buildUrl('/api/users', { ...query })).toBe('/api/users?page=3&limit=50&status=active&sortBy=email&sortOrder=desc&kind=agencyUser&roleId=7');
  });
});
