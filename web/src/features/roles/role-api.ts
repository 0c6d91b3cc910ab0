import { useQuery } from '@tanstack/react-query';
import { ZRole, ZRoleList, type TRole } from '@tonnage/contracts';
import { api, apiSend, rawRequest, type RawResult } from '../../app/api';

export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  one: (id: number) => ['roles', 'one', id] as const,
};

/** `GET /api/roles`: every role of the agency (an agency has few roles; the server's default page holds 100). */
export function useRoles() {
  return useQuery({ queryKey: roleKeys.list, queryFn: () => api('/api/roles', { schema: ZRoleList }) });
}

export function useRole(id: number | null) {
  return useQuery({ queryKey: roleKeys.one(id ?? 0), queryFn: () => api(`/api/roles/${id ?? 0}`, { schema: ZRole }), enabled: id !== null });
}

/** `POST /api/roles` or `PUT /api/roles/{id}` with the name; the raw result, so field errors can be shown. */
export async function saveRole(id: number | null, name: string): Promise<{ result: RawResult; role: TRole | null }> {
  const result = await rawRequest(id === null ? '/api/roles' : `/api/roles/${id}`, { method: id === null ? 'POST' : 'PUT', body: { name } });
  if (!result.ok) return { result, role: null };
  const parsed = ZRole.safeParse(result.data);
  return { result, role: parsed.success ? parsed.data : null };
}

/** `DELETE /api/roles/{id}`; refused with the server's message while users hold the role (shown by the client). */
export function deleteRole(id: number) {
  return apiSend(`/api/roles/${id}`, { method: 'DELETE' });
}

/** `PUT /api/roles/{id}/permissions`. */
export function saveRolePermissions(id: number, permissions: readonly string[]) {
  return apiSend(`/api/roles/${id}/permissions`, { method: 'PUT', body: { permissions } });
}
