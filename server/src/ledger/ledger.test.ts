import { ErrorCode, Messages } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../platform/db/client';
import { AppError } from '../platform/errors';
import { inAgency } from '../platform/db/tenancy';
import { createTestDatabase } from '../test/harness';
import { findLedgerDifferences } from './ledger.check';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema';
import { DELIVERED, failureOf, ledgerFixture, ON_BOARD, onHand, VESSEL } from './ledger.test-support';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  drop = () => created.drop();
});
afterAll(async () => {
  await drop();
});

function expectQuantityNotAvailable(error: unknown) {
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode: 409, code: ErrorCode.QUANTITY_NOT_AVAILABLE, message: Messages.quantityNotAvailable });
}

describe('post', () => {
  it('moves stock between accounts with entries that sum to zero', async () => {
    const f = await ledgerFixture(database.db);
    const { transactionId } = await f.move(VESSEL, ON_BOARD, 12_345);
    await f.move(ON_BOARD, onHand(null), 2_345n);
    expect(await f.balance(VESSEL)).toMatchObject({ balanceKg: -12_345n });
    expect(await f.balance(ON_BOARD)).toMatchObject({ balanceKg: 10_000n, usableKg: 10_000n });
    expect(await f.balance(onHand(null))).toMatchObject({ balanceKg: 2_345n, committedKg: 0n });
    expect(await f.balance(onHand(7))).toBeUndefined();
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
    expect(entries.map((e) => e.quantityKg).sort()).toEqual([-12_345n, 12_345n]);
    const [transaction] = await database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
    expect(transaction).toMatchObject({ agencyId: f.agencyId, type: 'test', sourceTable: 'tests', createdBy: f.userId, createdAt: f.at, reversesId: null });
  });

  it('refuses lines that do not sum to zero, non-integer kilograms and empty lines as programming errors', async () => {
    const f = await ledgerFixture(database.db);
    await expect(f.post([{ account: VESSEL, quantityKg: -5 }, { account: ON_BOARD, quantityKg: 4 }])).rejects.toThrow(/sum to zero/);
    await expect(f.post([{ account: VESSEL, quantityKg: -0.5 }, { account: ON_BOARD, quantityKg: 0.5 }])).rejects.toThrow(/integer/);
    await expect(f.post([{ account: VESSEL }, { account: ON_BOARD }])).rejects.toThrow(/must move/);
    await expect(f.post([])).rejects.toThrow(/at least one/);
    expect(await f.balance(ON_BOARD)).toBeUndefined();
  });

  it('refuses to take ON_BOARD, ON_HAND or IN_TRANSIT below zero, and the whole transaction rolls back', async () => {
    const f = await ledgerFixture(database.db);
    await f.move(VESSEL, ON_BOARD, 1_000);
    expectQuantityNotAvailable(await failureOf(f.move(ON_BOARD, onHand(null), 1_001)));
    expectQuantityNotAvailable(await failureOf(f.move(onHand(null), DELIVERED, 1)));
    expectQuantityNotAvailable(await failureOf(f.move({ kind: 'IN_TRANSIT', tripId: 9 }, DELIVERED, 1)));
    // One line of a posting succeeds, a later one overdraws: nothing of it stays.
    const split = f.post([
      { account: VESSEL, quantityKg: -500 },
      { account: ON_BOARD, quantityKg: 500 },
      { account: onHand(3), quantityKg: -500 },
      { account: DELIVERED, quantityKg: 500 },
    ]);
    expectQuantityNotAvailable(await failureOf(split));
    expect(await f.balance(ON_BOARD)).toMatchObject({ balanceKg: 1_000n });
    expect((await f.balance(VESSEL))?.balanceKg).toBe(-1_000n);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_transactions where agency_id = ${f.agencyId}`,
    );
    expect(count?.n).toBe(1);
    // The net of one account is what counts: out and back in one posting is fine.
    await f.post([
      { account: ON_BOARD, quantityKg: -1_000 },
      { account: ON_BOARD, quantityKg: 1_000 },
    ]);
  });

  it('keeps committed quantity for pre-outs: usable = on hand - committed never goes below zero', async () => {
    const f = await ledgerFixture(database.db);
    const position = onHand(1);
    await f.move(VESSEL, position, 1_000);
    await f.post([{ account: position, committedKg: 600 }]);
    expect(await f.balance(position)).toMatchObject({ balanceKg: 1_000n, committedKg: 600n, usableKg: 400n });
    expectQuantityNotAvailable(await failureOf(f.post([{ account: position, committedKg: 401 }])));
    expectQuantityNotAvailable(await failureOf(f.move(position, DELIVERED, 401)));
    expectQuantityNotAvailable(await failureOf(f.post([{ account: position, committedKg: -601 }])));
    // The warehouse out of the pre-out: takes the stock and releases its commitment in one posting.
    await f.post([
      { account: position, quantityKg: -600, committedKg: -600 },
      { account: DELIVERED, quantityKg: 600 },
    ]);
    expect(await f.balance(position)).toMatchObject({ balanceKg: 400n, committedKg: 0n, usableKg: 400n });
    // Only on-hand stock is committed.
    await f.move(VESSEL, ON_BOARD, 10);
    expectQuantityNotAvailable(await failureOf(f.post([{ account: ON_BOARD, committedKg: 5 }])));
  });

  it('finds an account by its whole key: a missing dimension differs from any value', async () => {
    const f = await ledgerFixture(database.db);
    await f.move(VESSEL, onHand(null), 10);
    await f.move(VESSEL, onHand(2), 20);
    await f.move(VESSEL, { kind: 'ON_HAND', locationId: 1 }, 30);
    await f.move(VESSEL, onHand(null), 1);
    const rows = await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.agencyId, f.agencyId));
    expect(rows.map((r) => r.balanceKg).sort((a, b) => Number(a - b))).toEqual([-61n, 11n, 20n, 30n]);
  });

  it('keeps each agency’s ledger to itself', async () => {
    const a = await ledgerFixture(database.db);
    const b = await ledgerFixture(database.db);
    await a.move(VESSEL, ON_BOARD, 100);
    expect(await b.balance(ON_BOARD)).toBeUndefined();
    const seenByB = await inAgency(database.db, b.agencyId, (tx) => tx.select().from(ledgerEntries));
    expect(seenByB).toEqual([]);
  });
});

describe('reverse', () => {
  it('posts the opposite entries with who, when and why', async () => {
    const f = await ledgerFixture(database.db);
    const { transactionId } = await f.move(VESSEL, ON_BOARD, 700);
    const reversal = await f.reverse(transactionId, '  wrong BL  ');
    expect(await f.balance(ON_BOARD)).toMatchObject({ balanceKg: 0n });
    expect(await f.balance(VESSEL)).toMatchObject({ balanceKg: 0n });
    const [row] = await database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, reversal.transactionId));
    expect(row).toMatchObject({ reversesId: transactionId, reason: 'wrong BL', createdBy: f.userId, createdAt: f.at, type: 'test' });
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, reversal.transactionId));
    expect(entries.map((e) => e.quantityKg).sort()).toEqual([-700n, 700n]);
  });

  it('requires a reason', async () => {
    const f = await ledgerFixture(database.db);
    const { transactionId } = await f.move(VESSEL, ON_BOARD, 700);
    const error = await failureOf(f.reverse(transactionId, '   '));
    expect(error).toMatchObject({ statusCode: 400, message: 'Reason is Required!' });
    expect(await f.balance(ON_BOARD)).toMatchObject({ balanceKg: 700n });
  });

  it('reverses a transaction once, never a reversal, and only of its own agency', async () => {
    const f = await ledgerFixture(database.db);
    const other = await ledgerFixture(database.db);
    const { transactionId } = await f.move(VESSEL, ON_BOARD, 700);
    expect(await failureOf(other.reverse(transactionId))).toMatchObject({ statusCode: 404 });
    const reversal = await f.reverse(transactionId);
    expect(await failureOf(f.reverse(transactionId))).toMatchObject({ statusCode: 409, message: 'This transaction has already been reversed.' });
    expect(await failureOf(f.reverse(reversal.transactionId))).toMatchObject({ statusCode: 409 });
  });

  it('refuses with Quantity not available when the stock it brought has moved on', async () => {
    const f = await ledgerFixture(database.db);
    const arrival = await f.move(VESSEL, onHand(null), 700);
    await f.move(onHand(null), DELIVERED, 300);
    expectQuantityNotAvailable(await failureOf(f.reverse(arrival.transactionId)));
    expect(await f.balance(onHand(null))).toMatchObject({ balanceKg: 400n });
  });

  it('reverses a commitment', async () => {
    const f = await ledgerFixture(database.db);
    await f.move(VESSEL, onHand(1), 1_000);
    const preOut = await f.post([{ account: onHand(1), committedKg: 250 }]);
    await f.reverse(preOut.transactionId, 'truck cancelled');
    expect(await f.balance(onHand(1))).toMatchObject({ balanceKg: 1_000n, committedKg: 0n });
  });
});

describe('the database keeps the ledger append-only and balanced', () => {
  it('refuses updates and deletes of transactions and entries, as the application and as the owner', async () => {
    const f = await ledgerFixture(database.db);
    const { transactionId } = await f.move(VESSEL, ON_BOARD, 50);
    const attempts = [
      (db: typeof database.db) => db.update(ledgerEntries).set({ quantityKg: 0n }).where(eq(ledgerEntries.transactionId, transactionId)),
      (db: typeof database.db) => db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId)),
      (db: typeof database.db) => db.update(ledgerTransactions).set({ reason: 'x' }).where(eq(ledgerTransactions.id, transactionId)),
      (db: typeof database.db) => db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId)),
      (db: typeof database.db) => db.update(ledgerAccounts).set({ locationId: 99 }).where(eq(ledgerAccounts.agencyId, f.agencyId)),
      (db: typeof database.db) => db.delete(ledgerAccounts).where(eq(ledgerAccounts.agencyId, f.agencyId)),
    ];
    const refusal = async (work: Promise<unknown>) => String(((await failureOf(work)) as Error | undefined)?.cause);
    for (const attempt of attempts) {
      expect(await refusal(inAgency(database.db, f.agencyId, (tx) => attempt(tx).then(() => undefined)))).toMatch(/append-only|keep their key/);
      expect(await refusal(attempt(database.db).then(() => undefined))).toMatch(/append-only|keep their key/);
    }
    expect(await refusal(database.db.execute(sql`truncate ledger_entries`))).toMatch(/append-only/);
    expect(await findLedgerDifferences(database.db)).toEqual([]);
  });

  it('refuses at commit a transaction whose entries do not sum to zero, even written around the service', async () => {
    const f = await ledgerFixture(database.db);
    await f.move(VESSEL, ON_BOARD, 50);
    const [account] = await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.agencyId, f.agencyId));
    if (!account) throw new Error('fixture missing');
    const unbalanced = inAgency(database.db, f.agencyId, async (tx) => {
      const [t] = await tx
        .insert(ledgerTransactions)
        .values({ agencyId: f.agencyId, type: 'forged', sourceTable: 'tests', sourceId: 0, createdBy: f.userId, createdAt: f.at })
        .returning();
      if (!t) throw new Error('no row');
      await tx.insert(ledgerEntries).values({ agencyId: f.agencyId, transactionId: t.id, accountId: account.id, quantityKg: 5n });
    });
    const error = (await failureOf(unbalanced)) as Error | undefined;
    // PGlite reports it on the transaction, node-postgres as the cause of the failed COMMIT.
    expect(`${String(error)} ${String(error?.cause)}`).toMatch(/does not sum to zero/);
  });
});

describe('ledger:check', () => {
  it('reports a balance that differs from the sum of its entries', async () => {
    const f = await ledgerFixture(database.db);
    await f.move(VESSEL, onHand(1), 900);
    expect(await findLedgerDifferences(database.db)).toEqual([]);
    const position = await f.balance(onHand(1));
    if (!position) throw new Error('fixture missing');
    // Corrupt the kept balances directly, as the table owner (nothing in the product does this).
    await database.db.update(ledgerAccounts).set({ balanceKg: 901n, committedKg: 1n }).where(eq(ledgerAccounts.id, position.id));
    expect(await findLedgerDifferences(database.db)).toEqual([
      { kind: 'balance', agencyId: f.agencyId, id: position.id, keptKg: 901n, fromEntriesKg: 900n },
      { kind: 'committed', agencyId: f.agencyId, id: position.id, keptKg: 1n, fromEntriesKg: 0n },
    ]);
    await database.db.update(ledgerAccounts).set({ balanceKg: 900n, committedKg: 0n }).where(eq(ledgerAccounts.id, position.id));
    expect(await findLedgerDifferences(database.db)).toEqual([]);
  });
});
