import type { LedgerAccountKind } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../platform/db/client';
import type { DataScope } from '../identity/data-scope';
import { accountOf, accountOfKey, KEY_DIMENSIONS, type AccountColumns, type AccountDimension, type KeyDimension, type KeyOperands } from './accounts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';
import { accountScope } from './ledger.scope';
import type { AccountBalance, AccountKey } from './ledger.service';

/*
 * The ledger's read side (docs/domain.md, "Reading stock"): what dashboards, reports and the flows' checks read
 * stock through. Every query takes the agency and the user's data scope, both required (pass `UNRESTRICTED`
 * explicitly where the server itself reads), and aggregates in the database.
 *
 * Current figures (on hand, committed, usable, in transit, on board) are sums of the kept balances of
 * `ledger_accounts`, never of `ledger_entries`: one row per position, not one per movement. Trips read the
 * entries of a period, through `ledger_entries_transaction_idx` and the account's primary key.
 *
 * Quantities are bigint kilograms; convert at the edges with `kgToTonnes`.
 */

/** The dimensions of a stock position (ON_HAND): place, silo or open area, owner, consignment, cargo, voyage, attached voyage. */
export const POSITION_DIMENSIONS = KEY_DIMENSIONS.ON_HAND;
export type PositionDimension = KeyDimension<'ON_HAND'>;
export type InTransitDimension = KeyDimension<'IN_TRANSIT'>;
export type OnBoardDimension = KeyDimension<'ON_BOARD'>;

/** A dimension's filter: one id, null (e.g. `siloId: null`, the open area), or any of a list (which may hold null). */
export type DimensionFilterValue = number | null | readonly (number | null)[];
export type DimensionFilter<D extends AccountDimension> = Partial<Record<D, DimensionFilterValue>>;

/** One row of a grouped query: the value of each grouped dimension (null where the key has none, e.g. the open area). */
export type Grouped<G extends AccountDimension> = { [D in G]: number | null };

/** Stock at a place: on hand, what pre-outs committed of it, and what is left to take (usable = on hand - committed). */
export type StockPosition<G extends AccountDimension> = Grouped<G> & { onHandKg: bigint; committedKg: bigint; usableKg: bigint };

/** The balance of IN_TRANSIT or ON_BOARD accounts of a group. */
export type StockTotal<G extends AccountDimension> = Grouped<G> & { quantityKg: bigint };

/** Trips of a group over a period: how many distinct truck trips, and the kilograms that left or reached the place. */
export type TripsTotal<G extends AccountDimension> = Grouped<G> & { trips: number; quantityKg: bigint };

interface Scoped {
  agencyId: number;
  /** The user's data scope; required, `UNRESTRICTED` (platform/data-scope) where nothing is narrowed. */
  scope: DataScope;
}

export interface TotalsParams<D extends AccountDimension, G extends D> extends Scoped {
  /** Only accounts whose dimensions have these values. */
  filter?: DimensionFilter<D>;
  /** The dimensions to group by, in the order of the result's sort; empty: one total. */
  groupBy: readonly G[];
  /** Keep groups whose balance is zero (left out by default). */
  includeEmpty?: boolean;
}

/** Half-open period [from, to) of the transactions' business time (`ledger_transactions.created_at`); open ends unbounded. */
export interface Period {
  from?: Date;
  to?: Date;
}

export interface TripsParams<D extends AccountDimension, G extends D> extends Scoped {
  /** The place's accounts: only those with these dimension values (e.g. `{ locationId }`). */
  filter?: DimensionFilter<D>;
  /** Dimensions of the place's account to group by. */
  groupBy: readonly G[];
  period?: Period;
}

// ---------------------------------------------------------------------------------------------------------------

function filterCondition(column: AnyPgColumn, value: DimensionFilterValue): SQL {
  const values: readonly (number | null)[] = Array.isArray(value) ? value : [value];
  const ids = values.filter((v): v is number => v !== null);
  const alternatives: SQL[] = [];
  if (ids.length > 0) {
    alternatives.push(
      sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}::integer`),
        sql`, `,
      )})`,
    );
  }
  if (values.includes(null)) alternatives.push(sql`${column} is null`);
  // An empty list matches nothing, as "any of none" should.
  return alternatives.length === 0 ? sql`false` : sql`(${sql.join(alternatives, sql` or `)})`;
}

