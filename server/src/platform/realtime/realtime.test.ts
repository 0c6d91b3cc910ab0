import { Messages, SocketEvents, type StatsEvent, type UserContextEvent } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';
import { createSession } from '../../identity/sessions.service';
import { STRONG_PASSWORD, bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';

let t: TestApp;
let url: string;
let agencyA: number;
let agencyB: number;
let tokenA: string;
let userA: number;
let tokenB: string;
let tokenSuper: string;
const open: ClientSocket[] = [];

async function tokenFor(app: TestApp, userId: number): Promise<string> {
  return (await createSession(app.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: app.clock.now() })).token;
}

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Connects and resolves with the socket, or rejects with the connect_error. */
function connect(target: string, options: { query?: Record<string, string>; auth?: Record<string, string> } = {}): Promise<ClientSocket> {
  const socket = connectClient(target, { reconnection: false, forceNew: true, query: options.query ?? {}, auth: options.auth ?? {} });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The connect_error of a refused handshake. */
async function refusal(target: string, options: Parameters<typeof connect>[1]): Promise<{ message: string; data: unknown }> {
  try {
    await connect(target, options);
  } catch (error) {
    const e = error as Error & { data?: unknown };
    return { message: e.message, data: e.data };
  }
  throw new Error('the handshake was accepted');
}

/** Collects every payload of an event on a socket. */
function record<T>(socket: ClientSocket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

function nextEvent<T>(socket: ClientSocket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

beforeAll(async () => {
  t = await createTestApp({ realtime: true });
  url = await listen(t);
  agencyA = (await makeAgency(t.database.db)).id;
  agencyB = (await makeAgency(t.database.db)).id;
  const viewer = await makeRole(t.database.db, { agencyId: agencyA, permissions: ['canViewDashboard'] });
  const a = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: viewer.id });
  const b = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyB });
  const admin = await makeUser(t.database.db, { kind: 'superAdmin' });
  userA = a.id;
  tokenA = await tokenFor(t, a.id);
  tokenB = await tokenFor(t, b.id);
  tokenSuper = await tokenFor(t, admin.id);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await t.close();
});

describe('realtime handshake', () => {
  it('refuses a connection without a token, or with an unknown one', async () => {
    expect(await refusal(url, {})).toEqual({ message: Messages.tokenExpired, data: { code: 'UNAUTHENTICATED' } });
    expect((await refusal(url, { query: { token: 'Bearer made-up' } })).message).toBe(Messages.tokenExpired);
  });

  it("refuses a user asking for another agency's room", async () => {
    const refused = await refusal(url, { query: { token: `Bearer ${tokenA}`, agencyId: String(agencyB) } });
    expect(refused).toEqual({ message: Messages.forbidden, data: { code: 'FORBIDDEN' } });
  });

  it('refuses a super admin asking for an agency that does not exist, and a malformed agency id', async () => {
    expect((await refusal(url, { query: { token: `Bearer ${tokenSuper}`, agencyId: '987654' } })).data).toEqual({ code: 'NOT_FOUND' });
    expect((await refusal(url, { query: { token: `Bearer ${tokenA}`, agencyId: 'abc' } })).data).toEqual({ code: 'VALIDATION' });
  });

  it('accepts the token as query (with Bearer) or as auth.token (without)', async () => {
    await expect(connect(url, { query: { token: `Bearer ${tokenA}`, agencyId: String(agencyA) } })).resolves.toBeDefined();
    await expect(connect(url, { auth: { token: tokenA } })).resolves.toBeDefined();
  });

  it("refuses users of an inactive agency (the session lookup refuses them)", async () => {
    await t.database.db.update(agencies).set({ isActive: false }).where(eq(agencies.id, agencyB));
    try {
      expect((await refusal(url, { query: { token: `Bearer ${tokenB}` } })).message).toBe(Messages.tokenExpired);
    } finally {
      await t.database.db.update(agencies).set({ isActive: true }).where(eq(agencies.id, agencyB));
    }
    await expect(connect(url, { query: { token: `Bearer ${tokenB}` } })).resolves.toBeDefined();
  });
});

