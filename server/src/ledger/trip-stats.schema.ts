import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../identity/agencies.schema';
import { tenantPolicy } from '../platform/db/tenancy';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema';

/*
 * The kept trip rows of the IN/OUT Stats tab (server/src/modules/dashboard/stats.queries.ts; the rule, its writers and
 * its check: trip-stats.ts). One row per live posting (neither a reversal nor reversed) and truck (IN_TRANSIT account)
 * it dispatches or unloads, with what the tab reads of the posting's other entries, so a period reads its dispatches
 * by time and their receipts by truck instead of walking the entries. Written by the posting function in the
 * posting's statement (a reversal deletes its original's rows), rebuilt from the entries by `rebuildTripStats` and
 * re-checked by `npm run ledger:check`.
 */

/**
 * A dispatch: a live posting putting kilograms on a truck and taking some off ON_BOARD or ON_HAND. `kg` is the sum of
 * the truck's positive entries in the posting; the origin is the posting's first (lowest id) ON_BOARD or ON_HAND
 * account with a negative entry; the truck's key columns are copied (an account's key never changes).
 */
export const ledgerTripDispatches = pgTable(
  'ledger_trip_dispatches',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    tripId: integer('trip_id'),
    voyageId: integer('voyage_id'),
    consignmentId: integer('consignment_id'),
    ownerCompanyId: integer('owner_company_id'),
    /** The posting's business time (`ledger_transactions.created_at`). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull(),
    originKind: text('origin_kind').notNull(),
    originLocationId: integer('origin_location_id'),
    /** `coalesce(attached_voyage_id, voyage_id)` of the origin account. */
    originBindingVoyageId: integer('origin_binding_voyage_id'),
    kg: bigint('kg', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'ledger_trip_dispatches_pkey', columns: [t.transactionId, t.accountId] }),
    // The read path: an agency's dispatches over a period, with the columns the unfiltered figures read (an
    // index-only scan: a year of a busy agency is some 100,000 rows).
    index('ledger_trip_dispatches_period_idx').on(t.agencyId, t.dispatchedAt, t.accountId, t.tripId, t.kg, t.originKind, t.originLocationId),
    tenantPolicy('ledger_trip_dispatches'),
  ],
);

/**
 * A receipt: a live posting taking kilograms off a truck with an ON_HAND account receiving some, one row per place
 * (location) of those ON_HAND accounts. `kg` is what left the truck less what went to the trip's TRANSIT_LOSS in the
 * posting, per negative entry of the truck; `place_account_id` the lowest id of the posting's receiving ON_HAND
 * accounts at that location; `first_place` marks the row of the lowest of them all.
 */
export const ledgerTripReceipts = pgTable(
  'ledger_trip_receipts',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    placeAccountId: integer('place_account_id').notNull(),
    locationId: integer('location_id'),
    firstPlace: boolean('first_place').notNull(),
    kg: bigint('kg', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'ledger_trip_receipts_pkey', columns: [t.transactionId, t.accountId, t.placeAccountId] }),
    // The read path: an agency's receipts by truck, with the columns the figures read (an index-only scan).
    index('ledger_trip_receipts_account_idx').on(t.agencyId, t.accountId, t.firstPlace, t.locationId, t.kg),
    tenantPolicy('ledger_trip_receipts'),
  ],
);
