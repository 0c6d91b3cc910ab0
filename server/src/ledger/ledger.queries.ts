import type { LedgerAccountKind, TripListPosition } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../platform/db/client';
import type { DataScope } from '../identity/data-scope';
import { accountOf, accountOfKey, KEY_DIMENSIONS, type AccountColumns, type AccountDimension, type KeyDimension, type KeyOperands } from './accounts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';
import { ledgerPlaceTrips } from './place-trips.schema';
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
  /**
   * The same period as the agency's business days, both inclusive (`YYYY-MM-DD`), when it is whole days: what the
   * kept movement counters are kept by. A period with an end but no `days` is read from the entries.
   */
  days?: { from?: string | undefined; to?: string | undefined };
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

/** The filter's conditions on the columns of `ledger_accounts` (or an alias), or of a kept table's copies of a kind's key. */
function filterConditions<D extends AccountDimension>(accounts: Partial<Record<AccountDimension, AnyPgColumn>>, kind: LedgerAccountKind, filter: DimensionFilter<D> | undefined): SQL[] {
  if (!filter) return [];
  const keyed: readonly AccountDimension[] = KEY_DIMENSIONS[kind];
  const conditions: SQL[] = [];
  for (const [dimension, value] of Object.entries(filter) as [D, DimensionFilterValue | undefined][]) {
    if (value === undefined) continue;
    const column = accounts[dimension];
    if (!keyed.includes(dimension) || !column) throw new Error(`A ${kind} account has no ${dimension} to filter by`);
    conditions.push(filterCondition(column, value));
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
 * The condition that a posting (`id`, a column or expression of the outer query) was not reversed. Written as a
 * `not in` over the agency's reversals, which the planner hashes once (an agency has few reversals next to its
 * postings: none in the benchmark's 210,000), rather than `not exists`, which it probes for every posting: the
 * place's entries are mis-sized (one row estimated for 24,000), so it chose the per-row probe of the reversals'
 * index, a fifth of the trips-in detail's postings query. The same rows either way (`reverses_id` is unique, and
 * the nulls are left out of the list).
 */
export function notReversed(id: SQL | AnyPgColumn, agencyId: number): SQL {
  return sql`${id} not in (select reversal.reverses_id from ledger_transactions reversal where reversal.agency_id = ${agencyId}::integer and reversal.reverses_id is not null)`;
}

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
    notReversed(posting.id, params.agencyId),
  ];
  if (params.period?.from) conditions.push(sql`${posting.createdAt} >= ${params.period.from.toISOString()}::timestamptz`);
  if (params.period?.to) conditions.push(sql`${posting.createdAt} < ${params.period.to.toISOString()}::timestamptz`);
  // An alias renders as its name alone in raw SQL: `<table> <alias>` names both.
  const truckJoin = sql`join ${ledgerEntries} ${truckEntry} on ${truckEntry.transactionId} = ${placeEntry.transactionId}
                            and ${direction === 'out' ? sql`${truckEntry.quantityKg} > 0` : sql`${truckEntry.quantityKg} < 0`}
          join ${ledgerAccounts} ${truck} on ${truck.id} = ${truckEntry.accountId} and ${truck.kind} = 'IN_TRANSIT' and ${truck.agencyId} = ${params.agencyId}::integer`;
  const placeJoin = sql`from ${placeEntry}
          join ${place} on ${place.id} = ${placeEntry.accountId}
          join ${posting} on ${posting.id} = ${placeEntry.transactionId}`;
  const where = sql`where ${sql.join(conditions, sql` and `)}`;
  const from = sql`${placeJoin}
          ${truckJoin}
          ${where}`;
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
  const counted = await movementTotals(tx, { ...params, kind: placeKind });
  if (counted) {
    return counted
      .map((row) => ({ ...row.group, trips: direction === 'in' ? row.tripsIn : row.tripsOut, quantityKg: direction === 'in' ? row.tripsInKg : row.tripsOutKg }))
      .filter((row) => row.trips > 0);
  }
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

/** What the kept movement counters give for a group of places over a period (see `movementTotals`). */
export interface MovementTotal<G extends AccountDimension> extends MovementFigures {
  group: Grouped<G>;
}

/** The trips and kilograms in and out of a group of places over a period. */
export interface MovementFigures {
  /** Distinct trips in (out) and the kilograms their trucks brought (took). */
  tripsIn: number;
  tripsInKg: bigint;
  tripsOut: number;
  tripsOutKg: bigint;
  /** Trips in whose truck was loaded at the port (the first truck of each receipt), and their kilograms. */
  portTrips: number;
  portKg: bigint;
  /** Everything that came in or went out, by truck or in place. */
  inKg: bigint;
  outKg: bigint;
}

