import { GUARDED_ACCOUNT_KINDS, LEDGER_ACCOUNT_KINDS } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from '../identity/agencies.schema';
import { users } from '../identity/users.schema';
import { tenantPolicy } from '../platform/db/tenancy';

/*
 * The stock ledger (docs/domain.md, "Stock is a ledger"). Only `ledger.service.ts` writes these tables.
 * Quantities are signed integer kilograms (bigint), exact by construction.
 *
 * The dimensions of an account are plain integers without foreign keys: voyages, consignments and trips do not
 * exist yet, and an account is a key the flows compose, not a row they maintain. The flows check that the places,
 * owners and cargo types they name are rows of the agency before they post (as the registry checks references),
 * so the ledger stays a closed unit that later tables can point at without migrations running in a given order.
 */

/** A literal list for a CHECK constraint, from the contracts' constants (the generated SQL shows the values). */
const textList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One stock position or an outside source/sink, identified by its kind and dimensions (null is a value of the key;
 * `silo_id` null is the open area). `balance_kg` and `committed_kg` are the sums of the account's entries, kept
 * for speed and re-checked by `npm run ledger:check`; the CHECK constraints are what stop overdrawing.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').notNull(),
    voyageId: integer('voyage_id'),
    consignmentId: integer('consignment_id'),
    tripId: integer('trip_id'),
    locationId: integer('location_id'),
    siloId: integer('silo_id'),
    ownerCompanyId: integer('owner_company_id'),
    cargoTypeId: integer('cargo_type_id'),
    attachedVoyageId: integer('attached_voyage_id'),
    balanceKg: bigint('balance_kg', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Quantity promised to pre-outs; usable = balance - committed. */
    committedKg: bigint('committed_kg', { mode: 'bigint' }).notNull().default(sql`0`),
    /** IN_TRANSIT only: where the truck goes (its slip's destination), beside the key, for the road (road.ts). */
    destinationLocationId: integer('destination_location_id'),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): an absent dimension is part of the key, so each key has one account.
    unique('ledger_accounts_key_unique')
      .on(t.agencyId, t.kind, t.voyageId, t.consignmentId, t.tripId, t.locationId, t.siloId, t.ownerCompanyId, t.cargoTypeId, t.attachedVoyageId)
      .nullsNotDistinct(),
    check('ledger_accounts_kind_check', sql`${t.kind} in (${textList(LEDGER_ACCOUNT_KINDS)})`),
    // Stock that physically exists cannot be negative; sources and sinks may be.
    check('ledger_accounts_stock_not_negative', sql`${t.kind} not in (${textList(GUARDED_ACCOUNT_KINDS)}) or ${t.balanceKg} >= 0`),
    // Only on-hand stock is committed to pre-outs, and never more than is there: usable stays >= 0.
    check(
      'ledger_accounts_usable_not_negative',
      sql`${t.committedKg} = 0 or (${t.kind} = 'ON_HAND' and ${t.committedKg} > 0 and ${t.committedKg} <= ${t.balanceKg})`,
    ),
    index('ledger_accounts_location_idx').on(t.agencyId, t.locationId),
    // The road: the trucks on it now towards a place, with their owner, trip and load (road.ts), index-only.
    index('ledger_accounts_road_idx')
      .on(t.agencyId, t.destinationLocationId, t.ownerCompanyId, t.tripId, t.balanceKg)
      .where(sql`${t.kind} = 'IN_TRANSIT' and ${t.balanceKg} <> 0`),
    // Live positions of a kind (the read side's totals skip emptied positions and delivered trips).
    index('ledger_accounts_live_kind_idx').on(t.agencyId, t.kind).where(sql`${t.balanceKg} <> 0 or ${t.committedKg} <> 0`),
    // Live positions of one owner or one consignment (the stock screens' filters; place has the location index): the
    // key index serves these only by walking every account of the agency's kind, emptied positions included (npm
    // run bench, section 8).
    index('ledger_accounts_live_owner_idx').on(t.agencyId, t.kind, t.ownerCompanyId).where(sql`${t.balanceKg} <> 0 or ${t.committedKg} <> 0`),
    index('ledger_accounts_live_consignment_idx').on(t.agencyId, t.kind, t.consignmentId).where(sql`${t.balanceKg} <> 0 or ${t.committedKg} <> 0`),
    // A loading slip's trip balances in one index-only probe (the vessel dashboard's per-slip figures; trip before kind:
    // a probe reads 4 buffers instead of the pair's whole range; the balance is the last key column, as drizzle's index
    // builder has no INCLUDE). The figures per (voyage, LC/PO) read the kept `ledger_voyage_figures` (0037) instead.
    index('ledger_accounts_live_pair_idx').on(t.agencyId, t.voyageId, t.consignmentId, t.tripId, t.kind, t.balanceKg).where(sql`${t.balanceKg} <> 0`),
    // The live trucks (or any kind's live accounts) by trip, with their balances, in trip order: the partner tabs'
    // trucks on the road (every live truck of the agency on the Customer tab, partner.queries.ts `roadSql`) summed
    // per trip from one index-only range, with no hash of 15,000 trips.
    index('ledger_accounts_live_trip_idx').on(t.agencyId, t.kind, t.tripId, t.balanceKg).where(sql`${t.balanceKg} <> 0`),
    // Every account of one LC/PO (and kind), emptied ones included: the LC/PO reconciliation reads the receipts' and
    // dispatches' entries on its ON_HAND accounts, which the live indexes above leave out once a position is emptied,
    // and the consignee cargo report every account of a consignee's consignments.
    index('ledger_accounts_consignment_kind_idx').on(t.agencyId, t.consignmentId, t.kind),
    tenantPolicy('ledger_accounts'),
  ],
);

