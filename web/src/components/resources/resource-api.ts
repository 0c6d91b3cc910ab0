import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceByKey, resourceSchemas, ZImportError, ZImportResult, type ResourceDef, type TImportError, type TImportResult, type TResourceRow } from '@tonnage/contracts';
import { api, authHeaders, buildUrl, ClientErrorCode, rawRequest, reportFailure, type Query, type RawResult, type Schema } from '../../app/api';

/** The list query of `GET /api/<key>`: paging, sorting, status, search and one value per filter. */
export type ResourceListQuery = Record<string, string | number | undefined>;

export const resourceKeys = {
  all: ['resources'] as const,
  of: (key: string) => ['resources', key] as const,
  list: (key: string, query: ResourceListQuery) => ['resources', key, 'list', query] as const,
  one: (key: string, id: number) => ['resources', key, 'one', id] as const,
  options: (key: string) => ['resources', key, 'options'] as const,
  optionSearch: (key: string, search: string) => ['resources', key, 'options', 'search', search] as const,
};

/** How many active rows a reference select offers at once (the largest page the API gives). */
export const OPTIONS_LIMIT = 100;

/** One choice of a reference select: the row's id and its display field. */
export interface ReferenceOption {
  value: number;
  label: string;
}

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

const displayOf = (resource: ResourceDef, row: TResourceRow): string => (typeof row[resource.display] === 'string' ? (row[resource.display] as string) : String(row.id));

/** One page (at most 100) of the active rows of a resource, sorted by its display field, optionally searched. */
async function fetchOptions(resource: ResourceDef, search?: string): Promise<{ options: ReferenceOption[]; count: number }> {
  const list = await api(`/api/${resource.key}`, {
    schema: listSchema(resource),
    query: { status: 'active', limit: OPTIONS_LIMIT, sortBy: resource.display, sortOrder: 'asc', ...(search ? { search } : {}) },
  });
  return { options: (list?.rows ?? []).map((row) => ({ value: row.id, label: displayOf(resource, row) })), count: list?.count ?? 0 };
}

/**
 * The choices of a reference select: the first 100 active rows by name; when the resource has more, the server's
 * search of `search` (more than 2 characters, already debounced by the caller).
 */
export function useResourceOptions(resourceKey: string, search?: string) {
  const resource = resourceByKey(resourceKey);
  const first = useQuery({ queryKey: resourceKeys.options(resource.key), queryFn: () => fetchOptions(resource) });
  const large = (first.data?.count ?? 0) > (first.data?.options.length ?? 0);
  const searching = large && search !== undefined && search !== '';
  const searched = useQuery({
    queryKey: resourceKeys.optionSearch(resource.key, search ?? ''),
    queryFn: () => fetchOptions(resource, search),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  return {
    options: searching ? (searched.data?.options ?? []) : (first.data?.options ?? []),
    /** More rows than one page: the select searches on the server. */
    large,
    searching,
    isFetching: first.isFetching || searched.isFetching,
  };
}

/** The name of one row (a select's current value that is not among the loaded choices); null while unknown. */
export function useResourceName(resourceKey: string, id: number | null) {
  const resource = resourceByKey(resourceKey);
  const row = useResourceRow(resource, id);
  return row.data ? displayOf(resource, row.data) : null;
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

/** `GET <list>/export.xlsx` of any list with its filters, search and sort (no paging) and the header language. */
export function listExportUrl(listPath: string, query: Query, lang: 'en' | 'ar'): string {
  const filters = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'page' && name !== 'limit'));
  return buildUrl(`${listPath}/export.xlsx`, { ...filters, lang });
}

/** `GET /api/<key>/import-template.xlsx`: the header row of every field, in the language asked for. */
export function importTemplateUrl(resource: ResourceDef, lang: 'en' | 'ar'): string {
  return buildUrl(`/api/${resource.key}/import-template.xlsx`, { lang });
}

/**
 * Downloads a file with the session's headers (the selected agency travels in a header, which a plain link cannot
 * send); false when it failed (already reported).
 */
export async function downloadFile(url: string, fileName: string): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders(), credentials: 'include' });
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
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return true;
}


/** The outcome of an import: every row inserted, the per-row errors (nothing inserted), or a refused file. */
export type ImportOutcome =
  | { kind: 'imported'; result: TImportResult }
  | { kind: 'rejected'; error: TImportError }
  | { kind: 'failed'; status: number; error: TImportError };

const unexpected = { message: 'The server sent an unexpected response.', code: ClientErrorCode.unexpectedResponse };

/**
 * `POST /api/<key>/import` with the file in the multipart field `file`. Read here rather than through `rawRequest`,
 * whose error shape would drop the per-row errors (`rows`).
 */
export async function importResourceFile(resource: ResourceDef, file: Blob, fileName: string): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file, fileName);
  const headers = new Headers(authHeaders());
  headers.set('Accept', 'application/json');
  let response: Response;
  try {
    response = await fetch(buildUrl(`/api/${resource.key}/import`), { method: 'POST', body, headers, credentials: 'include' });
  } catch {
    return { kind: 'failed', status: 0, error: { message: 'Network error', code: ClientErrorCode.network } };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = ZImportResult.safeParse(data);
    return parsed.success ? { kind: 'imported', result: parsed.data } : { kind: 'failed', status: response.status, error: unexpected };
  }
  const parsed = ZImportError.safeParse(data);
  const error: TImportError = parsed.success ? parsed.data : { message: response.statusText || `HTTP ${response.status}`, code: `HTTP_${response.status}` };
  return error.rows && error.rows.length > 0 ? { kind: 'rejected', error } : { kind: 'failed', status: response.status, error };
}
