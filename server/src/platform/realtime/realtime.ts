import { createAdapter } from '@socket.io/postgres-adapter';
import { ErrorCode, Messages } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Clock } from '../clock';
import type { Database, Db } from '../db/client';

/** Pushes events to signed-in browsers: rooms per agency and per user (spec section 7, Realtime). */
export interface Realtime {
  emitToUser(userId: number, event: string, payload: unknown): void;
  emitToAgency(agencyId: number, event: string, payload: unknown): void;
  /**
   * Emits to the sockets of a room connected to THIS process only (not through the adapter). For streams every
   * process receives by itself (weighbridge readings come to each process over the reading bus), so a browser gets
   * each event once whatever process it is connected to.
   */
  emitLocal(room: string, event: string, payload: unknown): void;
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
  emitLocal: () => undefined,
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
  /** The displays of one weighbridge (weight_machines.id): its live readings, event `weightMachine`. */
  weighbridge: (machineId: number) => `weighbridge:${machineId}`,
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
  /** Further rooms the handshake earned (a weight display's weighbridge room), checked by the authenticator. */
  rooms?: string[];
}

/** A refused handshake: the client's `connect_error` has this message and `data.code`. */
export class HandshakeError extends Error {
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

/** What a handshake presents: its token and the agency it asks for (undefined when not given). */
export interface Handshake {
  token: string | undefined;
  agencyId: string | undefined;
  now: Date;
  /** The handshake's other query parameters (the weight display's `locationId` and `weightMachineId`). */
  query: Record<string, string | undefined>;
}

/**
 * Checks a handshake like the HTTP guard checks a request (sessions and agencies are identity's, a layer above
 * this transport: app.ts passes identity's check in); answers the socket's data or throws HandshakeError.
 */
export type HandshakeAuthenticator = (db: Db, handshake: Handshake) => Promise<RealtimeSocketData>;

/**
 * Attaches Socket.IO to the app's HTTP server (same port, path `/socket.io` unless told). A handshake needs a
 * valid session (`token` query parameter or `auth.token`, 'Bearer ' optional) and may name an `agencyId` the
 * user may use; the socket joins `agency:<id>` (when its user holds a permission), `user:<userId>`,
 * `session:<sessionId>` and, for users of an agency, `members:<agencyId>`. With PostgreSQL the rooms are shared by
 * every server process through @socket.io/postgres-adapter (table socket_io_attachments).
 */
export function attachRealtime(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; authenticate: HandshakeAuthenticator; path?: string },
): Realtime {
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, RealtimeSocketData>(
    app.server,
    { path: deps.path ?? '/socket.io', serveClient: false },
  );
  if (deps.database.pool) {
    io.adapter(createAdapter(deps.database.pool, { errorHandler: (error) => app.log.error({ err: error }, 'realtime adapter error') }));
  }

  io.use((socket, next) => {
    const query: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(socket.handshake.query)) {
      if (key !== 'token') query[key] = firstString(value);
    }
    const handshake = { token: handshakeToken(socket), agencyId: handshakeAgency(socket), now: deps.clock.now(), query };
    deps.authenticate(deps.database.db, handshake).then(
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
    if (socket.data.rooms) rooms.push(...socket.data.rooms);
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
    emitLocal(room, event, payload) {
      io.local.to(room).emit(event, payload);
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
