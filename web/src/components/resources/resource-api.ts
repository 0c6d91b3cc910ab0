import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceByKey, resourceSchemas, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import { api, authHeaders, buildUrl, ClientErrorCode, rawRequest, reportFailure, type Query, type RawResult, type Schema } from '../../app/api';

/** The list query of `GET /api/<key>`: paging, sorting, status, search and one value per filter. */
export type ResourceListQuery = Record<string, string | number | undefined>;

export const resourceKeys = {
  all: ['resources'] as const,
  of: (key: string) => ['resources', key] as const,
  list: (key: string, query: ResourceListQuery) => ['resources', key, 'list', query] as const,
  one: (key: string, id: number) => ['resources', key, 'one', id] as const,
  options: (key: string) => ['resources', key, 'options'] as const,
};

/** How many active rows a reference select offers (the largest page the API gives). */
const OPTIONS_LIMIT = 100;

const listSchema = (resource: ResourceDef) => resourceSchemas(resource).list as Schema<{ rows: TResourceRow[]; count: number }>;
const rowSchema = (resource: ResourceDef) => resourceSchemas(resource).row as Schema<TResourceRow>;

/** `GET /api/<key>`: one page of rows and the count, searched, filtered and sorted on the server. */
export function useResourceList(resource: ResourceDef, query: ResourceListQuery) {
  return useQuery({
    queryKey: resourceKeys.list(resource.key, query),
    queryFn: () => api(`/api/${resource.key}`, { schema: listSchema(resource), query }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/<key>/{id}`. */
export function useResourceRow(resource: ResourceDef, id: number | null) {
  return useQuery({
    queryKey: resourceKeys.one(resource.key, id ?? 0),
    queryFn: () => api(`/api/${resource.key}/${id ?? 0}`, { schema: rowSchema(resource) }),
    enabled: id !== null,
  });
}

/** The active rows of a referenced resource as select options (value: id, label: its display field). */
export function useResourceOptions(resourceKey: string) {
  const resource = resourceByKey(resourceKey);
  return useQuery({
    queryKey: resourceKeys.options(resource.key),
    queryFn: async () => {
      const list = await api(`/api/${resource.key}`, {
        schema: listSchema(resource),
        query: { status: 'active', limit: OPTIONS_LIMIT, sortBy: resource.display, sortOrder: 'asc' },
      });
      return (list?.rows ?? []).map((row) => ({ value: row.id, label: typeof row[resource.display] === 'string' ? (row[resource.display] as string) : String(row.id) }));
    },
  });
}

/** `POST /api/<key>` or `PUT /api/<key>/{id}`: the raw result, so field errors can go on their fields. */
export function saveResourceRow(resource: ResourceDef, id: number | null, input: Record<string, unknown>): Promise<RawResult> {
  return id === null
    ? rawRequest(`/api/${resource.key}`, { method: 'POST', body: input })
    : rawRequest(`/api/${resource.key}/${id}`, { method: 'PUT', body: input });
}

/** `PUT /api/<key>/{id}/toggle-status`: the row after the change; null when it failed (already reported). */
export function toggleResourceRow(resource: ResourceDef, id: number) {
  return api(`/api/${resource.key}/${id}/toggle-status`, { method: 'PUT', schema: resourceSchemas(resource).toggle as Schema<{ row: TResourceRow; message: string }> });
}

/** `DELETE /api/<key>/{id}`: the raw result, so the refusal of a row in use (409) can be shown as it is. */
export function deleteResourceRow(resource: ResourceDef, id: number): Promise<RawResult> {
  return rawRequest(`/api/${resource.key}/${id}`, { method: 'DELETE' });
}

/** `GET /api/<key>/export.xlsx` with the list's filters, search and sort (no paging) and the header language. */
export function exportUrl(resource: ResourceDef, query: Query, lang: 'en' | 'ar'): string {
  const filters = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'page' && name !== 'limit'));
  return buildUrl(`/api/${resource.key}/export.xlsx`, { ...filters, lang });
}

/**
 * Downloads the Excel export with the session's headers (the selected agency travels in a header, which a
 * plain link cannot send); false when it failed (already reported).
 */
export async function downloadExport(resource: ResourceDef, query: Query, lang: 'en' | 'ar'): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(exportUrl(resource, query, lang), { headers: authHeaders(), credentials: 'include' });
  } catch {
    reportFailure(0, { message: 'Network error', code: ClientErrorCode.network });
    return false;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : response.statusText;
    reportFailure(response.status, { message, code: typeof body?.code === 'string' ? body.code : `HTTP_${response.status}` });
    return false;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${resource.key}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
