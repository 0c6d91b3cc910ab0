import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../identity/agencies.schema';
import { tenantPolicy } from '../platform/db/tenancy';

/*
 * The kept trip cards (the rule, its writers and its check: trip-cards.ts): one row per trip that has a slip, what the
 * dashboard's trips lists show of the truck's slip, whichever flow wrote it (a port loading slip, a Warehouse Out and
 * its Pre Out, a Consignee Out, a transfer slip). A list of 1,000 trucks reads 1,000 rows of one table by its key
 * instead of probing four slip tables and their parents per truck. Written by the database's triggers on the slip
 * tables and on the parents they copy from (migration 0046), so no flow can forget it; rebuilt from the slips by
 * `rebuildTripCards` and re-checked by `npm run ledger:check`. Names (plate, place) are joined when read, so a renamed
 * truck or place shows its new name.
 */
export const tripCards = pgTable(
  'trip_cards',
  {
    /** The trip (`trips.id`): one slip per trip, whatever the flow. */
    tripId: integer('trip_id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The slip's flow: 'port', 'warehouseOut', 'consigneeOut', or a transfer slip's `source_kind`. */
    kind: text('kind').notNull(),
    slipNumber: integer('slip_number').notNull(),
    /** The slip's business time (loaded, out, slipped). */
    slippedAt: timestamp('slipped_at', { withTimezone: true }).notNull(),
    truckId: integer('truck_id').notNull(),
    /** Where the truck loaded: a port (a loading slip) or a location (every other slip). */
    fromPortId: integer('from_port_id'),
    fromLocationId: integer('from_location_id'),
    toLocationId: integer('to_location_id').notNull(),
    /** The owner at the origin and on arrival (the same but for a transfer slip that hands the cargo over). */
    fromOwnerId: integer('from_owner_id').notNull(),
    toOwnerId: integer('to_owner_id').notNull(),
    consignmentId: integer('consignment_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    cargoTypeId: integer('cargo_type_id').notNull(),
    siloId: integer('silo_id'),
    status: text('status').notNull(),
    /** The receipt that took the truck in (its table), null while on the road or never received. */
    receivedTable: text('received_table'),
  },
  (t) => [
    index('trip_cards_agency_idx').on(t.agencyId),
    // A trip's time without its row (migration 0049 adds INCLUDE (agency_id, slipped_at): drizzle's builder has no
    // INCLUDE; agency_id for the tenant policy): the trucks on the road to a place are dated by their cards, thousands
    // of them for a busy customer store, one index probe each instead of one heap page each (docs/benchmarks.md 10o).
    index('trip_cards_time_idx').on(t.tripId),
    tenantPolicy('trip_cards'),
  ],
);
