import { Messages, SESSION_COOKIE } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/harness';
import { STRONG_PASSWORD, bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { users } from '../../identity/users.schema';

let t: TestApp;
let agencyId: number;

beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await makeAgency(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, extra: { rememberMe?: boolean; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password, rememberMe: extra.rememberMe ?? false },
    remoteAddress: extra.ip ?? '10.0.0.1',
  });

describe('sign-in', () => {
  it('answers the spec shape with a token, a session cookie and the attempts left', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId });
    const response = await login(user.username, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-remaining']).toBe('5');
    expect(String(response.headers['set-cookie'])).toMatch(/tonnage_session=.+HttpOnly/);
    const body = response.json<{ token: string; isSuperAdmin: boolean; isAgencyAdmin: boolean; agency: { id: number }; user: Record<string, unknown> }>();
    expect(body.isSuperAdmin).toBe(false);
    expect(body.isAgencyAdmin).toBe(true);
    expect(body.agency.id).toBe(agencyId);
    expect(body.user.username).toBe(user.username);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.token.length).toBeGreaterThan(30);
  });

  it('accepts the username in any letter case', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, username: 'Mixed.Case.User' });
    expect((await login('mixed.case.user', STRONG_PASSWORD)).statusCode).toBe(200);
    expect(user.username).toBe('Mixed.Case.User');
  });

  it('refuses wrong and unknown credentials alike with "Wrong credentials"', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const wrong = await login(user.username, 'Wrong#Pass1');
    const unknown = await login('nobody.here', 'Wrong#Pass1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: Messages.wrongCredentials, code: 'WRONG_CREDENTIALS' });
      expect(response.headers['x-ratelimit-remaining']).toBe('4');
    }
  });

  it('answers missing fields with the spec messages and counts nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: Record<string, string> }>().details).toMatchObject({
      username: Messages.usernameRequired,
      password: Messages.passwordRequired,
    });
  });

  it('refuses an inactive user with "user is in-active"', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, isActive: false });
    const response = await login(user.username, STRONG_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(Messages.userInactive);
  });

  it('refuses users of an inactive agency but not the super admin', async () => {
    const closed = await makeAgency(t.database.db, { isActive: false });
    const user = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: closed.id });
    const admin = await makeUser(t.database.db, { kind: 'superAdmin' });
    const refused = await login(user.username, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe('AGENCY_INACTIVE');
    expect((await login(admin.username, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('lockout', () => {
  it('blocks the 5th wrong attempt, also with the right password, across a restart, until the block lapses', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const ip = '10.1.1.1';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await login(user.username, 'Wrong#Pass1', { ip });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(5 - attempt));
    }
    const fifth = await login(user.username, 'Wrong#Pass1', { ip });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('900');
    expect(fifth.headers['x-ratelimit-reset']).toBe('900');
    expect(fifth.headers['x-ratelimit-remaining']).toBe('0');
    expect(fifth.json<{ message: string }>().message).toBe(Messages.blocked);

    const rightPassword = await login(user.username, STRONG_PASSWORD, { ip });
    expect(rightPassword.statusCode).toBe(429);

    // Another address is not blocked: the key is username and address.
    expect((await login(user.username, STRONG_PASSWORD, { ip: '10.1.1.2' })).statusCode).toBe(200);

    // A new server process on the same database still refuses.
    const restarted = await buildApp({ config: t.config, database: t.database, clock: t.clock, mailer: t.mailer, realtime: false, logger: false });
    t.clock.advance(60_000);
    const afterRestart = await restarted.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: STRONG_PASSWORD },
      remoteAddress: ip,
    });
    expect(afterRestart.statusCode).toBe(429);
    expect(afterRestart.headers['retry-after']).toBe('840');
    await restarted.app.close();

    t.clock.advance(14 * 60_000 + 1000);
    const lapsed = await login(user.username, STRONG_PASSWORD, { ip });
    expect(lapsed.statusCode).toBe(200);
    expect(lapsed.headers['x-ratelimit-remaining']).toBe('5');
    // The success reset the count.
    expect((await login(user.username, 'Wrong#Pass1', { ip })).headers['x-ratelimit-remaining']).toBe('4');
  });

  it('honours a configured block time', async () => {
    const short = await createTestApp({ database: t.database, config: { loginBlockSeconds: 120 } });
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    let last = await short.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'x' } });
    for (let i = 0; i < 4; i++) {
      last = await short.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'x' } });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('120');
    await short.app.close();
  });
});

