import { COMPANY_TYPE_IDS, consigneeCargoStatsReport, kgToTonnes } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { columnTonnes, type ReportCaller, type ReportQueryValues, type ReportWorld, SLIP_TRIPS, withReportWorld } from './report.test-support';

/**
 * Consignee Cargo Stats (`GET /api/reports/consignee-cargo-stats`): every consignee's and shipment manager's figures
 * and the totals against the test's own computation (BLs; from `ledger_entries`: what loading slips' trucks' receipts
 * put into its ownership, its entries at warehouses, what Consignee In receipts put into its ownership; the loan and
 * sale records), on the demo season and a generated one; filters, paging, sort, scope, bad parameters, permission,
 * the export.
 */
let w: ReportWorld;

interface Expected {
  id: number;
  bl: string;
  received: string;
  warehouses: string;
  delivered: string;
  lent: string;
  borrowed: string;
  sold: string;
}

interface Narrow {
  /** Companies (on `co`). */
  co?: SQL;
  /** LCs whose BLs count (on `c`). */
  lc?: SQL;
  /** Loans that count (on `l`). */
  loan?: SQL;
  /** Sales that count (on `s`). */
  sale?: SQL;
}

/** The independent answer per consignee or shipment manager with anything to show. */
function expected(agency: number, narrow: Narrow = {}): Promise<Expected[]> {
  const { co = sql`true`, lc = sql`true`, loan = sql`true`, sale = sql`true` } = narrow;
  return w.rows<Expected>(
    sql`with truck_transactions as (select distinct e.transaction_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT' and a.trip_id in (${SLIP_TRIPS})),
    received as (select a.owner_company_id as id, sum(e.quantity_kg) as kg from truck_transactions tt join ledger_entries e on e.transaction_id = tt.transaction_id
                 join ledger_accounts a on a.id = e.account_id where a.kind = 'ON_HAND' group by 1),
    warehouses as (select a.owner_company_id as id, sum(e.quantity_kg) as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
                   join locations loc on loc.id = a.location_id where a.kind = 'ON_HAND' and loc.location_kind_id = 1 group by 1),
    delivered as (select a.owner_company_id as id, sum(e.quantity_kg) as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
                  join ledger_transactions x on x.id = e.transaction_id where a.kind = 'ON_HAND' and x.source_table = 'consignee_ins' group by 1),
    bl as (select c.bl_consignee_id as id, sum(s.bl_quantity_kg) as kg from shipments s join consignments c on c.id = s.consignment_id
           where s.status = 'Active' and c.status = 'Active' and ${lc} group by 1),
    loans as (select l.id, l.lender_company_id, l.borrower_company_id, l.quantity_kg from consignee_to_shipment_manager_loans l where l.status = 'Active' and ${loan}),
    returned as (select r.loan_id, sum(r.quantity_kg) as kg from loan_returns r where r.status = 'Active' group by 1),
    lent as (select loans.lender_company_id as id, sum(loans.quantity_kg) - sum(coalesce(returned.kg, 0)) as kg from loans left join returned on returned.loan_id = loans.id group by 1),
    borrowed as (select loans.borrower_company_id as id, sum(loans.quantity_kg) - sum(coalesce(returned.kg, 0)) as kg from loans left join returned on returned.loan_id = loans.id group by 1),
    sold as (select s.seller_company_id as id, sum(s.quantity_kg) as kg from consignee_to_customer_sales s where s.status = 'Active' and ${sale} group by 1),
    f as (
      select co.id, coalesce(bl.kg, 0) as bl, coalesce(received.kg, 0) as received, coalesce(warehouses.kg, 0) as warehouses, coalesce(delivered.kg, 0) as delivered,
             coalesce(lent.kg, 0) as lent, coalesce(borrowed.kg, 0) as borrowed, coalesce(sold.kg, 0) as sold
      from companies co left join bl on bl.id = co.id left join received on received.id = co.id left join warehouses on warehouses.id = co.id
      left join delivered on delivered.id = co.id left join lent on lent.id = co.id left join borrowed on borrowed.id = co.id left join sold on sold.id = co.id
      where co.company_type_id in (${COMPANY_TYPE_IDS.consignee}::integer, ${COMPANY_TYPE_IDS.shipmentManager}::integer) and ${co})
    select id, bl::text, received::text, warehouses::text, delivered::text, lent::text, borrowed::text, sold::text from f
    where bl <> 0 or received <> 0 or warehouses <> 0 or delivered <> 0 or lent <> 0 or borrowed <> 0 or sold <> 0 order by id`,
    agency,
  );
}

