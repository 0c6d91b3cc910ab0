import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from '../identity/agencies.schema';
import { tenantPolicy } from '../platform/db/tenancy';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema';

/*
 * The kept departures of the partner tabs' out-quantity detail (server/src/modules/dashboard/partner.queries.ts
 * `partnerOutQty`; the rule, its writers and its check: place-departures.ts). One row per live posting (neither a
 * reversal nor reversed) and move that left a place: the net change of the posting's ON_HAND entries at one place
 * for one owner, LC/PO, voyage and cargo type (silos and attached voyages netted), when it is < 0. The row says what
 * the reader groups by, decided when the posting is made:
 *
 * - `trips`: the trucks of the same LC/PO that took (IN_TRANSIT entries > 0 of the posting), their trips in entry
 *   order; empty for a move in place;
 * - `slip_type`: the slip of the first truck ('correction' without a known slip), null in place;
 * - `to_owner_id`: the party the cargo went to when another (the first truck's owner, else its slip's destination's
 *   owner; in place, the counter-position's owner), `to_consignment_id` the counter-position's LC/PO in place when
 *   another.
 *
 * The posting's business time and the key of its first account (lowest id) are copied, so a place's departures of a
 * period come from one range of the index, filtered and scoped on the row itself, instead of from every entry of the
 * place with its transaction probed. Written by the posting function in the posting's statement (a reversal deletes
 * its original's row), rebuilt from the entries by `rebuildPlaceDepartures` and re-checked by `npm run ledger:check`.
 */
export const ledgerPlaceDepartures = pgTable(
  'ledger_place_departures',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The move's first ON_HAND account (the lowest id of the accounts the posting moved for this move). */
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The posting's business time (`ledger_transactions.created_at`) and type. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    postingType: text('posting_type').notNull(),
    locationId: integer('location_id'),
    ownerCompanyId: integer('owner_company_id'),
    consignmentId: integer('consignment_id'),
    voyageId: integer('voyage_id'),
    cargoTypeId: integer('cargo_type_id'),
    /** The move's net kilograms at the place (< 0). */
    netKg: bigint('net_kg', { mode: 'bigint' }).notNull(),
    slipType: text('slip_type'),
    toOwnerId: integer('to_owner_id'),
    toConsignmentId: integer('to_consignment_id'),
    trips: integer('trips').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'ledger_place_departures_pkey', columns: [t.transactionId, t.accountId] }),
    // The read path: one place's departures over a period.
    index('ledger_place_departures_place_idx').on(t.agencyId, t.locationId, t.at),
    tenantPolicy('ledger_place_departures'),
  ],
);
