import { ErrorCode, Messages } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type Database } from '../platform/db/client';
import { createTestDatabase, testEngine } from '../test/harness';
import { findLedgerDifferences } from './ledger.check';
import type { AccountKey } from './ledger.service';
import { DELIVERED, ledgerFixture, onHand, VESSEL } from './ledger.test-support';
import { voyageFiguresDifferences } from './voyage-figures';

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

it.skipIf(testEngine === 'pglite')('keeps the voyage figures right when postings of one voyage race, without a deadlock', async () => {
  if (!database) throw new Error('no database');
  const db = database.db;
  const f = await ledgerFixture(db);
  const cargo = (consignmentId: number) => ({ voyageId: 81, consignmentId, ownerCompanyId: 1, cargoTypeId: 1 });
  const board = (consignmentId: number): AccountKey => ({ kind: 'ON_BOARD', voyageId: 81, consignmentId });
  const truck = (tripId: number, consignmentId = 1): AccountKey => ({ kind: 'IN_TRANSIT', tripId, ...cargo(consignmentId) });
  for (const c of [1, 2]) await f.move({ kind: 'VESSEL', voyageId: 81, consignmentId: c }, board(c), 1_000_000);
  // 20 trucks on the road, each received on its own accounts: the receipts share no account, only the pair's row.
  for (let i = 0; i < 20; i += 1) await f.move(board(1), truck(2_000 + i), 10_000);
  const deadlocks = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await db.execute(sql`select pg_stat_clear_snapshot()`);
    const [row] = await queryRows<{ n: string }>(db, sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`);
    return Number(row?.n ?? 0);
  };
  const before = await deadlocks();
  const outcomes = await Promise.allSettled([
    ...Array.from({ length: 20 }, (_, i) =>
      f.post([
        { account: truck(2_000 + i), quantityKg: -10_000 },
        { account: { kind: 'ON_HAND', locationId: 1 + (i % 3), siloId: null, attachedVoyageId: 81, ...cargo(1) }, quantityKg: 9_990 },
        { account: { kind: 'TRANSIT_LOSS', tripId: 2_000 + i, ...cargo(1) }, quantityKg: 10 },
      ]),
    ),
    // New slips of both pairs, and swaps between the two pairs' holds in both directions (two pair rows in one posting).
    ...Array.from({ length: 10 }, (_, i) => f.move(board(1 + (i % 2)), truck(3_000 + i, 1 + (i % 2)), 5_000)),
    ...Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? f.move(board(1), board(2), 1_000) : f.move(board(2), board(1), 1_000))),
  ]);
  expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
  expect(await deadlocks()).toBe(before);
  expect(await voyageFiguresDifferences(db)).toEqual([]);
  expect(await findLedgerDifferences(db)).toEqual([]);
  const figures = await queryRows<{ consignment_id: number; remaining: string; in_transit: string; loss: string }>(
    db,
    sql`select consignment_id, remaining_kg::text as remaining, in_transit_kg::text as in_transit, loss_kg::text as loss
        from ledger_voyage_figures where agency_id = ${f.agencyId}::integer order by consignment_id`,
  );
  expect(figures).toEqual([
    { consignment_id: 1, remaining: String(1_000_000 - 200_000 - 25_000), in_transit: '25000', loss: '200' },
    { consignment_id: 2, remaining: String(1_000_000 - 25_000), in_transit: '25000', loss: '0' },
  ]);
});
