import { Messages, warehouseResource, type TApiError, type TUserInput, type TUserList, type TUserListItem, type TUserToggleResponse } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { createSession } from '../../identity/sessions.service';
import { STRONG_PASSWORD, bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleInput } from '../../test/resource-samples';
import { tableFor } from '../master-data/master-data.schema';
import { makeCompany } from '../procurement/procurement.fixtures';
import { UserMessages } from './users.service';
import { users } from '../../identity/users.schema';

let t: TestApp;
let agencyA: number;
let agencyB: number;
let clerkRoleA: number;
let managerRoleA: number;
let roleB: number;
const ids = { superAdmin: 0, adminA: 0, adminB: 0, managerA: 0, viewerA: 0, plainA: 0 };
const tokens: Record<keyof typeof ids, string> = { superAdmin: '', adminA: '', adminB: '', managerA: '', viewerA: '', plainA: '' };
type Who = keyof typeof ids;
const real = { managers: [] as number[], consignee: 0, locations: [] as number[] };
const emitted: { userId: number; event: string; payload: unknown }[] = [];

const RIYADH = 108410;
const DUBAI = 292223;
const SAUDI_ARABIA = 682;
const UAE = 784;

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

function call(who: Who | { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: unknown; agencyId?: number } = {}) {
  const token = typeof who === 'string' ? tokens[who] : who.token;
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(options.agencyId ? { 'x-agency-id': String(options.agencyId) } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });
}

let counter = 0;
/** A valid user form with unique username and e-mail. */
function form(overrides: Partial<TUserInput> = {}): TUserInput {
  counter += 1;
  return {
    username: `new.user${counter}`,
    email: `new.user${counter}@example.test`,
    firstName: 'Noura',
    lastName: 'Al Harbi',
    kind: 'agencyUser',
    roleId: clerkRoleA,
    password: 'Fresh#Pass1',
    ...overrides,
  };
}

async function row(userId: number) {
  const [found] = await t.database.db.select().from(users).where(eq(users.id, userId));
  if (!found) throw new Error(`user ${userId} missing`);
  return found;
}

let warehouses = 0;
async function makeWarehouse(agencyId: number): Promise<number> {
  warehouses += 1;
  const [inserted] = await t.database.db
    .insert(tableFor(warehouseResource))
    .values({ ...sampleInput(warehouseResource, 700 + warehouses), ...warehouseResource.fixed, agencyId })
    .returning();
  return Number((inserted as { id?: unknown } | undefined)?.id);
}

async function audits(userId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(auditLog.id);
}

beforeAll(async () => {
  t = await createTestApp();
  t.context.realtime.emitToUser = (userId, event, payload) => {
    emitted.push({ userId, event, payload });
  };
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Users Alpha' })).id;
  agencyB = (await makeAgency(db, { name: 'Users Bravo' })).id;
  clerkRoleA = (await makeRole(db, { agencyId: agencyA, name: 'Clerks', permissions: ['canViewDashboard'] })).id;
  managerRoleA = (
    await makeRole(db, {
      agencyId: agencyA,
      name: 'User managers',
      // With the clerks' flag too: a role can be given only by someone who holds its flags.
      permissions: ['canViewUserStaffManagement', 'canAddUserStaffManagement', 'canEditUserStaffManagement', 'canViewDashboard'],
    })
  ).id;
  const viewerRoleA = (await makeRole(db, { agencyId: agencyA, name: 'User viewers', permissions: ['canViewUserStaffManagement'] })).id;
  roleB = (await makeRole(db, { agencyId: agencyB, name: 'Bravo clerks', permissions: [] })).id;
  ids.superAdmin = (await makeUser(db, { kind: 'superAdmin', username: 'root.super' })).id;
  ids.adminA = (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA, username: 'alpha.admin', firstName: 'Adel' })).id;
  ids.adminB = (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB, username: 'bravo.admin' })).id;
  ids.managerA = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: managerRoleA, username: 'alpha.manager', firstName: 'Maha' })).id;
  ids.viewerA = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: viewerRoleA, username: 'alpha.viewer', firstName: 'Waleed' })).id;
  ids.plainA = (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: clerkRoleA, username: 'alpha.plain', firstName: 'Pierre' })).id;
  for (const who of Object.keys(ids) as Who[]) tokens[who] = await tokenFor(ids[who]);
  // Assignments must be rows of the agency: three shipment managers (ascending ids), a consignee, two locations.
  for (let i = 0; i < 3; i++) real.managers.push(await makeCompany(db, agencyA, 'shipmentManager'));
  real.consignee = await makeCompany(db, agencyA, 'consignee', { shipmentManagerId: real.managers[0] });
  real.locations.push(await makeWarehouse(agencyA), await makeWarehouse(agencyA));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  emitted.length = 0;
});

