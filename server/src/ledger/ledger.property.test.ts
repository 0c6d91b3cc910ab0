import { ErrorCode } from '@tonnage/contracts';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../platform/db/client';
import { createTestDatabase } from '../test/harness';
import { findLedgerDifferences } from './ledger.check';
import { ledgerAccounts, ledgerEntries } from './ledger.schema';
import type { AccountKey, PostingLine } from './ledger.service';
import { DELIVERED, ledgerFixture, ON_BOARD, onHand, VESSEL } from './ledger.test-support';

/*
 * Random sequences of postings (moves of random sizes between a few accounts, many of them overdrawing),
 * commitments and reversals, run against the real engine and a model. After every step: the step succeeded exactly
 * when the model says the stock was there; no guarded balance or usable quantity is below zero; the kept balances
 * equal the model and the sum of the entries; every transaction sums to zero; earlier entries are unchanged.
 */

const ACCOUNTS: AccountKey[] = [VESSEL, ON_BOARD, onHand(1), onHand(null), { kind: 'IN_TRANSIT', tripId: 1 }, DELIVERED];
const GUARDED = new Set(['ON_BOARD', 'IN_TRANSIT', 'ON_HAND']);
const ON_HAND_ACCOUNTS = [2, 3];

type Step =
  | { type: 'move'; from: number; to: number; kg: number }
  | { type: 'commit'; account: number; kg: number }
  | { type: 'reverse'; pick: number };

const account = fc.integer({ min: 0, max: ACCOUNTS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('move' as const), from: account, to: account, kg: fc.integer({ min: 1, max: 3_000 }) }).filter((m) => m.from !== m.to) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('commit' as const), account: fc.constantFrom(...ON_HAND_ACCOUNTS), kg: fc.integer({ min: -1_500, max: 1_500 }).filter((kg) => kg !== 0) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }) },
);

/** Per account index: [quantity delta, committed delta]. */
type Deltas = Map<number, [bigint, bigint]>;

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

it('keeps every invariant through random postings and reversals', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
      const f = await ledgerFixture(database.db);
      const balance = ACCOUNTS.map(() => 0n);
      const committed = ACCOUNTS.map(() => 0n);
      const posted: { transactionId: number; deltas: Deltas; reversed: boolean }[] = [];
      let entriesBefore: (typeof ledgerEntries.$inferSelect)[] = [];

      const allowed = (deltas: Deltas) =>
        [...deltas].every(([i, [q, c]]) => {
          const b = (balance[i] ?? 0n) + q;
          const k = (committed[i] ?? 0n) + c;
          const kind = ACCOUNTS[i]?.kind ?? 'VESSEL';
          return (!GUARDED.has(kind) || b >= 0n) && (k === 0n || (kind === 'ON_HAND' && k > 0n && k <= b));
        });
      const apply = (deltas: Deltas) => {
        for (const [i, [q, c]] of deltas) {
          balance[i] = (balance[i] ?? 0n) + q;
          committed[i] = (committed[i] ?? 0n) + c;
        }
      };

      for (const s of steps) {
        let deltas: Deltas;
        let run: () => Promise<{ transactionId: number }>;
        let reversing: (typeof posted)[number] | undefined;
        if (s.type === 'reverse') {
          const open = posted.filter((p) => !p.reversed);
          reversing = open[s.pick % Math.max(open.length, 1)];
          if (!reversing) continue;
          const target = reversing;
          deltas = new Map([...target.deltas].map(([i, [q, c]]) => [i, [-q, -c]]));
          run = () => f.reverse(target.transactionId);
        } else {
          const lines: PostingLine[] =
            s.type === 'move'
              ? [
                  { account: ACCOUNTS[s.from] ?? VESSEL, quantityKg: -s.kg },
                  { account: ACCOUNTS[s.to] ?? VESSEL, quantityKg: s.kg },
                ]
              : [{ account: ACCOUNTS[s.account] ?? VESSEL, committedKg: s.kg }];
          deltas =
            s.type === 'move'
              ? new Map([
                  [s.from, [-BigInt(s.kg), 0n]],
                  [s.to, [BigInt(s.kg), 0n]],
                ])
              : new Map([[s.account, [0n, BigInt(s.kg)]]]);
          run = () => f.post(lines);
        }

        const expectedToPass = allowed(deltas);
        const outcome = await run().then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );
        if (expectedToPass) {
          if (!('result' in outcome)) throw outcome.error;
          apply(deltas);
          if (reversing) reversing.reversed = true;
          else posted.push({ transactionId: outcome.result.transactionId, deltas, reversed: false });
        } else {
          expect('error' in outcome && outcome.error).toMatchObject({ statusCode: 409, code: ErrorCode.QUANTITY_NOT_AVAILABLE });
        }

        // Balances equal the model (refused steps changed nothing) and the entries; nothing guarded below zero.
        for (const [i, key] of ACCOUNTS.entries()) {
          const kept = await f.balance(key);
          expect([kept?.balanceKg ?? 0n, kept?.committedKg ?? 0n]).toEqual([balance[i], committed[i]]);
          if (GUARDED.has(key.kind)) expect(kept?.usableKg ?? 0n).toBeGreaterThanOrEqual(0n);
        }
        expect(await findLedgerDifferences(database.db)).toEqual([]);
        // Earlier entries are never changed or removed.
        const entries = await database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.agencyId, f.agencyId))
          .orderBy(asc(ledgerEntries.id));
        expect(entries.slice(0, entriesBefore.length)).toEqual(entriesBefore);
        entriesBefore = entries;
      }
      const accounts = await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.agencyId, f.agencyId));
      expect(accounts.length).toBeLessThanOrEqual(ACCOUNTS.length);
    }),
    { numRuns: 100 },
  );
}, 240_000);
