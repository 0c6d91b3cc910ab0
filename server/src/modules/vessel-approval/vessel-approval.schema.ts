import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OUTTURN_STATUSES } from '@tonnage/contracts';
import { changeTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';
import { shipments, voyages } from '../shipping/shipping.schema';

const outturnStatusCheck = (column: AnyPgColumn) => sql`${column} in (${sql.raw(OUTTURN_STATUSES.map((s) => `'${s}'`).join(', '))})`;

/** Who reversed an approved out-turn, when and why (its status then says Reversed). */
const outturnReversal = () => ({
  reversedBy: integer('reversed_by').references(() => users.id),
  reversedAt: timestamp('reversed_at', { withTimezone: true }),
  reverseReason: text('reverse_reason'),
});

/**
 * The vessel's out-turn (screen vesselQuantityApproval/vessel): the total actually discharged on a voyage, by draft
 * survey, against the sum of its BLs, approved through the agency's 'voyageApproval' rule. One live per voyage (a reversed one no longer counts).
 */
export const voyageApprovals = pgTable(
  'voyage_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    voyageId: integer('voyage_id')
      .notNull()
      .references(() => voyages.id),
    dischargedKg: bigint('discharged_kg', { mode: 'bigint' }).notNull(),
    surveyDate: date('survey_date'),
    remarks: text('remarks'),
    status: text('status').notNull().default('Pending'),
    ...changeTrail(),
    ...outturnReversal(),
  },
  (t) => [
    // One live out-turn per voyage; reversed ones stay as history and make room for a new one.
    uniqueIndex('voyage_approvals_voyage_unique').on(t.voyageId).where(sql`${t.status} <> 'Reversed'`),
    check('voyage_approvals_discharged_not_negative', sql`${t.dischargedKg} >= 0`),
    check('voyage_approvals_status_check', outturnStatusCheck(t.status)),
    index('voyage_approvals_agency_idx').on(t.agencyId, t.id),
    tenantPolicy('voyage_approvals'),
  ],
);

/**
 * The out-turn of one BL (screen vesselQuantityApproval/quantityApproval): discharged quantity against the BL
 * quantity, the excess or shortage, approved through the 'vesselQuantityApproval' rule. On final approval the
 * difference is posted to ON_BOARD against VESSEL (`ledger_transaction_id`). One live per shipment (a reversed one no longer counts).
 */
export const quantityApprovals = pgTable(
  'quantity_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    voyageId: integer('voyage_id')
      .notNull()
      .references(() => voyages.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    /** The BL quantity when recorded (the shipment's may change later only by reverse-and-repost). */
    blQuantityKg: bigint('bl_quantity_kg', { mode: 'bigint' }).notNull(),
    dischargedKg: bigint('discharged_kg', { mode: 'bigint' }).notNull(),
    remarks: text('remarks'),
    status: text('status').notNull().default('Pending'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    ...changeTrail(),
    ...outturnReversal(),
  },
  (t) => [
    uniqueIndex('quantity_approvals_shipment_unique').on(t.shipmentId).where(sql`${t.status} <> 'Reversed'`),
    check('quantity_approvals_discharged_not_negative', sql`${t.dischargedKg} >= 0`),
    check('quantity_approvals_status_check', outturnStatusCheck(t.status)),
    index('quantity_approvals_agency_voyage_idx').on(t.agencyId, t.voyageId),
    tenantPolicy('quantity_approvals'),
  ],
);
