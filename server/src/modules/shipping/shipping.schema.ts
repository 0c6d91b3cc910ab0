import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { agencies } from '../../identity/agencies.schema';
import { berths, companies, ports, vessels , columnOf } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';

/** A vessel's call: voyage number, port and berth, arrival and completion of discharge. */
export const voyages = pgTable(
  'voyages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => columnOf(vessels, 'id')),
    voyageNumber: text('voyage_number').notNull(),
    portId: integer('port_id')
      .notNull()
      .references(() => columnOf(ports, 'id')),
    berthId: integer('berth_id').references(() => columnOf(berths, 'id')),
    arrivalDate: date('arrival_date'),
    completionDate: date('completion_date'),
    ...changeTrail(),
  },
  (t) => [
    uniqueIndex('voyages_agency_vessel_number_unique').on(t.agencyId, t.vesselId, sql`lower(${t.voyageNumber})`),
    check('voyages_dates', sql`${t.arrivalDate} is null or ${t.completionDate} is null or ${t.arrivalDate} <= ${t.completionDate}`),
    tenantPolicy('voyages'),
  ],
);

/**
 * A shipment (the Shipping screen): a consignment's cargo on a voyage under one bill of lading. Creating it posts
 * VESSEL -> ON_BOARD(voyage, consignment) for the BL quantity; editing is reverse-and-repost; reversing posts
 * the opposite (refused while port loadings draw on it).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    voyageId: integer('voyage_id')
      .notNull()
      .references(() => voyages.id),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    blNumber: text('bl_number').notNull(),
    blQuantityKg: bigint('bl_quantity_kg', { mode: 'bigint' }).notNull(),
    blConsigneeId: integer('bl_consignee_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    blDate: date('bl_date'),
    /** The posting of the current BL quantity (replaced on edit by reverse-and-repost). */
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('shipments_quantity_positive', sql`${t.blQuantityKg} > 0`),
    check('shipments_status_check', RECORD_STATUS_CHECK(t.status)),
    // One live shipment per consignment on a voyage; a BL number is unique on its voyage.
    uniqueIndex('shipments_voyage_consignment_unique').on(t.voyageId, t.consignmentId).where(sql`${t.status} = 'Active'`),
    uniqueIndex('shipments_voyage_bl_unique').on(t.voyageId, sql`lower(${t.blNumber})`).where(sql`${t.status} = 'Active'`),
    index('shipments_consignment_idx').on(t.consignmentId),
    index('shipments_agency_created_idx').on(t.agencyId, t.id),
    tenantPolicy('shipments'),
  ],
);
