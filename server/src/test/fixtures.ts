import { randomBytes } from 'node:crypto';
import type { UserKind } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import { agencies } from '../identity/agencies.schema';
import { roles, users } from '../identity/users.schema';
import type { Db } from '../platform/db/client';
import { hashPassword } from '../platform/passwords';

/** The password every fixture user has; satisfies the spec's password rule. */
export const STRONG_PASSWORD = 'Strong#Pass1';

let strongHash: Promise<string> | undefined;
function strongPasswordHash(): Promise<string> {
  strongHash ??= hashPassword(STRONG_PASSWORD);
  return strongHash;
}

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Inserts an agency (active unless told otherwise). */
export async function makeAgency(db: Db, params: { name?: string; isActive?: boolean; timezone?: string } = {}) {
  const [row] = await db
    .insert(agencies)
    .values({ name: params.name ?? unique('Agency'), isActive: params.isActive ?? true, ...(params.timezone ? { timezone: params.timezone } : {}) })
    .returning();
  if (!row) throw new Error('agency insert returned no row');
  return row;
}

/** Inserts a role of an agency holding the given permission flags. */
export async function makeRole(db: Db, params: { agencyId: number; permissions: string[]; name?: string }) {
  const [row] = await db
    .insert(roles)
    .values({ agencyId: params.agencyId, name: params.name ?? unique('Role'), permissions: params.permissions })
    .returning();
  if (!row) throw new Error('role insert returned no row');
  return row;
}

/** Inserts a user whose password is STRONG_PASSWORD and whose password is current (no forced reset) unless told. */
export async function makeUser(
  db: Db,
  params: { kind: UserKind } & Partial<Omit<typeof users.$inferInsert, 'kind' | 'passwordHash'>>,
) {
  const { kind, ...rest } = params;
  const username = rest.username ?? unique(kind).toLowerCase();
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      ...rest,
      agencyId: rest.agencyId ?? null,
      kind,
      username,
      email: rest.email ?? `${username.toLowerCase()}@tonnage.test`,
      passwordHash: await strongPasswordHash(),
      passwordResetAt: rest.passwordResetAt === undefined ? new Date('2099-01-01T00:00:00Z') : rest.passwordResetAt,
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

/** The authorization header of a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Signs in through the login route and returns the token. */
export async function loginAs(app: FastifyInstance, username: string, password: string = STRONG_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, rememberMe: false } });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}