interface MovementTotalRow extends Record<string, unknown> {
  trips_in: number | string;
  trips_in_kg: string;
  trips_out: number | string;
  trips_out_kg: string;
  port_trips: number | string;
  port_kg: string;
  in_kg: string;
  out_kg: string;
}

/**
 * Totals of the trips and moves of ON_HAND (or ON_BOARD) accounts over a period from the kept movement counters
 * (`ledger_movement_totals`: one row per account, business day, direction, posting type and origin, instead of every
 * entry with its truck, its reversal and its port look-up), grouped by the accounts' dimensions; groups without a
 * live move are left out. The figures are the ones `tripMovements` gives from the entries (no reversal, nothing
 * reversed; a trip once per group), and undefined when the counters cannot give them exactly, for the caller to
 * read the entries:
 * - a period with an end but not in whole business days (`period.days`);
 * - a trip is counted once per place on its posting's first account there (`place_trips`): exact when the groups
 *   keep places apart (grouped by the place, or one place filtered: location of ON_HAND, voyage of ON_BOARD); per
 *   silo (`trips`, counted on every account) when grouped by silo or one silo filtered; several silos filtered
 *   together and not grouped by silo would count a truck unloaded into two of them twice.
 */
export async function movementTotals<G extends AccountDimension>(
  tx: Db,
  params: Scoped & { kind: 'ON_HAND' | 'ON_BOARD'; filter?: DimensionFilter<AccountDimension>; period?: Period; groupBy: readonly G[] },
): Promise<MovementTotal<G>[] | undefined> {
  checkGroupBy(params.kind, params.groupBy);
  const period = params.period;
  if ((period?.from || period?.to) && !period.days) return undefined;
  const one = (value: DimensionFilterValue | undefined) => value !== undefined && (!Array.isArray(value) || value.length <= 1);
  const groupedBy = (d: AccountDimension) => (params.groupBy as readonly AccountDimension[]).includes(d);
  const placeDimension = params.kind === 'ON_HAND' ? 'locationId' : 'voyageId';
  if (!groupedBy(placeDimension) && !one(params.filter?.[placeDimension])) return undefined;
  let trips: SQL;
  if (params.kind === 'ON_BOARD' || (!groupedBy('siloId') && params.filter?.siloId === undefined)) trips = sql`k.place_trips`;
  else if (groupedBy('siloId') || one(params.filter?.siloId)) trips = sql`k.trips`;
  else return undefined;
  const accounts = ledgerAccounts;
  const group = grouping(accounts, params.groupBy);
  const days: SQL[] = [];
  if (period?.days?.from !== undefined) days.push(sql` and k.day >= ${period.days.from}::date`);
  if (period?.days?.to !== undefined) days.push(sql` and k.day <= ${period.days.to}::date`);
  const rows = await queryRows<MovementTotalRow>(
    tx,
    sql`select ${group.select}
               coalesce(sum(${trips}) filter (where k.direction = 'in'), 0)::integer as trips_in,
               coalesce(sum(k.kg) filter (where k.direction = 'in' and k.origin <> 'none'), 0)::text as trips_in_kg,
               coalesce(sum(${trips}) filter (where k.direction = 'out'), 0)::integer as trips_out,
               coalesce(sum(k.kg) filter (where k.direction = 'out' and k.origin <> 'none'), 0)::text as trips_out_kg,
               coalesce(sum(${trips}) filter (where k.direction = 'in' and k.origin = 'port'), 0)::integer as port_trips,
               coalesce(sum(k.kg) filter (where k.direction = 'in' and k.origin = 'port'), 0)::text as port_kg,
               coalesce(sum(k.kg) filter (where k.direction = 'in'), 0)::text as in_kg,
               coalesce(sum(k.kg) filter (where k.direction = 'out'), 0)::text as out_kg
        from ${accounts}
        join ledger_movement_totals k on k.account_id = ${accounts.id}
        where ${accountsWhere(accounts, params.kind, params)} and k.agency_id = ${params.agencyId}::integer${sql.join(days, sql``)}${group.groupBy}
        having sum(k.kg) <> 0${group.orderBy}`,
  );
  return rows.map((row) => ({
    group: groupedValues(row, params.groupBy),
    tripsIn: Number(row.trips_in),
    tripsInKg: BigInt(row.trips_in_kg),
    tripsOut: Number(row.trips_out),
    tripsOutKg: BigInt(row.trips_out_kg),
    portTrips: Number(row.port_trips),
    portKg: BigInt(row.port_kg),
    inKg: BigInt(row.in_kg),
    outKg: BigInt(row.out_kg),
  }));
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
  /** Paging of the detail rows, oldest first (newest first with `newestFirst`). */
  limit?: number;
  newestFirst?: boolean;
  offset?: number;
}

