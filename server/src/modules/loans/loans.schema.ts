import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';
import { shipments } from '../shipping/shipping.schema';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';

/**
 * A loan (L) from a consignee (the lender) to its shipment manager (the borrower) in a warehouse, in place: the
 * posting ON_HAND(place, lender) -> ON_HAND(place, borrower) of `quantity_kg` (issued). `returned_kg` is the sum of
 * its live loan returns, kept on the row (under its row lock) so that outstanding = issued - returned is never
 * negative: the CHECK is the database's backstop against racing returns.
 */
export const consigneeToShipmentManagerLoans = pgTable(
  'consignee_to_shipment_manager_loans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The warehouse or consignee location of a loan on hand; null for a loan of cargo on board (`shipment_id`). */
    locationId: integer('location_id').references(() => columnOf(locations, 'id')),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    /**
     * A loan of cargo still on board (issue 14): the BL (shipment) lent, its BL consignee the lender; the place is its
     * voyage's port. No posting at loan time: the loan reserves part of what the BL can still give, its `loan` port
     * loadings load it to the borrower.
     */
    shipmentId: integer('shipment_id').references(() => shipments.id),
    lenderCompanyId: integer('lender_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    borrowerCompanyId: integer('borrower_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    returnedKg: bigint('returned_kg', { mode: 'bigint' }).notNull().default(sql`0`),
    loanAt: timestamp('loan_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The transfer slip of a delivery by truck (issue 14): its posting is the slip's, not an ownership change in place. */
    transferSlipId: integer('transfer_slip_id').references(() => transferSlips.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('consignee_to_shipment_manager_loans_quantity_positive', sql`${t.quantityKg} > 0`),
    check('consignee_to_shipment_manager_loans_returned_range', sql`${t.returnedKg} >= 0 and ${t.returnedKg} <= ${t.quantityKg}`),
    check('consignee_to_shipment_manager_loans_status_check', RECORD_STATUS_CHECK(t.status)),
    check('consignee_to_shipment_manager_loans_other_party', sql`${t.borrowerCompanyId} <> ${t.lenderCompanyId}`),
    // One place: on hand at a location, or on board of a BL (then no silo, no posting, no truck).
    check('consignee_to_shipment_manager_loans_one_place', sql`(${t.locationId} is null) <> (${t.shipmentId} is null)`),
    check(
      'consignee_to_shipment_manager_loans_on_board',
      sql`${t.shipmentId} is null or (${t.siloId} is null and ${t.ledgerTransactionId} is null and ${t.transferSlipId} is null)`,
    ),
    index('consignee_to_shipment_manager_loans_agency_at_idx').on(t.agencyId, t.loanAt, t.id),
    index('consignee_to_shipment_manager_loans_parties_idx').on(t.agencyId, t.lenderCompanyId, t.borrowerCompanyId, t.consignmentId, t.cargoTypeId),
    index('consignee_to_shipment_manager_loans_transfer_slip_idx').on(t.transferSlipId),
    index('consignee_to_shipment_manager_loans_shipment_idx').on(t.shipmentId),
    // The vessel dashboard's loans of a voyage (issue 15).
    index('consignee_to_shipment_manager_loans_voyage_idx').on(t.agencyId, t.voyageId, t.consignmentId),
    tenantPolicy('consignee_to_shipment_manager_loans'),
  ],
);

/**
 * A loan return (LR): the borrower gives back part or all of a loan at the loan's place, ON_HAND(place, borrower)
 * -> ON_HAND(place, lender), or from other cargo of its own (the source columns);  `loan_id` is its typed back-pointer (platform/consumers.ts), so the loan cannot be
 * reversed while a live return stands on it.
 */
export const loanReturns = pgTable(
  'loan_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    loanId: integer('loan_id')
      .notNull()
      .references(() => consigneeToShipmentManagerLoans.id),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    /**
     * The borrower's position the cargo came from when it is not the loan's own (all null: the loan's position). The
     * lender receives it at that place and silo, of that consignment and voyage, attached to the loan's vessel.
     */
    sourceLocationId: integer('source_location_id').references(() => columnOf(locations, 'id')),
    sourceSiloId: integer('source_silo_id').references(() => columnOf(silos, 'id')),
    sourceConsignmentId: integer('source_consignment_id').references(() => consignments.id),
    sourceVoyageId: integer('source_voyage_id'),
    sourceAttachedVoyageId: integer('source_attached_voyage_id'),
    returnAt: timestamp('return_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The transfer slip of a delivery by truck (issue 14): its posting is the slip's, not an ownership change in place. */
    transferSlipId: integer('transfer_slip_id').references(() => transferSlips.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('loan_returns_quantity_positive', sql`${t.quantityKg} > 0`),
    check('loan_returns_status_check', RECORD_STATUS_CHECK(t.status)),
    check(
      'loan_returns_source_whole',
      sql`(${t.sourceLocationId} is null and ${t.sourceSiloId} is null and ${t.sourceConsignmentId} is null and ${t.sourceVoyageId} is null and ${t.sourceAttachedVoyageId} is null) or (${t.sourceLocationId} is not null and ${t.sourceConsignmentId} is not null and ${t.sourceVoyageId} is not null and ${t.sourceAttachedVoyageId} is not null)`,
    ),
    index('loan_returns_agency_at_idx').on(t.agencyId, t.returnAt, t.id),
    index('loan_returns_loan_idx').on(t.loanId),
    index('loan_returns_transfer_slip_idx').on(t.transferSlipId),
    tenantPolicy('loan_returns'),
  ],
);
