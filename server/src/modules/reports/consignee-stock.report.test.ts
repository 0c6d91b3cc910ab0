import { consigneeStockReport, kgToTonnes } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { columnTonnes, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld } from './report.test-support';

/**
 * Consignee Stock (`GET /api/reports/consignee-stock-report`): one consignee's or shipment manager's stock by place
 * and cargo type against the test's own computation (own: the sum of `ledger_entries` of its ON_HAND accounts; lent and
 * borrowed: its loans less their returns), for lenders and borrowers of the demo season and a generated one; the
 * required consignee, the cargo filter, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;

interface Expected {
  location_id: number | null;
  voyage_id: number | null;
  cargo_type_id: number;
  own: string;
  lent: string;
  borrowed: string;
}

/** The independent answer for `company`; `cargo` narrows the cargo type (on `x`). */
function expected(agency: number, company: number, cargo: SQL = sql`true`): Promise<Expected[]> {
  return w.rows<Expected>(
    sql`with own as (select a.location_id, a.cargo_type_id, sum(e.quantity_kg) as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where a.kind = 'ON_HAND' and a.owner_company_id = ${company}::integer group by 1, 2),
    returned as (select loan_id, sum(quantity_kg) as kg from loan_returns where status = 'Active' group by 1),
    loans as (select l.location_id, case when l.location_id is null then l.voyage_id end as voyage_id, l.cargo_type_id,
                     sum(l.quantity_kg - coalesce(r.kg, 0)) filter (where l.lender_company_id = ${company}::integer) as lent,
                     sum(l.quantity_kg - coalesce(r.kg, 0)) filter (where l.borrower_company_id = ${company}::integer) as borrowed
              from consignee_to_shipment_manager_loans l left join returned r on r.loan_id = l.id where l.status = 'Active' group by 1, 2, 3),
    x as (select location_id, null::integer as voyage_id, cargo_type_id, kg as own, 0 as lent, 0 as borrowed from own
          union all select location_id, voyage_id, cargo_type_id, 0, coalesce(lent, 0), coalesce(borrowed, 0) from loans)
    select location_id, voyage_id, cargo_type_id, sum(own)::text as own, sum(lent)::text as lent, sum(borrowed)::text as borrowed
    from x where ${cargo} group by 1, 2, 3 having sum(own) <> 0 or sum(lent) <> 0 or sum(borrowed) <> 0
    order by location_id nulls last, voyage_id nulls last, cargo_type_id`,
    agency,
  );
}

const keyOf = (r: { locationId?: unknown; voyageId?: unknown; cargoTypeId?: unknown }) => `${String(r.locationId)}/${String(r.voyageId)}/${String(r.cargoTypeId)}`;

async function compare(who: ReportCaller, company: number, cargo: SQL = sql`true`, query: ReportQueryValues = {}) {
  const want = await expected(w.agencyOf(who), company, cargo);
  const { all, first } = await w.allRows(who, { consigneeId: company, ...query });
  expect(first.count).toBe(want.length);
  const wanted = new Map(want.map((x) => [keyOf({ locationId: x.location_id, voyageId: x.voyage_id, cargoTypeId: x.cargo_type_id }), x]));
  expect(all.map(keyOf).sort()).toEqual([...wanted.keys()].sort());
  for (const r of all) {
    const x = wanted.get(keyOf(r));
    if (!x) throw new Error(keyOf(r));
    expect([r.own, r.lent, r.borrowed, r.net]).toEqual([x.own, x.lent, x.borrowed, String(BigInt(x.own) + BigInt(x.lent) - BigInt(x.borrowed))].map((v) => kgToTonnes(BigInt(v))));
    expect(r.place).toBeTruthy();
  }
  const total = (pick: (x: Expected) => bigint) => kgToTonnes(want.reduce((s, x) => s + pick(x), 0n));
  expect(first.totals).toEqual({
    own: total((x) => BigInt(x.own)),
    lent: total((x) => BigInt(x.lent)),
    borrowed: total((x) => BigInt(x.borrowed)),
    net: total((x) => BigInt(x.own) + BigInt(x.lent) - BigInt(x.borrowed)),
  });
  return want;
}

/** Lenders and borrowers with a loan outstanding, busiest first. */
async function parties(agency: number) {
  return w.rows<{ lender: number; borrower: number }>(
    sql`select l.lender_company_id as lender, l.borrower_company_id as borrower from consignee_to_shipment_manager_loans l
        where l.status = 'Active' and l.quantity_kg > (select coalesce(sum(r.quantity_kg), 0) from loan_returns r where r.loan_id = l.id and r.status = 'Active')
        group by 1, 2 order by count(*) desc`,
    agency,
  );
}

