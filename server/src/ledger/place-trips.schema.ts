import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../identity/agencies.schema';
import { tenantPolicy } from '../platform/db/tenancy';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema';

/*
 * The kept truck postings of the places (server/src/ledger/ledger.queries.ts `tripDetail`: the partner tabs' trips-in
 * and trips-out lists; the rule, its writers and its check: place-trips.ts). One row per live posting (neither a
 * reversal nor reversed), ON_HAND account and direction, when the posting moved that position in that direction
 * with a truck on the other side: `in`, an entry > 0 on the position and one < 0 on an IN_TRANSIT account; `out`,
 * an entry < 0 on the position and one > 0 on an IN_TRANSIT account. The posting's business time and the account's
 * key are copied (an account's key never changes), so the latest postings of a place come from one range of an index
 * in time order, filtered and scoped on the row itself, instead of from every entry of the place. What the partner
 * tabs' trips lists show of each posting is kept too: the kilograms the account gained or gave that way and the
 * trucks on the other side, so a list of 1,000 trucks reads 1,000 rows and no entry. Written by the
 * posting function in the posting's statement (a reversal deletes its original's rows), rebuilt from the entries by
 * `rebuildPlaceTrips` and re-checked by `npm run ledger:check`.
 */
export const ledgerPlaceTrips = pgTable(
  'ledger_place_trips',
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
    /** 'in' (the position gained, a truck gave) or 'out' (the position gave, a truck took). */
    direction: text('direction').notNull(),
    /** The posting's business time (`ledger_transactions.created_at`). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    locationId: integer('location_id'),
    siloId: integer('silo_id'),
    ownerCompanyId: integer('owner_company_id'),
    consignmentId: integer('consignment_id'),
    cargoTypeId: integer('cargo_type_id'),
    voyageId: integer('voyage_id'),
    attachedVoyageId: integer('attached_voyage_id'),
    /** The kilograms of the account's entries of the direction's sign in the posting (> 0: gained for `in`, given for `out`). */
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    /** The trucks on the other side: the trips of the posting's IN_TRANSIT entries of the opposite sign, distinct, ascending. */
    tripIds: integer('trip_ids').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'ledger_place_trips_pkey', columns: [t.transactionId, t.accountId, t.direction] }),
    // The read path: a place's postings of one direction, newest first (a backward scan stops at the page's end).
    // Covering (migration 0048 adds INCLUDE (owner_company_id, quantity_kg, trip_ids): drizzle's builder has no
    // INCLUDE): a list reads a few index pages in time order, not one heap page per row (docs/benchmarks.md 10l).
    index('ledger_place_trips_place_idx').on(t.agencyId, t.locationId, t.direction, t.at, t.transactionId),
    // A position's postings of one direction (the warehouse tab's LC/PO trips lists: the few accounts of an LC/PO at a
    // warehouse, then their rows), instead of every row of the place.
    index('ledger_place_trips_account_idx').on(t.accountId, t.direction, t.at),
    // One owner's postings at a place (the Consignee tab's trips lists: the consignee's own cargo at one of
    // its places, newest first), instead of every owner's rows of the place filtered: a consignee with 4 % of a
    // terminal's 24,564 arrivals read 13,797 heap blocks for its newest 976 (docs/benchmarks.md 10k). Covering too
    // (migration 0048 adds INCLUDE (quantity_kg, trip_ids)).
    index('ledger_place_trips_owner_idx').on(t.agencyId, t.locationId, t.direction, t.ownerCompanyId, t.at, t.transactionId),
    tenantPolicy('ledger_place_trips'),
  ],
);