/** The columns a truck trip's posting is read with (`tripDetail`, the warehouse tab's trip groups). */
export interface TripPostingRow {
  trip_id: number | string;
  transaction_id: number | string;
  source_table: string;
  source_id: number | string;
  at: string | Date;
}

/** A trip's posting as a row gives it: the trip, the posting, its business record and time. */
export function tripPostingOf(row: TripPostingRow): Pick<TripMovement, 'tripId' | 'transactionId' | 'sourceTable' | 'sourceId' | 'at'> {
  return { tripId: Number(row.trip_id), transactionId: Number(row.transaction_id), sourceTable: row.source_table, sourceId: Number(row.source_id), at: new Date(row.at) };
}

interface TripMovementRow extends TripPostingRow {
  truck_kg: string;
}

/**
 * The trips behind `tripsIn` / `tripsOut` of the same filter and period, one row per trip and transaction, oldest
 * first: what the dashboards' trips-in and trips-out drill-downs list (each joins its records by source).
 *
 * A page is read in two steps: the postings of the place first, the first `offset + limit` of them in the page's
 * order, then the trucks of those postings only. Every listed posting has a truck on the other side and every row of
 * a posting comes before every row of a later one, so those postings give the page's rows. The postings of ON_HAND
 * positions are the kept ones (`ledger_place_trips`, place-trips.ts): one backward range of its index by place,
 * direction and time, filtered and scoped on the rows' copies of the accounts' keys, however long the place's
 * history. Those of ON_BOARD positions (a voyage's) are read from the entries.
 */
export async function tripDetail<P extends 'ON_HAND' | 'ON_BOARD'>(tx: Db, params: TripDetailParams<KeyDimension<P>> & { place: P }): Promise<TripMovement[]> {
  if (params.direction === 'in' && params.place !== 'ON_HAND') throw new Error('Trips arrive at ON_HAND positions only');
  const limit = params.limit ?? 1_000;
  const offset = params.offset ?? 0;
  const newest = params.newestFirst === true;
  const truck = alias(ledgerAccounts, 'truck_account');
  const truckEntry = alias(ledgerEntries, 'truck_entry');
  const rows = await queryRows<TripMovementRow>(
    tx,
    sql`with postings as (${params.place === 'ON_HAND' ? keptPostingsSql(params, offset + limit) : boardPostingsSql(params, offset + limit)})
        select ${truck.tripId} as trip_id, p.id as transaction_id, posting.source_table, posting.source_id, p.at, abs(${truckEntry.quantityKg})::text as truck_kg
        from postings p
        join ${ledgerTransactions} posting on posting.id = p.id
        join ${ledgerEntries} ${truckEntry} on ${truckEntry.transactionId} = p.id
                          and ${params.direction === 'out' ? sql`${truckEntry.quantityKg} > 0` : sql`${truckEntry.quantityKg} < 0`}
        join ${ledgerAccounts} ${truck} on ${truck.id} = ${truckEntry.accountId} and ${truck.kind} = 'IN_TRANSIT' and ${truck.agencyId} = ${params.agencyId}::integer
        order by ${newest ? sql`p.at desc, p.id desc, ${truck.tripId} desc` : sql`p.at, p.id, ${truck.tripId}`} limit ${limit}::integer offset ${offset}::integer`,
  );
  return rows.map((row) => ({ ...tripPostingOf(row), truckKg: BigInt(row.truck_kg) }));
}

/**
 * The latest truck trips of filtered ON_HAND positions in one direction, from the kept rows alone (no entry read):
 * one row per posting and truck, newest first by the trucks lists' order (the posting's time to the millisecond, then
 * the trip), the first `limit` (more only when the last row's millisecond and trip repeat: every row of that key is
 * in), after `before` (the last row a client holds: an earlier millisecond, or the same and a lower trip) when given:
 * `trip_id`, `transaction_id`, `at` and `place_kg`, the kilograms the filtered positions gained (`in`) or gave (`out`)
 * in the posting, its entries of that sign (a magnitude, the posting's on each of its trucks' rows). The partner
 * tabs' trips lists.
 *
 * Read by postings, in the index's order: the newest `limit` postings of earlier milliseconds than `before` (each
 * gives at least one row), the rest of the last one's millisecond (so the order by trip inside a millisecond is
 * whole), and `before`'s own millisecond (its rows after `before`). A page reads about `limit` postings however deep
 * in the list it is.
 */
/**
 * The condition of a trucks list's rows after a position (trip-list-pages.ts): an earlier millisecond, or the same one
 * and a lower trip; `true` without one. One rule for every list's page.
 */
export function afterListPosition(date: SQL, trip: SQL, before: TripListPosition | undefined): SQL {
  return before === undefined ? sql`true` : sql`(date_trunc('milliseconds', ${date}), ${trip}) < (${before.at.toISOString()}::timestamptz, ${before.tripId}::integer)`;
}

