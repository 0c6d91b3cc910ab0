import { ErrorCode, LedgerMessages, Messages, type LedgerAccountKind } from '@tonnage/contracts';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import { checkViolation, uniqueViolation } from '../platform/db/query-helpers';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';

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
}

/**
 * Moves the kept balances of the accounts and writes the transaction with its entries, in one statement (one round
 * trip): per account one upsert (created with the movement as its balances, or `balance_kg + delta` under the row
 * lock), each a CTE reading the previous one so they run one after another in key order, a fixed lock order so two
 * postings over the same accounts wait for each other instead of deadlocking; then the transaction and its entries.
 * A CHECK violation means stock would go below zero: the caller's transaction is then unusable and rolls back with
 * `Quantity not available`.
 */
async function record(tx: Db, agencyId: number, header: typeof ledgerTransactions.$inferInsert, movements: Movement[]): Promise<{ transactionId: number }> {
  const perAccount = new Map<string, Movement>();
  for (const m of movements) {
    const text = keyText(m.account);
    const sum = perAccount.get(text);
    perAccount.set(text, sum ? { ...sum, quantityKg: sum.quantityKg + m.quantityKg, committedKg: sum.committedKg + m.committedKg } : m);
  }
  const accounts = [...perAccount].sort(([a], [b]) => (a < b ? -1 : 1)).map(([text, m], index) => ({
    text,
    movement: m,
    cte: sql.raw(`a${index}`),
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
    // Each upsert reads the one before it, so PostgreSQL runs (and locks) them in key order.
    const previous = index === 0 ? sql`` : sql` from ${sql.raw(`a${index - 1}`)}`;
    return sql`${cte} as (
      insert into ledger_accounts (agency_id, kind, ${dimensionColumns}, balance_kg)
      select ${agencyId}::integer, ${m.account.kind}::text, ${values}, ${onProposedRow ? m.quantityKg : 0n}::bigint${previous}
      on conflict on constraint ledger_accounts_key_unique do update
        set balance_kg = ledger_accounts.balance_kg + ${m.quantityKg}::bigint,
            committed_kg = ledger_accounts.committed_kg + ${m.committedKg}::bigint
      returning id, (xmax = 0) as inserted)`;
  });
  const cteOf = new Map(accounts.map((a) => [a.text, a.cte]));
  const entries = sql.join(
    movements.map((m) => sql`((select id from ${cteOf.get(keyText(m.account)) ?? sql.raw('a0')}), ${m.quantityKg}::bigint, ${m.committedKg}::bigint)`),
    sql`, `,
  );
  const last = sql.raw(`a${accounts.length - 1}`);
  const accountColumns = sql.join(
    accounts.map(({ cte }, index) => sql`${cte}.id as ${sql.raw(`id${index}`)}, ${cte}.inserted as ${sql.raw(`inserted${index}`)}`),
    sql`, `,
  );
  const accountTables = sql.join(
    accounts.map(({ cte }) => cte),
    sql`, `,
  );
  let row: Record<string, unknown> | undefined;
  try {
    [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`with ${sql.join(upserts, sql`, `)},
          t as (
            insert into ledger_transactions (agency_id, type, source_table, source_id, created_by, created_at, reverses_id, reason)
            select ${header.agencyId}::integer, ${header.type}::text, ${header.sourceTable}::text, ${header.sourceId}::integer, ${header.createdBy}::integer,
                   ${header.createdAt}::timestamptz, ${header.reversesId ?? null}::integer, ${header.reason ?? null}::text
            from ${last}
            returning id),
          e as (
            insert into ledger_entries (agency_id, transaction_id, account_id, quantity_kg, committed_kg)
            select ${header.agencyId}::integer, t.id, v.account_id, v.quantity_kg, v.committed_kg
            from t, (values ${entries}) as v(account_id, quantity_kg, committed_kg)
            returning transaction_id)
        select t.id as transaction_id, ${accountColumns} from t, ${accountTables}`,
    );
    if (!row) throw new Error('ledger transaction insert returned no row');
    for (const [index, account] of accounts.entries()) {
      if (row[`inserted${index}`] !== true || account.onProposedRow) continue;
      const m = account.movement;
      await tx
        .update(ledgerAccounts)
        .set({ balanceKg: sql`${ledgerAccounts.balanceKg} + ${m.quantityKg}::bigint`, committedKg: sql`${ledgerAccounts.committedKg} + ${m.committedKg}::bigint` })
        .where(eq(ledgerAccounts.id, Number(row[`id${index}`])));
    }
  } catch (error) {
    if (checkViolation(error)?.constraint.startsWith('ledger_accounts_')) throw quantityNotAvailable();
    throw error;
  }
  return { transactionId: Number(row.transaction_id) };
}

/**
 * Posts one business transaction: its lines must sum to zero (a programming error otherwise). Refuses with 409
 * `Quantity not available` when an ON_BOARD, IN_TRANSIT or ON_HAND balance, or a usable quantity, would go below zero.
 */
export async function post(tx: Db, params: PostParams): Promise<{ transactionId: number }> {
  const lines = params.lines.map((line) => ({
    account: line.account,
    quantityKg: kilograms(line.quantityKg),
    committedKg: kilograms(line.committedKg),
  }));
  if (lines.length === 0) throw new Error('A ledger posting needs at least one line');
  if (lines.some((l) => l.quantityKg === 0n && l.committedKg === 0n)) throw new Error('A ledger line must move a quantity or a commitment');
  const total = lines.reduce((sum, l) => sum + l.quantityKg, 0n);
  if (total !== 0n) throw new Error(`A ledger posting must sum to zero, got ${total} kg`);

  return record(
    tx,
    params.agencyId,
    {
      agencyId: params.agencyId,
      type: params.type,
      sourceTable: params.source.table,
      sourceId: params.source.id,
      createdBy: params.userId,
      createdAt: params.at,
    },
    lines,
  );
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
