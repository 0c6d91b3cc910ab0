import { ErrorCode, LedgerMessages, Messages, type LedgerAccountKind } from '@tonnage/contracts';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import { checkViolation, uniqueViolation } from '../platform/db/query-helpers';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import { noteTouched } from './dashboard-touch';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';
import { VOYAGE_FIGURE_KINDS, voyageFiguresOf } from './voyage-figures';
import { placeMovesCte } from './place-moves';
import { placeTripsCte } from './place-trips';
import { placeDeparturesCte } from './place-departures';
import { tripStatsCte } from './trip-stats';

/*
 * The stock ledger: the only code that writes stock. Every business transaction makes one `post` call inside the
 * caller's `inAgency` transaction, so its business rows and its stock movement commit or roll back together.
 * Overdrawing is refused by the database (CHECK constraints on the account rows, evaluated on the row locked by
 * the UPDATE), never by a read-then-write here, so racing requests cannot both take the same stock.
 */

/** The dimensions that, with the kind, name an account; an absent dimension is null, and null is part of the key. */
export const ACCOUNT_DIMENSIONS = [
  'voyageId',
  'consignmentId',
  'tripId',
  'locationId',
  'siloId',
  'ownerCompanyId',
  'cargoTypeId',
  'attachedVoyageId',
] as const;
type Dimension = (typeof ACCOUNT_DIMENSIONS)[number];

/** An account by its key, e.g. `{ kind: 'ON_HAND', locationId, siloId: null, ownerCompanyId, consignmentId, cargoTypeId }`. */
export type AccountKey = { kind: LedgerAccountKind } & { [D in Dimension]?: number | null };

export interface PostingLine {
  account: AccountKey;
  /** Signed kilograms: positive adds stock to the account. The lines of a posting sum to zero. */
  quantityKg?: bigint | number;
  /** Signed change of the quantity committed to pre-outs (ON_HAND only); outside the zero sum. */
  committedKg?: bigint | number;
  /**
   * A truck's destination (IN_TRANSIT only, on the line that loads it): its slip's `to_location_id`, kept on the
   * account beside the key for the dashboards' road (rule in road.ts). A line without it leaves the kept one as is.
   */
  destinationLocationId?: number;
}

export interface PostParams {
  agencyId: number;
  /** The business transaction, e.g. 'shipping', 'portLoading'. */
  type: string;
  /** The business record the posting belongs to. */
  source: { table: string; id: number };
  userId: number;
  at: Date;
  lines: PostingLine[];
}

export interface ReverseParams {
  agencyId: number;
  transactionId: number;
  userId: number;
  at: Date;
  reason: string;
}

export interface AccountBalance {
  id: number;
  balanceKg: bigint;
  committedKg: bigint;
  /** What a withdrawal may take: balance - committed. */
  usableKg: bigint;
}

const quantityNotAvailable = () => new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, Messages.quantityNotAvailable);

function kilograms(value: bigint | number | undefined): bigint {
  if (value === undefined) return 0n;
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`Ledger quantities are integer kilograms, got ${value}`);
  return BigInt(value);
}

/** The WHERE conditions that find one account by its key (for a read inside a larger statement). */
export function keyConditions(agencyId: number, account: AccountKey): SQL[] {
  return [
    eq(ledgerAccounts.agencyId, agencyId),
    eq(ledgerAccounts.kind, account.kind),
    ...ACCOUNT_DIMENSIONS.map((d) => {
      const value = account[d] ?? null;
      return value === null ? isNull(ledgerAccounts[d]) : eq(ledgerAccounts[d], value);
    }),
  ];
}

/** The key of an account row. */
function keyOf(row: typeof ledgerAccounts.$inferSelect): AccountKey {
  return { kind: row.kind as LedgerAccountKind, ...Object.fromEntries(ACCOUNT_DIMENSIONS.map((d) => [d, row[d]])) };
}

/** A stable text form of a key: the order in which new accounts are created, so concurrent posters cannot deadlock. */
function keyText(account: AccountKey): string {
  return [account.kind, ...ACCOUNT_DIMENSIONS.map((d) => account[d] ?? '')].join('|');
}