export function latestPlaceTripsSql(params: Omit<TripDetailParams<PositionDimension>, 'newestFirst' | 'offset'> & { before?: TripListPosition | undefined }): SQL {
  const limit = params.limit ?? 1_000;
  const k = ledgerPlaceTrips;
  const where = keptPostingsWhere(params);
  const postings = (range: SQL) =>
    sql`select ${k.at} as at, ${k.transactionId} as transaction_id, sum(${k.quantityKg})::bigint as place_kg, min(${k.tripIds}) as trip_ids
          from ${k} where ${where}${range} group by ${k.at}, ${k.transactionId}`;
  const before = params.before;
  const beforeAt = before ? sql`${before.at.toISOString()}::timestamptz` : undefined;
  const boundary = beforeAt ? sql` union all ${postings(sql` and ${k.at} >= ${beforeAt} and ${k.at} < ${beforeAt} + interval '1 millisecond'`)}` : sql``;
  const after = before ? sql` where ${afterListPosition(sql`p.at`, sql`trip.id`, before)}` : sql``;
  return sql`with newest as materialized (${postings(beforeAt ? sql` and ${k.at} < ${beforeAt}` : sql``)} order by ${k.at} desc, ${k.transactionId} desc limit ${limit}::integer),
             oldest as (select n.at, n.transaction_id from newest n order by n.at, n.transaction_id limit 1)
        select p.at, p.transaction_id, trip.id as trip_id, p.place_kg
        from (select * from newest
              union all ${postings(sql` and ${k.at} >= (select date_trunc('milliseconds', o.at) from oldest o) and (${k.at}, ${k.transactionId}) < (select o.at, o.transaction_id from oldest o)`)}${boundary}) p
        cross join lateral unnest(p.trip_ids) as trip(id)${after}
        order by date_trunc('milliseconds', p.at) desc, trip.id desc
        fetch first (${limit}::integer) rows with ties`;
}

/** The kept columns of `ledger_place_trips` the ON_HAND filter and the scope read (an account's key, copied). */
const keptPlaceColumns: Pick<AccountColumns, 'agencyId' | PositionDimension> = {
  agencyId: ledgerPlaceTrips.agencyId,
  locationId: ledgerPlaceTrips.locationId,
  siloId: ledgerPlaceTrips.siloId,
  ownerCompanyId: ledgerPlaceTrips.ownerCompanyId,
  consignmentId: ledgerPlaceTrips.consignmentId,
  cargoTypeId: ledgerPlaceTrips.cargoTypeId,
  voyageId: ledgerPlaceTrips.voyageId,
  attachedVoyageId: ledgerPlaceTrips.attachedVoyageId,
};

/** The first `count` postings (`id`, `at`) of the page's order moving filtered ON_HAND positions in the direction, from the kept rows. */
function keptPostingsSql(params: TripDetailParams<AccountDimension>, count: number): SQL {
  const k = ledgerPlaceTrips;
  const order = params.newestFirst === true ? sql`${k.at} desc, ${k.transactionId} desc` : sql`${k.at}, ${k.transactionId}`;
  return sql`select distinct ${k.at} as at, ${k.transactionId} as id from ${k} where ${keptPostingsWhere(params)} order by ${order} limit ${count}::integer`;
}

/** The kept rows of filtered ON_HAND positions in the direction and period, within scope. */
function keptPostingsWhere(params: TripDetailParams<AccountDimension>): SQL {
  const k = ledgerPlaceTrips;
  const conditions = [sql`${k.agencyId} = ${params.agencyId}::integer`, sql`${k.direction} = ${params.direction}`, ...filterConditions(keptPlaceColumns, 'ON_HAND', params.filter)];
  const scoped = accountScope(keptPlaceColumns, 'ON_HAND', params.scope);
  if (scoped) conditions.push(scoped);
  if (params.period?.from) conditions.push(sql`${k.at} >= ${params.period.from.toISOString()}::timestamptz`);
  if (params.period?.to) conditions.push(sql`${k.at} < ${params.period.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

/** The first `count` postings (`id`, `at`) of the page's order taking from filtered ON_BOARD positions onto a truck, from the entries. */
function boardPostingsSql(params: TripDetailParams<AccountDimension> & { place: 'ON_HAND' | 'ON_BOARD' }, count: number): SQL {
  const { from, posting } = tripMovements(params.direction, params.place, params);
  const order = params.newestFirst === true ? sql`${posting.createdAt} desc, ${posting.id} desc` : sql`${posting.createdAt}, ${posting.id}`;
  return sql`select distinct ${posting.createdAt} as at, ${posting.id} as id ${from} order by ${order} limit ${count}::integer`;
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