function filterConditions<D extends AccountDimension>(accounts: AccountColumns, kind: LedgerAccountKind, filter: DimensionFilter<D> | undefined): SQL[] {
  if (!filter) return [];
  const keyed: readonly AccountDimension[] = KEY_DIMENSIONS[kind];
  const conditions: SQL[] = [];
  for (const [dimension, value] of Object.entries(filter) as [D, DimensionFilterValue | undefined][]) {
    if (value === undefined) continue;
    if (!keyed.includes(dimension)) throw new Error(`A ${kind} account has no ${dimension} to filter by`);
    conditions.push(filterCondition(accounts[dimension], value));
  }
  return conditions;
}

function checkGroupBy(kind: LedgerAccountKind, groupBy: readonly AccountDimension[]): void {
  const keyed: readonly AccountDimension[] = KEY_DIMENSIONS[kind];
  const unknown = groupBy.filter((d) => !keyed.includes(d));
  if (unknown.length > 0) throw new Error(`A ${kind} account has no ${unknown.join(', ')} to group by`);
}

/** The `where` of every read: the agency, the kind, the filter and the user's scope. */
function accountsWhere(accounts: AccountColumns, kind: LedgerAccountKind, params: Scoped & { filter?: DimensionFilter<AccountDimension> }): SQL {
  const conditions = [sql`${accounts.agencyId} = ${params.agencyId}::integer`, sql`${accounts.kind} = ${kind}`, ...filterConditions(accounts, kind, params.filter)];
  const scoped = accountScope(accounts, kind, params.scope);
  if (scoped) conditions.push(scoped);
  return sql.join(conditions, sql` and `);
}

/** `select` list entries and `group by` / `order by` lists of the grouped dimensions of `accounts`. */
function grouping(accounts: AccountColumns, groupBy: readonly AccountDimension[]) {
  const selected = groupBy.map((d) => sql`${accounts[d]}::integer as ${sql.identifier(d)}`);
  const columns = sql.join(
    groupBy.map((d) => accounts[d]),
    sql`, `,
  );
  return {
    select: selected.length === 0 ? sql`` : sql`${sql.join(selected, sql`, `)}, `,
    groupBy: groupBy.length === 0 ? sql`` : sql` group by ${columns}`,
    orderBy: groupBy.length === 0 ? sql`` : sql` order by ${columns}`,
  };
}

function groupedValues<G extends AccountDimension>(row: Record<string, unknown>, groupBy: readonly G[]): Grouped<G> {
  const values: Partial<Record<AccountDimension, number | null>> = {};
  for (const d of groupBy) {
    const value = row[d];
    values[d] = value === null || value === undefined ? null : Number(value);
  }
  return values as Grouped<G>;
}

interface BalanceRow extends Record<string, unknown> {
  balance_kg: string;
  committed_kg: string;
}

