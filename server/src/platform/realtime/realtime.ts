import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';

/** Pushes events to signed-in browsers: rooms per agency and per user (spec section 7, Realtime). */
export interface Realtime {
  emitToUser(userId: number, event: string, payload: unknown): void;
  emitToAgency(agencyId: number, event: string, payload: unknown): void;
  close(): Promise<void>;
}

/** Attaches Socket.IO to the app's HTTP server. (Implemented by the realtime module.) */
export function attachRealtime(_app: FastifyInstance, _deps: { database: Database; clock: Clock }): Realtime {
  return { emitToUser: () => undefined, emitToAgency: () => undefined, close: () => Promise.resolve() };
}