describe('GET /api/users (list)', () => {
  let listAgency: number;
  let listAdminToken: string;
  let roleX: number;
  beforeAll(async () => {
    const db = t.database.db;
    listAgency = (await makeAgency(db, { name: 'Users List' })).id;
    roleX = (await makeRole(db, { agencyId: listAgency, name: 'Role X', permissions: [] })).id;
    const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: listAgency, username: 'list.admin', firstName: 'Zed', email: 'zed@list.test' });
    listAdminToken = await tokenFor(admin.id);
    await makeUser(db, { kind: 'agencyUser', agencyId: listAgency, username: 'amal.k', firstName: 'Amal', lastName: 'Khan', email: 'amal@list.test', roleId: roleX });
    await makeUser(db, { kind: 'agencyUser', agencyId: listAgency, username: 'bilal_x', firstName: 'bilal', lastName: 'Omar', email: 'b.omar@list.test', isActive: false });
    await makeUser(db, { kind: 'companyAdmin', agencyId: listAgency, username: 'carla', firstName: 'Carla', lastName: 'Amalfi', email: 'carla@list.test', roleId: roleX });
    await makeUser(db, { kind: 'agencyUser', agencyId: listAgency, username: 'dina100', firstName: 'Dina', email: 'dina+100%@list.test' });
    for (let i = 1; i <= 22; i++) {
      await makeUser(db, { kind: 'agencyUser', agencyId: listAgency, username: `paged.${String(i).padStart(2, '0')}`, firstName: `Paged`, email: `paged${i}@list.test` });
    }
  });
  const list = async (query: string) => {
    const response = await call({ token: listAdminToken }, 'GET', `/api/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<TUserList>();
  };

  it('answers rows and count of the agency only, 20 a page, sorted by first name, with the role name', async () => {
    const body = await list('');
    expect(body.count).toBe(27);
    expect(body.rows).toHaveLength(20);
    expect(body.rows.slice(0, 4).map((u) => u.firstName)).toEqual(['Amal', 'bilal', 'Carla', 'Dina']);
    expect(body.rows[0]).toMatchObject({ username: 'amal.k', roleName: 'Role X', agencyId: listAgency });
    expect(body.rows[0]).not.toHaveProperty('passwordHash');
    expect(body.rows.every((u) => u.agencyId === listAgency)).toBe(true);
    const page2 = await list('?page=2');
    expect(page2.rows).toHaveLength(7);
    expect(page2.rows.at(-1)?.firstName).toBe('Zed');
    expect((await list('?page=3')).rows).toEqual([]);
    expect((await list('?limit=30')).rows).toHaveLength(27);
  });

  it('accepts only the page sizes 20, 30, 40, 50 and 100', async () => {
    for (const size of [20, 30, 40, 50, 100]) expect((await call({ token: listAdminToken }, 'GET', `/api/users?limit=${size}`)).statusCode).toBe(200);
    for (const bad of ['limit=25', 'limit=0', 'page=0', 'sortBy=password', 'status=gone', 'kind=superAdmin']) {
      const response = await call({ token: listAdminToken }, 'GET', `/api/users?${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<TApiError>().code).toBe('VALIDATION');
    }
  });

  it('searches first name, last name, username and e-mail in any case, after more than 2 characters', async () => {
    expect((await list('?search=AMAL')).rows.map((u) => u.username).sort()).toEqual(['amal.k', 'carla']);
    expect((await list('?search=omar')).rows.map((u) => u.username)).toEqual(['bilal_x']);
    expect((await list('?search=ilal_')).rows.map((u) => u.username)).toEqual(['bilal_x']);
    expect((await list('?search=B.OMAR%40')).rows.map((u) => u.username)).toEqual(['bilal_x']);
    // LIKE wildcards are literal: '_' and '%' match themselves only.
    expect((await list('?search=a_k')).count).toBe(0);
    expect((await list('?search=100%25')).rows.map((u) => u.username)).toEqual(['dina100']);
    // Two characters or fewer do not search yet.
    expect((await list('?search=zz')).count).toBe(27);
    expect((await list('?search=%20%20am%20')).count).toBe(27);
  });

  it('filters by kind, status and role', async () => {
    expect((await list('?kind=companyAdmin')).rows.map((u) => u.username)).toEqual(['carla']);
    expect((await list('?kind=agencyAdmin')).rows.map((u) => u.username)).toEqual(['list.admin']);
    expect((await list('?status=inactive')).rows.map((u) => u.username)).toEqual(['bilal_x']);
    expect((await list('?status=active')).count).toBe(26);
    expect((await list(`?roleId=${roleX}`)).rows.map((u) => u.username)).toEqual(['amal.k', 'carla']);
    expect((await list(`?roleId=${roleX}&kind=agencyUser&search=ama`)).rows.map((u) => u.username)).toEqual(['amal.k']);
  });

  it('sorts by username, e-mail or creation, either way', async () => {
    expect((await list('?sortBy=username&sortOrder=desc&limit=100')).rows.map((u) => u.username).slice(0, 3)).toEqual(['paged.22', 'paged.21', 'paged.20']);
    const byEmail = (await list('?sortBy=email&limit=100')).rows.map((u) => u.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const byCreation = (await list('?sortBy=createdAt&sortOrder=desc&limit=100')).rows.map((u) => u.id);
    expect(byCreation).toEqual([...byCreation].sort((a, b) => b - a));
  });

  it('needs the view permission and a usable agency', async () => {
    expect((await call('viewerA', 'GET', '/api/users')).statusCode).toBe(200);
    expect((await call('plainA', 'GET', '/api/users')).statusCode).toBe(403);
    expect((await call('adminA', 'GET', '/api/users/', { agencyId: agencyB })).statusCode).toBe(403);
    expect((await call('superAdmin', 'GET', '/api/users')).statusCode).toBe(400);
    const asSuper = (await call('superAdmin', 'GET', '/api/users?limit=100', { agencyId: listAgency })).json<TUserList>();
    expect(asSuper.count).toBe(27);
  });

  it('never lists super admins or another agency’s users', async () => {
    const body = (await call('adminA', 'GET', '/api/users?limit=100')).json<TUserList>();
    expect(body.rows.map((u) => u.id)).not.toContain(ids.superAdmin);
    expect(body.rows.map((u) => u.id)).not.toContain(ids.adminB);
    expect(body.rows.every((u) => u.agencyId === agencyA)).toBe(true);
  });
});

