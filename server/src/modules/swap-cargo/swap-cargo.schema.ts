import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';

/**
 * A Cargo Swap: owner A's on-hand position at place X (side a) for owner B's on-hand position at place Y (side b),
 * one quantity for both sides. Its ledger transaction posts four lines: ON_HAND(X, A) -q, ON_HAND(X, B, A's
 * consignment and voyage, B's attached voyage) +q, ON_HAND(Y, B) -q, ON_HAND(Y, A, B's consignment and voyage, A's
 * attached voyage) +q; its reversal posts the opposite, refused by the ledger's CHECK once a received position has
 * moved on.
 */
export const cargoSwaps = pgTable(
  'cargo_swaps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    aLocationId: integer('a_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    aSiloId: integer('a_silo_id').references(() => columnOf(silos, 'id')),
    aOwnerCompanyId: integer('a_owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    aConsignmentId: integer('a_consignment_id')
      .notNull()
      .references(() => consignments.id),
    aVoyageId: integer('a_voyage_id').notNull(),
    aAttachedVoyageId: integer('a_attached_voyage_id').notNull(),
    bLocationId: integer('b_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    bSiloId: integer('b_silo_id').references(() => columnOf(silos, 'id')),
    bOwnerCompanyId: integer('b_owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    bConsignmentId: integer('b_consignment_id')
      .notNull()
      .references(() => consignments.id),
    bVoyageId: integer('b_voyage_id').notNull(),
    bAttachedVoyageId: integer('b_attached_voyage_id').notNull(),
    /** Both sides' cargo type (a swap exchanges the same cargo). */
    cargoTypeId: integer('cargo_type_id').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    swapAt: timestamp('swap_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('cargo_swaps_quantity_positive', sql`${t.quantityKg} > 0`),
    check('cargo_swaps_owners_differ', sql`${t.aOwnerCompanyId} <> ${t.bOwnerCompanyId}`),
    check('cargo_swaps_status_check', RECORD_STATUS_CHECK(t.status)),
    index('cargo_swaps_agency_at_idx').on(t.agencyId, t.swapAt, t.id),
    index('cargo_swaps_a_location_idx').on(t.agencyId, t.aLocationId),
    index('cargo_swaps_b_location_idx').on(t.agencyId, t.bLocationId),
    tenantPolicy('cargo_swaps'),
  ],
);