/** The key columns of an account in SQL, in the order of ACCOUNT_DIMENSIONS. */
const dimensionColumns = sql.raw(ACCOUNT_DIMENSIONS.map((d) => `"${ledgerAccounts[d].name}"`).join(', '));

interface Movement {
  account: AccountKey;
  quantityKg: bigint;
  committedKg: bigint;
  destinationLocationId?: number;
}

/** A transaction row to write; `id` when it was taken from the sequence beforehand (an embedded posting). */
type TransactionHeader = typeof ledgerTransactions.$inferInsert & { id?: number };

/** A posting as CTEs of one statement, and what to do with the statement's row: see `postingStatement`. */
interface PostingParts {
  /** The CTEs, to follow `with` (or a comma): the account upserts, the transaction and its entries. */
  ctes: SQL;
  /** The output columns the statement must select for `finish` (with `from` in its FROM clause). */
  columns: SQL;
  /** The CTEs to put in the statement's FROM clause, for `columns`. */
  from: SQL;
  /** After the statement: the movement of accounts it created with a withdrawal (rare), and the transaction id. */
  finish(tx: Db, row: Record<string, unknown>): Promise<{ transactionId: number }>;
}

/**
 * Builds the writes of a posting as CTEs named `<prefix>a0`, `<prefix>a1`... (one upsert per account: created with
 * the movement as its balances, or `balance_kg + delta` under the row lock), `<prefix>t` (the transaction) and
 * `<prefix>e` (its entries). Each upsert reads the one before it (the first reads `after`, when given), so
 * PostgreSQL runs and locks them in key order, a fixed lock order so two postings over the same accounts wait for
 * each other instead of deadlocking; and nothing is written when `after` has no row.
 */
