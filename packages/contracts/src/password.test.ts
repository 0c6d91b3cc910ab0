import { describe, expect, it } from 'vitest';
import { ZApiError } from './api-error';
import { ZThrottleInfo } from './auth';
import { readApiError } from './errors';
import { readThrottleInfo } from './password';

/*
 * The zod-free readers the sign-in page uses (so zod is not in the JavaScript before the sign-in form, issue 15)
 * accept exactly what the zod schemas accept, and return what they return.
 */
const asZod = <T>(result: { success: true; data: T } | { success: false }) => (result.success ? result.data : null);

describe('the zod-free readers agree with the schemas', () => {
  const errorBodies: unknown[] = [
    { message: 'Not Found', code: 'NOT_FOUND' },
    { message: 'Bad', code: 'VALIDATION', details: { name: 'Required' } },
    { message: 'Bad', code: 'VALIDATION', details: {} },
    { message: 'Bad', code: 'VALIDATION', details: { name: 3 } },
    { message: 'Bad', code: 'VALIDATION', details: null },
    { message: 'Bad', code: 'VALIDATION', details: ['x'] },
    { message: 'Bad', code: 'VALIDATION', extra: 1 },
    { message: 1, code: 'X' },
    { message: 'x' },
    { code: 'X' },
    'text',
    null,
    undefined,
    42,
    [],
  ];
  it.each(errorBodies.map((body) => [JSON.stringify(body) ?? String(body), body]))('an error body %s', (_, body) => {
    expect(readApiError(body)).toEqual(asZod(ZApiError.safeParse(body)));
  });

  const throttles: unknown[] = [
    { remainingAttempts: 4, resetAfter: 900, retryAfter: 0 },
    { remainingAttempts: 0, resetAfter: 900, retryAfter: 850, savedAt: 1 },
    { remainingAttempts: 1.5, resetAfter: 900, retryAfter: 0 },
    { remainingAttempts: '4', resetAfter: 900, retryAfter: 0 },
    { remainingAttempts: 4, resetAfter: 900 },
    { remainingAttempts: 4, resetAfter: Number.NaN, retryAfter: 0 },
    null,
    'x',
  ];
  it.each(throttles.map((value) => [JSON.stringify(value) ?? String(value), value]))('throttle info %s', (_, value) => {
    expect(readThrottleInfo(value)).toEqual(asZod(ZThrottleInfo.safeParse(value)));
  });
});
