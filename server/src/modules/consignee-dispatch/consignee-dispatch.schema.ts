import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, drivers, locations, trucks } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';
import { trips } from '../port-loading/port-loading.schema';
import { CONSIGNEE_SLIP_RECEIVER_TABLES_SQL } from '../../platform/record-kinds';

/**
 * A Consignee Out: cargo on hand at a consignee's delivery location (its open area: the ON_HAND account of
 * location, owner, consignment, cargo type, voyage, attached voyage; silo null) leaves on a truck for a customer's
 * delivery location: ON_HAND -> IN_TRANSIT(trip). The quantity is typed with its weighbridge ticket (the location has
 * no bridge of ours). It is its consignee loading slip (`slip_number`, per agency, gap-free). `received_table` /
 * `received_id` name the Customer In that takes it in (a typed back-pointer, set by the receiving flow), so the out
 * cannot be edited or reversed before that In is.
 */
export const consigneeOuts = pgTable(
  'consignee_outs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    slipNumber: integer('slip_number').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id),
    truckId: integer('truck_id')
      .notNull()
      .references(() => columnOf(trucks, 'id')),
    driverId: integer('driver_id')
      .notNull()
      .references(() => columnOf(drivers, 'id')),
    wbtNumber: text('wbt_number').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    outAt: timestamp('out_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    /** The live posting (a new one after each edit). */
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    receivedTable: text('received_table'),
    receivedId: integer('received_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('consignee_outs_quantity_positive', sql`${t.quantityKg} > 0`),
    check('consignee_outs_status_check', RECORD_STATUS_CHECK(t.status)),
    check('consignee_outs_received_pair', sql`(${t.receivedTable} is null) = (${t.receivedId} is null)`),
    check('consignee_outs_received_kind', sql`${t.receivedTable} in (${sql.raw(CONSIGNEE_SLIP_RECEIVER_TABLES_SQL)})`),
    check('consignee_outs_other_location', sql`${t.toLocationId} <> ${t.locationId}`),
    uniqueIndex('consignee_outs_agency_slip_unique').on(t.agencyId, t.slipNumber),
    uniqueIndex('consignee_outs_trip_unique').on(t.tripId),
    index('consignee_outs_agency_at_idx').on(t.agencyId, t.outAt, t.id),
    index('consignee_outs_location_idx').on(t.agencyId, t.locationId),
    index('consignee_outs_received_idx').on(t.receivedTable, t.receivedId),
    // The slips going to a place, with their trips, in an index-only scan (the Customer tab's trucks on the road by
    // destination, partner.queries.ts `destinationsSql`).
    index('consignee_outs_destination_trip_idx').on(t.toLocationId, t.agencyId, t.tripId),
    tenantPolicy('consignee_outs'),
  ],
);
