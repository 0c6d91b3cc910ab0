import { SEARCH_MIN_CHARS, type TRole, type TRoleList, type ZRoleInput, type ZRoleListQuery, type ZRolePermissionsInput, RoleMessages } from '@tonnage/contracts';
import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { escapeLike, isForeignKeyViolation, isUniqueViolation } from '../../platform/db/query-helpers';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Actor, CommandActor } from '../../kit/actor';
import { roles, users } from '../../identity/users.schema';

/** A validated role list query (defaults applied). */
export type RoleListQuery = z.output<typeof ZRoleListQuery>;
export type RoleInput = z.output<typeof ZRoleInput>;
export type RolePermissionsInput = z.output<typeof ZRolePermissionsInput>;

/** Declared in the contracts with the other server messages (their Arabic is checked there). */
export { RoleMessages };

type RoleRow = typeof roles.$inferSelect;

/**
 * How many users hold the role of the row being selected (counted under the same agency's row-level security).
 * Written out because Drizzle leaves column names unqualified inside a selected subquery.
 */
const userCount = sql<number>`(select count(*)::int from users holder where holder.role_id = roles.id)`.as('user_count');

/** The API shape of a role row. */
export function toApiRole(row: RoleRow, count: number): TRole {
  return {
    id: row.id,
    name: row.name,
    permissions: [...row.permissions].sort(),
    userCount: count,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page of an agency's roles ordered by name, with how many users hold each; search after more than 2 characters. */
export async function listRoles(tx: Db, params: { query: RoleListQuery }): Promise<TRoleList> {
  const { query } = params;
  const conditions: SQL[] = [];
  if (query.search && query.search.length > SEARCH_MIN_CHARS) conditions.push(ilike(roles.name, `%${escapeLike(query.search)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sortOrder === 'desc' ? desc : asc;
  const rows = await tx
    .select({ role: roles, userCount })
    .from(roles)
    .where(where)
    .orderBy(direction(sql`lower(${roles.name})`), direction(roles.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await tx.select({ count: sql<number>`count(*)::int` }).from(roles).where(where);
  return { rows: rows.map((r) => toApiRole(r.role, r.userCount)), count: total?.count ?? 0 };
}

async function findRole(tx: Db, params: { roleId: number; forUpdate?: boolean }): Promise<{ role: RoleRow; userCount: number }> {
  const query = tx.select({ role: roles, userCount }).from(roles).where(eq(roles.id, params.roleId)).limit(1);
  const [row] = params.forUpdate ? await query.for('update', { of: roles }) : await query;
  if (!row) throw notFound(RoleMessages.notFound);
  return row;
}

/** One role of the agency in the transaction; 404 when unknown there (row-level security hides other agencies' roles). */
export async function getRole(tx: Db, params: { roleId: number }): Promise<TRole> {
  const row = await findRole(tx, params);
  return toApiRole(row.role, row.userCount);
}

async function assertNameFree(tx: Db, params: { name: string; exceptId?: number }): Promise<void> {
  const conditions = [eq(sql`lower(${roles.name})`, params.name.toLowerCase())];
  if (params.exceptId !== undefined) conditions.push(ne(roles.id, params.exceptId));
  const [taken] = await tx.select({ id: roles.id }).from(roles).where(and(...conditions)).limit(1);
  if (taken) throw conflict(RoleMessages.duplicateName, { name: RoleMessages.duplicateName });
}

/** Runs a write that may hit the unique (agency, name) index, turning a lost race into the pre-check's 409. */
async function withNameConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(RoleMessages.duplicateName, { name: RoleMessages.duplicateName });
    throw error;
  }
}

/*
 * The writes run in the caller's agency transaction as the kit's actor. Roles are the agency's own, not narrowed by
 * any data scope, so the actor's scope is carried but not read here.
 */

/** Creates a role without permissions in the agency; 409 when the name is taken there, in any letter case. */
export async function createRole(tx: Db, params: CommandActor & { input: RoleInput }): Promise<TRole> {
  return withNameConflict(async () => {
    await assertNameFree(tx, { name: params.input.name });
    const [row] = await tx
      .insert(roles)
      .values({ agencyId: params.agencyId, name: params.input.name, permissions: [], createdAt: params.now, updatedAt: params.now })
      .returning();
    if (!row) throw new Error('role insert returned no row');
    const role = toApiRole(row, 0);
    await recordAudit(tx, { agencyId: params.agencyId, userId: params.userId, action: 'create', entity: 'role', entityId: row.id, after: role, at: params.now });
    return role;
  });
}

/** Renames a role; 404 when unknown in the agency, 409 when the name is taken there. */
export async function renameRole(tx: Db, params: CommandActor & { roleId: number; input: RoleInput }): Promise<TRole> {
  return withNameConflict(async () => {
    const before = await findRole(tx, { roleId: params.roleId, forUpdate: true });
    await assertNameFree(tx, { name: params.input.name, exceptId: params.roleId });
    const [row] = await tx.update(roles).set({ name: params.input.name, updatedAt: params.now }).where(eq(roles.id, params.roleId)).returning();
    if (!row) throw notFound(RoleMessages.notFound);
    const role = toApiRole(row, before.userCount);
    await recordAudit(tx, {
      agencyId: params.agencyId,
      userId: params.userId,
      action: 'update',
      entity: 'role',
      entityId: row.id,
      before: { name: before.role.name },
      after: { name: row.name },
      at: params.now,
    });
    return role;
  });
}

/** Deletes a role nobody holds; 409 while any user (active or not) holds it. */
export async function deleteRole(tx: Db, params: CommandActor & { roleId: number }): Promise<void> {
  try {
    const before = await findRole(tx, { roleId: params.roleId, forUpdate: true });
    if (before.userCount > 0) throw conflict(RoleMessages.inUse);
    await tx.delete(roles).where(eq(roles.id, params.roleId));
    await recordAudit(tx, {
      agencyId: params.agencyId,
      userId: params.userId,
      action: 'delete',
      entity: 'role',
      entityId: params.roleId,
      before: toApiRole(before.role, 0),
      at: params.now,
    });
  } catch (error) {
    // A user given the role after the count was read still holds it: the foreign key refuses, with the same answer.
    if (isForeignKeyViolation(error)) throw conflict(RoleMessages.inUse);
    throw error;
  }
}

/** The flags and role of the user changing a role's permissions (from the session), besides the actor. */
export interface Grantor {
  roleId: number | null;
  permissions: readonly string[];
}

/**
 * Replaces a role's permission flags (already checked against the catalogue by ZRolePermissionsInput) and answers
 * the role and the users holding it, who are to reload their context once this commits. Anyone but a super or
 * agency admin is refused changing the role they hold themselves, and may add only flags they hold: neither may
 * raise anyone's rights above theirs.
 */
export async function saveRolePermissions(
  tx: Db,
  params: CommandActor & Pick<Actor, 'isAdmin'> & { grantor: Grantor; roleId: number; input: RolePermissionsInput },
): Promise<{ role: TRole; holders: number[] }> {
  const { isAdmin, grantor } = params;
  if (!isAdmin && grantor.roleId === params.roleId) throw forbidden();
  const before = await findRole(tx, { roleId: params.roleId, forUpdate: true });
  if (!isAdmin) {
    // A user with role-edit rights may pass on only rights they hold, so they cannot mint a stronger role.
    const added = params.input.permissions.filter((flag) => !before.role.permissions.includes(flag));
    if (added.some((flag) => !grantor.permissions.includes(flag))) throw forbidden();
  }
  const [row] = await tx.update(roles).set({ permissions: params.input.permissions, updatedAt: params.now }).where(eq(roles.id, params.roleId)).returning();
  if (!row) throw notFound(RoleMessages.notFound);
  const holderRows = await tx.select({ id: users.id }).from(users).where(eq(users.roleId, params.roleId));
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'update-permissions',
    entity: 'role',
    entityId: row.id,
    before: { permissions: [...before.role.permissions].sort() },
    after: { permissions: row.permissions },
    at: params.now,
  });
  return { role: toApiRole(row, before.userCount), holders: holderRows.map((h) => h.id) };
}
