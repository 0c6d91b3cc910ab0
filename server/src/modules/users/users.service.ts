import { randomBytes } from 'node:crypto';
import {
  COMPANY_TYPE_IDS,
  ErrorCode,
  Messages,
  SEARCH_MIN_CHARS,
  SocketEvents,
  isStrongPassword,
  type TProfileBody,
  type TUser,
  type TUserList,
  type TUserListItem,
  type TUserToggleResponse,
  type ZProfileBody,
  type ZUserInput,
  type ZUserListQuery,
  type ServerMessage,
  UserMessages,
} from '@tonnage/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ModuleContext } from '../module-context';
import type { Actor } from '../../kit/actor';
import { Committed } from '../../kit/route';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { inAgency } from '../../platform/db/tenancy';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { mailerForAgency } from '../email-settings/agency-mailer';
import { hashPassword } from '../../platform/passwords';
import { storedFiles } from '../../identity/files.schema';
import { issuePasswordLink, passwordLinkMail } from '../auth/auth.service';
import { revokeUserSessions, toApiUser, type SessionContext } from '../../identity/sessions.service';
import { countryOfCity, findCountry } from '../lookups/lookups.service';
import { escapeLike, uniqueViolation } from '../../platform/db/query-helpers';
import { columnOf, companies, locations, type ResourceTable } from '../master-data/master-data.schema';
import { roles, users } from '../../identity/users.schema';

export type ProfileInput = z.output<typeof ZProfileBody>;
export type { TProfileBody };

/**
 * Updates the signed-in user's own profile (spec sections 2.11 and 4). `profilePic` undefined keeps the picture,
 * null removes it, a path must be an image this user uploaded to the profile folder.
 */
export async function updateProfile(context: ModuleContext, params: { session: SessionContext; input: ProfileInput }): Promise<TUser> {
  const { db } = context.database;
  const { session, input } = params;
  if (input.id !== undefined && input.id !== session.user.id) throw forbidden();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, ne(users.id, session.user.id)))
    .limit(1);
  if (taken) throw conflict('This e-mail is already used by another user.', { email: 'This e-mail is already used by another user.' });
  if (input.profilePic) {
    const [file] = await db
      .select({ uploadedBy: storedFiles.uploadedBy, directory: storedFiles.directory })
      .from(storedFiles)
      .where(eq(storedFiles.path, input.profilePic))
      .limit(1);
    if (!file || file.directory !== 'profile' || file.uploadedBy !== session.user.id) {
      throw new AppError(400, ErrorCode.VALIDATION, 'Please upload the profile picture again.', { profilePic: 'Please upload the profile picture again.' });
    }
  }
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      initials: input.initials,
      phone: input.phone,
      idNumber: input.idNumber,
      email: input.email,
      address: input.address,
      ...(input.residenceCountryId !== undefined ? { residenceCountryId: input.residenceCountryId } : {}),
      ...(input.cityId !== undefined ? { cityId: input.cityId } : {}),
      ...(input.originCountryId !== undefined ? { originCountryId: input.originCountryId } : {}),
      ...(input.profilePic !== undefined ? { profilePic: input.profilePic } : {}),
      updatedAt: context.clock.now(),
    })
    .where(eq(users.id, session.user.id))
    .returning();
  if (!row) throw notFound();
  context.realtime.emitToUser(row.id, SocketEvents.userContext, { userContextUpdated: true });
  return toApiUser(row);
}

/**
 * Makes a user choose a new password (spec section 4, forced reset). Whoever may edit the user may do it: a super
 * admin anyone; others (the route asks the edit flag) users of their own agency, and only admins an agency admin.
 * It also ends every session of the user (sockets included): the forced reset sets a password without the current
 * one, so a token taken before must not be the one to choose it; the user signs in again and is asked for it.
 */