/** One business transaction's posting; a reversal names the transaction it reverses and why. Never changed. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The business transaction, e.g. 'shipping', 'portLoading', 'warehouseIn'. */
    type: text('type').notNull(),
    /** The business record that caused the posting (table name and id). */
    sourceTable: text('source_table').notNull(),
    sourceId: integer('source_id').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reversesId: integer('reverses_id').references((): AnyPgColumn => ledgerTransactions.id),
    reason: text('reason'),
  },
  (t) => [
    // A transaction is reversed at most once.
    uniqueIndex('ledger_transactions_reverses_unique').on(t.reversesId),
    index('ledger_transactions_source_idx').on(t.agencyId, t.sourceTable, t.sourceId),
    // Trips in and out over a period.
    index('ledger_transactions_created_idx').on(t.agencyId, t.createdAt),
    check('ledger_transactions_reversal_reason', sql`${t.reversesId} is null or length(btrim(${t.reason})) > 0`),
    tenantPolicy('ledger_transactions'),
  ],
);

/** A signed movement of one account within one transaction; the quantities of a transaction sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    /** Change of the account's committed quantity (pre-out commit or release); not part of the zero sum. */
    committedKg: bigint('committed_kg', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_moves_something', sql`${t.quantityKg} <> 0 or ${t.committedKg} <> 0`),
    tenantPolicy('ledger_entries'),
  ],
);

/**
 * Kept movement counters (docs/domain.md, "Movement counters"): per stock position (ON_HAND) or vessel hold
 * (ON_BOARD) account, business day (the posting's day in the agency's time zone), direction, posting type and origin
 * of the truck, the trips and kilograms that moved, so the dashboards' totals over all history read one row per
 * account and day instead of every entry. Written by the ledger's posting function in the posting's statement (a
 * reversal subtracts on its original's row, so the two cancel out as the read side leaves both out), rebuilt from
 * the entries by `rebuildMovementTotals` and re-checked by `npm run ledger:check`.
 *
 * - `direction`: 'in' (the entry added to the account) or 'out'; a reversal counts in its original's direction.
 * - `origin`: 'none' (no truck on the other side of the posting: an in-place move), 'port' (an in-move whose first
 *   truck was loaded in a port loading), 'truck' (any other truck).
 * - `trips`: the distinct trucks (IN_TRANSIT trips) on the other side of each posting, counted on every account
 *   they touch; `place_trips` the same counted once per posting and place (location, or voyage for ON_BOARD), on
 *   the posting's first account there (a truck unloaded into two silos is one trip of its warehouse).
 * - `kg`: the kilograms the account received (in) or gave (out).
 */
export const ledgerMovementTotals = pgTable(
  'ledger_movement_totals',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    direction: text('direction').notNull(),
    postingType: text('posting_type').notNull(),
    origin: text('origin').notNull(),
    trips: integer('trips').notNull(),
    placeTrips: integer('place_trips').notNull(),
    kg: bigint('kg', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // The key of a counter row, and the read path: an account's rows by day.
    primaryKey({ name: 'ledger_movement_totals_pkey', columns: [t.accountId, t.day, t.direction, t.postingType, t.origin] }),
    check('ledger_movement_totals_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('ledger_movement_totals_origin_check', sql`${t.origin} in ('none', 'port', 'truck')`),
    tenantPolicy('ledger_movement_totals'),
  ],
);

/**
 * Kept per-voyage figures (docs/domain.md, "Voyage figures"): per agency, voyage and consignment (LC/PO), the sums of
 * the balances the vessel dashboard shows: minus the VESSEL balance (quantity), the ON_BOARD balance (remaining), and
 * the IN_TRANSIT and TRANSIT_LOSS balances of the loading slips' trips (a trip of another kind, such as a warehouse
 * out's, carries the voyage too and is left out). Written by the ledger's posting function in the posting's statement
 * (an upsert adding the posting's deltas), rebuilt from the accounts by `rebuildVoyageFigures` (voyage-figures.ts,
 * which holds the rule) and re-checked by `npm run ledger:check`. The agency is part of the key: voyage ids are
 * unique, but the key then never reaches past the agency's own rows under its row level security.
 */
export const ledgerVoyageFigures = pgTable(
  'ledger_voyage_figures',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    voyageId: integer('voyage_id').notNull(),
    consignmentId: integer('consignment_id').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    remainingKg: bigint('remaining_kg', { mode: 'bigint' }).notNull(),
    inTransitKg: bigint('in_transit_kg', { mode: 'bigint' }).notNull(),
    lossKg: bigint('loss_kg', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // The key of a row, and the read path: an agency's rows, or one voyage's.
    primaryKey({ name: 'ledger_voyage_figures_pkey', columns: [t.agencyId, t.voyageId, t.consignmentId] }),
    tenantPolicy('ledger_voyage_figures'),
  ],
);