describe('realtime rooms', () => {
  it('delivers userContext to the user and events to the agency', async () => {
    const socket = await connect(url, { query: { token: `Bearer ${tokenA}`, agencyId: String(agencyA) } });
    const userEvent = nextEvent<UserContextEvent>(socket, SocketEvents.userContext);
    t.context.realtime.emitToUser(userA, SocketEvents.userContext, { userContextUpdated: true });
    expect(await userEvent).toEqual({ userContextUpdated: true });

    const agencyEvent = nextEvent<StatsEvent>(socket, SocketEvents.events);
    t.context.realtime.emitToAgency(agencyA, SocketEvents.events, { statsUpdated: true, type: 'warehouse' });
    expect(await agencyEvent).toEqual({ statsUpdated: true, type: 'warehouse' });
  });

  it("does not deliver another agency's events", async () => {
    const socketA = await connect(url, { query: { token: `Bearer ${tokenA}` } });
    const socketB = await connect(url, { query: { token: `Bearer ${tokenB}`, agencyId: String(agencyB) } });
    const seenA = record<StatsEvent>(socketA, SocketEvents.events);
    const seenB = record<StatsEvent>(socketB, SocketEvents.events);
    // Events on one connection arrive in the order they were sent: once the later event for A has arrived,
    // the earlier one for B would have arrived before it if it had been sent to A.
    const lastA = nextEvent(socketA, SocketEvents.events);
    const lastB = nextEvent(socketB, SocketEvents.events);
    t.context.realtime.emitToAgency(agencyB, SocketEvents.events, { statsUpdated: true, type: 'vessel' });
    t.context.realtime.emitToAgency(agencyA, SocketEvents.events, { statsUpdated: true, type: 'stats' });
    await Promise.all([lastA, lastB]);
    expect(seenA).toEqual([{ statsUpdated: true, type: 'stats' }]);
    expect(seenB).toEqual([{ statsUpdated: true, type: 'vessel' }]);
  });

  it('lets a super admin listen to the agency it chose', async () => {
    const socket = await connect(url, { query: { token: `Bearer ${tokenSuper}`, agencyId: String(agencyB) } });
    const event = nextEvent<StatsEvent>(socket, SocketEvents.events);
    t.context.realtime.emitToAgency(agencyB, SocketEvents.events, { statsUpdated: true, type: 'consignee' });
    expect(await event).toEqual({ statsUpdated: true, type: 'consignee' });
  });
});

describe('realtime sessions that end', () => {
  /** A user of the agency holding a permission (so their socket listens to the agency), signed in twice. */
  async function member(agencyId: number, kind: 'agencyUser' | 'agencyAdmin' = 'agencyUser') {
    const role = await makeRole(t.database.db, { agencyId, permissions: ['canViewDashboard'] });
    const user = await makeUser(t.database.db, { kind, agencyId, roleId: role.id });
    return { user, token: await loginAs(t.app, user.username), other: await loginAs(t.app, user.username) };
  }

  async function superAdminToken(): Promise<string> {
    return loginAs(t.app, (await makeUser(t.database.db, { kind: 'superAdmin' })).username);
  }

  /**
   * Runs `end` while `ending` is connected to the agency, and checks that the server drops it at once and that it
   * gets no later agency event, while `staying` (same agency) keeps receiving them.
   */
  async function expectDropped(params: { agencyId: number; ending: string; staying: string; end: () => Promise<{ statusCode: number; body: string }> }) {
    const ending = await connect(url, { query: { token: `Bearer ${params.ending}`, agencyId: String(params.agencyId) } });
    const staying = await connect(url, { query: { token: `Bearer ${params.staying}`, agencyId: String(params.agencyId) } });
    const seen = record<StatsEvent>(ending, SocketEvents.events);
    const dropped = new Promise<string>((resolve) => ending.once('disconnect', resolve));
    const response = await params.end();
    expect(response.statusCode, response.body).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    const heard = nextEvent<StatsEvent>(staying, SocketEvents.events);
    t.context.realtime.emitToAgency(params.agencyId, SocketEvents.events, { statsUpdated: true, type: 'stats' });
    expect(await heard).toEqual({ statsUpdated: true, type: 'stats' });
    expect(seen).toEqual([]);
    expect(ending.connected).toBe(false);
    expect(staying.connected).toBe(true);
  }

  it('drops the socket of a session that logs out, and keeps the same user’s other session', async () => {
    const m = await member(agencyA);
    await expectDropped({ agencyId: agencyA, ending: m.token, staying: m.other, end: () => t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(m.token) }) });
  });

  it('drops the sockets of the sessions a password change ends (not the one that changed it)', async () => {
    const m = await member(agencyA);
    await expectDropped({
      agencyId: agencyA,
      ending: m.other,
      staying: m.token,
      end: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/changePassword',
          headers: bearer(m.token),
          payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Socket#Pass1', confirmPassword: 'Socket#Pass1' },
        }),
    });
  });

  it('drops the sockets of the sessions a forced update ends', async () => {
    const m = await member(agencyA);
    await t.database.db.update(users).set({ passwordResetAt: null }).where(eq(users.id, m.user.id));
    await expectDropped({
      agencyId: agencyA,
      ending: m.other,
      staying: m.token,
      end: () => t.app.inject({ method: 'POST', url: '/api/auth/updatePassword', headers: bearer(m.token), payload: { password: 'Forced#Sock1', confirmPassword: 'Forced#Sock1' } }),
    });
  });

  it('drops every socket of a user who resets the password by e-mail', async () => {
    const m = await member(agencyA);
    const witness = await member(agencyA);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: m.user.username } });
    const resetToken = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(t.mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    await expectDropped({
      agencyId: agencyA,
      ending: m.token,
      staying: witness.token,
      end: () => t.app.inject({ method: 'PUT', url: `/api/auth/resetPassword/${resetToken}`, payload: { password: 'Reset#Sock1', confirmPassword: 'Reset#Sock1' } }),
    });
  });

  it('drops every socket of a user an admin deactivates, or forces to reset the password', async () => {
    const admin = await member(agencyA, 'agencyAdmin');
    const deactivated = await member(agencyA);
    await expectDropped({
      agencyId: agencyA,
      ending: deactivated.token,
      staying: admin.token,
      end: () => t.app.inject({ method: 'PUT', url: `/api/users/${deactivated.user.id}/toggle-status`, headers: bearer(admin.token) }),
    });
    const forced = await member(agencyA);
    await expectDropped({
      agencyId: agencyA,
      ending: forced.token,
      staying: admin.token,
      end: () => t.app.inject({ method: 'PUT', url: `/api/users/${forced.user.id}/force-password-reset`, headers: bearer(admin.token) }),
    });
  });

  it('drops the sockets of the users of an agency that is deactivated, not those of the super admin listening to it', async () => {
    const closing = (await makeAgency(t.database.db)).id;
    const m = await member(closing);
    const superToken = await superAdminToken();
    await expectDropped({
      agencyId: closing,
      ending: m.token,
      staying: superToken,
      end: () => t.app.inject({ method: 'PUT', url: `/api/agencies/${closing}/toggle-status`, headers: bearer(superToken) }),
    });
  });

  it('does not put a user whose role grants nothing in the agency room', async () => {
    const empty = await makeRole(t.database.db, { agencyId: agencyA, permissions: [] });
    const nobody = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: empty.id });
    const socket = await connect(url, { query: { token: `Bearer ${await loginAs(t.app, nobody.username)}`, agencyId: String(agencyA) } });
    const watcher = await connect(url, { query: { token: `Bearer ${tokenA}`, agencyId: String(agencyA) } });
    const seen = record<StatsEvent>(socket, SocketEvents.events);
    const heard = nextEvent<StatsEvent>(watcher, SocketEvents.events);
    const own = nextEvent<UserContextEvent>(socket, SocketEvents.userContext);
    t.context.realtime.emitToAgency(agencyA, SocketEvents.events, { statsUpdated: true, type: 'warehouse' });
    t.context.realtime.emitToUser(nobody.id, SocketEvents.userContext, { userContextUpdated: true });
    await heard;
    // Events on one connection arrive in order: once the later user event has arrived, the agency event would have too.
    expect(await own).toEqual({ userContextUpdated: true });
    expect(seen).toEqual([]);
  });
});

