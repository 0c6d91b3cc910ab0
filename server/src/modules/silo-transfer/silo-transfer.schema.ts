import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';

/**
 * A Silo Transfer: a quantity of one on-hand position of a warehouse (`from_silo_id`, null: the open area) moved to
 * its shares (`silo_transfer_shares`: silos of the same warehouse, or one row without a silo, the open area), same
 * owner, consignment, cargo and voyages. Its ledger transaction posts ON_HAND(from) -> ON_HAND(each share).
 */
export const siloTransfers = pgTable(
  'silo_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    fromSiloId: integer('from_silo_id').references(() => columnOf(silos, 'id')),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    /** 'silo' (shares into silos) or 'openArea'. */
    storage: text('storage').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    transferAt: timestamp('transfer_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('silo_transfers_quantity_positive', sql`${t.quantityKg} > 0`),
    check('silo_transfers_storage_check', sql`${t.storage} in ('silo', 'openArea')`),
    // From the open area to the open area is no transfer (spec: "cannot transfer from open area to open area").
    check('silo_transfers_not_open_to_open', sql`${t.fromSiloId} is not null or ${t.storage} = 'silo'`),
    check('silo_transfers_status_check', RECORD_STATUS_CHECK(t.status)),
    index('silo_transfers_agency_at_idx').on(t.agencyId, t.transferAt, t.id),
    index('silo_transfers_warehouse_idx').on(t.agencyId, t.warehouseId),
    tenantPolicy('silo_transfers'),
  ],
);

/** Where a silo transfer put its quantity: one row per target silo, or one without a silo (the open area). */
export const siloTransferShares = pgTable(
  'silo_transfer_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    siloTransferId: integer('silo_transfer_id')
      .notNull()
      .references(() => siloTransfers.id),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
  },
  (t) => [check('silo_transfer_shares_positive', sql`${t.quantityKg} > 0`), index('silo_transfer_shares_transfer_idx').on(t.siloTransferId), tenantPolicy('silo_transfer_shares')],
);
