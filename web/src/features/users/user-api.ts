import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZUserListItem, ZUserList, ZUserToggleResponse, type TUserInput } from '@tonnage/contracts';
import { api, apiSend, rawRequest, type RawResult } from '../../app/api';
import type { UserListParams } from './user-query';

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListParams) => ['users', 'list', query] as const,
  one: (id: number) => ['users', 'one', id] as const,
};

/** `GET /api/users`: rows and count, searched, filtered, sorted and paginated on the server. */
export function useUserList(query: UserListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => api('/api/users', { schema: ZUserList, query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.one(id ?? 0),
    queryFn: () => api(`/api/users/${id ?? 0}`, { schema: ZUserListItem }),
    enabled: id !== null,
  });
}

/** `POST /api/users/` or `PUT /api/users/{id}` (spec section 7); the raw result, so field errors can be shown. */
export function saveUser(id: number | null, input: TUserInput): Promise<RawResult> {
  return id === null ? rawRequest('/api/users/', { method: 'POST', body: input }) : rawRequest(`/api/users/${id}`, { method: 'PUT', body: input });
}

/** `PUT /api/users/{id}/toggle-status`: the user after the change; null when it failed (already reported). */
export function toggleUserStatus(id: number) {
  return api(`/api/users/${id}/toggle-status`, { method: 'PUT', schema: ZUserToggleResponse });
}

/** `PUT /api/users/{id}/force-password-reset`: the user must choose a new password at next sign-in. */
export function forcePasswordReset(id: number) {
  return apiSend(`/api/users/${id}/force-password-reset`, { method: 'PUT' });
}
