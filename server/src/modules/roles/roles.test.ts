import { Messages, type TApiError, type TRole, type TRoleList } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { createSession } from '../../identity/sessions.service';
import { roles, users } from '../../identity/users.schema';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { RoleMessages } from './roles.service';

let t: TestApp;
let agencyA: number;
let agencyB: number;
let editorRoleId: number;
const tokens = { superAdmin: '', adminA: '', adminB: '', viewerA: '', editorA: '', userManagerA: '', plainA: '' };
type Who = keyof typeof tokens;
const emitted: { userId: number; event: string; payload: unknown }[] = [];

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { payload?: unknown; agencyId?: number } = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[who]), ...(options.agencyId ? { 'x-agency-id': String(options.agencyId) } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });
}

async function roleRow(roleId: number) {
  const [row] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  t.context.realtime.emitToUser = (userId, event, payload) => {
    emitted.push({ userId, event, payload });
  };
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Roles Alpha' })).id;
  agencyB = (await makeAgency(db, { name: 'Roles Bravo' })).id;
  const viewerRole = await makeRole(db, { agencyId: agencyA, name: 'Viewers', permissions: ['canViewRolesStaffManagement'] });
  const editorRole = await makeRole(db, {
    agencyId: agencyA,
    name: 'Role editors',
    permissions: ['canViewRolesStaffManagement', 'canAddRolesStaffManagement', 'canEditRolesStaffManagement'],
  });
  editorRoleId = editorRole.id;
  const userManagerRole = await makeRole(db, { agencyId: agencyA, name: 'User managers', permissions: ['canAddUserStaffManagement'] });
  const plainRole = await makeRole(db, { agencyId: agencyA, name: 'Dashboard only', permissions: ['canViewDashboard'] });
  tokens.superAdmin = await tokenFor((await makeUser(db, { kind: 'superAdmin' })).id);
  tokens.adminA = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).id);
  tokens.adminB = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).id);
  tokens.viewerA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: viewerRole.id })).id);
  tokens.editorA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: editorRole.id })).id);
  tokens.userManagerA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: userManagerRole.id })).id);
  tokens.plainA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: plainRole.id })).id);
  await makeRole(db, { agencyId: agencyB, name: 'Bravo clerks', permissions: [] });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  emitted.length = 0;
});