export async function forcePasswordReset(context: ModuleContext, params: { session: SessionContext; userId: number }): Promise<void> {
  const { db } = context.database;
  const { session } = params;
  const [target] = await db.select({ id: users.id, agencyId: users.agencyId, kind: users.kind }).from(users).where(eq(users.id, params.userId)).limit(1);
  if (!target) throw notFound(UserMessages.notFound);
  if (!session.isSuperAdmin && (target.agencyId !== session.user.agencyId || target.kind === 'superAdmin')) throw forbidden();
  const manager = managerOfSession(session);
  assertMayManage(manager, target);
  // A company admin may act only on the users they can see (their own company's).
  if (!session.isSuperAdmin && target.agencyId !== null) {
    await inAgency(db, target.agencyId, (tx) => findUser(tx, { userId: target.id, visible: visibleUsers(manager) }));
  }
  const now = context.clock.now();
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordResetAt: now, updatedAt: now }).where(eq(users.id, target.id));
    return revokeUserSessions(tx, { userId: target.id, now });
  });
  context.realtime.endSessions(ended);
}

// ---------------------------------------------------------------- the users screens (issue 3)

/** A validated user form (ZUserInput after parsing). */
export type UserInput = z.output<typeof ZUserInput>;
/** A validated user list query (defaults applied). */
export type UserListQuery = z.output<typeof ZUserListQuery>;

/** Declared in the contracts with the other server messages (their Arabic is checked there). */
export { UserMessages };

/** How long the link mailed to a new user without a password stays valid. */
export const WELCOME_LINK_MINUTES = 3 * 24 * 60;

type UserRow = typeof users.$inferSelect;

/** The API shape of a user row with its role's name, for the users list and form. */
export function toApiUserListItem(row: UserRow, roleName: string | null): TUserListItem {
  return { ...toApiUser(row), roleName, createdAt: row.createdAt.toISOString() };
}

const sortColumns = {
  firstName: sql`lower(${users.firstName})`,
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  createdAt: sql`${users.createdAt}`,
} as const satisfies Record<UserListQuery['sortBy'], SQL>;

/**
 * One page of the agency's users with the total count. Search (after more than 2 characters) matches first name,
 * last name, username or e-mail in any letter case; filters by kind, status and role; sorted with the id as tie-break.
 */
/** The filters of the users list (and of its export): the viewer's reach, search, kind, status and role. */
type UserFilters = Omit<UserListQuery, 'page' | 'limit'>;

