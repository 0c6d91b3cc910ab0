import { createHash, randomBytes } from 'node:crypto';
import type { TUser } from '@tonnage/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { agencies } from './agencies.schema';
import { roles, users } from './users.schema';
import { sessions } from './auth.schema';

/** Who is signed in on a request: everything a permission or agency check needs, loaded in one query. */
export interface SessionContext {
  sessionId: number;
  user: TUser;
  permissions: string[];
  isSuperAdmin: boolean;
  isAgencyAdmin: boolean;
  agencyName: string | null;
}

/** SHA-256 of a token, hex. Tokens are 256 random bits, so a fast hash is enough to keep them unusable at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

type UserRow = typeof users.$inferSelect;

/** The API shape of a user row. */
export function toApiUser(row: UserRow): TUser {
  return {
    id: row.id,
    agencyId: row.agencyId,
    username: row.username,
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    initials: row.initials,
    email: row.email,
    phone: row.phone,
    address: row.address,
    residenceCountryId: row.residenceCountryId,
    cityId: row.cityId,
    originCountryId: row.originCountryId,
    idNumber: row.idNumber,
    profilePic: row.profilePic,
    passwordResetAt: row.passwordResetAt ? row.passwordResetAt.toISOString() : null,
    companyId: row.companyId,
    roleId: row.roleId,
    shipmentManagerIds: row.shipmentManagerIds,
    consigneeIds: row.consigneeIds,
    locationIds: row.locationIds,
    isActive: row.isActive,
  };
}

/** Starts a session for a user and returns its token (shown to the client once). */
export async function createSession(
  db: Db,
  params: { userId: number; rememberMe: boolean; lifetimeSeconds: number; ip?: string; userAgent?: string; now: Date },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(params.now.getTime() + params.lifetimeSeconds * 1000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: params.userId,
      rememberMe: params.rememberMe,
      ip: params.ip ?? null,
      userAgent: params.userAgent?.slice(0, 300) ?? null,
      createdAt: params.now,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Resolves a bearer token to its session in one query. Null when the token is unknown, expired or revoked,
 * or when the user or the user's agency is inactive.
 */
export async function resolveSession(db: Db, params: { token: string; now: Date }): Promise<SessionContext | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users, permissions: roles.permissions, agencyName: agencies.name, agencyActive: agencies.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(sessions.tokenHash, hashToken(params.token)), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${params.now}`))
    .limit(1);
  if (!row || !row.user.isActive) return null;
  if (row.user.kind !== 'superAdmin' && row.agencyActive === false) return null;
  return {
    sessionId: row.sessionId,
    user: toApiUser(row.user),
    permissions: row.permissions ?? [],
    isSuperAdmin: row.user.kind === 'superAdmin',
    isAgencyAdmin: row.user.kind === 'agencyAdmin',
    agencyName: row.agencyName,
  };
}

/**
 * Ends one session. Like every revocation it answers the ids it ended, so that the caller, once its transaction
 * has committed, disconnects their realtime sockets (`realtime.endSessions`).
 */
export async function revokeSession(db: Db, params: { sessionId: number; now: Date }): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: params.now })
    .where(and(eq(sessions.id, params.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of a user, except `keepSessionId` when given (password change keeps the current one). */
export async function revokeUserSessions(db: Db, params: { userId: number; now: Date; keepSessionId?: number }): Promise<number[]> {
  const conditions = [eq(sessions.userId, params.userId), isNull(sessions.revokedAt)];
  if (params.keepSessionId !== undefined) conditions.push(ne(sessions.id, params.keepSessionId));
  const rows = await db.update(sessions).set({ revokedAt: params.now }).where(and(...conditions)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** What a user may do, without a session: the user, the role's permissions and the kind (a background job's user). */
export type UserAuthority = Omit<SessionContext, 'sessionId' | 'agencyName'>;

/**
 * The authority of a user now, for work that outlives the request (a background export): null when the user is
 * unknown or inactive, or (but for a super admin) when the user's agency is inactive. Reads as the owner: call it
 * outside an agency transaction.
 */
export async function userAuthority(db: Db, params: { userId: number }): Promise<UserAuthority | null> {
  const [row] = await db
    .select({ user: users, permissions: roles.permissions, agencyActive: agencies.isActive })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, params.userId))
    .limit(1);
  if (!row || !row.user.isActive) return null;
  if (row.user.kind !== 'superAdmin' && row.agencyActive !== true) return null;
  return {
    user: toApiUser(row.user),
    permissions: row.permissions ?? [],
    isSuperAdmin: row.user.kind === 'superAdmin',
    isAgencyAdmin: row.user.kind === 'agencyAdmin',
  };
}