function postingStatement(
  agencyId: number,
  header: TransactionHeader,
  movements: Movement[],
  options: { prefix: string; after?: SQL; counted?: Counted },
): PostingParts {
  const name = (suffix: string) => sql.raw(`${options.prefix}${suffix}`);
  const perAccount = new Map<string, Movement>();
  for (const m of movements) {
    const text = keyText(m.account);
    const sum = perAccount.get(text);
    perAccount.set(
      text,
      sum ? { ...sum, quantityKg: sum.quantityKg + m.quantityKg, committedKg: sum.committedKg + m.committedKg, destinationLocationId: sum.destinationLocationId ?? m.destinationLocationId } : m,
    );
  }
  const accounts = [...perAccount].sort(([a], [b]) => (a < b ? -1 : 1)).map(([text, m], index) => ({
    text,
    movement: m,
    cte: name(`a${index}`),
    // PostgreSQL checks the CHECK constraints on the proposed row before it looks for the conflict, so a withdrawal
    // must not be on it: the proposed row carries the movement only when it adds stock (always valid), else zero,
    // and a new account then gets the movement with one more statement.
    onProposedRow: m.quantityKg >= 0n && m.committedKg === 0n,
  }));
  const upserts = accounts.map(({ movement: m, cte, onProposedRow }, index) => {
    const values = sql.join(
      ACCOUNT_DIMENSIONS.map((d) => sql`${m.account[d] ?? null}::integer`),
      sql`, `,
    );
    const previous = index === 0 ? options.after : name(`a${index - 1}`);
    return sql`${cte} as (
      insert into ledger_accounts (agency_id, kind, ${dimensionColumns}, balance_kg, destination_location_id)
      select ${agencyId}::integer, ${m.account.kind}::text, ${values}, ${onProposedRow ? m.quantityKg : 0n}::bigint, ${m.destinationLocationId ?? null}::integer${previous ? sql` from ${previous}` : sql``}
      on conflict on constraint ledger_accounts_key_unique do update
        set balance_kg = ledger_accounts.balance_kg + ${m.quantityKg}::bigint,
            committed_kg = ledger_accounts.committed_kg + ${m.committedKg}::bigint${
              m.destinationLocationId === undefined ? sql`` : sql`,
            destination_location_id = excluded.destination_location_id`
            }
      returning id, (xmax = 0) as inserted)`;
  });
  const cteOf = new Map(accounts.map((a) => [a.text, a.cte]));
  const entries = sql.join(
    movements.map((m) => sql`((select id from ${cteOf.get(keyText(m.account)) ?? name('a0')}), ${m.quantityKg}::bigint, ${m.committedKg}::bigint)`),
    sql`, `,
  );
  const transaction = name('t');
  const withId = header.id === undefined ? { column: sql``, overriding: sql``, value: sql`` } : { column: sql`id, `, overriding: sql`overriding system value `, value: sql`${header.id}::integer, ` };
  const ctes = sql`${sql.join(upserts, sql`, `)},
    ${transaction} as (
      insert into ledger_transactions (${withId.column}agency_id, type, source_table, source_id, created_by, created_at, reverses_id, reason)
      ${withId.overriding}select ${withId.value}${header.agencyId}::integer, ${header.type}::text, ${header.sourceTable}::text, ${header.sourceId}::integer, ${header.createdBy}::integer,
             ${header.createdAt}::timestamptz, ${header.reversesId ?? null}::integer, ${header.reason ?? null}::text
      from ${name(`a${accounts.length - 1}`)}
      returning id),
    ${name('e')} as (
      insert into ledger_entries (agency_id, transaction_id, account_id, quantity_kg, committed_kg)
      select ${header.agencyId}::integer, ${transaction}.id, v.account_id, v.quantity_kg, v.committed_kg
      from ${transaction}, (values ${entries}) as v(account_id, quantity_kg, committed_kg)
      returning transaction_id)${countersCte(agencyId, header, movements, options.counted ?? { at: header.createdAt, factor: 1 }, cteOf, name)}${voyageFiguresCte(agencyId, movements, name)}`;
  const accountCte = (account: AccountKey) => cteOf.get(keyText(account)) ?? name('a0');
  ctes.append(tripStatsCte(agencyId, header, movements, accountCte, name));
  ctes.append(placeMovesCte(agencyId, header.type, movements, options.counted ?? { at: header.createdAt, factor: 1 }, accountCte, name));
  ctes.append(placeTripsCte(agencyId, header, movements, accountCte, name));
  ctes.append(placeDeparturesCte(agencyId, header, movements, accountCte, name));
  const column = (index: number, what: 'id' | 'inserted') => `${options.prefix}${what}${index}`;
  const columns = sql.join(
    [sql`${transaction}.id as ${sql.raw(`${options.prefix}transaction_id`)}`, ...accounts.map(({ cte }, index) => sql`${cte}.id as ${sql.raw(column(index, 'id'))}, ${cte}.inserted as ${sql.raw(column(index, 'inserted'))}`)],
    sql`, `,
  );
  const from = sql.join(
    [transaction, ...accounts.map(({ cte }) => cte)],
    sql`, `,
  );
  return {
    ctes,
    columns,
    from,
    async finish(tx, row) {
      noteTouched(accounts.map((a) => a.movement.account));
      for (const [index, account] of accounts.entries()) {
        if (row[column(index, 'inserted')] !== true || account.onProposedRow) continue;
        const m = account.movement;
        try {
          await tx
            .update(ledgerAccounts)
            .set({ balanceKg: sql`${ledgerAccounts.balanceKg} + ${m.quantityKg}::bigint`, committedKg: sql`${ledgerAccounts.committedKg} + ${m.committedKg}::bigint` })
            .where(eq(ledgerAccounts.id, Number(row[column(index, 'id')])));
        } catch (error) {
          throw postingError(error);
        }
      }
      return { transactionId: Number(row[`${options.prefix}transaction_id`]) };
    },
  };
}

/** How a posting counts in the movement counters: its business time and sign (a reversal: its original's time, -1). */
interface Counted {
  at: Date;
  factor: 1 | -1;
}

const sign = (kg: bigint) => (kg > 0n ? 1 : -1);

/**
 * The posting's rows of the movement counters (`ledger_movement_totals`, rule in movement-totals.ts) as one more CTE
 * of the posting's statement, `<prefix>c`: an upsert adding the posting's trips and kilograms per account, read
 * after the transaction's insert (nothing when it wrote nothing). Empty when the posting moves no ON_HAND or
 * ON_BOARD quantity. The trucks, places and directions are known here from the lines; the business day (agency
 * time zone), the first account of a place (the lowest id, known once the upserts ran) and whether the first truck
 * was loaded at the port are decided in SQL.
 */