/** Sums of the kept balances of one kind's accounts (a stock kind, never negative), grouped; zero groups left out unless asked. */
async function balanceTotals<G extends AccountDimension>(
  tx: Db,
  kind: 'ON_HAND' | 'IN_TRANSIT' | 'ON_BOARD',
  params: Scoped & { filter?: DimensionFilter<AccountDimension>; groupBy: readonly G[]; includeEmpty?: boolean },
): Promise<{ group: Grouped<G>; balanceKg: bigint; committedKg: bigint }[]> {
  checkGroupBy(kind, params.groupBy);
  const accounts = ledgerAccounts;
  const group = grouping(accounts, params.groupBy);
  // These kinds never go below zero, so a group sums to zero exactly when each of its accounts is zero: leaving
  // empty accounts out before grouping gives the same groups, and skips the trips long delivered (an IN_TRANSIT
  // account per trip) and the emptied positions, which outnumber the live ones as the ledger ages.
  const live = params.includeEmpty ? sql`` : sql` and (${accounts.balanceKg} <> 0 or ${accounts.committedKg} <> 0)`;
  // Without groups the aggregate gives one row even over no account: drop it when it is empty.
  const having = params.includeEmpty ? sql`` : sql` having sum(${accounts.balanceKg}) <> 0 or sum(${accounts.committedKg}) <> 0`;
  const rows = await queryRows<BalanceRow>(
    tx,
    sql`select ${group.select}coalesce(sum(${accounts.balanceKg}), 0)::text as balance_kg, coalesce(sum(${accounts.committedKg}), 0)::text as committed_kg
        from ${accounts}
        where ${accountsWhere(accounts, kind, params)}${live}${group.groupBy}${having}${group.orderBy}`,
  );
  return rows.map((row) => ({ group: groupedValues(row, params.groupBy), balanceKg: BigInt(row.balance_kg), committedKg: BigInt(row.committed_kg) }));
}

/**
 * Stock positions (ON_HAND) of the agency within the user's scope, grouped by any of the position's dimensions
 * and filtered by any of their values: on hand, committed to pre-outs, and usable (= on hand - committed), in kg.
 * Groups with nothing on hand are left out unless `includeEmpty`.
 */
export async function stockPositions<G extends PositionDimension>(tx: Db, params: TotalsParams<PositionDimension, G>): Promise<StockPosition<G>[]> {
  const totals = await balanceTotals(tx, 'ON_HAND', params);
  return totals.map((t) => ({ ...t.group, onHandKg: t.balanceKg, committedKg: t.committedKg, usableKg: t.balanceKg - t.committedKg }));
}

/** Cargo on trucks (IN_TRANSIT balances) within the user's scope, grouped by trip, voyage, consignment, owner or cargo. */
export async function inTransitTotals<G extends InTransitDimension>(tx: Db, params: TotalsParams<InTransitDimension, G>): Promise<StockTotal<G>[]> {
  const totals = await balanceTotals(tx, 'IN_TRANSIT', params);
  return totals.map((t) => ({ ...t.group, quantityKg: t.balanceKg }));
}

/** Cargo still on vessels (ON_BOARD balances) within the user's scope, grouped by voyage or consignment. */
export async function onBoardTotals<G extends OnBoardDimension>(tx: Db, params: TotalsParams<OnBoardDimension, G>): Promise<StockTotal<G>[]> {
  const totals = await balanceTotals(tx, 'ON_BOARD', params);
  return totals.map((t) => ({ ...t.group, quantityKg: t.balanceKg }));
}

// ---------------------------------------------------------------------------------------------------------------
// Trips in and out of a place.

interface TripRow extends Record<string, unknown> {
  trips: number | string;
  quantity_kg: string;
}

type TripFilter = Scoped & { filter?: DimensionFilter<AccountDimension>; period?: Period };

/**
 * The movements of trips of one direction: the joins and conditions shared by the totals and the detail.
 *
 * A trip is an IN_TRANSIT account (one per truck trip). A trip leaves a place in a transaction that takes stock
 * from the place's account (a negative entry on ON_HAND of a location, or on ON_BOARD of a voyage) and puts it on
 * an IN_TRANSIT account (a positive entry) in the same transaction; it reaches a place in a transaction that takes
 * it off an IN_TRANSIT account and adds it to an ON_HAND account of the place. Counted: transactions whose
 * business time is in the period, that are not reversals and were not reversed (a reversed slip or receipt is no
 * trip; an edit, reversed and posted again, counts once). Filter and scope apply to the place's account.
 */
