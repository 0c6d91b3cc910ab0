import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Messages, StorageKeys, ZAgency } from '@tonnage/contracts';
import { ApiFailure, anyBody, api, apiOrThrow, apiSend, authHeaders, buildUrl, getUpdatedVersion, setApiHandlers } from './api';
import { activateTranslations, describeApiError } from './i18n';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function handlers() {
  const notifyError = vi.fn<(text: string) => void>();
  const unauthorized = vi.fn<() => void>();
  setApiHandlers({ notifyError, unauthorized });
  return { notifyError, unauthorized };
}

const agency = {
  id: 1,
  name: 'Red Sea Agency',
  logo: null,
  timezone: 'Asia/Riyadh',
  countryCode: 'SA',
  address: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('api client', () => {
  beforeAll(() => activateTranslations('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/x', { a: 1, b: '', c: null, d: undefined, e: false, f: [1, 2] })).toBe('/api/x?a=1&e=false&f=1&f=2');
    expect(buildUrl('/api/x?y=1', { z: 'q' })).toBe('/api/x?y=1&z=q');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });

  it('sends the bearer token, the selected agency and the app version', () => {
    expect(authHeaders()).toEqual({ 'x-app-version': 'test' });
    localStorage.setItem(StorageKeys.token, 'abc');
    localStorage.setItem(StorageKeys.selectedAgency, '7');
    expect(authHeaders()).toEqual({ 'x-app-version': 'test', Authorization: 'Bearer abc', 'x-agency-id': '7' });
  });

  it('parses a response with its contract schema and includes credentials', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse(200, agency)));
    vi.stubGlobal('fetch', fetch);
    await expect(api('/api/agencies/1', { schema: ZAgency })).resolves.toEqual(agency);
    expect(fetch).toHaveBeenCalledWith('/api/agencies/1', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('shows the server message of a failure and returns null', async () => {
    const { notifyError } = handlers();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(409, { message: 'Agency name already exists', code: ErrorCode.CONFLICT })));
    await expect(apiSend('/api/agencies', { method: 'POST', body: {} })).resolves.toBeNull();
    expect(notifyError).toHaveBeenCalledWith('Agency name already exists');
  });

  it("never shows 'Refresh Browser'", async () => {
    const { notifyError } = handlers();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(400, { message: 'Refresh Browser', code: 'VALIDATION' })));
    await expect(apiSend('/api/x')).resolves.toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('ends the session on 401 when a token is stored', async () => {
    const { notifyError, unauthorized } = handlers();
    localStorage.setItem(StorageKeys.token, 'abc');
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(401, { message: 'Unauthenticated', code: ErrorCode.UNAUTHENTICATED })));
    await expect(apiSend('/api/user-context')).resolves.toBeNull();
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reports a response that breaks the contract', async () => {
    const { notifyError } = handlers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(200, { id: 'x' })));
    await expect(api('/api/agencies/1', { schema: ZAgency })).resolves.toBeNull();
    expect(notifyError).toHaveBeenCalledWith('The server sent an unexpected response.');
  });

  it('notices a newer server version', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(200, {}, { 'x-app-version': '9.9.9' })));
    expect(getUpdatedVersion()).toBeNull();
    await apiSend('/api/x');
    expect(getUpdatedVersion()).toBe('9.9.9');
  });
});

describe('apiOrThrow', () => {
  beforeAll(() => activateTranslations('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ApiFailure) return error;
      throw error;
    }
    throw new Error('expected the call to fail');
  }

  it('resolves with the parsed body and sends method, query and body', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse(200, agency)));
    vi.stubGlobal('fetch', fetch);
    await expect(apiOrThrow('/api/agencies/1', { schema: ZAgency, method: 'PUT', query: { a: 1 }, body: { b: 2 } })).resolves.toEqual(agency);
    expect(fetch).toHaveBeenCalledWith('/api/agencies/1?a=1', expect.objectContaining({ method: 'PUT', body: '{"b":2}' }));
  });

  it('reports a failure and throws it with its status and error, instead of giving an empty result', async () => {
    const { notifyError } = handlers();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(409, { message: 'Agency name already exists', code: ErrorCode.CONFLICT })));
    const failure = await failureOf(apiOrThrow('/api/agencies', { schema: anyBody, method: 'POST', body: {} }));
    expect(failure.status).toBe(409);
    expect(failure.error).toEqual({ message: 'Agency name already exists', code: ErrorCode.CONFLICT });
    expect(failure.message).toBe('Agency name already exists');
    expect(notifyError).toHaveBeenCalledWith('Agency name already exists');
  });

  it('leaves the report to the caller when asked, but still ends the session on 401', async () => {
    const { notifyError, unauthorized } = handlers();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(400, { message: 'Reason is Required!', code: ErrorCode.VALIDATION })));
    const failure = await failureOf(apiOrThrow('/api/x', { schema: anyBody, report: false }));
    expect(failure.error.message).toBe('Reason is Required!');
    expect(notifyError).not.toHaveBeenCalled();
    localStorage.setItem(StorageKeys.token, 'abc');
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(401, { message: 'Unauthenticated', code: ErrorCode.UNAUTHENTICATED })));
    await failureOf(apiOrThrow('/api/x', { schema: anyBody, report: false }));
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("throws 'Refresh Browser' without showing it, and ends the session on 401", async () => {
    const { notifyError, unauthorized } = handlers();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(400, { message: 'Refresh Browser', code: 'VALIDATION' })));
    expect((await failureOf(apiOrThrow('/api/x', { schema: anyBody }))).status).toBe(400);
    expect(notifyError).not.toHaveBeenCalled();
    localStorage.setItem(StorageKeys.token, 'abc');
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(401, { message: 'Unauthenticated', code: ErrorCode.UNAUTHENTICATED })));
    expect((await failureOf(apiOrThrow('/api/user-context', { schema: anyBody }))).status).toBe(401);
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('throws a network failure and a response that breaks the contract', async () => {
    const { notifyError } = handlers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect((await failureOf(apiOrThrow('/api/x', { schema: anyBody }))).error.code).toBe('NETWORK');
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(200, { id: 'x' })));
    const failure = await failureOf(apiOrThrow('/api/agencies/1', { schema: ZAgency }));
    expect(failure.error.code).toBe('UNEXPECTED_RESPONSE');
    expect(notifyError).toHaveBeenLastCalledWith('The server sent an unexpected response.');
  });
});

describe('describeApiError', () => {
  it('uses the fixed text of a code, else the server message', async () => {
    await activateTranslations('en');
    expect(describeApiError({ message: 'x', code: ErrorCode.FORBIDDEN })).toBe(Messages.forbidden);
    expect(describeApiError({ message: 'LC quantity can not be less than its BL quantity.', code: ErrorCode.BUSINESS_RULE })).toBe(
      'LC quantity can not be less than its BL quantity.',
    );
  });

  it('translates known messages and codes in Arabic', async () => {
    await activateTranslations('ar');
    expect(describeApiError({ message: Messages.passwordMismatch, code: ErrorCode.VALIDATION })).toBe('كلمتا المرور غير متطابقتين!');
    expect(describeApiError({ message: 'Wrong', code: ErrorCode.WRONG_CURRENT_PASSWORD })).toBe('كلمة المرور الحالية غير صحيحة');
    expect(describeApiError({ message: 'Something specific', code: ErrorCode.BUSINESS_RULE })).toBe('Something specific');
    await activateTranslations('en');
  });
});