describe('sessions', () => {
  it('returns the user context and refuses missing, unknown and revoked tokens', async () => {
    const role = await makeRole(t.database.db, { agencyId, permissions: ['canViewDashboard', 'canViewSaleOrder'] });
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, roleId: role.id });
    const token = await loginAs(t.app, user.username);

    const context = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) });
    expect(context.statusCode).toBe(200);
    const body = context.json<{ permissions: string[]; isAgencyUser: boolean; agency: { id: number }; s3Url: string; passwordResetDue: boolean }>();
    expect(body.permissions.sort()).toEqual(['canViewDashboard', 'canViewSaleOrder']);
    expect(body.isAgencyUser).toBe(true);
    expect(body.agency.id).toBe(agencyId);
    expect(body.passwordResetDue).toBe(false);

    const none = await t.app.inject({ method: 'GET', url: '/api/user-context' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: Messages.tokenExpired, code: 'UNAUTHENTICATED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer('made-up-token') })).statusCode).toBe(401);

    const logout = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('reports the data scope of spec section 6: assigned lists narrow, empty lists leave it open', async () => {
    const open = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const narrowed = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, shipmentManagerIds: [12, 4], locationIds: [9] });
    const scopeOf = async (username: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(await loginAs(t.app, username)) })).json<{
        dataScope: unknown;
      }>().dataScope;
    expect(await scopeOf(open.username)).toEqual({ shipmentManagerIds: null, consigneeIds: null, locationIds: null });
    expect(await scopeOf(narrowed.username)).toEqual({ shipmentManagerIds: [4, 12], consigneeIds: null, locationIds: [9] });
  });

  it('gives a short session without remember me and a long one with it', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const short = (await login(user.username, STRONG_PASSWORD)).json<{ token: string }>().token;
    const long = (await login(user.username, STRONG_PASSWORD, { rememberMe: true })).json<{ token: string }>().token;
    t.clock.advance(13 * 3600 * 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(short) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(long) })).statusCode).toBe(200);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const token = await loginAs(t.app, user.username);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses an agency header the user may not use', async () => {
    const other = await makeAgency(t.database.db);
    const user = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId });
    const admin = await makeUser(t.database.db, { kind: 'superAdmin' });
    const token = await loginAs(t.app, user.username);
    const adminToken = await loginAs(t.app, admin.username);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: { ...bearer(token), 'x-agency-id': String(other.id) } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ message: string }>().message).toBe(Messages.forbidden);
    const own = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: { ...bearer(token), 'x-agency-id': String(agencyId) } });
    expect(own.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: { ...bearer(adminToken), 'x-agency-id': '987654' } });
    expect(missing.statusCode).toBe(404);
    const chosen = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: { ...bearer(adminToken), 'x-agency-id': String(other.id) } });
    expect(chosen.statusCode).toBe(200);
  });
});

