import { ErrorCode, MAX_RECORD_ID, Messages, WEIGHT_MACHINE_SERIAL_MAX, WeightDisplayMessages, hasCharactersNotAllowed, hasPermission } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { dataScopeOfSession, type DataScope } from '../../identity/data-scope';
import { resolveSession, type SessionContext } from '../../identity/sessions.service';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { HandshakeError, realtimeRooms, type HandshakeAuthenticator } from '../../platform/realtime/realtime';
import { columnOf, locations, weightMachines } from '../master-data/master-data.schema';
import { visibleLocations } from '../locations/locations.service';

/**
 * The live weight display (spec 2.14, section 7 Realtime): who may listen to a weighbridge. A display names a
 * location and a weight machine by its device serial (`weightMachineId`); it may listen when the user holds
 * `canViewWeightDisplay` in the agency, the location is active and in the user's data scope, and the machine is
 * an active weight machine of that location (weight machines are tenant rows: another agency's never match). The
 * socket then joins `realtimeRooms.weighbridge(machine.id)`, where the gateway's readings arrive (event
 * `weightMachine`). The register call answers the same question over HTTP.
 */

export const WEIGHT_DISPLAY_PERMISSION = 'canViewWeightDisplay';

const machine = {
  id: columnOf(weightMachines, 'id'),
  serial: columnOf(weightMachines, 'weightMachineId'),
  locationId: columnOf(weightMachines, 'locationId'),
  isActive: columnOf(weightMachines, 'isActive'),
};
const locationId = columnOf(locations, 'id');

/**
 * The id (weight_machines.id) of the active machine with this serial at this location, when the location is one
 * the scope sees; null otherwise. Run inside the agency's transaction (`inAgency`). Serials are unique per agency
 * regardless of letter case, so at most one row matches.
 */
export async function findDisplayMachine(tx: Db, params: { scope: DataScope; locationId: number; weightMachineId: string }): Promise<number | null> {
  const [row] = await tx
    .select({ id: sql<number>`${machine.id}` })
    .from(weightMachines)
    .innerJoin(locations, eq(locationId, machine.locationId))
    .where(
      and(
        eq(machine.locationId, params.locationId),
        eq(machine.isActive, true),
        sql`lower(${machine.serial}) = lower(${params.weightMachineId})`,
        visibleLocations(params.scope),
      ),
    )
    .limit(1);
  return row ? Number(row.id) : null;
}

/** The weighbridge a session may watch in an agency, or null; the permission is the caller's check. */
export function displayMachineOf(db: Db, params: { session: SessionContext; agencyId: number; locationId: number; weightMachineId: string }): Promise<number | null> {
  return inAgency(db, params.agencyId, async (tx) =>
    findDisplayMachine(tx, { scope: await dataScopeOfSession(tx, params.session), locationId: params.locationId, weightMachineId: params.weightMachineId }),
  );
}

/** A record id given as text (a query parameter), else null. */
function idFromText(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_RECORD_ID ? id : null;
}

/**
 * Adds the weight display's room to a handshake authenticator (identity's `authenticateHandshake`, composed in
 * app.ts). A handshake without `locationId` and `weightMachineId` is left as it is; one with them is refused
 * (HandshakeError) unless the user may watch that machine.
 */
export function withWeightDisplay(authenticate: HandshakeAuthenticator): HandshakeAuthenticator {
  return async (db, handshake) => {
    const data = await authenticate(db, handshake);
    const rawLocation = handshake.query.locationId?.trim() ?? '';
    const serial = handshake.query.weightMachineId?.trim() ?? '';
    if (rawLocation === '' && serial === '') return data;
    if (rawLocation === '' || serial === '') throw new HandshakeError(ErrorCode.VALIDATION, WeightDisplayMessages.bothRequired);
    const location = idFromText(rawLocation);
    if (location === null) throw new HandshakeError(ErrorCode.VALIDATION, WeightDisplayMessages.locationRequired);
    if (serial.length > WEIGHT_MACHINE_SERIAL_MAX || hasCharactersNotAllowed(serial)) {
      throw new HandshakeError(ErrorCode.VALIDATION, WeightDisplayMessages.machineRequired);
    }
    // The authenticator accepted the token; the permissions are the session's (one more query, displays only).
    const session = handshake.token ? await resolveSession(db, { token: handshake.token, now: handshake.now }) : null;
    if (!session) throw new HandshakeError(ErrorCode.UNAUTHENTICATED, Messages.tokenExpired);
    if (data.agencyId === null || !hasPermission(session, WEIGHT_DISPLAY_PERMISSION)) {
      throw new HandshakeError(ErrorCode.FORBIDDEN, Messages.forbidden);
    }
    const machineId = await displayMachineOf(db, { session, agencyId: data.agencyId, locationId: location, weightMachineId: serial });
    if (machineId === null) throw new HandshakeError(ErrorCode.NOT_FOUND, WeightDisplayMessages.machineNotAvailable);
    return { ...data, rooms: [...(data.rooms ?? []), realtimeRooms.weighbridge(machineId)] };
  };
}