const FIGURES = ['blQuantity', 'received', 'inWarehouses', 'delivered', 'lent', 'borrowed', 'sold'] as const;
const figuresOf = (x: Expected) => [x.bl, x.received, x.warehouses, x.delivered, x.lent, x.borrowed, x.sold].map((v) => BigInt(v));

async function compare(who: ReportCaller, narrow: Narrow = {}, query: ReportQueryValues = {}) {
  const want = await expected(w.agencyOf(who), narrow);
  const { all, first } = await w.allRows(who, query);
  expect(first.count).toBe(want.length);
  const got = [...all].sort((a, b) => Number(a.companyId) - Number(b.companyId));
  expect(got.map((r) => [r.companyId, ...FIGURES.map((f) => r[f])])).toEqual(want.map((x) => [Number(x.id), ...figuresOf(x).map(kgToTonnes)]));
  expect(first.totals).toEqual(Object.fromEntries(FIGURES.map((f, i) => [f, kgToTonnes(want.reduce((s, x) => s + (figuresOf(x)[i] ?? 0n), 0n))])));
  return want;
}

/** What a shipment manager's company admin may see: its own and its consignees' cargo, its LCs, their loans and sales. */
function ofManager(sm: number): Narrow {
  const owned = (column: SQL) => sql`(${column} = ${sm}::integer or ${column} in (select id from companies where shipment_manager_id = ${sm}::integer))`;
  return {
    co: owned(sql`co.id`),
    lc: sql`c.shipment_manager_id = ${sm}::integer`,
    loan: sql`((l.shipment_id is null and ${owned(sql`l.lender_company_id`)}) or (l.shipment_id is not null and l.consignment_id in (select id from consignments where shipment_manager_id = ${sm}::integer)))`,
    sale: owned(sql`s.seller_company_id`),
  };
}

withReportWorld(consigneeCargoStatsReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: every consignee’s figures and the totals', async () => {
    const want = await compare('admin');
    expect(want.length).toBeGreaterThanOrEqual(2);
    for (const i of [1, 2, 3, 4, 5]) expect(want.some((x) => (figuresOf(x)[i] ?? 0n) > 0n), FIGURES[i]).toBe(true);
  });

  it('generated season: every consignee’s figures and the totals', async () => {
    await w.generated(16, 3);
    const want = await compare('generated');
    expect(want.some((x) => BigInt(x.received) > 0n)).toBe(true);
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by consignee and by shipment manager (itself and its consignees)', async () => {
    const [c] = await w.rows<{ id: number; sm: number }>(
      sql`select bl_consignee_id as id, shipment_manager_id as sm from consignments where status = 'Active' and shipment_manager_id is not null order by id limit 1`,
    );
    if (!c) throw new Error('no LC');
    expect((await compare('admin', { co: sql`co.id = ${c.id}::integer` }, { consigneeId: c.id })).length).toBe(1);
    const ofSm = await compare('admin', { co: sql`(co.id = ${c.sm}::integer or co.shipment_manager_id = ${c.sm}::integer)` }, { shipmentManagerId: c.sm });
    expect(ofSm.length).toBeGreaterThanOrEqual(2);
  });

  it('pages and sorts in the database', async () => {
    await w.expectSortedPages('admin', {}, [['received', 'desc'], ['consignee', 'asc'], ['lent', 'asc']], ['consignee']);
  });

  it('scope: each shipment manager’s admin sees itself and its consignees only, disjoint', async () => {
    const seen: Record<string, number[]> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      seen[who] = (await compare(who, ofManager(w.sm[who]))).map((x) => Number(x.id));
      expect(seen[who]?.length).toBeGreaterThan(0);
    }
    for (const id of seen.rsgl ?? []) expect(seen.bahr).not.toContain(id);
    expect((await w.report('bahr', { consigneeId: w.sm.rsgl })).count).toBe(0);
  });

  it('answers 403 without the permission, 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ consigneeId: 'abc' }, /Invalid id/],
      [{ shipmentManagerId: '1.5' }, /Invalid id/],
      [{ sortBy: 'name' }, /cannot be sorted/],
      [{ limit: 1000 }, /Page size/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every row with numbers, in English and Arabic', async () => {
    const page = await w.report('admin');
    const sheets = await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Consignee', ar: 'المستلم' }, fileName: 'consignee-cargo-stats.xlsx' });
    for (const { sheet } of sheets) expect(columnTonnes(sheet, 4)).toBe(page.totals.received);
  });
});
