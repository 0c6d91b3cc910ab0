import { ErrorCode, Messages } from '@tonnage/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../platform/db/client';
import { createTestDatabase, testEngine } from '../test/harness';
import { findLedgerDifferences } from './ledger.check';
import { DELIVERED, ledgerFixture, onHand, VESSEL } from './ledger.test-support';

/*
 * Races for the same stock. PostgreSQL only: PGlite has a single connection, so its transactions run one after
 * another and never race; the point here is what the database does when they truly overlap.
 */

let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (testEngine === 'pglite') return;
  const created = await createTestDatabase();
  database = created.database;
  drop = () => created.drop();
});
afterAll(async () => {
  await drop?.();
});

it.skipIf(testEngine === 'pglite')('lets 50 concurrent withdrawals take only the stock there is', async () => {
  if (!database) throw new Error('no database');
  const f = await ledgerFixture(database.db);
  const position = onHand(null);
  const stockKg = 10_000n;
  await f.move(VESSEL, position, stockKg);
  // 50 requests of 300..690 kg ask for about 25 t; the position holds 10 t. Each goes to its own new trip account,
  // and every tenth also to the one shared DELIVERED account, so account creation races too.
  const requests = Array.from({ length: 50 }, (_, i) => BigInt(300 + (i % 40) * 10));
  const outcomes = await Promise.allSettled(
    requests.map((kg, i) => f.move(position, i % 10 === 0 ? DELIVERED : { kind: 'IN_TRANSIT', tripId: 1_000 + i }, kg)),
  );

  const succeeded = requests.filter((_, i) => outcomes[i]?.status === 'fulfilled');
  const refused = outcomes.filter((o) => o.status === 'rejected');
  for (const r of refused) {
    expect(r.reason).toMatchObject({ statusCode: 409, code: ErrorCode.QUANTITY_NOT_AVAILABLE, message: Messages.quantityNotAvailable });
  }
  expect(succeeded.length).toBeGreaterThan(0);
  expect(refused.length).toBeGreaterThan(0);
  const taken = succeeded.reduce((sum, kg) => sum + kg, 0n);
  const left = await f.balance(position);
  expect(left?.balanceKg).toBe(stockKg - taken);
  expect(left?.balanceKg).toBeGreaterThanOrEqual(0n);
  // No refusal was wrong: each refused request asked for more than was left at the end.
  for (const [i, o] of outcomes.entries()) if (o.status === 'rejected') expect(requests[i]).toBeGreaterThan(stockKg - taken);
  expect(await findLedgerDifferences(database.db)).toEqual([]);
});

it.skipIf(testEngine === 'pglite')('reverses a transaction once when two reversals race', async () => {
  if (!database) throw new Error('no database');
  const f = await ledgerFixture(database.db);
  const { transactionId } = await f.move(VESSEL, onHand(5), 1_000);
  const outcomes = await Promise.allSettled([f.reverse(transactionId), f.reverse(transactionId)]);
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { statusCode: 409 } });
  expect((await f.balance(onHand(5)))?.balanceKg).toBe(0n);
});
