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
 * A Consignee to Customer sale (record kind `consigneeToCustomerSale`, transaction code `sale`): a quantity of the
 * seller's on-hand position in a warehouse (silo or open area) sold to a customer in place. Its ledger transaction
 * posts ON_HAND(..., seller, ...) -> ON_HAND(..., customer, ...); its reversal posts the opposite, refused by the
 * ledger's CHECK once the customer's stock has moved on. No loan: nothing is owed back.
 */
export const consigneeToCustomerSales = pgTable(
  'consignee_to_customer_sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    sellerCompanyId: integer('seller_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    customerCompanyId: integer('customer_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    saleAt: timestamp('sale_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** A sale with a movement: its transfer slip (source `sale`) carries the posting; null for a sale in place. */
    transferSlipId: integer('transfer_slip_id').references(() => transferSlips.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('consignee_to_customer_sales_quantity_positive', sql`${t.quantityKg} > 0`),
    check('consignee_to_customer_sales_parties_differ', sql`${t.sellerCompanyId} <> ${t.customerCompanyId}`),
    check('consignee_to_customer_sales_status_check', RECORD_STATUS_CHECK(t.status)),
    index('consignee_to_customer_sales_agency_at_idx').on(t.agencyId, t.saleAt, t.id),
    index('consignee_to_customer_sales_location_idx').on(t.agencyId, t.locationId),
    index('consignee_to_customer_sales_transfer_slip_idx').on(t.transferSlipId),
    // The vessel dashboard's sales of a voyage (issue 15).
    index('consignee_to_customer_sales_voyage_idx').on(t.agencyId, t.voyageId, t.consignmentId),
    tenantPolicy('consignee_to_customer_sales'),
  ],
);