function tripMovements(direction: 'out' | 'in', placeKind: 'ON_HAND' | 'ON_BOARD', params: TripFilter) {
  const place = ledgerAccounts;
  const placeEntry = ledgerEntries;
  const truck = alias(ledgerAccounts, 'truck_account');
  const truckEntry = alias(ledgerEntries, 'truck_entry');
  const posting = ledgerTransactions;
  const conditions = [
    sql`${placeEntry.agencyId} = ${params.agencyId}::integer`,
    accountsWhere(place, placeKind, params),
    direction === 'out' ? sql`${placeEntry.quantityKg} < 0` : sql`${placeEntry.quantityKg} > 0`,
    sql`${posting.reversesId} is null`,
    sql`not exists (select 1 from ledger_transactions reversal where reversal.reverses_id = ${posting.id})`,
  ];
  if (params.period?.from) conditions.push(sql`${posting.createdAt} >= ${params.period.from.toISOString()}::timestamptz`);
  if (params.period?.to) conditions.push(sql`${posting.createdAt} < ${params.period.to.toISOString()}::timestamptz`);
  // An alias renders as its name alone in raw SQL: `<table> <alias>` names both.
  const from = sql`from ${placeEntry}
          join ${place} on ${place.id} = ${placeEntry.accountId}
          join ${posting} on ${posting.id} = ${placeEntry.transactionId}
          join ${ledgerEntries} ${truckEntry} on ${truckEntry.transactionId} = ${placeEntry.transactionId}
                            and ${direction === 'out' ? sql`${truckEntry.quantityKg} > 0` : sql`${truckEntry.quantityKg} < 0`}
          join ${ledgerAccounts} ${truck} on ${truck.id} = ${truckEntry.accountId} and ${truck.kind} = 'IN_TRANSIT' and ${truck.agencyId} = ${params.agencyId}::integer
          where ${sql.join(conditions, sql` and `)}`;
  return { from, place, placeEntry, truck, truckEntry, posting };
}

/**
 * Trip totals of one direction, grouped by the place's dimensions (see `tripMovements` for what counts). `trips` is
 * the number of distinct trips of the group; `quantityKg` the kilograms the place's accounts gave (out) or
 * received (in), each entry once, even when one transaction loads several trucks. A trip split over several
 * groups (one truck loaded from two silos) counts once in each.
 */
async function tripTotals<G extends AccountDimension>(
  tx: Db,
  direction: 'out' | 'in',
  placeKind: 'ON_HAND' | 'ON_BOARD',
  params: TripFilter & { groupBy: readonly G[] },
): Promise<TripsTotal<G>[]> {
  checkGroupBy(placeKind, params.groupBy);
  const { from, place, placeEntry, truck } = tripMovements(direction, placeKind, params);
  const group = grouping(place, params.groupBy);
  const dimensionNames = params.groupBy.map((d) => sql.identifier(d));
  const outerGroup = sql.join(dimensionNames, sql`, `);
  const rows = await queryRows<TripRow>(
    tx,
    sql`with moves as (
          select ${group.select}${truck.tripId} as trip_id, abs(${placeEntry.quantityKg}) as kg,
                 row_number() over (partition by ${placeEntry.id} order by ${truck.tripId}) as nth
          ${from})
        select ${dimensionNames.length === 0 ? sql`` : sql`${outerGroup}, `}count(distinct trip_id)::integer as trips,
               coalesce(sum(kg) filter (where nth = 1), 0)::text as quantity_kg
        from moves
        ${dimensionNames.length === 0 ? sql`` : sql`group by ${outerGroup} order by ${outerGroup}`}`,
  );
  return rows
    .map((row) => ({ ...groupedValues(row, params.groupBy), trips: Number(row.trips), quantityKg: BigInt(row.quantity_kg) }))
    .filter((row) => row.trips > 0);
}

/**
 * Trips out of places over a period: of ON_HAND positions (a warehouse, consignee or customer location; filter
 * by `locationId`) or, with `place: 'ON_BOARD'`, off a voyage's vessel (loading slips). See `tripMovements` above for
 * exactly what counts. Scope applies to the place's account.
 */
export async function tripsOut<P extends 'ON_HAND' | 'ON_BOARD', G extends KeyDimension<P>>(
  tx: Db,
  params: TripsParams<KeyDimension<P>, G> & { place: P },
): Promise<TripsTotal<G>[]> {
  return tripTotals(tx, 'out', params.place, params);
}

