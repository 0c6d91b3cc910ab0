import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginThrottle } from '../../identity/auth.schema';

export interface ThrottleState {
  /** Wrong attempts left before the block. */
  remaining: number;
  /** Seconds until the block lapses; 0 when not blocked. */
  blockedForSeconds: number;
}

export interface ThrottlePolicy {
  maxAttempts: number;
  blockSeconds: number;
}

/** The throttle key: per username (case-insensitive) and client address (spec sections 2.6 and 4). */
export function throttleKey(username: string, ip: string): string {
  return `${username.trim().toLowerCase()}|${ip}`;
}

/** Reads the state of a key; an expired block counts as a fresh start. */
export async function readThrottle(db: Db, params: { key: string; now: Date; policy: ThrottlePolicy }): Promise<ThrottleState> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, params.key)).limit(1);
  if (!row) return { remaining: params.policy.maxAttempts, blockedForSeconds: 0 };
  if (row.blockedUntil && row.blockedUntil > params.now) {
    return { remaining: 0, blockedForSeconds: Math.ceil((row.blockedUntil.getTime() - params.now.getTime()) / 1000) };
  }
  if (row.blockedUntil) return { remaining: params.policy.maxAttempts, blockedForSeconds: 0 };
  return { remaining: Math.max(0, params.policy.maxAttempts - row.failedCount), blockedForSeconds: 0 };
}

/**
 * Counts one wrong attempt atomically (safe under concurrent attempts); the attempt that reaches the maximum
 * starts the block. A lapsed block restarts the count.
 */
export async function recordFailure(db: Db, params: { key: string; now: Date; policy: ThrottlePolicy }): Promise<ThrottleState> {
  const { maxAttempts, blockSeconds } = params.policy;
  const blockUntil = new Date(params.now.getTime() + blockSeconds * 1000);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key: params.key, failedCount: 1, blockedUntil: maxAttempts <= 1 ? blockUntil : null, updatedAt: params.now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failedCount: sql`case when ${loginThrottle.blockedUntil} is not null and ${loginThrottle.blockedUntil} <= ${params.now} then 1 else ${loginThrottle.failedCount} + 1 end`,
        blockedUntil: sql`case
          when ${loginThrottle.blockedUntil} is not null and ${loginThrottle.blockedUntil} > ${params.now} then ${loginThrottle.blockedUntil}
          when (case when ${loginThrottle.blockedUntil} is not null and ${loginThrottle.blockedUntil} <= ${params.now} then 1 else ${loginThrottle.failedCount} + 1 end) >= ${maxAttempts} then ${blockUntil}
          else null end`,
        updatedAt: params.now,
      },
    })
    .returning();
  if (!row) throw new Error('throttle upsert returned no row');
  if (row.blockedUntil && row.blockedUntil > params.now) {
    return { remaining: 0, blockedForSeconds: Math.ceil((row.blockedUntil.getTime() - params.now.getTime()) / 1000) };
  }
  return { remaining: Math.max(0, maxAttempts - row.failedCount), blockedForSeconds: 0 };
}

/** Forgets the wrong attempts of a key (after a successful sign-in). */
export async function clearThrottle(db: Db, params: { key: string }): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, params.key));
}
