import { DEFAULT_PAGE_SIZE, SEARCH_MIN_CHARS, type TUserListQuery } from '@tonnage/contracts';

export type UserKindFilter = NonNullable<TUserListQuery['kind']>;
/** The kinds of user an agency has (a super admin belongs to none). */
export const USER_KINDS: readonly UserKindFilter[] = ['agencyAdmin', 'agencyUser', 'companyAdmin'];
export type UserStatusFilter = NonNullable<TUserListQuery['status']>;
export type UserSortBy = NonNullable<TUserListQuery['sortBy']>;
export type SortOrder = NonNullable<TUserListQuery['sortOrder']>;

/** What the users list shows: the typed search text as it is, filters, sorting and paging. */
export interface UserListState {
  page: number;
  limit: number;
  /** The text in the search box; only sent once it has more than SEARCH_MIN_CHARS characters. */
  search: string;
  kind?: UserKindFilter;
  status: UserStatusFilter;
  roleId?: number;
  sortBy: UserSortBy;
  sortOrder: SortOrder;
}

export const initialUserListState: UserListState = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  status: 'all',
  sortBy: 'firstName',
  sortOrder: 'asc',
};

/** Spec sections 5 and 9: a search starts after more than 2 typed characters; shorter text is not sent. */
export function effectiveSearch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length > SEARCH_MIN_CHARS ? trimmed : undefined;
}

/** The query string of `GET /api/users` (ZUserListQuery on the server). */
export interface UserListParams {
  page: number;
  limit: number;
  search?: string;
  kind?: UserKindFilter;
  status: UserStatusFilter;
  roleId?: number;
  sortBy: UserSortBy;
  sortOrder: SortOrder;
}

/** The list state as the query of `GET /api/users`, without empty values. */
export function userListQuery(state: UserListState): UserListParams {
  const query: UserListParams = {
    page: state.page,
    limit: state.limit,
    status: state.status,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
  const search = effectiveSearch(state.search);
  if (search !== undefined) query.search = search;
  if (state.kind) query.kind = state.kind;
  if (state.roleId !== undefined) query.roleId = state.roleId;
  return query;
}