describe('users a company admin sees', () => {
  it('are the users of their own company only, by list and id; others are 404 on every write too', async () => {
    const db = t.database.db;
    const mine = await makeCompany(db, agencyA, 'shipmentManager');
    const theirs = await makeCompany(db, agencyA, 'shipmentManager');
    const admin = await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, roleId: managerRoleA, companyId: mine, firstName: 'Scoped' });
    const colleague = await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, roleId: clerkRoleA, companyId: mine });
    const stranger = await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, roleId: clerkRoleA, companyId: theirs });
    const token = { token: await tokenFor(admin.id) };
    const listed = await call(token, 'GET', '/api/users?limit=100&status=all', { agencyId: agencyA });
    expect(listed.json<TUserList>().rows.map((u) => u.id).sort((a, b) => a - b)).toEqual([admin.id, colleague.id].sort((a, b) => a - b));
    expect(listed.json<TUserList>().count).toBe(2);
    expect((await call(token, 'GET', `/api/users/${colleague.id}`, { agencyId: agencyA })).statusCode).toBe(200);
    expect((await call(token, 'GET', `/api/users/${stranger.id}`, { agencyId: agencyA })).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/users/${ids.plainA}`, { agencyId: agencyA })).statusCode).toBe(404);
    const before = await row(stranger.id);
    expect((await call(token, 'PUT', `/api/users/${stranger.id}/toggle-status`, { agencyId: agencyA })).statusCode).toBe(404);
    const edit = form({ username: stranger.username, email: stranger.email, password: undefined, kind: 'companyAdmin', companyId: theirs });
    expect((await call(token, 'PUT', `/api/users/${stranger.id}`, { agencyId: agencyA, payload: edit })).statusCode).toBe(404);
    expect((await call(token, 'PUT', `/api/users/${stranger.id}/force-password-reset`, { agencyId: agencyA })).statusCode).toBe(404);
    expect(await row(stranger.id)).toEqual(before);
    expect((await call(token, 'PUT', `/api/users/${colleague.id}/force-password-reset`, { agencyId: agencyA })).statusCode).toBe(200);
    // An agency admin still sees every user of the agency.
    const all = (await call('adminA', 'GET', '/api/users?limit=100&status=all', { agencyId: agencyA })).json<TUserList>().rows.map((u) => u.id);
    expect(all).toEqual(expect.arrayContaining([admin.id, colleague.id, stranger.id]));
  });
});

describe('what a user who is not an admin may give another user', () => {
  it('keeps a company admin to their own company, every assignment within the manager’s scope, and roles within their flags', async () => {
    const db = t.database.db;
    const mine = await makeCompany(db, agencyA, 'shipmentManager');
    const theirs = await makeCompany(db, agencyA, 'shipmentManager');
    const companyAdmin = await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, roleId: managerRoleA, companyId: mine });
    const asCompanyAdmin = { token: await tokenFor(companyAdmin.id) };
    const before = (await t.database.db.select({ id: users.id }).from(users)).length;
    // An agency user with no assignment would see every company's data: refused, as is an admin of another company.
    for (const payload of [form({ roleId: clerkRoleA }), form({ kind: 'companyAdmin', companyId: theirs, roleId: clerkRoleA })]) {
      const refused = await call(asCompanyAdmin, 'POST', '/api/users/', { agencyId: agencyA, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<TApiError>().details?.companyId).toBe(UserMessages.ownCompanyOnly);
    }
    // A role granting a flag the manager lacks.
    const wider = (await makeRole(db, { agencyId: agencyA, name: 'Shipping clerks', permissions: ['canViewShipping'] })).id;
    const widerRole = await call(asCompanyAdmin, 'POST', '/api/users/', { agencyId: agencyA, payload: form({ kind: 'companyAdmin', companyId: mine, roleId: wider }) });
    expect(widerRole.statusCode).toBe(400);
    expect(widerRole.json<TApiError>().details?.roleId).toBe(UserMessages.roleBeyondOwn);
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(before);
    const ownCompany = await call(asCompanyAdmin, 'POST', '/api/users/', { agencyId: agencyA, payload: form({ kind: 'companyAdmin', companyId: mine, roleId: clerkRoleA }) });
    expect(ownCompany.statusCode).toBe(201);

    // A manager restricted to one consignee can neither leave a new user unrestricted nor give another consignee.
    const other = await makeCompany(db, agencyA, 'consignee', { shipmentManagerId: real.managers[0] });
    const restricted = await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: managerRoleA, consigneeIds: [real.consignee] });
    const asRestricted = { token: await tokenFor(restricted.id) };
    for (const consigneeIds of [[], [other], [real.consignee, other]]) {
      const refused = await call(asRestricted, 'POST', '/api/users/', { agencyId: agencyA, payload: form({ consigneeIds }) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<TApiError>().details?.consigneeIds).toBe(UserMessages.beyondOwnScope);
    }
    const within = await call(asRestricted, 'POST', '/api/users/', { agencyId: agencyA, payload: form({ consigneeIds: [real.consignee] }) });
    expect(within.statusCode).toBe(201);
    // Nor widen an existing user's reach by an edit.
    const created = within.json<TUserListItem>();
    const widened = await call(asRestricted, 'PUT', `/api/users/${created.id}`, { agencyId: agencyA, payload: form({ username: created.username, email: created.email, password: undefined, consigneeIds: [] }) });
    expect(widened.statusCode).toBe(400);
    expect((await row(created.id)).consigneeIds).toEqual([real.consignee]);
  });
});

describe('GET /api/users/:id', () => {
  it('answers a user of the agency with the role name, 404 for others', async () => {
    const own = await call('viewerA', 'GET', `/api/users/${ids.plainA}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<TUserListItem>()).toMatchObject({ id: ids.plainA, username: 'alpha.plain', roleName: 'Clerks', roleId: clerkRoleA });
    for (const id of [ids.adminB, ids.superAdmin, 999_999]) {
      const hidden = await call('adminA', 'GET', `/api/users/${id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: UserMessages.notFound, code: 'NOT_FOUND' });
    }
    expect((await call('adminA', 'GET', `/api/users/${ids.plainA}`, { agencyId: agencyB })).statusCode).toBe(403);
    expect((await call('superAdmin', 'GET', `/api/users/${ids.plainA}`, { agencyId: agencyA })).statusCode).toBe(200);
    expect((await call('superAdmin', 'GET', `/api/users/${ids.plainA}`, { agencyId: agencyB })).statusCode).toBe(404);
    expect((await call('plainA', 'GET', `/api/users/${ids.plainA}`)).statusCode).toBe(403);
  });
});

describe('POST /api/users (create)', () => {
  it('creates the user in the request’s agency with a password due for change at first sign-in', async () => {
    const input = form({
      username: 'Sara.Q',
      email: 'Sara.Q@Example.test',
      residenceCountryId: SAUDI_ARABIA,
      cityId: RIYADH,
      originCountryId: UAE,
      phone: '+966 50 000 0000',
      shipmentManagerIds: [real.managers[2], real.managers[1], real.managers[2], real.managers[0]].map(Number),
      consigneeIds: [real.consignee, real.consignee],
      locationIds: [],
    });
    const response = await call('managerA', 'POST', '/api/users/', { payload: input });
    expect(response.statusCode).toBe(201);
    const user = response.json<TUserListItem>();
    expect(user).toMatchObject({
      agencyId: agencyA,
      username: 'Sara.Q',
      kind: 'agencyUser',
      roleId: clerkRoleA,
      roleName: 'Clerks',
      residenceCountryId: SAUDI_ARABIA,
      cityId: RIYADH,
      originCountryId: UAE,
      shipmentManagerIds: real.managers,
      consigneeIds: [real.consignee],
      locationIds: [],
      isActive: true,
      passwordResetAt: null,
      companyId: null,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    const token = await loginAs(t.app, 'sara.q', 'Fresh#Pass1');
    const context = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) });
    expect(context.json<{ passwordResetDue: boolean; permissions: string[] }>()).toMatchObject({ passwordResetDue: true, permissions: ['canViewDashboard'] });
    expect(t.mailer.sent.filter((m) => m.to === 'Sara.Q@Example.test')).toEqual([]);

    const [audit] = await audits(user.id);
    expect(audit).toMatchObject({ action: 'create', agencyId: agencyA, userId: ids.managerA });
    expect(JSON.stringify(audit?.changes)).not.toMatch(/argon|passwordHash|Fresh#Pass1/);
    expect(emitted).toContainEqual({ userId: user.id, event: 'userContext', payload: { userContextUpdated: true } });
  });

  it('without a password, mails a link to choose one; the link sets it and sign-in works', async () => {
    const input = form({ password: undefined, email: 'linked@example.test' });
    const response = await call('adminA', 'POST', '/api/users', { payload: input });
    expect(response.statusCode).toBe(201);
    const user = response.json<TUserListItem>();
    expect(user.passwordResetAt).toBeNull();
    const mail = t.mailer.sent.find((m) => m.to === 'linked@example.test');
    expect(mail?.subject).toBe('Tonnage: your new account');
    expect(mail?.text).toContain(input.username);
    const token = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    // No password works before the user chooses one.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: input.username, password: '' } })).statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/resetPassword/${token}`,
      payload: { password: 'Chosen#Pass1', confirmPassword: 'Chosen#Pass1' },
    });
    expect(reset.statusCode).toBe(200);
    await loginAs(t.app, input.username, 'Chosen#Pass1');
  });

  it('lets a super admin create in the agency chosen by header', async () => {
    const response = await call('superAdmin', 'POST', '/api/users', { payload: form({ roleId: roleB }), agencyId: agencyB });
    expect(response.statusCode).toBe(201);
    expect(response.json<TUserListItem>()).toMatchObject({ agencyId: agencyB, roleName: 'Bravo clerks' });
    expect((await call('superAdmin', 'POST', '/api/users', { payload: form() })).statusCode).toBe(400);
  });

  it('validates the form of spec section 5 with one message per field, creating nothing', async () => {
    const before = (await call('adminA', 'GET', '/api/users?status=all')).json<TUserList>().count;
    const bad = await call('adminA', 'POST', '/api/users', {
      payload: { ...form(), firstName: ' ', email: 'not-mail', lastName: 'x'.repeat(21), address: 'y'.repeat(256), kind: 'agencyUser', roleId: null, username: 'a b' },
    });
    expect(bad.statusCode).toBe(400);
    const details = bad.json<TApiError>().details ?? {};
    expect(details.firstName).toBe(Messages.firstNameRequired);
    expect(details.email).toBe('Please enter a valid email!');
    expect(details.lastName).toBe('Maximum 20 characters');
    expect(details.address).toBe('Maximum 255 characters');
    expect(details.roleId).toBe(UserMessages.roleRequired);
    expect(details.username).toBeDefined();
    const company = await call('adminA', 'POST', '/api/users', { payload: form({ kind: 'companyAdmin', companyId: null }) });
    expect(company.json<TApiError>().details).toEqual({ companyId: 'Please select the company!' });
    expect((await call('adminA', 'GET', '/api/users?status=all')).json<TUserList>().count).toBe(before);
  });

  it('applies the password rule to a given password', async () => {
    const input = form({ password: 'weakpass' });
    const response = await call('adminA', 'POST', '/api/users', { payload: input });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: Messages.passwordRule, code: 'VALIDATION', details: { password: Messages.passwordRule } });
    expect((await call('adminA', 'GET', `/api/users?search=${input.username}`)).json<TUserList>().count).toBe(0);
  });

  it('needs a role of the same agency, known countries and a city of the residence country', async () => {
    const foreignRole = await call('adminA', 'POST', '/api/users', { payload: form({ roleId: roleB }) });
    expect(foreignRole.statusCode).toBe(400);
    expect(foreignRole.json()).toEqual({ message: UserMessages.roleRequired, code: 'VALIDATION', details: { roleId: UserMessages.roleRequired } });
    expect((await call('adminA', 'POST', '/api/users', { payload: form({ roleId: 999_999 }) })).statusCode).toBe(400);

    const places = await call('adminA', 'POST', '/api/users', { payload: form({ residenceCountryId: 999, originCountryId: 998 }) });
    expect(places.statusCode).toBe(400);
    expect(places.json<TApiError>().details).toEqual({ residenceCountryId: UserMessages.countryInvalid, originCountryId: UserMessages.countryInvalid });
    const wrongCity = await call('adminA', 'POST', '/api/users', { payload: form({ residenceCountryId: SAUDI_ARABIA, cityId: DUBAI }) });
    expect(wrongCity.json<TApiError>().details).toEqual({ cityId: UserMessages.cityInvalid });
    const cityAlone = await call('adminA', 'POST', '/api/users', { payload: form({ cityId: RIYADH }) });
    expect(cityAlone.json<TApiError>().details).toEqual({ cityId: 'Please select the country first!' });
    expect((await call('adminA', 'POST', '/api/users', { payload: form({ residenceCountryId: UAE, cityId: DUBAI }) })).statusCode).toBe(201);
  });

  it('refuses another agency’s company, shipment managers, consignees and locations, on create and update, changing nothing', async () => {
    const db = t.database.db;
    const ownManager = await makeCompany(db, agencyA, 'shipmentManager');
    const foreignManager = await makeCompany(db, agencyB, 'shipmentManager');
    const own = { manager: ownManager, consignee: await makeCompany(db, agencyA, 'consignee', { shipmentManagerId: ownManager }), location: await makeWarehouse(agencyA) };
    const foreign = {
      manager: foreignManager,
      consignee: await makeCompany(db, agencyB, 'consignee', { shipmentManagerId: foreignManager }),
      location: await makeWarehouse(agencyB),
    };
    const assigned = (from: typeof own, overrides: Partial<TUserInput> = {}) =>
      form({ shipmentManagerIds: [own.manager, from.manager], consigneeIds: [from.consignee], locationIds: [own.location, from.location], ...overrides });
    const refused = await call('adminA', 'POST', '/api/users', { payload: assigned(foreign) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<TApiError>().details).toEqual({
      shipmentManagerIds: UserMessages.shipmentManagersInvalid,
      consigneeIds: UserMessages.consigneesInvalid,
      locationIds: UserMessages.locationsInvalid,
    });
    // A consignee is not a shipment manager, even of the same agency.
    const wrongType = await call('adminA', 'POST', '/api/users', { payload: form({ shipmentManagerIds: [own.consignee] }) });
    expect(wrongType.json<TApiError>().details).toEqual({ shipmentManagerIds: UserMessages.shipmentManagersInvalid });
    const foreignCompany = await call('adminA', 'POST', '/api/users', { payload: form({ kind: 'companyAdmin', companyId: foreign.manager }) });
    expect(foreignCompany.json<TApiError>().details).toEqual({ companyId: UserMessages.companyRequired });

    const created = await call('adminA', 'POST', '/api/users', { payload: assigned(own) });
    expect(created.statusCode).toBe(201);
    const user = created.json<TUserListItem>();
    const before = await row(user.id);
    const same = { username: user.username, email: user.email, password: undefined };
    for (const payload of [assigned(foreign, same), form({ ...same, kind: 'companyAdmin', companyId: foreign.consignee })]) {
      expect((await call('adminA', 'PUT', `/api/users/${user.id}`, { payload })).statusCode).toBe(400);
    }
    expect(await row(user.id)).toEqual(before);
  });

  it('keeps usernames and e-mails unique across the product, in any letter case', async () => {
    const taken = await call('adminA', 'POST', '/api/users', { payload: form({ username: 'BRAVO.ADMIN', email: 'Alpha.Admin@Tonnage.TEST' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<TApiError>()).toMatchObject({
      code: 'CONFLICT',
      details: { username: UserMessages.usernameTaken, email: UserMessages.emailTaken },
    });
    const emailOnly = await call('adminB', 'POST', '/api/users', { payload: form({ roleId: roleB, email: 'ROOT.SUPER@tonnage.test' }) });
    expect(emailOnly.statusCode).toBe(409);
    expect(emailOnly.json<TApiError>().details).toEqual({ email: UserMessages.emailTaken });
  });

  it('answers 409 to the loser of two simultaneous creations with the same username or e-mail', async () => {
    const sameName = await Promise.all([
      call('adminA', 'POST', '/api/users', { payload: form({ username: 'twin.name', email: 'twin1@example.test' }) }),
      call('adminB', 'POST', '/api/users', { payload: form({ username: 'TWIN.NAME', email: 'twin2@example.test', roleId: roleB }) }),
    ]);
    expect(sameName.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(sameName.find((r) => r.statusCode === 409)?.json<TApiError>().details).toEqual({ username: UserMessages.usernameTaken });
    const sameMail = await Promise.all([
      call('adminA', 'POST', '/api/users', { payload: form({ email: 'twin@example.test' }) }),
      call('adminA', 'POST', '/api/users', { payload: form({ email: 'TWIN@example.test' }) }),
    ]);
    expect(sameMail.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(sameMail.find((r) => r.statusCode === 409)?.json<TApiError>().details).toEqual({ email: UserMessages.emailTaken });
  });

  it('lets only super and agency admins create an agency admin', async () => {
    const input = form({ kind: 'agencyAdmin' });
    const refused = await call('managerA', 'POST', '/api/users', { payload: input });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<TApiError>().message).toBe(Messages.forbidden);
    expect((await call('adminA', 'GET', `/api/users?search=${input.username}`)).json<TUserList>().count).toBe(0);
    expect((await call('adminA', 'POST', '/api/users', { payload: input })).statusCode).toBe(201);
    expect((await call('superAdmin', 'POST', '/api/users', { payload: form({ kind: 'agencyAdmin' }), agencyId: agencyA })).statusCode).toBe(201);
  });

  it('needs the add permission', async () => {
    expect((await call('viewerA', 'POST', '/api/users', { payload: form() })).statusCode).toBe(403);
    expect((await call('plainA', 'POST', '/api/users', { payload: form() })).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id (update)', () => {
  it('replaces the form fields, records before and after, and tells the user to reload', async () => {
    const created = (await call('adminA', 'POST', '/api/users', { payload: form({ residenceCountryId: SAUDI_ARABIA, cityId: RIYADH }) })).json<TUserListItem>();
    emitted.length = 0;
    const changed = form({
      username: created.username,
      email: created.email.toUpperCase(),
      firstName: 'Changed',
      roleId: managerRoleA,
      kind: 'companyAdmin',
      companyId: real.consignee,
      residenceCountryId: UAE,
      cityId: DUBAI,
      locationIds: [real.locations[1], real.locations[0], real.locations[1]].map(Number),
      password: undefined,
    });
    const response = await call('managerA', 'PUT', `/api/users/${created.id}`, { payload: changed });
    expect(response.statusCode).toBe(200);
    expect(response.json<TUserListItem>()).toMatchObject({
      id: created.id,
      firstName: 'Changed',
      kind: 'companyAdmin',
      companyId: real.consignee,
      roleId: managerRoleA,
      roleName: 'User managers',
      cityId: DUBAI,
      locationIds: real.locations,
      email: created.email.toUpperCase(),
    });
    expect(emitted).toEqual([{ userId: created.id, event: 'userContext', payload: { userContextUpdated: true } }]);
    const update = (await audits(created.id)).find((a) => a.action === 'update');
    expect(update?.changes).toMatchObject({ before: { firstName: 'Noura', roleId: clerkRoleA }, after: { firstName: 'Changed', roleId: managerRoleA } });
    expect(JSON.stringify(update?.changes)).not.toMatch(/argon|passwordHash/);

    // Back to an agency user: the company goes.
    const back = await call('adminA', 'PUT', `/api/users/${created.id}`, { payload: { ...changed, kind: 'agencyUser' } });
    expect(back.json<TUserListItem>().companyId).toBeNull();
  });

  it('changes nothing on bad input', async () => {
    const created = (await call('adminA', 'POST', '/api/users', { payload: form() })).json<TUserListItem>();
    const before = await row(created.id);
    emitted.length = 0;
    const same = { username: created.username, email: created.email, password: undefined };
    const attempts = [
      { ...form(same), firstName: '' },
      form({ ...same, email: 'alpha.admin@tonnage.test' }),
      form({ ...same, username: 'alpha.viewer' }),
      form({ ...same, roleId: roleB }),
      form({ ...same, password: 'Other#Pass1' }),
      form({ ...same, residenceCountryId: UAE, cityId: RIYADH }),
    ];
    const statuses = [];
    for (const payload of attempts) statuses.push((await call('adminA', 'PUT', `/api/users/${created.id}`, { payload })).statusCode);
    expect(statuses).toEqual([400, 409, 409, 400, 400, 400]);
    expect(await row(created.id)).toEqual(before);
    expect(emitted).toEqual([]);
  });

  it('answers 404 for another agency’s user or a super admin', async () => {
    for (const id of [ids.adminB, ids.superAdmin]) {
      expect((await call('adminA', 'PUT', `/api/users/${id}`, { payload: form({ password: undefined }) })).statusCode).toBe(404);
    }
    expect((await row(ids.adminB)).firstName).toBe('Test');
  });

  it('refuses a user without admin rights editing an agency admin, promoting someone, or changing their own role', async () => {
    const adminRow = await row(ids.adminA);
    const editAdmin = await call('managerA', 'PUT', `/api/users/${ids.adminA}`, {
      payload: form({ username: adminRow.username, email: adminRow.email, kind: 'agencyAdmin', roleId: null, firstName: 'Hacked', password: undefined }),
    });
    expect(editAdmin.statusCode).toBe(403);
    const plainRow = await row(ids.plainA);
    const promote = await call('managerA', 'PUT', `/api/users/${ids.plainA}`, {
      payload: form({ username: plainRow.username, email: plainRow.email, kind: 'agencyAdmin', roleId: null, password: undefined }),
    });
    expect(promote.statusCode).toBe(403);
    const managerRow = await row(ids.managerA);
    const selfPromote = await call('managerA', 'PUT', `/api/users/${ids.managerA}`, {
      payload: form({ username: managerRow.username, email: managerRow.email, kind: 'agencyAdmin', roleId: null, password: undefined }),
    });
    expect(selfPromote.statusCode).toBe(403);
    const selfRole = await call('managerA', 'PUT', `/api/users/${ids.managerA}`, {
      payload: form({ username: managerRow.username, email: managerRow.email, roleId: clerkRoleA, password: undefined }),
    });
    expect(selfRole.statusCode).toBe(403);
    // Their own other fields are fine.
    const selfName = await call('managerA', 'PUT', `/api/users/${ids.managerA}`, {
      payload: form({ username: managerRow.username, email: managerRow.email, roleId: managerRoleA, firstName: 'Maha B', password: undefined }),
    });
    expect(selfName.statusCode).toBe(200);
    expect((await row(ids.adminA)).firstName).toBe('Adel');
    expect((await row(ids.plainA)).kind).toBe('agencyUser');
    expect((await row(ids.managerA)).roleId).toBe(managerRoleA);

    // An agency admin may promote.
    const byAdmin = await call('adminA', 'PUT', `/api/users/${ids.plainA}`, {
      payload: form({ username: plainRow.username, email: plainRow.email, firstName: 'Pierre', kind: 'agencyAdmin', roleId: clerkRoleA, password: undefined }),
    });
    expect(byAdmin.statusCode).toBe(200);
    await t.database.db.update(users).set({ kind: 'agencyUser' }).where(eq(users.id, ids.plainA));
  });

  it('needs the edit permission', async () => {
    const target = await row(ids.plainA);
    const payload = form({ username: target.username, email: target.email, password: undefined });
    expect((await call('viewerA', 'PUT', `/api/users/${ids.plainA}`, { payload })).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id/toggle-status', () => {
  it('deactivates (ending the user’s sessions at once) and activates again, with messages and audit', async () => {
    const target = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: clerkRoleA });
    const token = await loginAs(t.app, target.username);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(200);

    const off = await call('managerA', 'PUT', `/api/users/${target.id}/toggle-status`);
    expect(off.statusCode).toBe(200);
    expect(off.json<TUserToggleResponse>()).toMatchObject({ message: UserMessages.deactivated, user: { id: target.id, isActive: false, roleName: 'Clerks' } });
    expect(emitted).toEqual([{ userId: target.id, event: 'userContext', payload: { userContextUpdated: true } }]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<TApiError>().message).toBe(Messages.tokenExpired);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.username, password: STRONG_PASSWORD } });
    expect(login.json<TApiError>().message).toBe(Messages.userInactive);

    const on = await call('managerA', 'PUT', `/api/users/${target.id}/toggle-status`);
    expect(on.json<TUserToggleResponse>()).toMatchObject({ message: UserMessages.activated, user: { isActive: true } });
    // The old session stays ended; signing in again works.
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(401);
    await loginAs(t.app, target.username);
    expect((await audits(target.id)).map((a) => a.action)).toEqual(['deactivate', 'activate']);
  });

  it('refuses deactivating yourself, toggling an agency admin without admin rights, and other agencies’ users', async () => {
    const self = await call('managerA', 'PUT', `/api/users/${ids.managerA}/toggle-status`);
    expect(self.statusCode).toBe(400);
    expect(self.json<TApiError>().message).toBe(UserMessages.cannotDeactivateSelf);
    expect((await call('adminA', 'PUT', `/api/users/${ids.adminA}/toggle-status`)).statusCode).toBe(400);
    expect((await call('managerA', 'PUT', `/api/users/${ids.adminA}/toggle-status`)).statusCode).toBe(403);
    expect((await call('adminA', 'PUT', `/api/users/${ids.adminB}/toggle-status`)).statusCode).toBe(404);
    expect((await call('viewerA', 'PUT', `/api/users/${ids.plainA}/toggle-status`)).statusCode).toBe(403);
    for (const id of [ids.managerA, ids.adminA, ids.adminB, ids.plainA]) expect((await row(id)).isActive).toBe(true);
    expect(emitted).toEqual([]);

    // An agency admin may deactivate another agency admin of the same agency.
    const secondAdmin = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyA });
    expect((await call('adminA', 'PUT', `/api/users/${secondAdmin.id}/toggle-status`)).statusCode).toBe(200);
  });
});