describe('GET /api/roles', () => {
  it('lists the agency’s roles by name with how many users hold each, and nothing of other agencies', async () => {
    const response = await call('adminA', 'GET', '/api/roles');
    expect(response.statusCode).toBe(200);
    const body = response.json<TRoleList>();
    const names = body.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Viewers', 'Role editors', 'User managers', 'Dashboard only']));
    expect(names).not.toContain('Bravo clerks');
    expect(body.count).toBe(body.rows.length);
    expect(body.rows.find((r) => r.name === 'Role editors')).toMatchObject({
      userCount: 1,
      permissions: ['canAddRolesStaffManagement', 'canEditRolesStaffManagement', 'canViewRolesStaffManagement'],
    });
  });

  it('searches after more than 2 characters, literally, in any case, and pages with a default of 100', async () => {
    for (let i = 1; i <= 23; i++) await makeRole(t.database.db, { agencyId: agencyA, name: `Paged ${String(i).padStart(2, '0')}`, permissions: [] });
    await makeRole(t.database.db, { agencyId: agencyA, name: 'Paged_%x', permissions: [] });
    const all = (await call('adminA', 'GET', '/api/roles')).json<TRoleList>();
    expect(all.rows.length).toBe(all.count);
    expect(all.count).toBeGreaterThan(20);

    const searched = (await call('adminA', 'GET', '/api/roles?search=pAgEd')).json<TRoleList>();
    expect(searched.count).toBe(24);
    expect((await call('adminA', 'GET', '/api/roles?search=d_%25')).json<TRoleList>().rows.map((r) => r.name)).toEqual(['Paged_%x']);
    // Two characters do not search yet.
    expect((await call('adminA', 'GET', '/api/roles?search=zz')).json<TRoleList>().count).toBe(all.count);

    const page2 = (await call('adminA', 'GET', '/api/roles?search=paged&limit=20&page=2')).json<TRoleList>();
    expect(page2.count).toBe(24);
    expect(page2.rows.map((r) => r.name)).toEqual(['Paged 21', 'Paged 22', 'Paged 23', 'Paged_%x']);
    const desc = (await call('adminA', 'GET', '/api/roles?search=paged&limit=20&sortOrder=desc')).json<TRoleList>();
    expect(desc.rows[0]?.name).toBe('Paged_%x');
    expect((await call('adminA', 'GET', '/api/roles?limit=25')).statusCode).toBe(400);
  });

  it('is open to role viewers and user managers (role picker), closed to others', async () => {
    expect((await call('viewerA', 'GET', '/api/roles')).statusCode).toBe(200);
    expect((await call('userManagerA', 'GET', '/api/roles')).statusCode).toBe(200);
    const refused = await call('plainA', 'GET', '/api/roles');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<TApiError>().message).toBe(Messages.forbidden);
    expect((await call('userManagerA', 'GET', `/api/roles/${editorRoleId}`)).statusCode).toBe(403);
  });

  it('works in the agency a super admin picks, needs one, and refuses a foreign agency header to others', async () => {
    const asSuper = (await call('superAdmin', 'GET', '/api/roles', { agencyId: agencyB })).json<TRoleList>();
    expect(asSuper.rows.map((r) => r.name)).toEqual(['Bravo clerks']);
    expect((await call('superAdmin', 'GET', '/api/roles')).statusCode).toBe(400);
    expect((await call('adminA', 'GET', '/api/roles', { agencyId: agencyB })).statusCode).toBe(403);
  });
});

