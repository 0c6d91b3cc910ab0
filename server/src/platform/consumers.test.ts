import { CONSUMPTION_REFUSALS, RECORD_KINDS, type ConsumedKind } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { CONSUMER_POINTERS, consumedRefusal, consumersOf } from './consumers';
import { queryRows, type Database } from './db/client';
import { RECORD_TABLES } from './record-kinds';

/** The declared back-pointers checked against the migrated database: each names real columns and is indexed. */
let test: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;

beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
});
afterAll(async () => {
  await test.drop();
});

const columnsOf = async (table: string) =>
  (await queryRows<{ name: string }>(database.db, sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table}`)).map((r) => r.name);

/** The first column of each index of a table. */
const leadingIndexColumns = async (table: string) =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`select a.attname as name from pg_index i join pg_class c on c.oid = i.indrelid join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
        where c.relname = ${table}`,
    )
  ).map((r) => r.name);

describe('the back-pointer catalogue', () => {
  it('declares a refusal for every pair a pointer can produce', () => {
    for (const p of CONSUMER_POINTERS) {
      const kinds = typeof p.consumer === 'string' ? [p.consumer] : p.consumer.kinds;
      for (const kind of kinds) expect(consumedRefusal(p.consumed, kind).statusCode).toBe(409);
    }
    expect(() => consumedRefusal('consignment', 'warehouseIn')).toThrow('warehouseIn is not declared as a consumer of consignment');
  });

  it('names a table for every kind, and only kinds of the catalogue consume or are consumed', () => {
    expect(Object.keys(RECORD_TABLES).sort()).toEqual([...RECORD_KINDS].sort());
    for (const [consumed, consumers] of Object.entries(CONSUMPTION_REFUSALS)) {
      expect(RECORD_KINDS).toContain(consumed);
      for (const consumer of Object.keys(consumers)) expect(RECORD_KINDS).toContain(consumer);
    }
  });

  it('points through existing, indexed columns of tables that carry agency_id', async () => {
    for (const p of CONSUMER_POINTERS) {
      const columns = await columnsOf(p.table);
      expect(columns, p.table).toEqual(expect.arrayContaining(['agency_id', 'status', p.pointsAt, ...(typeof p.consumer === 'string' ? ['id'] : [p.consumer.byTableColumn, p.consumer.idColumn])]));
      expect(await leadingIndexColumns(p.table), `${p.table}.${p.pointsAt}`).toContain(p.pointsAt);
      // The consumed record's own table can be locked by agency and id.
      expect(await columnsOf(RECORD_TABLES[p.consumed])).toEqual(expect.arrayContaining(['agency_id', 'id']));
    }
  });

  it('answers "what consumes this?" for every consumed kind (nothing, in an empty database)', async () => {
    for (const kind of Object.keys(CONSUMPTION_REFUSALS) as ConsumedKind[]) {
      const declared = CONSUMER_POINTERS.some((p) => p.consumed === kind);
      // Kinds of flows not built yet have no pointer (and maybe no table) yet: they are not probed.
      if (declared) expect(await consumersOf(database.db, { agencyId: 1, record: { kind, id: 1 } })).toEqual([]);
    }
  });
});
