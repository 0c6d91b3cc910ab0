import { kgToTonnes } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../platform/db/client';
import { createTestDatabase } from '../test/harness';
import { isoMillis, jsonString, jsonTonnes } from './json-sql';

let created: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;

beforeAll(async () => {
  created = await createTestDatabase();
  database = created.database;
});

afterAll(async () => {
  await created.drop();
});

const one = async (expression: ReturnType<typeof sql>): Promise<string | null> => {
  const [row] = await queryRows<{ v: string | null }>(database.db, sql`select ${expression} as v`);
  return row?.v ?? null;
};

describe('JSON written by the database (json-sql.ts) is what the JavaScript writes', () => {
  it('strings: quotes, backslashes, control characters, Arabic, emoji; null stays null', async () => {
    const texts = ['plain', 'a "quoted" name', 'back\\slash', 'tab\there', 'line\nbreak\r\n', 'bell\u0007 and \u001f', 'مطحنة المدينة', 'Jeddah / 2611W 🚚', ''];
    for (const text of texts) expect(await one(jsonString(sql`${text}::text`)), text).toBe(JSON.stringify(text));
    expect(await one(jsonString(sql`null::text`))).toBeNull();
  });

  it('tonnes as kgToTonnes gives them, signs and thousands included', async () => {
    for (const kg of [0n, 5n, -5n, 999n, 1000n, -1000n, 1001n, 35_307n, -1_234_567n, 9_007_199_254_740_993n]) {
      expect(await one(jsonTonnes(sql`${kg.toString()}::bigint`)), String(kg)).toBe(JSON.stringify(kgToTonnes(kg)));
    }
  });

  it('times as toISOString writes them, in UTC whatever the session zone, microseconds truncated', async () => {
    const cases = ['2026-11-29 15:20:17.032999+00', '2026-01-01 00:00:00+03', '2025-12-31 23:59:59.9996+00', '2026-06-15 08:05:09.5+05:30'];
    const written = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Riyadh'`);
      return Promise.all(cases.map(async (at) => (await queryRows<{ v: string }>(tx, sql`select ${isoMillis(sql`${at}::timestamptz`)} as v`))[0]?.v));
    });
    for (const [i, at] of cases.entries()) {
      const [row] = await queryRows<{ at: string | Date }>(database.db, sql`select ${at}::timestamptz as at`);
      expect(written[i], at).toBe(new Date(row?.at ?? 0).toISOString());
    }
  });
});
