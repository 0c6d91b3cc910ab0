import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, drivers, locations, silos, trucks } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';
import { outboundSecondWeights } from '../outbound-weighing/outbound-weighing.schema';
import { trips } from '../port-loading/port-loading.schema';
import { WAREHOUSE_OUT_RECEIVER_TABLES_SQL } from '../../platform/record-kinds';
import { warehouseOutGroups } from './grouped-out.schema';

/**
 * A Warehouse Pre Out: a quantity of one on-hand position (the ON_HAND account's key: warehouse, silo or open area,
 * owner, consignment, cargo type, voyage, attached voyage) committed for a truck. Its ledger transaction posts only
 * committed_kg on that account, so the ledger's CHECK keeps usable (= on hand - committed) from going below zero.
 * A Warehouse Out delivers it (the out's `pre_out_id`: a typed back-pointer).
 */
export const warehousePreOuts = pgTable(
  'warehouse_pre_outs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    truckId: integer('truck_id')
      .notNull()
      .references(() => columnOf(trucks, 'id')),
    driverId: integer('driver_id')
      .notNull()
      .references(() => columnOf(drivers, 'id')),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    preOutAt: timestamp('pre_out_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    /** The dispatch group the truck belongs to (Warehouse Out grouped), if any. */
    groupId: integer('group_id').references(() => warehouseOutGroups.id),
    /** The posting of the live commitment (a new one after each edit). */
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('warehouse_pre_outs_quantity_positive', sql`${t.quantityKg} > 0`),
    check('warehouse_pre_outs_status_check', RECORD_STATUS_CHECK(t.status)),
    index('warehouse_pre_outs_agency_at_idx').on(t.agencyId, t.preOutAt, t.id),
    index('warehouse_pre_outs_warehouse_idx').on(t.agencyId, t.warehouseId),
    index('warehouse_pre_outs_group_idx').on(t.groupId),
    tenantPolicy('warehouse_pre_outs'),
  ],
);

/**
 * A Warehouse Out: the truck of a Pre Out, weighed out (its outbound second weight, consumed here: one live out per
 * second weight), leaves with the net: ON_HAND -> IN_TRANSIT(trip), releasing the Pre Out's commitment, to another
 * warehouse, a consignee location or a customer location. It is its warehouse loading slip (`slip_number`, per
 * agency, gap-free). `received_table` / `received_id` name the In that takes it in (a typed back-pointer, set by the
 * receiving flow), so the out cannot be reversed before that In is.
 */
export const warehouseOuts = pgTable(
  'warehouse_outs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    slipNumber: integer('slip_number').notNull(),
    preOutId: integer('pre_out_id')
      .notNull()
      .references(() => warehousePreOuts.id),
    secondWeightId: integer('second_weight_id')
      .notNull()
      .references(() => outboundSecondWeights.id),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id),
    destinationType: text('destination_type').notNull(),
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    outAt: timestamp('out_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    /** The dispatch group of its Pre Out (Warehouse Out grouped; the stats' groupedOut filter), if any. */
    groupId: integer('group_id').references(() => warehouseOutGroups.id),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    receivedTable: text('received_table'),
    receivedId: integer('received_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('warehouse_outs_quantity_positive', sql`${t.quantityKg} > 0`),
    check('warehouse_outs_status_check', RECORD_STATUS_CHECK(t.status)),
    check('warehouse_outs_destination_check', sql`${t.destinationType} in ('warehouse', 'consignee', 'customer')`),
    check('warehouse_outs_received_pair', sql`(${t.receivedTable} is null) = (${t.receivedId} is null)`),
    check('warehouse_outs_received_kind', sql`${t.receivedTable} in (${sql.raw(WAREHOUSE_OUT_RECEIVER_TABLES_SQL)})`),
    uniqueIndex('warehouse_outs_agency_slip_unique').on(t.agencyId, t.slipNumber),
    uniqueIndex('warehouse_outs_trip_unique').on(t.tripId),
    // One live out per Pre Out and per second weight.
    uniqueIndex('warehouse_outs_pre_out_live_unique').on(t.preOutId).where(sql`${t.status} = 'Active'`),
    uniqueIndex('warehouse_outs_second_weight_live_unique').on(t.secondWeightId).where(sql`${t.status} = 'Active'`),
    index('warehouse_outs_pre_out_idx').on(t.preOutId),
    index('warehouse_outs_second_weight_idx').on(t.secondWeightId),
    // The slips going to a place, with their trips, in an index-only scan (the Customer tab's trucks on the road by
    // destination, partner.queries.ts `destinationsSql`).
    index('warehouse_outs_destination_trip_idx').on(t.toLocationId, t.agencyId, t.tripId),
    index('warehouse_outs_agency_at_idx').on(t.agencyId, t.outAt, t.id),
    index('warehouse_outs_received_idx').on(t.receivedTable, t.receivedId),
    index('warehouse_outs_group_idx').on(t.groupId),
    tenantPolicy('warehouse_outs'),
  ],
);