/** Trips into ON_HAND positions over a period (warehouse, consignee or customer receipts), with the kilograms received. */
export async function tripsIn<G extends PositionDimension>(tx: Db, params: TripsParams<PositionDimension, G>): Promise<TripsTotal<G>[]> {
  return tripTotals(tx, 'in', 'ON_HAND', params);
}

/** One truck trip of a drill-down: the posting that moved it (its business record) and the truck's kilograms. */
export interface TripMovement {
  tripId: number;
  transactionId: number;
  /** The business record of the movement (e.g. `loading_slips` and its id): what a detail screen joins to. */
  sourceTable: string;
  sourceId: number;
  at: Date;
  /** What the truck took on (out) or gave up (in, before any transit loss), in kg. */
  truckKg: bigint;
}

export interface TripDetailParams<D extends AccountDimension> extends Scoped {
  direction: 'out' | 'in';
  filter?: DimensionFilter<D>;
  period?: Period;
  /** Paging of the detail rows, oldest first. */
  limit?: number;
  offset?: number;
}

interface TripMovementRow {
  trip_id: number | string;
  transaction_id: number | string;
  source_table: string;
  source_id: number | string;
  at: string | Date;
  truck_kg: string;
}

/**
 * The trips behind `tripsIn` / `tripsOut` of the same filter and period, one row per trip and transaction, oldest
 * first: what the dashboards' trips-in and trips-out drill-downs list (each joins its records by source).
 */
export async function tripDetail<P extends 'ON_HAND' | 'ON_BOARD'>(tx: Db, params: TripDetailParams<KeyDimension<P>> & { place: P }): Promise<TripMovement[]> {
  if (params.direction === 'in' && params.place !== 'ON_HAND') throw new Error('Trips arrive at ON_HAND positions only');
  const { from, truck, truckEntry, posting } = tripMovements(params.direction, params.place, params);
  const paging = sql` limit ${params.limit ?? 1_000}::integer offset ${params.offset ?? 0}::integer`;
  const rows = await queryRows<TripMovementRow>(
    tx,
    sql`select ${truck.tripId} as trip_id, ${posting.id} as transaction_id, ${posting.sourceTable} as source_table, ${posting.sourceId} as source_id,
               ${posting.createdAt} as at, abs(${truckEntry.quantityKg})::text as truck_kg
        ${from}
        group by ${truckEntry.id}, ${truck.tripId}, ${posting.id}
        order by ${posting.createdAt}, ${posting.id}, ${truck.tripId}${paging}`,
  );
  return rows.map((row) => ({
    tripId: Number(row.trip_id),
    transactionId: Number(row.transaction_id),
    sourceTable: row.source_table,
    sourceId: Number(row.source_id),
    at: new Date(row.at),
    truckKg: BigInt(row.truck_kg),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// One account, read the way the key is defined (accounts.ts).

/** The balances of the account of a key (built by accounts.ts), or undefined when nothing was ever posted to it. */
export async function balanceOfKey(tx: Db, params: { agencyId: number; key: AccountKey }): Promise<AccountBalance | undefined> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id, balanceKg: ledgerAccounts.balanceKg, committedKg: ledgerAccounts.committedKg })
    .from(ledgerAccounts)
    .where(accountOfKey(ledgerAccounts, params.agencyId, params.key));
  return row && { ...row, usableKg: row.balanceKg - row.committedKg };
}

/**
 * A scalar subquery for a column of a larger select: the balance in kg (as text, 0 when the account does not
 * exist) of the account of a key whose operands may be columns of the outer query, e.g. a shipment's ON_BOARD.
 */
export function accountBalanceSql<K extends LedgerAccountKind>(agencyId: number | AnyPgColumn, kind: K, values: KeyOperands<K>): SQL<string> {
  // An alias renders as its name alone in raw SQL: `from <table> <alias>` names both.
  const keyed = alias(ledgerAccounts, 'keyed_account');
  return sql<string>`coalesce((select ${keyed.balanceKg} from ${ledgerAccounts} ${keyed} where ${accountOf(keyed, agencyId, kind, values)}), 0)::text`;
}