describe('password reset by e-mail', () => {
  it('answers the same for known and unknown names and mails a link only to the known one', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const before = t.mailer.sent.length;
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: user.username } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: 'ghost.user' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(t.mailer.sent.length).toBe(before + 1);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.text).toMatch(/\/resetpassword\/[A-Za-z0-9_-]{20,}/);
  });

  async function resetLinkFor(username: string): Promise<string> {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username } });
    const match = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(t.mailer.sent.at(-1)?.text ?? '');
    if (!match?.[1]) throw new Error('no reset link mailed');
    return match[1];
  }

  it('enforces the password rule, is single-use and ends every session', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const oldToken = await loginAs(t.app, user.username);
    const resetToken = await resetLinkFor(user.username);
    const url = `/api/auth/resetPassword/${resetToken}`;

    const weak = await t.app.inject({ method: 'PUT', url, payload: { password: 'password', confirmPassword: 'password' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ details: Record<string, string> }>().details.password).toBe(Messages.passwordRule);
    const mismatch = await t.app.inject({ method: 'PUT', url, payload: { password: 'New#Pass2026', confirmPassword: 'New#Pass2027' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ details: Record<string, string> }>().details.confirmPassword).toBe(Messages.passwordMismatch);

    const ok = await t.app.inject({ method: 'PUT', url, payload: { password: 'New#Pass2026', confirmPassword: 'New#Pass2026' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ message: string }>().message).toBe(Messages.resetSuccessful);
    const again = await t.app.inject({ method: 'PUT', url, payload: { password: 'Other#Pass2026', confirmPassword: 'Other#Pass2026' } });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(Messages.resetTokenInvalid);

    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(oldToken) })).statusCode).toBe(401);
    expect((await login(user.username, STRONG_PASSWORD, { ip: '10.2.2.2' })).statusCode).toBe(401);
    expect((await login(user.username, 'New#Pass2026', { ip: '10.2.2.2' })).statusCode).toBe(200);
  });

  it('answers a made-up or mangled link with the invalid-link message', async () => {
    for (const token of ['abc', 'x'.repeat(43)]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/auth/resetPassword/${token}`,
        payload: { password: 'New#Pass2026', confirmPassword: 'New#Pass2026' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(Messages.resetTokenInvalid);
    }
  });

  it('refuses a link older than an hour', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const resetToken = await resetLinkFor(user.username);
    t.clock.advance(61 * 60_000);
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/resetPassword/${resetToken}`,
      payload: { password: 'New#Pass2026', confirmPassword: 'New#Pass2026' },
    });
    expect(late.statusCode).toBe(400);
    expect((await login(user.username, STRONG_PASSWORD, { ip: '10.3.3.3' })).statusCode).toBe(200);
  });
});

