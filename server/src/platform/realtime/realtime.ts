import { createAdapter } from '@socket.io/postgres-adapter';
import { ErrorCode, Messages, hasAnyPermission } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { agencies } from '../../modules/agencies/agencies.schema';
import { resolveSession } from '../../modules/auth/sessions.service';
import type { Clock } from '../clock';
import type { Database, Db } from '../db/client';

/** Pushes events to signed-in browsers: rooms per agency and per user (spec section 7, Realtime). */
export interface Realtime {
  emitToUser(userId: number, event: string, payload: unknown): void;
  emitToAgency(agencyId: number, event: string, payload: unknown): void;
  /**
   * Disconnects at once, on every process, the sockets opened with these sessions. Call it after the transaction
   * that revoked them has committed, with the ids the revocation answered.
   */
  endSessions(sessionIds: readonly number[]): void;
  /** Disconnects the sockets of every user of an agency (not super admins listening to it): it was deactivated. */
  endAgencySessions(agencyId: number): void;
  close(): Promise<void>;
}

/** A Realtime that sends nothing, for apps built without Socket.IO. */
export const noRealtime: Realtime = {
  emitToUser: () => undefined,
  emitToAgency: () => undefined,
  endSessions: () => undefined,
  endAgencySessions: () => undefined,
  close: () => Promise.resolve(),
};

/** Room names; every process of a PostgreSQL deployment shares them through the adapter. */
export const realtimeRooms = {
  /** Sockets that receive the agency's events: its users holding a permission, super admins who chose it. */
  agency: (agencyId: number) => `agency:${agencyId}`,
  user: (userId: number) => `user:${userId}`,
  /** The sockets of one session, to disconnect when it ends. */
  session: (sessionId: number) => `session:${sessionId}`,
  /** The sockets of the agency's own users (whatever they listen to), to disconnect when it is deactivated. */
  members: (agencyId: number) => `members:${agencyId}`,
};

/** What a connected socket carries after its handshake was accepted. */
export interface RealtimeSocketData {
  userId: number;
  /** The session the socket was opened with (sessions.id): its room ends with it. */
  sessionId: number;
  /** The user's own agency (null for super admins). */
  memberOf: number | null;
  /** The agency whose events the socket receives; null when none (or the user holds no permission). */
  agencyId: number | null;
  isSuperAdmin: boolean;
}

/** A refused handshake: the client's `connect_error` has this message and `data.code`. */
class HandshakeError extends Error {
  readonly data: { code: ErrorCode };
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.data = { code };
  }
}

function firstString(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (typeof first === 'number') return String(first);
  return undefined;
}

/** The token of a handshake: `auth.token`, else the `token` query parameter; a 'Bearer ' prefix is optional. */
function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as Record<string, unknown>;
  const raw = firstString(auth.token) ?? firstString(socket.handshake.query.token);
  const token = raw?.replace(/^Bearer\s+/i, '').trim();
  return token ? token : undefined;
}

/** The agency asked for (`agencyId` query parameter or auth field); undefined when none is given. */
function handshakeAgency(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as Record<string, unknown>;
  const raw = (firstString(socket.handshake.query.agencyId) ?? firstString(auth.agencyId))?.trim();
  return raw === undefined || raw === '' || raw === 'null' || raw === 'undefined' ? undefined : raw;
}

/** Checks a handshake like the HTTP guard checks a request; answers the socket's data or throws HandshakeError. */
async function authenticate(db: Db, params: { socket: Socket; now: Date }): Promise<RealtimeSocketData> {
  const token = handshakeToken(params.socket);
  const session = token ? await resolveSession(db, { token, now: params.now }) : null;
  if (!session) throw new HandshakeError(ErrorCode.UNAUTHENTICATED, Messages.tokenExpired);
  const base = {
    userId: session.user.id,
    sessionId: session.sessionId,
    memberOf: session.isSuperAdmin ? null : session.user.agencyId,
    isSuperAdmin: session.isSuperAdmin,
  };
  // Spec 2.1: a user whose role grants nothing receives nothing of the agency, its events included.
  const listens = hasAnyPermission(session);
  const asked = handshakeAgency(params.socket);
  if (asked === undefined) return { ...base, agencyId: listens ? session.user.agencyId : null };
  const agencyId = Number(asked);
  if (!Number.isInteger(agencyId) || agencyId <= 0) throw new HandshakeError(ErrorCode.VALIDATION, 'Invalid agency id.');
  if (!session.isSuperAdmin) {
    if (agencyId !== session.user.agencyId) throw new HandshakeError(ErrorCode.FORBIDDEN, Messages.forbidden);
    return { ...base, agencyId: listens ? agencyId : null };
  }
  const [found] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!found) throw new HandshakeError(ErrorCode.NOT_FOUND, 'Agency not found');
  return { ...base, agencyId };
}

/**
 * Attaches Socket.IO to the app's HTTP server (same port, path `/socket.io` unless told). A handshake needs a
 * valid session (`token` query parameter or `auth.token`, 'Bearer ' optional) and may name an `agencyId` the
 * user may use; the socket joins `agency:<id>` (when its user holds a permission), `user:<userId>`,
 * `session:<sessionId>` and, for users of an agency, `members:<agencyId>`. With PostgreSQL the rooms are shared by
 * every server process through @socket.io/postgres-adapter (table socket_io_attachments).
 */
export function attachRealtime(app: FastifyInstance, deps: { database: Database; clock: Clock; path?: string }): Realtime {
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, RealtimeSocketData>(
    app.server,
    { path: deps.path ?? '/socket.io', serveClient: false },
  );
  if (deps.database.pool) {
    io.adapter(createAdapter(deps.database.pool, { errorHandler: (error) => app.log.error({ err: error }, 'realtime adapter error') }));
  }

  io.use((socket, next) => {
    authenticate(deps.database.db, { socket, now: deps.clock.now() }).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => {
        if (error instanceof HandshakeError) return next(error);
        app.log.error({ err: error }, 'realtime handshake failed');
        next(new HandshakeError(ErrorCode.INTERNAL, Messages.internal));
      },
    );
  });

  io.on('connection', (socket) => {
    const rooms = [realtimeRooms.user(socket.data.userId), realtimeRooms.session(socket.data.sessionId)];
    if (socket.data.agencyId !== null) rooms.push(realtimeRooms.agency(socket.data.agencyId));
    if (socket.data.memberOf !== null) rooms.push(realtimeRooms.members(socket.data.memberOf));
    void socket.join(rooms);
  });

  // Open connections would keep the HTTP server from closing: drop this process's transports before it closes.
  // Closing the transports (not disconnecting the sockets) lets the clients reconnect, to another process.
  app.addHook('preClose', (done) => {
    io.engine.close();
    done();
  });

  let closing: Promise<void> | undefined;
  return {
    emitToUser(userId, event, payload) {
      io.to(realtimeRooms.user(userId)).emit(event, payload);
    },
    emitToAgency(agencyId, event, payload) {
      io.to(realtimeRooms.agency(agencyId)).emit(event, payload);
    },
    // `in(room).disconnectSockets` goes through the adapter, so it reaches the sockets of every process.
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      io.in(sessionIds.map(realtimeRooms.session)).disconnectSockets(true);
    },
    endAgencySessions(agencyId) {
      io.in(realtimeRooms.members(agencyId)).disconnectSockets(true);
    },
    close() {
      closing ??= io.close();
      return closing;
    },
  };
}
