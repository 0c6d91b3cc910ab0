import { randomBytes } from 'node:crypto';
import { Messages, SESSION_COOKIE, type TUploadResponse } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Spec 2.1: an agency user or a company admin whose role grants no permission sees 'User have No Permissions,
 * Please contact Admin' and receives nothing of the agency; their own account (context, profile, password,
 * logout) and the fixed lookups stay open.
 */
let t: TestApp;
let agencyId: number;
const tokens = { agencyUser: '', companyAdmin: '', withPermission: '', admin: '' };
let documentKey: string;

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.alloc(200)]);

function upload(token: string, directory: string) {
  const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="picture.png"\r\nContent-Type: image/png\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/file?directory=${directory}`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), png(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyId = (await makeAgency(db)).id;
  const empty = await makeRole(db, { agencyId, permissions: [] });
  // A super-admin-only flag grants an agency user nothing either.
  const superOnly = await makeRole(db, { agencyId, permissions: ['canViewAgencies'] });
  const viewer = await makeRole(db, { agencyId, permissions: ['canViewDashboard'] });
  tokens.agencyUser = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId, roleId: empty.id })).username);
  tokens.companyAdmin = await loginAs(t.app, (await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: superOnly.id, companyId: 777 })).username);
  tokens.withPermission = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId, roleId: viewer.id })).username);
  tokens.admin = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId })).username);
  const stored = await upload(tokens.admin, 'images');
  expect(stored.statusCode, stored.body).toBe(200);
  documentKey = stored.json<TUploadResponse>().path;
});
afterAll(async () => {
  await t.close();
});

const withoutPermission = ['agencyUser', 'companyAdmin'] as const;

describe('a user whose role grants no permission', () => {
  it('gets 403 on the agency data, the agency, the location pickers and the agency files', async () => {
    const agencyRoutes = [
      `/api/agencies/${agencyId}/agencyData`,
      `/api/agencies/${agencyId}`,
      '/api/locations',
      '/api/locations/silo-locations',
      `/api/files/${documentKey}`,
    ];
    for (const who of withoutPermission) {
      for (const url of agencyRoutes) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
        expect(response.statusCode, `${who} ${url}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(Messages.forbidden);
      }
      // The file link also refuses the cookie of such a user.
      const byCookie = await t.app.inject({ method: 'GET', url: `/api/files/${documentKey}`, headers: { cookie: `${SESSION_COOKIE}=${tokens[who]}` } });
      expect(byCookie.statusCode).toBe(403);
    }
    // The same routes answer a user holding any permission.
    for (const url of agencyRoutes) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(tokens.withPermission) })).statusCode, url).toBe(200);
    }
  });

  it('cannot upload into an agency folder, only a profile picture', async () => {
    for (const who of withoutPermission) {
      for (const directory of ['images', 'documents', 'drivers', 'agency']) {
        const refused = await upload(tokens[who], directory);
        expect(refused.statusCode, `${who} ${directory}`).toBe(403);
      }
      const picture = await upload(tokens[who], 'profile');
      expect(picture.statusCode, picture.body).toBe(200);
      const own = await t.app.inject({ method: 'GET', url: `/api/files/${picture.json<TUploadResponse>().path}`, headers: bearer(tokens[who]) });
      expect(own.statusCode).toBe(200);
    }
    expect((await upload(tokens.withPermission, 'images')).statusCode).toBe(200);
  });

  it('keeps the own account and the lookups: user context (with the notice’s data), lookups, profile, logout', async () => {
    for (const who of withoutPermission) {
      const context = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(tokens[who]) });
      expect(context.statusCode).toBe(200);
      expect(context.json<{ isSuperAdmin: boolean; isAgencyAdmin: boolean }>()).toMatchObject({ isSuperAdmin: false, isAgencyAdmin: false });
      expect((await t.app.inject({ method: 'GET', url: '/api/lookups', headers: bearer(tokens[who]) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/lookups/timezones', headers: bearer(tokens[who]) })).statusCode).toBe(200);
    }
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(tokens.agencyUser),
      payload: { firstName: 'Still', lastName: 'Here', email: `still.${randomBytes(3).toString('hex')}@tonnage.test` },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(tokens.companyAdmin) })).statusCode).toBe(200);
  });

  it('reaches only the routes declared for the own account: every other signed-in route needs a permission', () => {
    const account = t.app.routeAccess.filter((r) => r.access.kind === 'account').map((r) => `${r.method} ${r.url}`);
    expect(account.sort()).toEqual(
      [
        'GET /api/auth/logout',
        'GET /api/files/*',
        'GET /api/lookups',
        'GET /api/lookups/countries',
        'GET /api/lookups/countries/:id/cities',
        'GET /api/lookups/timezones',
        'GET /api/user-context',
        'POST /api/auth/changePassword',
        'POST /api/auth/updatePassword',
        'POST /api/uploads/file',
        'PUT /api/users/profile',
      ].sort(),
    );
  });
});
