import { resourceRegistry, type TResourceRow } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { bearer, loginAs, makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The totals of unfiltered lists come from `resource_row_counts`, kept by statement triggers: they must equal
 * `count(*)` through every kind of write (API create, toggle, delete, import, a bulk SQL insert), per agency and
 * per discriminator (a consignee list does not count customers).
 */
let t: TestApp;
let agencyA: number;
let agencyB: number;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  t = await createTestApp();
  agencyA = (await makeAgency(t.database.db, { name: 'Counts A' })).id;
  agencyB = (await makeAgency(t.database.db, { name: 'Counts B' })).id;
  tokenA = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyA })).username);
  tokenB = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, agency: 'A' | 'B', payload?: Record<string, unknown>) {
  const [token, agencyId] = agency === 'A' ? [tokenA, agencyA] : [tokenB, agencyB];
  return t.app.inject({ method, url, headers: { ...bearer(token), 'x-agency-id': String(agencyId) }, ...(payload ? { payload } : {}) });
}

async function total(key: string, agency: 'A' | 'B', status: 'all' | 'active' | 'inactive', page = 1): Promise<number> {
  const response = await call('GET', `/api/${key}?limit=20&page=${page}&status=${status}`, agency);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number }>().count;
}

/** What count(*) says, as the table owner (no row-level security). */
async function counted(table: string, agencyId: number, where = 'true'): Promise<{ all: number; active: number; inactive: number }> {
  const [row] = await queryRows<{ all: string; active: string; inactive: string }>(
    t.database.db,
    sql.raw(
      `select count(*) as all, count(*) filter (where is_active) as active, count(*) filter (where not is_active) as inactive from ${table} where agency_id = ${agencyId} and ${where}`,
    ),
  );
  return { all: Number(row?.all), active: Number(row?.active), inactive: Number(row?.inactive) };
}

async function expectTotals(key: string, table: string, agency: 'A' | 'B', where?: string): Promise<void> {
  const real = await counted(table, agency === 'A' ? agencyA : agencyB, where);
  expect({ all: await total(key, agency, 'all'), active: await total(key, agency, 'active'), inactive: await total(key, agency, 'inactive') }).toEqual(real);
}

describe('kept row counts', () => {
  it('exist for every resource table: an insert, an update and a delete trigger each', async () => {
    const rows = await queryRows<{ table: string; name: string }>(
      t.database.db,
      sql`select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like '%_row_counts_%'`,
    );
    for (const table of new Set(resourceRegistry.map((r) => r.table))) {
      expect(rows.filter((r) => r.table === table).map((r) => r.name).sort()).toEqual([`${table}_row_counts_delete`, `${table}_row_counts_insert`, `${table}_row_counts_update`]);
    }
  });

  it('give full lists the same totals as count(*) through creates, toggles, deletes and a bulk insert, per agency', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 23; n += 1) {
      const response = await call('POST', '/api/cargoType', 'A', { name: `Count cargo ${n}`, code: `CC-${n}` });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<TResourceRow>().id);
    }
    expect(await total('cargoType', 'A', 'all')).toBe(23);
    expect(await total('cargoType', 'A', 'all', 2)).toBe(23);
    expect(await total('cargoType', 'B', 'all')).toBe(0);

    for (const id of ids.slice(0, 3)) expect((await call('PUT', `/api/cargoType/${id}/toggle-status`, 'A')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/cargoType/${ids[5]}`, 'A')).statusCode).toBe(200);
    expect((await call('PUT', `/api/cargoType/${ids[6]}`, 'A', { name: 'Renamed cargo', code: 'CC-R' })).statusCode).toBe(200);
    await expectTotals('cargoType', 'cargo_types', 'A');
    expect(await total('cargoType', 'A', 'inactive')).toBe(3);

    // A bulk insert of another agency's rows in one statement, as the bench and a restore would write them.
    await t.database.db.execute(
      sql`insert into cargo_types (agency_id, name, code, is_active) select ${agencyB}, 'Bulk ' || n, 'B-' || n, n % 4 <> 0 from generate_series(1, 45) as n`,
    );
    await expectTotals('cargoType', 'cargo_types', 'B');
    await expectTotals('cargoType', 'cargo_types', 'A');
  });

  it('count each company type of the shared table apart', async () => {
    for (let n = 0; n < 21; n += 1) {
      expect((await call('POST', '/api/consignee', 'A', { name: `Count consignee ${n}` })).statusCode).toBe(201);
    }
    expect((await call('POST', '/api/customer', 'A', { name: 'Count customer' })).statusCode).toBe(201);
    expect(await total('consignee', 'A', 'all')).toBe(21);
    await expectTotals('consignee', 'companies', 'A', 'company_type_id = 3');
    expect(await total('customer', 'A', 'all')).toBe(1);
  });

  it('answer a full unfiltered list from the kept counts, and filtered or searched ones with count(*)', async () => {
    const real = await counted('cargo_types', agencyB);
    await t.database.db.execute(sql`update resource_row_counts set active = active + 1000 where agency_id = ${agencyB} and table_name = 'cargo_types'`);
    try {
      expect(await total('cargoType', 'B', 'all')).toBe(real.all + 1000);
      const searched = await call('GET', '/api/cargoType?limit=20&search=bulk', 'B');
      expect(searched.json<{ count: number }>().count).toBe(real.all);
    } finally {
      await t.database.db.execute(sql`update resource_row_counts set active = active - 1000 where agency_id = ${agencyB} and table_name = 'cargo_types'`);
    }
    const response = await call('GET', '/api/cargoType?limit=20&search=cargo+1', 'A');
    expect(response.json<{ count: number }>().count).toBe((await counted('cargo_types', agencyA, "name ilike '%cargo 1%'")).all);
  });
});
