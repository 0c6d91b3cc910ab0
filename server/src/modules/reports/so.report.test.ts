import { kgToTonnes, soReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { columnTonnes, expectTonnesCell, type ReportCaller, type ReportQueryValues, type ReportWorld, SLIP_TRIPS, withReportWorld } from './report.test-support';

/**
 * Sale Order report (`GET /api/reports/so-report`): every sale order's figures and the totals against the test's own
 * computation (the sale orders' and LCs' documents, and from `ledger_entries`: what loading slips' trucks took off
 * ON_BOARD, what those trucks' receipts put ON_HAND), on the demo season and a generated one; filters, paging, sort,
 * scope (two shipment managers' admins), bad parameters, permission and the export.
 */
let w: ReportWorld;

interface Expected {
  id: number;
  quantity: string;
  lc_count: number;
  lc_quantity: string;
  bl: string;
  discharged: string;
  delivered: string;
}

/**
 * The independent answer per live sale order matching `so` (on `so`), with the figures of its live LCs matching
 * `lc` (on `c`): discharged = what left ON_BOARD in transactions that put it on a truck; delivered = the ON_HAND
 * entries of the transactions that took a loading slip's truck's cargo off it.
 */
function expected(agency: number, so: SQL = sql`true`, lc: SQL = sql`true`): Promise<Expected[]> {
  return w.rows<Expected>(
    sql`with cs as (select c.id, c.sale_order_id, c.quantity_kg from consignments c where c.status = 'Active' and ${lc}),
    discharged as (
      select a.consignment_id, -sum(e.quantity_kg) as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind = 'ON_BOARD' and exists (select 1 from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where e2.transaction_id = e.transaction_id and a2.kind = 'IN_TRANSIT')
      group by 1),
    truck_transactions as (select distinct e.transaction_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT' and a.trip_id in (${SLIP_TRIPS})),
    delivered as (
      select a.consignment_id, sum(e.quantity_kg) as kg from truck_transactions tt join ledger_entries e on e.transaction_id = tt.transaction_id
      join ledger_accounts a on a.id = e.account_id where a.kind = 'ON_HAND' group by 1),
    bl as (select consignment_id, sum(bl_quantity_kg) as kg from shipments where status = 'Active' group by 1),
    per as (select cs.sale_order_id, count(*)::integer as lc_count, sum(cs.quantity_kg) as lc_quantity, sum(coalesce(bl.kg, 0)) as bl,
                   sum(coalesce(d.kg, 0)) as discharged, sum(coalesce(dv.kg, 0)) as delivered
            from cs left join bl on bl.consignment_id = cs.id left join discharged d on d.consignment_id = cs.id left join delivered dv on dv.consignment_id = cs.id
            group by 1)
    select so.id, so.quantity_kg::text as quantity, coalesce(per.lc_count, 0)::integer as lc_count, coalesce(per.lc_quantity, 0)::text as lc_quantity,
           coalesce(per.bl, 0)::text as bl, coalesce(per.discharged, 0)::text as discharged, coalesce(per.delivered, 0)::text as delivered
    from sale_orders so left join per on per.sale_order_id = so.id where so.status = 'Active' and ${so} order by so.id`,
    agency,
  );
}

const tonnes = (kg: string | bigint) => kgToTonnes(BigInt(kg));
const sum = (values: readonly string[]) => kgToTonnes(values.reduce((s, v) => s + BigInt(v), 0n));

async function compare(who: ReportCaller, so: SQL = sql`true`, lc: SQL = sql`true`, query: ReportQueryValues = {}) {
  const want = await expected(w.agencyOf(who), so, lc);
  const { all, first } = await w.allRows(who, query);
  expect(first.count).toBe(want.length);
  const got = [...all].sort((a, b) => Number(a.saleOrderId) - Number(b.saleOrderId));
  expect(got.map((r) => [r.saleOrderId, r.quantity, r.lcCount, r.lcQuantity, r.blQuantity, r.discharged, r.delivered, r.remaining])).toEqual(
    want.map((x) => [Number(x.id), tonnes(x.quantity), x.lc_count, tonnes(x.lc_quantity), tonnes(x.bl), tonnes(x.discharged), tonnes(x.delivered), tonnes(BigInt(x.quantity) - BigInt(x.delivered))]),
  );
  expect(first.totals).toEqual({
    quantity: sum(want.map((x) => x.quantity)),
    lcCount: want.reduce((s, x) => s + x.lc_count, 0),
    lcQuantity: sum(want.map((x) => x.lc_quantity)),
    blQuantity: sum(want.map((x) => x.bl)),
    discharged: sum(want.map((x) => x.discharged)),
    delivered: sum(want.map((x) => x.delivered)),
    remaining: kgToTonnes(want.reduce((s, x) => s + BigInt(x.quantity) - BigInt(x.delivered), 0n)),
  });
  return want;
}

withReportWorld(soReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: every sale order’s figures and the totals', async () => {
    const want = await compare('admin');
    expect(want.length).toBeGreaterThanOrEqual(2);
    expect(want.some((x) => BigInt(x.delivered) > 0n) && want.some((x) => BigInt(x.discharged) > BigInt(x.delivered))).toBe(true);
  });

  it('generated season: every sale order’s figures and the totals', async () => {
    await w.generated(16, 3);
    const want = await compare('generated');
    expect(want.some((x) => BigInt(x.delivered) > 0n)).toBe(true);
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by sale order, seller, buyer, cargo type and order period', async () => {
    const [so] = await w.rows<{ id: number; seller_id: number; buyer_id: number; cargo_type_id: number; order_date: string }>(
      sql`select id, seller_id, buyer_id, cargo_type_id, to_char(order_date, 'YYYY-MM-DD') as order_date from sale_orders where status = 'Active' order by id limit 1`,
    );
    if (!so) throw new Error('no sale order');
    await compare('admin', sql`so.id = ${so.id}::integer`, sql`true`, { saleOrderId: so.id });
    await compare('admin', sql`so.seller_id = ${so.seller_id}::integer`, sql`true`, { sellerId: so.seller_id });
    await compare('admin', sql`so.buyer_id = ${so.buyer_id}::integer`, sql`true`, { buyerId: so.buyer_id });
    await compare('admin', sql`so.cargo_type_id = ${so.cargo_type_id}::integer`, sql`true`, { cargoTypeId: so.cargo_type_id });
    const want = await compare('admin', sql`so.order_date between ${so.order_date}::date and ${so.order_date}::date`, sql`true`, { fromDate: so.order_date, toDate: so.order_date });
    expect(want.map((x) => Number(x.id))).toContain(Number(so.id));
    await compare('admin', sql`so.order_date > ${so.order_date}::date`, sql`true`, { fromDate: new Date(Date.parse(`${so.order_date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) });
  });

  it('pages and sorts in the database', async () => {
    await w.expectSortedPages('admin', {}, [['discharged', 'desc'], ['saleOrder', 'asc'], ['remaining', 'asc']], ['saleOrder']);
    expect((await w.report('admin', { page: 999 })).rows).toEqual([]);
  });

  it('scope: each shipment manager’s admin sees the sale orders of its LCs with its LCs’ figures only', async () => {
    const seen: Record<string, Expected[]> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      const lc = sql`c.shipment_manager_id = ${w.sm[who]}::integer`;
      seen[who] = await compare(who, sql`exists (select 1 from consignments c where c.sale_order_id = so.id and ${lc})`, lc);
      expect(seen[who]?.length).toBeGreaterThan(0);
    }
    // Each LC is one SM's: their LC quantities add up to the admin's where both see a sale order.
    const admin = await expected(w.agencyId, sql`true`, sql`c.shipment_manager_id in (${w.sm.rsgl}::integer, ${w.sm.bahr}::integer)`);
    for (const x of admin) {
      const parts = [...(seen.rsgl ?? []), ...(seen.bahr ?? [])].filter((s) => s.id === x.id);
      expect(parts.reduce((s, p) => s + BigInt(p.lc_quantity), 0n)).toBe(BigInt(x.lc_quantity));
      expect(parts.reduce((s, p) => s + BigInt(p.delivered), 0n)).toBe(BigInt(x.delivered));
    }
    const [foreign] = await w.rows<{ id: number }>(sql`select so.id from sale_orders so where not exists (select 1 from consignments c where c.sale_order_id = so.id and c.shipment_manager_id = ${w.sm.bahr}::integer) limit 1`);
    if (foreign) expect((await w.report('bahr', { saleOrderId: foreign.id })).count).toBe(0);
  });

  it('answers 403 without the permission, 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ fromDate: '2026-02-30' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ saleOrderId: 'x' }, /Invalid id/],
      [{ buyerId: '-3' }, /Invalid id/],
      [{ sortBy: 'quantity_kg' }, /cannot be sorted/],
      [{ limit: 7 }, /Page size/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every sale order with numbers and dates, in English and Arabic', async () => {
    const page = await w.report('admin');
    const sheets = await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Sale Order', ar: 'أمر البيع' }, fileName: 'sale-order-report.xlsx' });
    for (const { sheet } of sheets) {
      expectTonnesCell(sheet.getRow(2).getCell(6));
      expect(columnTonnes(sheet, 11)).toBe(page.totals.delivered);
    }
  });
});
