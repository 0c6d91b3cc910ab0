import { DEFAULT_LOCKOUT_MINUTES, Headers as ApiHeaders, StorageKeys, readThrottleInfo, type TThrottleInfo } from '@tonnage/contracts';
import { storage } from '../../app/storage';

/** Throttle info of spec section 3 as kept in localStorage 'throttle', with when it was saved and the block end. */
export interface StoredThrottle extends TThrottleInfo {
  savedAt: number;
  /** Epoch milliseconds the block ends at, or null when not blocked. */
  blockedUntil: number | null;
}

function seconds(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const numeric = Number(value);
  if (Number.isFinite(numeric)) {
    // Some limiters send an epoch time instead of a delay.
    if (numeric > 1e9) return Math.max(0, Math.ceil(numeric - now / 1000));
    return Math.max(0, Math.ceil(numeric));
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Reads the rate-limit headers of a login answer (spec section 7). */
export function throttleFromHeaders(headers: Headers | null, now: number): { remainingAttempts: number | null; resetAfter: number | null; retryAfter: number | null } {
  if (!headers) return { remainingAttempts: null, resetAfter: null, retryAfter: null };
  const remaining = headers.get(ApiHeaders.rateLimitRemaining);
  const remainingAttempts = remaining !== null && /^\d+$/.test(remaining.trim()) ? Number(remaining) : null;
  return {
    remainingAttempts,
    resetAfter: seconds(headers.get(ApiHeaders.rateLimitReset), now),
    retryAfter: seconds(headers.get(ApiHeaders.retryAfter), now),
  };
}

/** The lockout that follows a 429 answer: retry-after, else x-ratelimit-reset, else the default lockout. */
export function blockFromHeaders(headers: Headers | null, now: number): StoredThrottle {
  const info = throttleFromHeaders(headers, now);
  const retryAfter = info.retryAfter ?? info.resetAfter ?? DEFAULT_LOCKOUT_MINUTES * 60;
  return {
    remainingAttempts: 0,
    resetAfter: info.resetAfter ?? retryAfter,
    retryAfter,
    savedAt: now,
    blockedUntil: now + retryAfter * 1000,
  };
}

export function saveThrottle(throttle: StoredThrottle): void {
  const value: StoredThrottle = {
    remainingAttempts: throttle.remainingAttempts,
    resetAfter: throttle.resetAfter,
    retryAfter: throttle.retryAfter,
    savedAt: throttle.savedAt,
    blockedUntil: throttle.blockedUntil,
  };
  storage.write(StorageKeys.throttle, JSON.stringify(value));
}

export function clearThrottle(): void {
  storage.write(StorageKeys.throttle, null);
}

/**
 * The stored throttle when it still applies (spec section 4: restored on reload); a lapsed block or an
 * expired attempt window is removed.
 */
export function readThrottle(now: number): StoredThrottle | null {
  const raw = storage.read(StorageKeys.throttle);
  if (!raw) return null;
  let candidate: unknown;
  try {
    candidate = JSON.parse(raw);
  } catch {
    clearThrottle();
    return null;
  }
  const info = readThrottleInfo(candidate);
  if (!info || typeof candidate !== 'object' || candidate === null) {
    clearThrottle();
    return null;
  }
  const savedAt = 'savedAt' in candidate && typeof candidate.savedAt === 'number' ? candidate.savedAt : now;
  const blockedUntil = 'blockedUntil' in candidate && typeof candidate.blockedUntil === 'number' ? candidate.blockedUntil : null;
  const stillApplies = blockedUntil !== null ? blockedUntil > now : savedAt + info.resetAfter * 1000 > now;
  if (!stillApplies) {
    clearThrottle();
    return null;
  }
  return { ...info, savedAt, blockedUntil };
}

/** Minutes and seconds left, as mm:ss (minutes roll over at 60 seconds; never negative). */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
