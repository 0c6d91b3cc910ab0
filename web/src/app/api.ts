import { Headers as ApiHeaders, readApiError, type TApiError } from '@tonnage/contracts';
import { getStoredAgencyId, getToken } from './storage';
import { describeApiError } from './i18n';

/**
 * The structural part of a zod schema the client needs. Declared here so the web does not depend on zod
 * directly; every schema exported by @tonnage/contracts satisfies it.
 */
export interface Schema<T> {
  safeParse(data: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** A schema for a JSON array whose items each pass `item`. */
export function arrayOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    safeParse(data: unknown) {
      if (!Array.isArray(data)) return { success: false, error: { issues: [{ message: 'Expected an array', path: [] }] } };
      const items: T[] = [];
      for (const [index, value] of data.entries()) {
        const parsed = item.safeParse(value);
        if (!parsed.success) return { success: false, error: { issues: parsed.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })) } };
        items.push(parsed.data);
      }
      return { success: true, data: items };
    },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

export type RawResult =
  | { ok: true; status: number; headers: Headers; data: unknown }
  | { ok: false; status: number; headers: Headers | null; error: TApiError };

/** Client-side error codes, next to the server's ErrorCode values. */
export const ClientErrorCode = { network: 'NETWORK', unexpectedResponse: 'UNEXPECTED_RESPONSE' } as const;

/** The server message that must never be shown as a notification (spec section 8). */
const SILENT_MESSAGE = 'Refresh Browser';

/** What the client does about failures; the UI layer installs real handlers (see ApiBridge). */
export interface ApiHandlers {
  notifyError(description: string): void;
  /** A 401 while a token is stored: the session has ended. */
  unauthorized(): void;
}

let handlers: ApiHandlers = {
  notifyError: (description) => console.error(description),
  unauthorized: () => undefined,
};

export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

// --- App version (spec sections 2.12 and 4) -----------------------------------------------------------

let serverVersion: string | null = null;
const versionListeners = new Set<() => void>();

/** The newer version the server announced, or null while the versions agree. */
export function getUpdatedVersion(): string | null {
  return serverVersion;
}

export function subscribeToUpdatedVersion(listener: () => void): () => void {
  versionListeners.add(listener);
  return () => versionListeners.delete(listener);
}

export function checkAppVersion(headers: Headers): void {
  const announced = headers.get(ApiHeaders.appVersion);
  if (!announced || announced === __APP_VERSION__ || serverVersion !== null) return;
  serverVersion = announced;
  versionListeners.forEach((listener) => listener());
}

// --- Requests -----------------------------------------------------------------------------------------

/** Headers every call carries (spec section 7): bearer token, selected agency, app version. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [ApiHeaders.appVersion]: __APP_VERSION__ };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const agencyId = getStoredAgencyId();
  if (agencyId !== null) headers[ApiHeaders.agencyId] = String(agencyId);
  return headers;
}

/** Appends the query, dropping empty values (spec section 5: empty filter values are dropped). */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return null;
  if (type.includes('application/json')) {
    try {
      return (await response.json()) as unknown;
    } catch {
      return null;
    }
  }
  const text = await response.text();
  return text ? { message: text } : null;
}

function toApiError(status: number, statusText: string, body: unknown): TApiError {
  const parsed = readApiError(body);
  if (parsed) return parsed;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return { message: body.message, code: `HTTP_${status}` };
  }
  return { message: statusText || `HTTP ${status}`, code: `HTTP_${status}` };
}

/** One call, no notifications: the caller sees status, headers and the parsed body or error. */
export async function rawRequest(path: string, options: RequestOptions = {}): Promise<RawResult> {
  const headers = new Headers(authHeaders());
  headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, status: 0, headers: null, error: { message: 'Network error', code: ClientErrorCode.network } };
  }
  checkAppVersion(response.headers);
  const data = await readBody(response);
  if (!response.ok) {
    return { ok: false, status: response.status, headers: response.headers, error: toApiError(response.status, response.statusText, data) };
  }
  return { ok: true, status: response.status, headers: response.headers, data };
}

/** Whether a failure must never be shown (spec section 8: 'Refresh Browser'). */
export const isSilentFailure = (error: TApiError): boolean => error.message === SILENT_MESSAGE;

/** Spec section 8: a 401 while a token is stored ends the session; answers whether it did. */
function endSessionOn401(status: number): boolean {
  if (status !== 401 || !getToken()) return false;
  handlers.unauthorized();
  return true;
}

/** Spec section 8: 401 ends the session; any other failure is shown unless it is 'Refresh Browser'. */
export function reportFailure(status: number, error: TApiError): void {
  if (endSessionOn401(status)) return;
  if (isSilentFailure(error)) return;
  handlers.notifyError(describeApiError(error));
}

/**
 * A call whose response is checked against a contract schema. Failures are reported (spec section 8) and
 * give null, so a caller only has to stop on null.
 */
export async function api<T>(path: string, options: RequestOptions & { schema: Schema<T> }): Promise<T | null> {
  const result = await rawRequest(path, options);
  if (!result.ok) {
    reportFailure(result.status, result.error);
    return null;
  }
  const parsed = options.schema.safeParse(result.data);
  if (!parsed.success) {
    console.error(`Response of ${options.method ?? 'GET'} ${path} does not match the contract`, parsed.error.issues);
    reportFailure(result.status, { message: 'Unexpected response', code: ClientErrorCode.unexpectedResponse });
    return null;
  }
  return parsed.data;
}

/** A failed call as an error: thrown by apiOrThrow so react-query's `isError` is set instead of an empty result. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly error: TApiError;

  constructor(status: number, error: TApiError) {
    super(error.message);
    this.name = 'ApiFailure';
    this.status = status;
    this.error = error;
  }
}

/** Options of apiOrThrow; `report: false` leaves showing the failure to the caller (e.g. a dialog); a 401 still ends the session. */
export interface ThrowingRequestOptions<T> extends RequestOptions {
  schema: Schema<T>;
  report?: boolean;
}

/** A schema for a response whose body does not matter beyond success (it is passed through unchecked). */
export const anyBody: Schema<unknown> = { safeParse: (data: unknown) => ({ success: true, data }) };

/**
 * A call whose response is checked against a contract schema. Failures are reported as api() reports them
 * (unless `report` is false) and then thrown as ApiFailure, so a failed figure never shows as empty or zero.
 */
export async function apiOrThrow<T>(path: string, options: ThrowingRequestOptions<T>): Promise<T> {
  const report = options.report ?? true;
  const result = await rawRequest(path, options);
  if (!result.ok) {
    if (report) reportFailure(result.status, result.error);
    else endSessionOn401(result.status);
    throw new ApiFailure(result.status, result.error);
  }
  const parsed = options.schema.safeParse(result.data);
  if (!parsed.success) {
    console.error(`Response of ${options.method ?? 'GET'} ${path} does not match the contract`, parsed.error.issues);
    const error: TApiError = { message: 'Unexpected response', code: ClientErrorCode.unexpectedResponse };
    if (report) reportFailure(result.status, error);
    throw new ApiFailure(result.status, error);
  }
  return parsed.data;
}

/** A call whose response body does not matter beyond success; null on failure (already reported). */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<{ data: unknown } | null> {
  const result = await rawRequest(path, options);
  if (!result.ok) {
    reportFailure(result.status, result.error);
    return null;
  }
  return { data: result.data };
}
