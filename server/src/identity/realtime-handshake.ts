import { ErrorCode, Messages, hasAnyPermission } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { HandshakeError, type Handshake, type RealtimeSocketData } from '../platform/realtime/realtime';
import { agencies } from './agencies.schema';
import { resolveSession } from './sessions.service';

/**
 * Checks a realtime handshake like the HTTP guard checks a request: a live session, and an agency the user may
 * listen to. app.ts hands it to the realtime transport; answers the socket's data or throws HandshakeError.
 */
export async function authenticateHandshake(db: Db, handshake: Handshake): Promise<RealtimeSocketData> {
  const session = handshake.token ? await resolveSession(db, { token: handshake.token, now: handshake.now }) : null;
  if (!session) throw new HandshakeError(ErrorCode.UNAUTHENTICATED, Messages.tokenExpired);
  const base = {
    userId: session.user.id,
    sessionId: session.sessionId,
    memberOf: session.isSuperAdmin ? null : session.user.agencyId,
    isSuperAdmin: session.isSuperAdmin,
  };
  // Spec 2.1: a user whose role grants nothing receives nothing of the agency, its events included.
  const listens = hasAnyPermission(session);
  const asked = handshake.agencyId;
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