function countersCte(agencyId: number, header: TransactionHeader, movements: Movement[], counted: Counted, cteOf: Map<string, SQL>, name: (suffix: string) => SQL): SQL {
  const trucks = new Map<number, Map<number, SQL[]>>();
  const groups = new Map<string, { text: string; account: AccountKey; entrySign: number; kg: bigint }>();
  for (const m of movements) {
    if (m.quantityKg === 0n) continue;
    const text = keyText(m.account);
    if (m.account.kind === 'IN_TRANSIT') {
      const bySign = trucks.get(sign(m.quantityKg)) ?? new Map<number, SQL[]>();
      trucks.set(sign(m.quantityKg), bySign);
      const tripId = m.account.tripId ?? 0;
      const ctes = bySign.get(tripId) ?? [];
      const cte = cteOf.get(text);
      if (cte && !ctes.includes(cte)) ctes.push(cte);
      bySign.set(tripId, ctes);
    }
    if (m.account.kind !== 'ON_HAND' && m.account.kind !== 'ON_BOARD') continue;
    const key = `${text}#${sign(m.quantityKg)}`;
    const group = groups.get(key);
    const kg = m.quantityKg < 0n ? -m.quantityKg : m.quantityKg;
    if (group) group.kg += kg;
    else groups.set(key, { text, account: m.account, entrySign: sign(m.quantityKg), kg });
  }
  if (groups.size === 0) return sql``;
  const rows = [...groups.values()].map((g) => {
    const direction = g.entrySign * counted.factor > 0 ? 'in' : 'out';
    const opposite = trucks.get(-g.entrySign);
    const trips = opposite?.size ?? 0;
    let origin: SQL = sql`'none'`;
    if (opposite && trips > 0) {
      const first = opposite.get(Math.min(...opposite.keys())) ?? [];
      origin =
        direction === 'in'
          ? sql`case when exists (select 1 from ledger_entries pe join ledger_transactions pt on pt.id = pe.transaction_id and pt.type = 'portLoading'
                  where pe.account_id in (${sql.join(
                    first.map((cte) => sql`(select id from ${cte})`),
                    sql`, `,
                  )}) and pe.quantity_kg > 0) then 'port' else 'truck' end`
          : sql`'truck'`;
    }
    const place = `${g.account.kind}|${String(g.account.kind === 'ON_HAND' ? g.account.locationId : g.account.voyageId)}|${g.entrySign}`;
    return sql`((select id from ${cteOf.get(g.text) ?? name('a0')}), ${place}::text, ${direction}::text, ${origin}::text, ${trips}::integer, ${g.kg}::bigint)`;
  });
  const factor = counted.factor;
  return sql`,
    ${name('c')} as (
      insert into ledger_movement_totals as k (agency_id, account_id, day, direction, posting_type, origin, trips, place_trips, kg)
      select ${agencyId}::integer, v.account_id, (${counted.at}::timestamptz at time zone (select timezone from agencies where id = ${agencyId}::integer))::date,
             v.direction, ${header.type}::text, v.origin, ${factor}::integer * v.trips,
             ${factor}::integer * case when v.account_id = min(v.account_id) over (partition by v.place) then v.trips else 0 end, ${factor}::integer * v.kg
      from ${name('t')}, (values ${sql.join(rows, sql`, `)}) as v(account_id, place, direction, origin, trips, kg)
      on conflict on constraint ledger_movement_totals_pkey do update
        set trips = k.trips + excluded.trips, place_trips = k.place_trips + excluded.place_trips, kg = k.kg + excluded.kg)`;
}

/**
 * The posting's deltas of the kept per-voyage figures (`ledger_voyage_figures`, rule in voyage-figures.ts) as one more
 * CTE of the posting's statement, `<prefix>f`: an upsert adding, per (voyage, consignment), what the posting moved on
 * its VESSEL, ON_BOARD, IN_TRANSIT and TRANSIT_LOSS accounts, read after the transaction's insert (nothing when it
 * wrote nothing). Empty when the posting moves none of those kinds with a voyage and a consignment. Whether a trip is a
 * loading slip's is decided in SQL (`trips.kind`, by the rule's own select); a pair whose figures do not change is not
 * written (and not locked). The pair rows are written in (voyage, consignment) order, after every account row of the
 * posting is locked (in key order): one order for all postings, see docs/decisions.md 2026-11-28.
 */
