import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSFER_DESTINATIONS, TRANSFER_SLIP_SOURCES } from '@tonnage/contracts';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, drivers, locations, trucks } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';
import { trips } from '../port-loading/port-loading.schema';
import { TRANSFER_SLIP_RECEIVER_TABLES_SQL } from '../../platform/record-kinds';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A transfer slip: one truck trip carrying cargo from an on-hand position (the ON_HAND account of location, silo or
 * open area, owner, consignment, cargo type, voyage, attached voyage) to another place of the agency:
 * ON_HAND -> IN_TRANSIT(trip, voyage, consignment, `to_owner_company_id`, cargo type). `destination` says what the
 * place is (a warehouse, or a consignee's or customer's delivery location); `to_owner_company_id` is the owner on
 * arrival (the position's own owner for a Warehouse Transfer, another for a later loan or sale). `source_kind` names
 * the flow that dispatched it (`warehouseTransfer`: the slip is the transfer's own record). Numbered per agency
 * without gaps (`agency_counters`, `transferSlip`). `received_table` / `received_id` name the receipt at the
 * destination (a typed back-pointer, set by receiving), so the slip cannot be edited or reversed before that receipt is.
 */
export const transferSlips = pgTable(
  'transfer_slips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    slipNumber: integer('slip_number').notNull(),
    sourceKind: text('source_kind').notNull(),
    fromLocationId: integer('from_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    siloId: integer('silo_id'),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    toOwnerCompanyId: integer('to_owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    destination: text('destination').notNull(),
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
    slippedAt: timestamp('slipped_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    /** The live posting (a new one after each edit of the quantity). */
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    receivedTable: text('received_table'),
    receivedId: integer('received_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('transfer_slips_quantity_positive', sql`${t.quantityKg} > 0`),
    check('transfer_slips_status_check', RECORD_STATUS_CHECK(t.status)),
    check('transfer_slips_source_kind', sql`${t.sourceKind} in (${list(TRANSFER_SLIP_SOURCES)})`),
    check('transfer_slips_destination', sql`${t.destination} in (${list(TRANSFER_DESTINATIONS)})`),
    check('transfer_slips_received_pair', sql`(${t.receivedTable} is null) = (${t.receivedId} is null)`),
    check('transfer_slips_received_kind', sql`${t.receivedTable} in (${sql.raw(TRANSFER_SLIP_RECEIVER_TABLES_SQL)})`),
    check('transfer_slips_other_location', sql`${t.toLocationId} <> ${t.fromLocationId}`),
    uniqueIndex('transfer_slips_agency_slip_unique').on(t.agencyId, t.slipNumber),
    uniqueIndex('transfer_slips_trip_unique').on(t.tripId),
    index('transfer_slips_agency_at_idx').on(t.agencyId, t.slippedAt, t.id),
    index('transfer_slips_from_idx').on(t.agencyId, t.fromLocationId),
    index('transfer_slips_received_idx').on(t.receivedTable, t.receivedId),
    // The slips going to a place, with their trips, in an index-only scan (the Customer tab's trucks on the road by
    // destination, partner.queries.ts `destinationsSql`).
    index('transfer_slips_destination_trip_idx').on(t.toLocationId, t.agencyId, t.tripId),
    tenantPolicy('transfer_slips'),
  ],
);
