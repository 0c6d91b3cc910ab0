import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';

/**
 * A handling loss (`kind` handlingLoss: ON_HAND -> HANDLING_LOSS) or a handling excess (handlingExcess:
 * HANDLING_EXCESS -> ON_HAND) of one on-hand position of a warehouse. `base_kg` is what the position's warehouse
 * received for its consignment and cargo when it was recorded, `allowed_percent` the handling-loss rule that applied
 * (null: none). Within the allowance it is Approved and posted at once; above it `approval_status` follows the
 * approval of its kind (approval_steps, transaction_id = id) and the posting happens on the final approval.
 */
export const handlingRecords = pgTable(
  'handling_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').notNull(),
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
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    baseKg: bigint('base_kg', { mode: 'bigint' }).notNull(),
    allowedPercent: numeric('allowed_percent', { precision: 7, scale: 3 }),
    withinAllowance: boolean('within_allowance').notNull(),
    approvalStatus: text('approval_status').notNull(),
    adjustedAt: timestamp('adjusted_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    remarks: text('remarks'),
    /** The posting, once approved (null while pending, and for a rejected one). */
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('handling_records_quantity_positive', sql`${t.quantityKg} > 0`),
    check('handling_records_kind_check', sql`${t.kind} in ('handlingLoss', 'handlingExcess')`),
    check('handling_records_approval_check', sql`${t.approvalStatus} in ('Pending', 'Approved', 'Rejected')`),
    check('handling_records_status_check', RECORD_STATUS_CHECK(t.status)),
    index('handling_records_agency_at_idx').on(t.agencyId, t.kind, t.adjustedAt, t.id),
    index('handling_records_position_idx').on(t.agencyId, t.warehouseId, t.consignmentId, t.cargoTypeId),
    tenantPolicy('handling_records'),
  ],
);