function voyageFiguresCte(agencyId: number, movements: Movement[], name: (suffix: string) => SQL): SQL {
  const kinds: readonly string[] = VOYAGE_FIGURE_KINDS;
  const lines = new Map<string, { account: AccountKey; kg: bigint }>();
  for (const m of movements) {
    const a = m.account;
    if (m.quantityKg === 0n || !kinds.includes(a.kind) || a.voyageId == null || a.consignmentId == null) continue;
    const key = [a.kind, a.voyageId, a.consignmentId, a.tripId ?? ''].join('|');
    const line = lines.get(key);
    if (line) line.kg += m.quantityKg;
    else lines.set(key, { account: a, kg: m.quantityKg });
  }
  if (lines.size === 0) return sql``;
  const rows = sql.join(
    [...lines.values()].map(
      ({ account: a, kg }) => sql`(${agencyId}::integer, ${a.voyageId}::integer, ${a.consignmentId}::integer, ${a.tripId ?? null}::integer, ${a.kind}::text, ${kg}::bigint)`,
    ),
    sql`, `,
  );
  return sql`,
    ${name('f')} as (
      insert into ledger_voyage_figures as k (agency_id, voyage_id, consignment_id, quantity_kg, remaining_kg, in_transit_kg, loss_kg)
      select d.agency_id, d.voyage_id, d.consignment_id, d.quantity_kg, d.remaining_kg, d.in_transit_kg, d.loss_kg
      from ${name('t')}, (${voyageFiguresOf(sql`select * from (values ${rows}) as v(agency_id, voyage_id, consignment_id, trip_id, kind, kg)`)}) d
      where d.quantity_kg <> 0 or d.remaining_kg <> 0 or d.in_transit_kg <> 0 or d.loss_kg <> 0
      order by d.voyage_id, d.consignment_id
      on conflict on constraint ledger_voyage_figures_pkey do update
        set quantity_kg = k.quantity_kg + excluded.quantity_kg, remaining_kg = k.remaining_kg + excluded.remaining_kg,
            in_transit_kg = k.in_transit_kg + excluded.in_transit_kg, loss_kg = k.loss_kg + excluded.loss_kg)`;
}

/**
 * The error a statement that wrote a posting failed with, as the caller should see it: a CHECK violation of an
 * account (stock or usable quantity below zero) is `Quantity not available`; anything else is itself.
 */
export function postingError(error: unknown): unknown {
  return checkViolation(error)?.constraint.startsWith('ledger_accounts_') ? quantityNotAvailable() : error;
}

/**
 * Moves the kept balances of the accounts and writes the transaction with its entries, in one statement (one round
 * trip; see `postingStatement`). A CHECK violation means stock would go below zero: the caller's transaction is
 * then unusable and rolls back with `Quantity not available`.
 */
async function record(tx: Db, agencyId: number, header: typeof ledgerTransactions.$inferInsert, movements: Movement[], counted?: Counted): Promise<{ transactionId: number }> {
  const parts = postingStatement(agencyId, header, movements, { prefix: '', ...(counted ? { counted } : {}) });
  let row: Record<string, unknown> | undefined;
  try {
    [row] = await queryRows<Record<string, unknown>>(tx, sql`with ${parts.ctes} select ${parts.columns} from ${parts.from}`);
  } catch (error) {
    throw postingError(error);
  }
  if (!row) throw new Error('ledger transaction insert returned no row');
  return parts.finish(tx, row);
}

/** The lines of a posting checked (integer kilograms, each moving something, summing to zero) as movements. */
function movementsOf(params: PostParams): Movement[] {
  const lines = params.lines.map((line) => ({
    account: line.account,
    quantityKg: kilograms(line.quantityKg),
    committedKg: kilograms(line.committedKg),
    ...(line.destinationLocationId === undefined ? {} : { destinationLocationId: line.destinationLocationId }),
  }));
  if (lines.some((l) => l.destinationLocationId !== undefined && l.account.kind !== 'IN_TRANSIT')) throw new Error('Only a truck (IN_TRANSIT) line has a destination');
  if (lines.length === 0) throw new Error('A ledger posting needs at least one line');
  if (lines.some((l) => l.quantityKg === 0n && l.committedKg === 0n)) throw new Error('A ledger line must move a quantity or a commitment');
  const total = lines.reduce((sum, l) => sum + l.quantityKg, 0n);
  if (total !== 0n) throw new Error(`A ledger posting must sum to zero, got ${total} kg`);
  return lines;
}

