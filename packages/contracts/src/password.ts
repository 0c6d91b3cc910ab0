/*
 * What the sign-in pages need from the contracts, without zod (so the JavaScript before the sign-in form shows does
 * not carry it, issue 15): the password rule's checks and the throttle info the client keeps. The zod schemas that
 * use them are in auth.ts.
 */

/** Special characters accepted by the password rule of spec section 5. */
export const PASSWORD_SPECIALS = '!@#$%^&*';

/** Each check of the live checklist of spec section 5, in display order. */
export const passwordChecks = [
  { key: 'min8', label: 'Min 8 characters', test: (p: string) => p.length >= 8 },
  { key: 'upper', label: 'Atleast 1 cap case', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', label: 'Atleast 1 small case', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', label: 'Atleast 1 digit', test: (p: string) => /\d/.test(p) },
  { key: 'special', label: 'Atleast 1 special character', test: (p: string) => /[!@#$%^&*]/.test(p) },
] as const;

/** True when the password satisfies every rule of spec section 5. */
export function isStrongPassword(password: string): boolean {
  return passwordChecks.every((check) => check.test(password));
}

/** Throttle info of spec section 3, as the client keeps it; its zod schema is `ZThrottleInfo` (auth.ts). */
export interface TThrottleInfo {
  remainingAttempts: number;
  resetAfter: number;
  retryAfter: number;
}

/** The value as throttle info when it has that shape (integers, what `ZThrottleInfo.safeParse` accepts), else null. */
export function readThrottleInfo(value: unknown): TThrottleInfo | null {
  if (!value || typeof value !== 'object') return null;
  const { remainingAttempts, resetAfter, retryAfter } = value as Record<string, unknown>;
  if (!Number.isInteger(remainingAttempts) || !Number.isInteger(resetAfter) || !Number.isInteger(retryAfter)) return null;
  return { remainingAttempts: remainingAttempts as number, resetAfter: resetAfter as number, retryAfter: retryAfter as number };
}
