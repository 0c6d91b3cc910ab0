import { describe, expect, it } from 'vitest';
import { StorageKeys } from '@tonnage/contracts';
import { blockFromHeaders, formatCountdown, readThrottle, saveThrottle, throttleFromHeaders } from './throttle';

describe('formatCountdown', () => {
  it('shows minutes and seconds as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(5_000)).toBe('00:05');
    expect(formatCountdown(59_000)).toBe('00:59');
    expect(formatCountdown(60_000)).toBe('01:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(125 * 60_000)).toBe('125:00');
  });

  it('rounds partial seconds up and never goes negative', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(-3_000)).toBe('00:00');
  });
});

describe('rate-limit headers', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads the remaining attempts and delays in seconds', () => {
    const headers = new Headers({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '600' });
    expect(throttleFromHeaders(headers, now)).toEqual({ remainingAttempts: 3, resetAfter: 600, retryAfter: null });
  });

  it('blocks until retry-after, else x-ratelimit-reset', () => {
    expect(blockFromHeaders(new Headers({ 'retry-after': '90' }), now).blockedUntil).toBe(now + 90_000);
    expect(blockFromHeaders(new Headers({ 'x-ratelimit-reset': '120' }), now).blockedUntil).toBe(now + 120_000);
  });

  it('understands an epoch reset time', () => {
    const epoch = String(now / 1000 + 30);
    expect(blockFromHeaders(new Headers({ 'x-ratelimit-reset': epoch }), now).retryAfter).toBe(30);
  });

  it('falls back to the default lockout without headers', () => {
    expect(blockFromHeaders(null, now).retryAfter).toBe(15 * 60);
  });
});

describe('stored throttle', () => {
  const now = 1_700_000_000_000;

  it('is restored while the block lasts and removed when it lapses', () => {
    saveThrottle({ remainingAttempts: 0, resetAfter: 60, retryAfter: 60, savedAt: now, blockedUntil: now + 60_000 });
    expect(readThrottle(now + 30_000)?.blockedUntil).toBe(now + 60_000);
    expect(readThrottle(now + 60_000)).toBeNull();
    expect(localStorage.getItem(StorageKeys.throttle)).toBeNull();
  });

  it('keeps remaining attempts only within their window', () => {
    saveThrottle({ remainingAttempts: 2, resetAfter: 100, retryAfter: 0, savedAt: now, blockedUntil: null });
    expect(readThrottle(now + 50_000)?.remainingAttempts).toBe(2);
    expect(readThrottle(now + 100_000)).toBeNull();
  });

  it('drops unreadable values', () => {
    localStorage.setItem(StorageKeys.throttle, '{nope');
    expect(readThrottle(now)).toBeNull();
    localStorage.setItem(StorageKeys.throttle, JSON.stringify({ remainingAttempts: 'x' }));
    expect(readThrottle(now)).toBeNull();
  });
});