/** The header row of a new posting. */
function headerOf(params: PostParams): typeof ledgerTransactions.$inferInsert {
  return { agencyId: params.agencyId, type: params.type, sourceTable: params.source.table, sourceId: params.source.id, createdBy: params.userId, createdAt: params.at };
}

/**
 * `post` as part of a caller's statement, to save its round trip on a hot path (a loading slip): the CTEs of the
 * posting (names starting with `prefix`), which write nothing unless the CTE `after` has a row, with the
 * transaction id taken beforehand (`nextval`). The caller selects `columns` from `from`, maps a failure through
 * `postingError`, and passes the row to `finish`. Same checks, lock order and refusals as `post`. One posting per
 * statement: two would upsert the same account, movement counter or voyage figures row twice, which one statement cannot.
 */
export function embeddedPost(params: PostParams & { transactionId: number; prefix: string; after: SQL }): PostingParts {
  return postingStatement(params.agencyId, { ...headerOf(params), id: params.transactionId }, movementsOf(params), { prefix: params.prefix, after: params.after });
}

/**
 * Posts one business transaction: its lines must sum to zero (a programming error otherwise). Refuses with 409
 * `Quantity not available` when an ON_BOARD, IN_TRANSIT or ON_HAND balance, or a usable quantity, would go below zero.
 */
export async function post(tx: Db, params: PostParams): Promise<{ transactionId: number }> {
  return record(tx, params.agencyId, headerOf(params), movementsOf(params));
}

const alreadyReversed = () => conflict(LedgerMessages.alreadyReversed);

/**
 * Reverses a posted transaction by posting its opposite entries, recording who, when and why. 400
 * `Reason is Required!` without a reason, 404 for an unknown transaction, 409 when it was already reversed or is
 * itself a reversal, and 409 `Quantity not available` when the stock it brought has moved on.
 */
export async function reverse(tx: Db, params: ReverseParams): Promise<{ transactionId: number }> {
  const reason = params.reason.trim();
  if (!reason) throw badRequest(Messages.reasonRequired, { reason: Messages.reasonRequired });
  const [original] = await tx
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.agencyId, params.agencyId), eq(ledgerTransactions.id, params.transactionId)));
  if (!original) throw notFound();
  if (original.reversesId !== null) throw conflict(LedgerMessages.reversalOfReversal);
  const [reversal] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reversesId, original.id));
  if (reversal) throw alreadyReversed();

  const entries = await tx
    .select({ account: ledgerAccounts, quantityKg: ledgerEntries.quantityKg, committedKg: ledgerEntries.committedKg })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, original.id))
    .orderBy(asc(ledgerEntries.id));
  try {
    return await record(
      tx,
      params.agencyId,
      {
        agencyId: params.agencyId,
        type: original.type,
        sourceTable: original.sourceTable,
        sourceId: original.sourceId,
        createdBy: params.userId,
        createdAt: params.at,
        reversesId: original.id,
        reason,
      },
      entries.map((e) => ({ account: keyOf(e.account), quantityKg: -e.quantityKg, committedKg: -e.committedKg })),
      // The reversal takes its original's counts back, on the original's day and in its direction.
      { at: original.createdAt, factor: -1 },
    );
  } catch (error) {
    // A concurrent reversal of the same transaction committed first.
    if (uniqueViolation(error)?.constraint === 'ledger_transactions_reverses_unique') throw alreadyReversed();
    throw error;
  }
}

/** The balances of an account, or undefined when nothing was ever posted to its key. */
export async function accountBalance(tx: Db, params: { agencyId: number; account: AccountKey }): Promise<AccountBalance | undefined> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id, balanceKg: ledgerAccounts.balanceKg, committedKg: ledgerAccounts.committedKg })
    .from(ledgerAccounts)
    .where(and(...keyConditions(params.agencyId, params.account)));
  return row && { ...row, usableKg: row.balanceKg - row.committedKg };
}