withReportWorld(consigneeStockReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: a lender’s and a borrower’s stock by place, and the totals', async () => {
    const [pair] = await parties(w.agencyId);
    if (!pair) throw new Error('no loan outstanding');
    const lender = await compare('admin', Number(pair.lender));
    expect(lender.some((x) => BigInt(x.own) > 0n) && lender.some((x) => BigInt(x.lent) > 0n)).toBe(true);
    const borrower = await compare('admin', Number(pair.borrower));
    expect(borrower.some((x) => BigInt(x.borrowed) > 0n)).toBe(true);
    const [plain] = await w.rows<{ id: number }>(sql`select owner_company_id as id from ledger_accounts where kind = 'ON_HAND' and balance_kg > 0 and owner_company_id not in (${pair.lender}::integer, ${pair.borrower}::integer) limit 1`);
    if (plain) await compare('admin', Number(plain.id));
  });

  it('generated season: every lender and borrower', async () => {
    const season = await w.generated(16, 3);
    const pairs = await parties(season.agencyId);
    const companies = [...new Set(pairs.flatMap((p) => [Number(p.lender), Number(p.borrower)]))];
    const [owner] = await w.rows<{ id: number }>(sql`select owner_company_id as id from ledger_accounts where kind = 'ON_HAND' and balance_kg > 0 limit 1`, season.agencyId);
    if (owner) companies.push(Number(owner.id));
    expect(companies.length).toBeGreaterThan(0);
    for (const company of companies.slice(0, 6)) await compare('generated', company);
  }, 300_000);
});

describe('the consignee, filters, paging, sort, scope, permission, bad input, export', () => {
  it('asks for the consignee: 400 with the message without one', async () => {
    for (const query of [{}, { consigneeId: '' }] as ReportQueryValues[]) {
      const response = await w.call('admin', query);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/Please select a consignee!/);
    }
    expect((await w.call('admin', {}, '/export.xlsx')).statusCode).toBe(400);
  });

  it('filters by cargo type', async () => {
    const [pair] = await parties(w.agencyId);
    const all = await expected(w.agencyId, Number(pair?.lender));
    const cargo = Number(all[0]?.cargo_type_id);
    await compare('admin', Number(pair?.lender), sql`cargo_type_id = ${cargo}::integer`, { cargoTypeId: cargo });
  });

  it('pages and sorts in the database', async () => {
    const [pair] = await parties(w.agencyId);
    const consigneeId = Number(pair?.lender);
    await w.expectSortedPages('admin', { consigneeId }, [['own', 'desc'], ['place', 'asc'], ['net', 'asc']], ['place']);
  });

  it('scope: a shipment manager’s admin sees its own consignees’ stock as the admin does, another’s not at all', async () => {
    const consignees = await w.rows<{ id: number; sm: number }>(
      sql`select co.id, co.shipment_manager_id as sm from companies co where co.shipment_manager_id in (${w.sm.rsgl}::integer, ${w.sm.bahr}::integer)
          and exists (select 1 from ledger_accounts a where a.owner_company_id = co.id and a.kind = 'ON_HAND' and a.balance_kg > 0) order by co.id`,
    );
    let checked = 0;
    for (const who of ['rsgl', 'bahr'] as const) {
      const other = who === 'rsgl' ? 'bahr' : 'rsgl';
      const own = consignees.find((c) => Number(c.sm) === w.sm[who]);
      if (!own) continue;
      const want = await compare(who, Number(own.id));
      expect(want.length).toBeGreaterThan(0);
      expect((await w.report(other, { consigneeId: Number(own.id) })).count).toBe(0);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('answers 403 without the permission, 400 on bad parameters with a message', async () => {
    const [pair] = await parties(w.agencyId);
    const consigneeId = Number(pair?.lender);
    await w.expectPermissions({ consigneeId });
    const bad: [ReportQueryValues, RegExp][] = [
      [{ consigneeId: 'abc' }, /Please select a consignee!/],
      [{ consigneeId, cargoTypeId: 'x' }, /Invalid id/],
      [{ consigneeId, sortBy: 'balance_kg' }, /cannot be sorted/],
      [{ consigneeId, sortOrder: 'sideways' }, /asc or desc/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports the consignee’s rows with numbers, in English and Arabic', async () => {
    const [pair] = await parties(w.agencyId);
    const consigneeId = Number(pair?.lender);
    const page = await w.report('admin', { consigneeId });
    const sheets = await w.exportSheets('admin', { consigneeId }, { count: page.count, header: { en: 'Place', ar: 'الموقع' }, fileName: 'consignee-stock.xlsx' });
    for (const { sheet } of sheets) expect(columnTonnes(sheet, 6)).toBe(page.totals.net);
  });
});