describe('GET /api/roles/:id', () => {
  it('answers a role of the agency and 404 for another agency’s role', async () => {
    const own = await call('viewerA', 'GET', `/api/roles/${editorRoleId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<TRole>()).toMatchObject({ id: editorRoleId, name: 'Role editors', userCount: 1 });
    const foreign = await call('adminB', 'GET', `/api/roles/${editorRoleId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: RoleMessages.notFound, code: 'NOT_FOUND' });
    expect((await call('adminA', 'GET', '/api/roles/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/roles', () => {
  it('adds a role without permissions, unique per agency in any case, and records it', async () => {
    const created = await call('editorA', 'POST', '/api/roles', { payload: { name: '  Warehouse clerks ' } });
    expect(created.statusCode).toBe(201);
    const role = created.json<TRole>();
    expect(role).toMatchObject({ name: 'Warehouse clerks', permissions: [], userCount: 0 });
    expect((await roleRow(role.id))?.agencyId).toBe(agencyA);

    const duplicate = await call('adminA', 'POST', '/api/roles/', { payload: { name: 'WAREHOUSE CLERKS' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: RoleMessages.duplicateName, code: 'CONFLICT', details: { name: RoleMessages.duplicateName } });
    // Another agency may use the same name.
    expect((await call('adminB', 'POST', '/api/roles', { payload: { name: 'Warehouse clerks' } })).statusCode).toBe(201);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.id))));
    expect(audit).toMatchObject({ action: 'create', agencyId: agencyA });
  });

  it('answers 409 to the loser of two simultaneous additions of one name', async () => {
    const responses = await Promise.all([
      call('adminA', 'POST', '/api/roles', { payload: { name: 'Twin role' } }),
      call('editorA', 'POST', '/api/roles', { payload: { name: 'TWIN ROLE' } }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json<TApiError>().details).toEqual({ name: RoleMessages.duplicateName });
  });

  it('validates the name and refuses users without the add permission', async () => {
    const before = (await call('adminA', 'GET', '/api/roles')).json<TRoleList>().count;
    const empty = await call('adminA', 'POST', '/api/roles', { payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<TApiError>().details).toEqual({ name: 'Please input role name!' });
    expect((await call('adminA', 'POST', '/api/roles', { payload: {} })).json<TApiError>().details).toEqual({ name: 'Please input role name!' });
    expect((await call('adminA', 'POST', '/api/roles', { payload: { name: 'x'.repeat(51) } })).statusCode).toBe(400);
    expect((await call('viewerA', 'POST', '/api/roles', { payload: { name: 'Sneaky' } })).statusCode).toBe(403);
    expect((await call('adminA', 'GET', '/api/roles')).json<TRoleList>().count).toBe(before);
  });
});

describe('PUT /api/roles/:id (rename)', () => {
  it('renames, refuses a taken name and other agencies’ roles', async () => {
    const role = (await call('adminA', 'POST', '/api/roles', { payload: { name: 'Rename me' } })).json<TRole>();
    const renamed = await call('editorA', 'PUT', `/api/roles/${role.id}`, { payload: { name: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<TRole>().name).toBe('Renamed');
    // Same name in another case is allowed for the role itself.
    expect((await call('editorA', 'PUT', `/api/roles/${role.id}`, { payload: { name: 'RENAMED' } })).statusCode).toBe(200);
    const taken = await call('editorA', 'PUT', `/api/roles/${role.id}`, { payload: { name: 'viewers' } });
    expect(taken.statusCode).toBe(409);
    expect((await call('adminB', 'PUT', `/api/roles/${role.id}`, { payload: { name: 'Hijacked' } })).statusCode).toBe(404);
    expect((await call('viewerA', 'PUT', `/api/roles/${role.id}`, { payload: { name: 'Nope' } })).statusCode).toBe(403);
    expect((await roleRow(role.id))?.name).toBe('RENAMED');
  });
});

describe('DELETE /api/roles/:id', () => {
  it('refuses while a user holds the role, deletes once nobody does', async () => {
    const role = (await call('adminA', 'POST', '/api/roles', { payload: { name: 'Short lived' } })).json<TRole>();
    const holder = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: role.id, isActive: false });
    const refused = await call('editorA', 'DELETE', `/api/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: RoleMessages.inUse, code: 'CONFLICT' });
    expect(await roleRow(role.id)).toBeDefined();

    await t.database.db.update(users).set({ roleId: editorRoleId }).where(eq(users.id, holder.id));
    expect((await call('adminB', 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(404);
    expect((await call('viewerA', 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(403);
    const deleted = await call('editorA', 'DELETE', `/api/roles/${role.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: RoleMessages.deleted });
    expect(await roleRow(role.id)).toBeUndefined();
    expect((await call('adminA', 'GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });
});

describe('role permissions', () => {
  it('reads and replaces the flags (deduplicated, sorted) and tells every holder to reload', async () => {
    const role = (await call('adminA', 'POST', '/api/roles', { payload: { name: 'Gate clerks' } })).json<TRole>();
    const holders = [
      await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: role.id }),
      await makeUser(t.database.db, { kind: 'companyAdmin', agencyId: agencyA, roleId: role.id }),
    ];
    const bystander = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: editorRoleId });
    emitted.length = 0;

    const saved = await call('adminA', 'PUT', `/api/roles/${role.id}/permissions`, {
      payload: { permissions: ['canViewWarehouseIn', 'canViewDashboard', 'canViewWarehouseIn', 'canViewWarehouseDashboardExcel'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TRole>()).toMatchObject({ id: role.id, userCount: 2, permissions: ['canViewDashboard', 'canViewWarehouseDashboardExcel', 'canViewWarehouseIn'] });
    expect(emitted.map((e) => e.userId).sort((a, b) => a - b)).toEqual(holders.map((h) => h.id).sort((a, b) => a - b));
    expect(emitted.every((e) => e.event === 'userContext' && JSON.stringify(e.payload) === '{"userContextUpdated":true}')).toBe(true);
    expect(emitted.map((e) => e.userId)).not.toContain(bystander.id);

    const read = await call('viewerA', 'GET', `/api/roles/${role.id}/permissions`);
    expect(read.statusCode).toBe(200);
    expect(read.json<TRole>().permissions).toEqual(['canViewDashboard', 'canViewWarehouseDashboardExcel', 'canViewWarehouseIn']);

    // A holder's next request carries the new flags.
    const holderToken = await tokenFor(holders[0]!.id);
    const context = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(holderToken) });
    expect(context.json<{ permissions: string[] }>().permissions).toEqual(['canViewDashboard', 'canViewWarehouseDashboardExcel', 'canViewWarehouseIn']);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.id)), eq(auditLog.action, 'update-permissions')));
    expect(audit?.changes).toEqual({ before: { permissions: [] }, after: { permissions: ['canViewDashboard', 'canViewWarehouseDashboardExcel', 'canViewWarehouseIn'] } });
  });

  it('refuses unknown and super-admin-only flags, changing nothing', async () => {
    const role = (await call('adminA', 'POST', '/api/roles', { payload: { name: 'Strict' } })).json<TRole>();
    await call('adminA', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: ['canViewDashboard'] } });
    emitted.length = 0;
    for (const flag of ['canDoEverything', 'canViewAgencies', 'canViewSettings']) {
      const refused = await call('superAdmin', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: ['canViewDashboard', flag] }, agencyId: agencyA });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<TApiError>()).toMatchObject({ code: 'VALIDATION', details: { permissions: 'Unknown permission in the list.' } });
    }
    expect((await call('adminA', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: 'canViewDashboard' } })).statusCode).toBe(400);
    expect((await roleRow(role.id))?.permissions).toEqual(['canViewDashboard']);
    expect(emitted).toEqual([]);
  });

  it('refuses other agencies’ roles, users without the edit permission, and a non-admin changing their own role', async () => {
    const role = (await call('adminA', 'POST', '/api/roles', { payload: { name: 'Guarded' } })).json<TRole>();
    expect((await call('adminB', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: [] } })).statusCode).toBe(404);
    expect((await call('adminB', 'GET', `/api/roles/${role.id}/permissions`)).statusCode).toBe(404);
    expect((await call('viewerA', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: [] } })).statusCode).toBe(403);
    const own = await call('editorA', 'PUT', `/api/roles/${editorRoleId}/permissions`, {
      payload: { permissions: ['canViewRolesStaffManagement', 'canAddRolesStaffManagement', 'canEditRolesStaffManagement', 'canViewUserStaffManagement'] },
    });
    expect(own.statusCode).toBe(403);
    expect((await roleRow(editorRoleId))?.permissions).not.toContain('canViewUserStaffManagement');
    // An agency admin may.
    expect((await call('adminA', 'PUT', `/api/roles/${editorRoleId}/permissions`, { payload: { permissions: (await roleRow(editorRoleId))?.permissions } })).statusCode).toBe(200);
  });

  it('lets a non-admin editor pass on only the flags they hold', async () => {
    const role = (await call('adminA', 'POST', '/api/roles', { payload: { name: 'Delegated' } })).json<TRole>();
    const editorFlags = (await roleRow(editorRoleId))?.permissions ?? [];
    const held = await call('editorA', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: editorFlags } });
    expect(held.statusCode).toBe(200);
    const stronger = await call('editorA', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: [...editorFlags, 'canEditUserStaffManagement'] } });
    expect(stronger.statusCode).toBe(403);
    expect((await roleRow(role.id))?.permissions).not.toContain('canEditUserStaffManagement');
    // Removing flags is always allowed.
    expect((await call('editorA', 'PUT', `/api/roles/${role.id}/permissions`, { payload: { permissions: [] } })).statusCode).toBe(200);
  });
});
