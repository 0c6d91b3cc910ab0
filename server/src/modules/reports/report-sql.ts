import { LOCATION_KIND_IDS } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../kit';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';

/*
 * Pieces the reports' statements share (docs/decisions.md, "Reports"): the agency's time zone, business dates and
 * months in it, and which posting types move stock into and out of a warehouse.
 */

/** The agency's time zone (the one clock of business dates). */
export const agencyZone = (actor: Actor): SQL => sql`(select timezone from agencies where id = ${actor.agencyId}::integer)`;

/** The agency's today (a date), from the request's clock. */
export const agencyToday = (actor: Actor): SQL => sql`((${actor.now.toISOString()}::timestamptz at time zone ${agencyZone(actor)})::date)`;

/** The instant a business date ends (exclusive): midnight after it in the agency's zone. */
export const endOfDate = (actor: Actor, date: SQL): SQL => sql`(((${date})::date + 1)::timestamp at time zone ${agencyZone(actor)})`;

/** The agency's warehouses (locations of the warehouse kind). */
export const agencyWarehouses = (actor: Actor): SQL =>
  sql`(select id from locations where agency_id = ${actor.agencyId}::integer and location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer)`;

/** Posting types that receive a truck's load into a place (ON_HAND from IN_TRANSIT; a correction is a reversal and a repost). */
export const RECEIPT_TYPES = sql.raw(`('warehouseIn', 'consigneeIn', 'customerIn')`);
/** Posting types that load a truck from a place (ON_HAND to IN_TRANSIT). */
export const DISPATCH_TYPES = sql.raw(`('warehouseOut', 'transferSlip', 'consigneeOut')`);

/**
 * The conditions on `ledger_accounts` (unaliased) of the warehouse reports: the ON_HAND positions at the agency's
 * warehouses within the user's scope (`accountScope`), narrowed by the filters given.
 */
export function warehouseOnHand(actor: Actor, filters: { locationId?: number | undefined; voyageId?: number | undefined; ownerId?: number | undefined; cargoTypeId?: number | undefined }): SQL[] {
  const a = ledgerAccounts;
  const conditions: SQL[] = [sql`${a.agencyId} = ${actor.agencyId}::integer`, sql`${a.kind} = 'ON_HAND'`, sql`${a.locationId} in ${agencyWarehouses(actor)}`];
  const scoped = accountScope(a, 'ON_HAND', actor.scope);
  if (scoped) conditions.push(scoped);
  if (filters.locationId !== undefined) conditions.push(sql`${a.locationId} = ${filters.locationId}::integer`);
  if (filters.voyageId !== undefined) conditions.push(sql`${a.voyageId} = ${filters.voyageId}::integer`);
  if (filters.ownerId !== undefined) conditions.push(sql`${a.ownerCompanyId} = ${filters.ownerId}::integer`);
  if (filters.cargoTypeId !== undefined) conditions.push(sql`${a.cargoTypeId} = ${filters.cargoTypeId}::integer`);
  return conditions;
}