describe('password change and forced reset', () => {
  it('checks the current password and ends the other sessions only', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const current = await loginAs(t.app, user.username);
    const other = await loginAs(t.app, user.username);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: bearer(current),
      payload: { currentPassword: 'Nope#1234', newPassword: 'Fresh#Pass99', confirmPassword: 'Fresh#Pass99' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(Messages.currentPasswordWrong);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: bearer(current),
      payload: { currentPassword: '   ', newPassword: 'Fresh#Pass99', confirmPassword: 'Fresh#Pass99' },
    });
    expect(blank.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: bearer(current),
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Fresh#Pass99', confirmPassword: 'Fresh#Pass99' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ message: string }>().message).toBe(Messages.passwordUpdated);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(current) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(other) })).statusCode).toBe(401);
    expect((await login(user.username, 'Fresh#Pass99', { ip: '10.4.4.4' })).statusCode).toBe(200);
  });

  it('changes passwords with the settings cache cold (no query outside the transaction on the embedded database)', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, passwordResetAt: null });
    const token = await loginAs(t.app, user.username);
    for (const [url, payload] of [
      ['/api/auth/updatePassword', { password: 'Cold#Cache1', confirmPassword: 'Cold#Cache1' }],
      ['/api/auth/changePassword', { currentPassword: 'Cold#Cache1', newPassword: 'Cold#Cache2', confirmPassword: 'Cold#Cache2' }],
    ] as const) {
      t.clock.advance(60_000);
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(response.statusCode).toBe(200);
    }
  });

  it('marks a reset due when passwordResetAt is missing, and clears it after the forced update', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, passwordResetAt: null });
    const token = await loginAs(t.app, user.username);
    const due = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) });
    expect(due.json<{ passwordResetDue: boolean }>().passwordResetDue).toBe(true);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updatePassword',
      headers: bearer(token),
      payload: { password: 'short', confirmPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/updatePassword',
      headers: bearer(token),
      payload: { password: 'Forced#Pass1', confirmPassword: 'Forced#Pass1' },
    });
    expect(ok.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) });
    expect(after.json<{ passwordResetDue: boolean }>().passwordResetDue).toBe(false);
  });

  it('refuses the forced update while no reset is due (403), and changes neither the password nor the sessions', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const admin = await makeUser(t.database.db, { kind: 'superAdmin', passwordResetAt: null });
    for (const who of [user, admin]) {
      const [before] = await t.database.db.select({ passwordHash: users.passwordHash, passwordResetAt: users.passwordResetAt }).from(users).where(eq(users.id, who.id));
      const stolen = await loginAs(t.app, who.username);
      const other = await loginAs(t.app, who.username);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/updatePassword',
        headers: bearer(stolen),
        payload: { password: 'Taken#Over1', confirmPassword: 'Taken#Over1' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: Messages.passwordResetNotDue, code: 'FORBIDDEN' });
      const [after] = await t.database.db.select({ passwordHash: users.passwordHash, passwordResetAt: users.passwordResetAt }).from(users).where(eq(users.id, who.id));
      expect(after).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(other) })).statusCode).toBe(200);
      expect((await login(who.username, 'Taken#Over1', { ip: '10.5.5.5' })).statusCode).toBe(401);
    }
  });

  it('lets the forced update through once the reset falls due, and ends the other sessions', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, passwordResetAt: new Date(t.clock.now().getTime() + 60_000) });
    const token = await loginAs(t.app, user.username);
    const other = await loginAs(t.app, user.username);
    const payload = { password: 'Due#Now2026', confirmPassword: 'Due#Now2026' };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/updatePassword', headers: bearer(token), payload })).statusCode).toBe(403);
    t.clock.advance(60_000);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/updatePassword', headers: bearer(token), payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(other) })).statusCode).toBe(401);
  });

  it('lets an admin force a reset in their own agency only', async () => {
    const other = await makeAgency(t.database.db);
    const admin = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId });
    const target = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const stranger = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: other.id });
    const plain = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const adminToken = await loginAs(t.app, admin.username);
    const plainToken = await loginAs(t.app, plain.username);
    const url = (id: number) => `/api/users/${id}/force-password-reset`;
    expect((await t.app.inject({ method: 'PUT', url: url(stranger.id), headers: bearer(adminToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: url(target.id), headers: bearer(plainToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: url(target.id), headers: bearer(adminToken) })).statusCode).toBe(200);
    const targetToken = await loginAs(t.app, target.username);
    const context = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(targetToken) });
    expect(context.json<{ passwordResetDue: boolean }>().passwordResetDue).toBe(true);
  });

  it('lets only those who may edit a user force their reset: a user-management user may not touch an agency admin', async () => {
    const other = await makeAgency(t.database.db);
    const manager = await makeUser(t.database.db, {
      kind: 'agencyUser',
      agencyId,
      roleId: (await makeRole(t.database.db, { agencyId, permissions: ['canEditUserStaffManagement', 'canViewUserStaffManagement'] })).id,
    });
    const agencyAdmin = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId });
    const superAdmin = await makeUser(t.database.db, { kind: 'superAdmin' });
    const stranger = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: other.id });
    const colleague = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const managerToken = await loginAs(t.app, manager.username);
    const url = (id: number) => `/api/users/${id}/force-password-reset`;
    for (const target of [agencyAdmin, superAdmin, stranger]) {
      const response = await t.app.inject({ method: 'PUT', url: url(target.id), headers: bearer(managerToken) });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(Messages.forbidden);
      const [row] = await t.database.db.select({ passwordResetAt: users.passwordResetAt }).from(users).where(eq(users.id, target.id));
      expect(row?.passwordResetAt).toEqual(target.passwordResetAt);
    }
    // Allowed on a user they may edit; the target's sessions end, so a token taken before cannot choose the password.
    const colleagueToken = await loginAs(t.app, colleague.username);
    expect((await t.app.inject({ method: 'PUT', url: url(colleague.id), headers: bearer(managerToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(colleagueToken) })).statusCode).toBe(401);
    const adminToken = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId })).username);
    expect((await t.app.inject({ method: 'PUT', url: url(agencyAdmin.id), headers: bearer(adminToken) })).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('needs the bearer header: the session cookie or a query token alone (a cross-site link) ends nothing', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const token = await loginAs(t.app, user.username);
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/auth/logout?token=${token}` });
    for (const response of [byCookie, byQuery]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('UNAUTHENTICATED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(200);
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) });
    expect(byHeader.statusCode).toBe(200);
    expect(String(byHeader.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('updates the own profile and validates every field', async () => {
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const taken = await makeUser(t.database.db, { kind: 'agencyUser', agencyId });
    const token = await loginAs(t.app, user.username);
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload });

    const ok = await put({ id: user.id, firstName: '  Amal ', lastName: 'Saleh', email: 'amal.saleh@example.test', phone: '+966500000000' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ message: string; user: { firstName: string } }>()).toMatchObject({ message: Messages.profileUpdated, user: { firstName: 'Amal' } });

    const bad = await put({ firstName: '', email: 'not-an-email', lastName: 'x'.repeat(21) });
    expect(bad.statusCode).toBe(400);
    const details = bad.json<{ details: Record<string, string> }>().details;
    expect(details.firstName).toBe(Messages.firstNameRequired);
    expect(details.email).toBeDefined();
    expect(details.lastName).toBeDefined();

    expect((await put({ id: taken.id, firstName: 'X', email: 'x@example.test' })).statusCode).toBe(403);
    expect((await put({ firstName: 'X', email: taken.email.toUpperCase() })).statusCode).toBe(409);
    expect((await put({ firstName: 'X', email: 'x2@example.test', profilePic: 'profile/2026/11/not-mine.png' })).statusCode).toBe(400);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe('Amal');
    expect(row?.email).toBe('amal.saleh@example.test');
  });
});

describe('user context: the company of a company admin', () => {
  type Context = { company: { id: number; name: string; isShipmentManager: boolean } | null; dataScope: Record<string, number[] | null> };
  const contextOf = async (username: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(await loginAs(t.app, username)) })).json<Context>();

  it('gives the company and scopes a shipment-manager company’s admin to that company', async () => {
    const admin = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId })).username);
    const create = async (key: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/${key}`, headers: bearer(admin), payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const sm = await create('shipmentManager', { name: 'Context SM' });
    const consignee = await create('consignee', { name: 'Context Mill', shipmentManagerId: sm });

    const smAdmin = await makeUser(t.database.db, { kind: 'companyAdmin', agencyId, companyId: sm, shipmentManagerIds: [consignee + 1000], locationIds: [7] });
    expect(await contextOf(smAdmin.username)).toMatchObject({
      company: { id: sm, name: 'Context SM', isShipmentManager: true },
      dataScope: { shipmentManagerIds: [sm], consigneeIds: null, locationIds: [7] },
    });

    const millAdmin = await makeUser(t.database.db, { kind: 'companyAdmin', agencyId, companyId: consignee, consigneeIds: [consignee] });
    expect(await contextOf(millAdmin.username)).toMatchObject({
      company: { id: consignee, name: 'Context Mill', isShipmentManager: false },
      dataScope: { shipmentManagerIds: null, consigneeIds: [consignee], locationIds: null },
    });

    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, companyId: sm });
    expect((await contextOf(user.username)).company).toBeNull();
    const orphan = await makeUser(t.database.db, { kind: 'companyAdmin', agencyId, companyId: 987654 });
    expect((await contextOf(orphan.username)).company).toBeNull();
  });
});