/** The users list's select, filtered and sorted, without paging (the list pages it, the export reads it whole). */
function userListSelect(tx: Db, params: Viewer & { query: UserFilters }) {
  const { query } = params;
  const visible = visibleUsers(params);
  const conditions: SQL[] = visible ? [visible] : [];
  if (query.search && query.search.length > SEARCH_MIN_CHARS) {
    const pattern = `%${escapeLike(query.search)}%`;
    const matches = or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.username, pattern), ilike(users.email, pattern));
    if (matches) conditions.push(matches);
  }
  if (query.kind) conditions.push(eq(users.kind, query.kind));
  if (query.status !== 'all') conditions.push(eq(users.isActive, query.status === 'active'));
  if (query.roleId !== undefined) conditions.push(eq(users.roleId, query.roleId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sortOrder === 'desc' ? desc : asc;
  const select = tx
    .select({ user: users, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(direction(sortColumns[query.sortBy]), direction(users.id));
  return { select, where };
}

export async function listUsers(tx: Db, params: Viewer & { query: UserListQuery }): Promise<TUserList> {
  const { query } = params;
  const { select, where } = userListSelect(tx, params);
  const rows = await select.limit(query.limit).offset((query.page - 1) * query.limit);
  const [total] = await tx.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows: rows.map((r) => toApiUserListItem(r.user, r.roleName)), count: total?.count ?? 0 };
}

/** Every user the list's filters match, in its order, for the viewer: the export's cursor source. */
export function userExportSource(tx: Db, params: Viewer & { query: UserFilters }): CursorSource<TUserListItem> {
  return cursorSource(userListSelect(tx, params).select, (_tx, rows) => rows.map((r) => toApiUserListItem(r.user, r.roleName)));
}

/** Who looks at users: the kit's actor as far as the users they may see depend on it. */
export type Viewer = Pick<Actor, 'userId' | 'userKind' | 'userCompanyId'>;

/**
 * Who manages users (creates, edits, toggles): the kit's actor as far as a user's reach depends on it: admin or not,
 * kind and company, data scope, the flags held.
 */
export type UserManager = Pick<Actor, 'agencyId' | 'userId' | 'now' | 'scope' | 'isAdmin' | 'userKind' | 'userCompanyId' | 'can'>;

/** The viewer of a session, for the one user route outside an agency (the forced password reset). */
function managerOfSession(session: SessionContext): Viewer & Pick<Actor, 'isAdmin'> {
  return {
    userId: session.user.id,
    userKind: session.user.kind,
    userCompanyId: session.user.kind === 'companyAdmin' ? session.user.companyId : null,
    isAdmin: session.isSuperAdmin || session.isAgencyAdmin,
  };
}

/**
 * The users a viewer may see and manage: a company admin only the users of their own company (and themselves),
 * as other companies' users are those companies' data (spec 6); everyone else every user of the agency.
 */
function visibleUsers(viewer: Viewer): SQL | undefined {
  if (viewer.userKind !== 'companyAdmin') return undefined;
  const self = eq(users.id, viewer.userId);
  return viewer.userCompanyId === null ? self : or(self, eq(users.companyId, viewer.userCompanyId));
}

async function findUser(tx: Db, params: { userId: number; forUpdate?: boolean; visible?: SQL | undefined }): Promise<{ user: UserRow; roleName: string | null }> {
  const query = tx
    .select({ user: users, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, params.userId), params.visible))
    .limit(1);
  const [row] = params.forUpdate ? await query.for('update', { of: users }) : await query;
  if (!row) throw notFound(UserMessages.notFound);
  return row;
}

/**
 * One user of the agency; 404 when unknown there (row-level security hides other agencies' users and super admins)
 * or not the viewer's to see.
 */
export async function getUser(tx: Db, params: Viewer & { id: number }): Promise<TUserListItem> {
  const row = await findUser(tx, { userId: params.id, visible: visibleUsers(params) });
  return toApiUserListItem(row.user, row.roleName);
}

/** Field errors of a user form that need no database: the password rule, known countries, a city of the residence country. */
function checkFormFields(input: UserInput, mode: 'create' | 'update'): Record<string, ServerMessage> {
  const details: Record<string, ServerMessage> = {};
  if (input.password) {
    if (mode === 'update') details.password = UserMessages.passwordNotHere;
    else if (!isStrongPassword(input.password)) details.password = Messages.passwordRule;
  }
  if (input.residenceCountryId !== null && !findCountry(input.residenceCountryId)) details.residenceCountryId = UserMessages.countryInvalid;
  if (input.originCountryId !== null && !findCountry(input.originCountryId)) details.originCountryId = UserMessages.countryInvalid;
  if (input.cityId !== null && input.residenceCountryId !== null && !details.residenceCountryId && countryOfCity(input.cityId) !== input.residenceCountryId) {
    details.cityId = UserMessages.cityInvalid;
  }
  return details;
}

/**
 * Whether the username or e-mail is taken by another user anywhere in the product (both are unique across
 * agencies, in any letter case). This reads outside row-level security on purpose and answers only which
 * fields are taken; the unique indexes settle races.
 */
async function takenFields(db: Db, params: { username: string; email: string; exceptUserId?: number }): Promise<Record<string, ServerMessage>> {
  const username = params.username.toLowerCase();
  const email = params.email.toLowerCase();
  const conditions = [or(eq(sql`lower(${users.username})`, username), eq(sql`lower(${users.email})`, email))];
  if (params.exceptUserId !== undefined) conditions.push(ne(users.id, params.exceptUserId));
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})`, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(...conditions))
    .limit(2);
  const details: Record<string, ServerMessage> = {};
  if (rows.some((r) => r.username === username)) details.username = UserMessages.usernameTaken;
  if (rows.some((r) => r.email === email)) details.email = UserMessages.emailTaken;
  return details;
}

function throwIfInvalid(details: Record<string, ServerMessage>): void {
  const first = Object.values(details)[0];
  if (first) throw badRequest(first, details);
}

function throwIfTaken(details: Record<string, ServerMessage>): void {
  const first = Object.values(details)[0];
  if (first) throw conflict(first, details);
}

/** Runs a user write, turning a lost race on the unique username or e-mail index into the pre-check's 409. */
async function withIdentityConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    throwIfTaken(violation.constraint.includes('email') ? { email: UserMessages.emailTaken } : { username: UserMessages.usernameTaken });
    throw error;
  }
}

/** Refuses (400) a role that is not one of the agency's (row-level security hides other agencies' roles). */
async function assertRoleOfAgency(tx: Db, roleId: number | null): Promise<void> {
  if (roleId === null) return;
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!role) throw badRequest(UserMessages.roleRequired, { roleId: UserMessages.roleRequired });
}

/**
 * What a user who is not an admin may give another user (create or edit), so that managing users cannot widen their
 * own reach: a company admin only company admins of their own company; every assigned list within their own data
 * scope (a restricted list of theirs cannot become an empty, unrestricted one); and a role granting no flag they do
 * not hold themselves. Refuses with 400 naming the fields.
 */
async function assertWithinManagerReach(tx: Db, manager: UserManager, input: UserInput): Promise<void> {
  if (manager.isAdmin) return;
  const details: Record<string, ServerMessage> = {};
  const companyAdmin = manager.userKind === 'companyAdmin';
  if (companyAdmin && (input.kind !== 'companyAdmin' || input.companyId !== manager.userCompanyId)) details.companyId = UserMessages.ownCompanyOnly;
  const { scope } = manager;
  const within = (assigned: readonly number[], allowed: readonly number[] | null) => allowed === null || (assigned.length > 0 && assigned.every((id) => allowed.includes(id)));
  // A company admin of a shipment-manager company is scoped by the company itself: its users need no list of it.
  const smByCompany = companyAdmin && input.kind === 'companyAdmin' && input.companyId === manager.userCompanyId;
  if (!smByCompany && !within(input.shipmentManagerIds, scope.shipmentManagerIds)) details.shipmentManagerIds = UserMessages.beyondOwnScope;
  if (!within(input.consigneeIds, scope.consigneeIds)) details.consigneeIds = UserMessages.beyondOwnScope;
  if (!within(input.locationIds, scope.locationIds)) details.locationIds = UserMessages.beyondOwnScope;
  if (input.roleId !== null) {
    const [role] = await tx.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, input.roleId)).limit(1);
    if (role && role.permissions.some((flag) => !manager.can(flag))) details.roleId = UserMessages.roleBeyondOwn;
  }
  throwIfInvalid(details);
}

/** The ids of a list that are rows of the agency (row-level security hides the others) matching the conditions. */
async function knownIds(tx: Db, table: ResourceTable, ids: readonly number[], conditions: SQL[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const idColumn = columnOf(table, 'id');
  const rows = await tx.select({ id: idColumn }).from(table).where(and(inArray(idColumn, [...ids]), ...conditions));
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Refuses (400, the field named) a company, shipment managers, consignees or locations that are not the agency's:
 * foreign keys are checked without row-level security, so another agency's ids would be stored otherwise.
 */
async function assertAssignmentsOfAgency(tx: Db, input: UserInput): Promise<void> {
  const details: Record<string, ServerMessage> = {};
  const ofType = (type: keyof typeof COMPANY_TYPE_IDS) => [eq(columnOf(companies, 'companyTypeId'), COMPANY_TYPE_IDS[type])];
  const allKnown = async (ids: readonly number[], table: ResourceTable, conditions: SQL[]) => {
    const known = await knownIds(tx, table, ids, conditions);
    return ids.every((id) => known.has(id));
  };
  if (input.kind === 'companyAdmin' && input.companyId !== null && !(await allKnown([input.companyId], companies, []))) details.companyId = UserMessages.companyRequired;
  if (!(await allKnown(input.shipmentManagerIds, companies, ofType('shipmentManager')))) details.shipmentManagerIds = UserMessages.shipmentManagersInvalid;
  if (!(await allKnown(input.consigneeIds, companies, ofType('consignee')))) details.consigneeIds = UserMessages.consigneesInvalid;
  if (!(await allKnown(input.locationIds, locations, []))) details.locationIds = UserMessages.locationsInvalid;
  throwIfInvalid(details);
}

/** Only super and agency admins may act on an agency admin (edit, toggle, force a password reset). */
function assertMayManage(manager: Pick<Actor, 'isAdmin'>, target: { kind: UserRow['kind'] }): void {
  if (target.kind === 'agencyAdmin' && !manager.isAdmin) throw forbidden();
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The columns a user form sets, normalised (assignment lists deduplicated and sorted, a company only for company admins). */
function formColumns(input: UserInput) {
  return {
    username: input.username,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    initials: input.initials,
    phone: input.phone,
    idNumber: input.idNumber,
    address: input.address,
    residenceCountryId: input.residenceCountryId,
    cityId: input.cityId,
    originCountryId: input.originCountryId,
    kind: input.kind,
    companyId: input.kind === 'companyAdmin' ? input.companyId : null,
    roleId: input.roleId,
    shipmentManagerIds: sortedIds(input.shipmentManagerIds),
    consigneeIds: sortedIds(input.consigneeIds),
    locationIds: sortedIds(input.locationIds),
  };
}

/**
 * Mails a new user the link to choose a password, through the agency's own SMTP settings when it has them. The
 * user exists already, so a failure is logged and not answered: "Forgot password" sends a new link.
 */
async function sendWelcomeMail(context: ModuleContext, params: { agencyId: number; user: TUserListItem; link: string }): Promise<void> {
  const failed = (error: unknown) => console.error('welcome mail failed', error);
  try {
    const mailer = await mailerForAgency(context, { agencyId: params.agencyId });
    mailer.send(passwordLinkMail({ user: params.user, link: params.link, minutes: WELCOME_LINK_MINUTES, purpose: 'welcome' })).catch(failed);
  } catch (error) {
    failed(error);
  }
}

/**
 * The checks of a new user's form that come before its transaction: the form's fields, the username and e-mail
 * free in the whole product (read outside row-level security), and the password's hash (without a password, of a
 * secret nobody knows: no password works until the user chooses one). Answers the hash for `createUser`.
 */
export async function prepareNewUser(db: Db, input: UserInput): Promise<string> {
  throwIfInvalid(checkFormFields(input, 'create'));
  throwIfTaken(await takenFields(db, input));
  return hashPassword(input.password || randomBytes(32).toString('base64url'));
}

/**
 * Creates a user in the agency. Only super and agency admins may create an agency admin. With a password, it must
 * pass the password rule (`prepareNewUser`); without one, the user gets an e-mail with a link to choose it, after
 * the commit. Either way the password is due for a change at first sign-in (passwordResetAt stays null).
 */
export async function createUser(tx: Db, context: ModuleContext, params: UserManager & { input: UserInput; passwordHash: string }): Promise<Committed<TUserListItem>> {
  const { input, agencyId, now } = params;
  if (input.kind === 'agencyAdmin' && !params.isAdmin) throw forbidden();
  await assertRoleOfAgency(tx, input.roleId);
  await assertAssignmentsOfAgency(tx, input);
  await assertWithinManagerReach(tx, params, input);
  const [row] = await withIdentityConflict(() =>
    tx
      .insert(users)
      .values({ ...formColumns(input), agencyId, passwordHash: params.passwordHash, passwordResetAt: null, isActive: input.isActive, createdAt: now, updatedAt: now })
      .returning(),
  );
  if (!row) throw new Error('user insert returned no row');
  const { roleName } = await findUser(tx, { userId: row.id });
  const user = toApiUserListItem(row, roleName);
  await recordAudit(tx, { agencyId, userId: params.userId, action: 'create', entity: 'user', entityId: row.id, after: user, at: now });
  const link = input.password ? null : await issuePasswordLink(tx, context, { userId: row.id, now, minutes: WELCOME_LINK_MINUTES });
  return new Committed(user, {
    afterCommit: async () => {
      if (link) await sendWelcomeMail(context, { agencyId, user, link });
      context.realtime.emitToUser(user.id, SocketEvents.userContext, { userContextUpdated: true });
    },
  });
}

/** The checks of an edited user's form that come before its transaction: its fields, the username and e-mail free. */
export async function prepareUserUpdate(db: Db, params: { id: number; input: UserInput }): Promise<void> {
  throwIfInvalid(checkFormFields(params.input, 'update'));
  throwIfTaken(await takenFields(db, { ...params.input, exceptUserId: params.id }));
}

/**
 * Replaces a user's form fields (status changes go through toggleUserStatus; the password through the reset
 * flows; `prepareUserUpdate` first). Only super and agency admins may edit an agency admin or make someone one, and
 * nobody else may change their own kind or role. The user's open pages reload their context after the commit.
 */
export async function updateUser(tx: Db, context: ModuleContext, params: UserManager & { id: number; input: UserInput }): Promise<Committed<TUserListItem>> {
  const { input, agencyId, now, id } = params;
  const before = await findUser(tx, { userId: id, forUpdate: true, visible: visibleUsers(params) });
  assertMayManage(params, before.user);
  if (!params.isAdmin) {
    if (input.kind === 'agencyAdmin') throw forbidden();
    if (before.user.id === params.userId && (before.user.kind !== input.kind || before.user.roleId !== input.roleId)) throw forbidden();
  }
  await assertRoleOfAgency(tx, input.roleId);
  await assertAssignmentsOfAgency(tx, input);
  // Editing oneself keeps one's own kind and role (checked above); the reach applies to other users.
  if (before.user.id !== params.userId) await assertWithinManagerReach(tx, params, input);
  const [row] = await withIdentityConflict(() =>
    tx
      .update(users)
      .set({ ...formColumns(input), updatedAt: now })
      .where(eq(users.id, id))
      .returning(),
  );
  if (!row) throw notFound(UserMessages.notFound);
  const after = toApiUserListItem(row, (await findUser(tx, { userId: id })).roleName);
  await recordAudit(tx, {
    agencyId,
    userId: params.userId,
    action: 'update',
    entity: 'user',
    entityId: id,
    before: toApiUserListItem(before.user, before.roleName),
    after,
    at: now,
  });
  return new Committed(after, { afterCommit: () => context.realtime.emitToUser(after.id, SocketEvents.userContext, { userContextUpdated: true }) });
}

/**
 * Activates an inactive user or deactivates an active one. Deactivating ends every session of the user (and the
 * session lookup refuses inactive users anyway); nobody may deactivate themselves, and only super and agency
 * admins may toggle an agency admin.
 */
export async function toggleUserStatus(tx: Db, context: ModuleContext, params: UserManager & { id: number }): Promise<Committed<TUserToggleResponse>> {
  const { agencyId, now, id } = params;
  const before = await findUser(tx, { userId: id, forUpdate: true, visible: visibleUsers(params) });
  assertMayManage(params, before.user);
  if (before.user.isActive && before.user.id === params.userId) {
    throw badRequest(UserMessages.cannotDeactivateSelf, { id: UserMessages.cannotDeactivateSelf });
  }
  const [row] = await tx.update(users).set({ isActive: !before.user.isActive, updatedAt: now }).where(eq(users.id, id)).returning();
  if (!row) throw notFound(UserMessages.notFound);
  const ended = row.isActive ? [] : await revokeUserSessions(tx, { userId: id, now });
  await recordAudit(tx, {
    agencyId,
    userId: params.userId,
    action: row.isActive ? 'activate' : 'deactivate',
    entity: 'user',
    entityId: id,
    before: { isActive: before.user.isActive },
    after: { isActive: row.isActive },
    at: now,
  });
  const user = toApiUserListItem(row, before.roleName);
  return new Committed(
    { user, message: user.isActive ? UserMessages.activated : UserMessages.deactivated },
    {
      afterCommit: () => {
        context.realtime.endSessions(ended);
        context.realtime.emitToUser(user.id, SocketEvents.userContext, { userContextUpdated: true });
      },
    },
  );
}
