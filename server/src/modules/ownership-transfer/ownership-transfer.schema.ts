import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';

/**
 * An Ownership Transfer: a quantity of one on-hand position (place, silo or open area, owner A, consignment, cargo
 * type, voyage, attached voyage) handed to owner B at the same place. Its ledger transaction posts
 * ON_HAND(..., A, ...) -> ON_HAND(..., B, ...); its reversal posts the opposite, refused by the ledger's CHECK when
 * B's stock has moved on. A consignee transfer (`kind = 'consigneeTransfer'`) is the same record under a narrower
 * rule: at a consignee location, from a consignee to another consignee; each kind has its own screen. A consignee
 * transfer may be delivered by truck: it keeps the transfer slip that carries the cargo to consignee B's place.
 */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `ownershipTransfer`, or `consigneeTransfer` (spec `consignee/consignee-transfer`: consignee to consignee at a consignee location). */
    kind: text('kind').notNull().default('ownershipTransfer'),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    fromOwnerCompanyId: integer('from_owner_company_id')
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
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    transferAt: timestamp('transfer_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** A consignee transfer delivered by truck: its transfer slip (source `consigneeTransfer`) is the posting; `ledger_transaction_id` stays null. */
    transferSlipId: integer('transfer_slip_id').references(() => transferSlips.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('ownership_transfers_quantity_positive', sql`${t.quantityKg} > 0`),
    check('ownership_transfers_owners_differ', sql`${t.fromOwnerCompanyId} <> ${t.toOwnerCompanyId}`),
    check('ownership_transfers_status_check', RECORD_STATUS_CHECK(t.status)),
    check('ownership_transfers_kind_check', sql`${t.kind} in ('ownershipTransfer', 'consigneeTransfer')`),
    index('ownership_transfers_agency_at_idx').on(t.agencyId, t.transferAt, t.id),
    index('ownership_transfers_location_idx').on(t.agencyId, t.locationId),
    index('ownership_transfers_transfer_slip_idx').on(t.transferSlipId),
    tenantPolicy('ownership_transfers'),
  ],
);