describe('realtime shutdown', () => {
  it('closing the app drops its clients instead of waiting for them, and they are left free to reconnect', async () => {
    const other = await createTestApp({ realtime: true, database: t.database });
    const socket = connectClient(await listen(other), { query: { token: `Bearer ${tokenA}` }, reconnectionAttempts: 1, forceNew: true });
    open.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await other.close();
    expect(await disconnected).not.toBe('io server disconnect');
    expect(socket.active).toBe(true);
  });
});

describe.runIf(testEngine === 'postgres')('realtime across server processes (PostgreSQL adapter)', () => {
  it('delivers an event emitted by one server to a client of another server on the same database', async () => {
    const second = await createTestApp({ realtime: true, database: t.database });
    try {
      const secondUrl = await listen(second);
      const socket = await connect(secondUrl, { query: { token: `Bearer ${tokenA}` } });
      const event = nextEvent<StatsEvent>(socket, SocketEvents.events);
      // The second server starts LISTENing in the background; repeat the emit until it is heard.
      let heard = false;
      void event.then(() => (heard = true));
      while (!heard) {
        t.context.realtime.emitToAgency(agencyA, SocketEvents.events, { statsUpdated: true, type: 'customer' });
        await Promise.race([event, new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      expect(await event).toEqual({ statsUpdated: true, type: 'customer' });
      socket.disconnect();
    } finally {
      await second.close();
    }
  });

  it('drops a socket on another server when its session logs out on this one', async () => {
    const second = await createTestApp({ realtime: true, database: t.database });
    try {
      const token = await tokenFor(t, userA);
      const socket = await connect(await listen(second), { query: { token: `Bearer ${token}` } });
      // Wait until the second server listens to the adapter's channel (it hears this server's events).
      const event = nextEvent<StatsEvent>(socket, SocketEvents.events);
      let heard = false;
      void event.then(() => (heard = true));
      while (!heard) {
        t.context.realtime.emitToAgency(agencyA, SocketEvents.events, { statsUpdated: true, type: 'customer' });
        await Promise.race([event, new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      await second.close();
    }
  });
});
