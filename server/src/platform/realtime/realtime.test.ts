import { Messages, SocketEvents, type StatsEvent, type UserContextEvent } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../modules/agencies/agencies.schema';
import { createSession } from '../../modules/auth/sessions.service';
import { makeAgency, makeUser } from '../../test/fixtures';
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
  const a = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA });
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
});
