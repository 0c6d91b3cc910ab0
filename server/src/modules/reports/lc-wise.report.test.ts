import { kgToTonnes, lcWiseReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { columnTonnes, type ReportCaller, type ReportQueryValues, type ReportWorld, SLIP_TRIPS, withReportWorld } from './report.test-support';

/**
 * LC Wise Report (`GET /api/reports/lc-wise-report`): every LC/PO's figures and the totals against the test's own
 * computation (from `ledger_entries`: what loading slips' trucks took off ON_BOARD and what their receipts put ON_HAND
 * at warehouses, consignee and customer sites; the loan and sale records), on the demo season and a generated one;
 * filters, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;

interface Expected {
  id: number;
  quantity: string;
  bl: string;
  discharged: string;
  warehouses: string;
  consignees: string;
  customers: string;
  loaned: string;
  sold: string;
}

/** The independent answer per live LC/PO matching `lc` (on `c`). */
function expected(agency: number, lc: SQL = sql`true`): Promise<Expected[]> {
  return w.rows<Expected>(
    sql`with discharged as (
      select a.consignment_id, -sum(e.quantity_kg) as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind = 'ON_BOARD' and exists (select 1 from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where e2.transaction_id = e.transaction_id and a2.kind = 'IN_TRANSIT')
      group by 1),
    truck_transactions as (select distinct e.transaction_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT' and a.trip_id in (${SLIP_TRIPS})),
    delivered as (
      select a.consignment_id,
             sum(e.quantity_kg) filter (where l.location_kind_id = 1) as warehouses,
             sum(e.quantity_kg) filter (where l.location_kind_id = 2 and l.consignee_id is not null) as consignees,
             sum(e.quantity_kg) filter (where l.location_kind_id = 2 and l.customer_id is not null) as customers
      from truck_transactions tt join ledger_entries e on e.transaction_id = tt.transaction_id
      join ledger_accounts a on a.id = e.account_id join locations l on l.id = a.location_id where a.kind = 'ON_HAND' group by 1),
    bl as (select consignment_id, sum(bl_quantity_kg) as kg from shipments where status = 'Active' group by 1),
    lent as (select consignment_id, sum(quantity_kg) as kg from consignee_to_shipment_manager_loans where status = 'Active' group by 1),
    back as (select l.consignment_id, sum(r.quantity_kg) as kg from loan_returns r join consignee_to_shipment_manager_loans l on l.id = r.loan_id
             where r.status = 'Active' and l.status = 'Active' group by 1),
    sold as (select consignment_id, sum(quantity_kg) as kg from consignee_to_customer_sales where status = 'Active' group by 1)
    select c.id, c.quantity_kg::text as quantity, coalesce(bl.kg, 0)::text as bl, coalesce(d.kg, 0)::text as discharged,
           coalesce(dv.warehouses, 0)::text as warehouses, coalesce(dv.consignees, 0)::text as consignees, coalesce(dv.customers, 0)::text as customers,
           (coalesce(lent.kg, 0) - coalesce(back.kg, 0))::text as loaned, coalesce(sold.kg, 0)::text as sold
    from consignments c left join bl on bl.consignment_id = c.id left join discharged d on d.consignment_id = c.id left join delivered dv on dv.consignment_id = c.id
    left join lent on lent.consignment_id = c.id left join back on back.consignment_id = c.id left join sold on sold.consignment_id = c.id
    where c.status = 'Active' and ${lc} order by c.id`,
    agency,
  );
}

const tonnes = (kg: string | bigint) => kgToTonnes(BigInt(kg));
const remaining = (x: Expected) => BigInt(x.quantity) - BigInt(x.warehouses) - BigInt(x.consignees) - BigInt(x.customers);

async function compare(who: ReportCaller, lc: SQL = sql`true`, query: ReportQueryValues = {}) {
  const want = await expected(w.agencyOf(who), lc);
  const { all, first } = await w.allRows(who, query);
  expect(first.count).toBe(want.length);
  const got = [...all].sort((a, b) => Number(a.consignmentId) - Number(b.consignmentId));
  const figures = ['quantity', 'blQuantity', 'discharged', 'toWarehouses', 'toConsignees', 'toCustomers', 'loaned', 'sold', 'remaining'] as const;
  const of = (x: Expected) => [x.quantity, x.bl, x.discharged, x.warehouses, x.consignees, x.customers, x.loaned, x.sold, remaining(x)].map((v) => BigInt(v));
  expect(got.map((r) => [r.consignmentId, ...figures.map((f) => r[f])])).toEqual(want.map((x) => [Number(x.id), ...of(x).map(tonnes)]));
  const totals = Object.fromEntries(figures.map((f, i) => [f, kgToTonnes(want.reduce((s, x) => s + (of(x)[i] ?? 0n), 0n))]));
  expect(first.totals).toEqual(totals);
  return want;
}

withReportWorld(lcWiseReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: every LC/PO’s figures and the totals', async () => {
    const want = await compare('admin');
    expect(want.length).toBeGreaterThanOrEqual(2);
    expect(want.some((x) => BigInt(x.warehouses) > 0n)).toBe(true);
    expect(want.some((x) => BigInt(x.consignees) + BigInt(x.customers) > 0n)).toBe(true);
    expect(want.some((x) => BigInt(x.loaned) > 0n) || want.some((x) => BigInt(x.sold) > 0n)).toBe(true);
  });

  it('generated season: every LC/PO’s figures and the totals', async () => {
    await w.generated(16, 3);
    const want = await compare('generated');
    expect(want.some((x) => BigInt(x.warehouses) > 0n)).toBe(true);
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by LC/PO, sale order, BL consignee, shipment manager and cargo type', async () => {
    const [c] = await w.rows<{ id: number; sale_order_id: number; bl_consignee_id: number; shipment_manager_id: number; cargo_type_id: number }>(
      sql`select id, sale_order_id, bl_consignee_id, shipment_manager_id, cargo_type_id from consignments where status = 'Active' and shipment_manager_id is not null order by id limit 1`,
    );
    if (!c) throw new Error('no LC');
    expect((await compare('admin', sql`c.id = ${c.id}::integer`, { consignmentId: c.id })).length).toBe(1);
    await compare('admin', sql`c.sale_order_id = ${c.sale_order_id}::integer`, { saleOrderId: c.sale_order_id });
    await compare('admin', sql`c.bl_consignee_id = ${c.bl_consignee_id}::integer`, { consigneeId: c.bl_consignee_id });
    await compare('admin', sql`c.shipment_manager_id = ${c.shipment_manager_id}::integer`, { shipmentManagerId: c.shipment_manager_id });
    await compare('admin', sql`c.cargo_type_id = ${c.cargo_type_id}::integer`, { cargoTypeId: c.cargo_type_id });
  });

  it('pages and sorts in the database', async () => {
    await w.expectSortedPages('admin', {}, [['toWarehouses', 'desc'], ['lcPo', 'asc'], ['loaned', 'asc']], ['lcPo']);
  });

  it('scope: each shipment manager’s admin sees its own LCs only, disjoint, the admin their union', async () => {
    const seen: Record<string, number[]> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      seen[who] = (await compare(who, sql`c.shipment_manager_id = ${w.sm[who]}::integer`)).map((x) => Number(x.id));
      expect(seen[who]?.length).toBeGreaterThan(0);
    }
    for (const id of seen.rsgl ?? []) expect(seen.bahr).not.toContain(id);
    const admin = (await w.allRows('admin')).all.map((r) => Number(r.consignmentId));
    for (const id of [...(seen.rsgl ?? []), ...(seen.bahr ?? [])]) expect(admin).toContain(id);
    expect((await w.report('bahr', { consignmentId: seen.rsgl?.[0] ?? 0 })).count).toBe(0);
  });

  it('answers 403 without the permission, 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ consignmentId: 'abc' }, /Invalid id/],
      [{ consigneeId: '0' }, /Invalid id/],
      [{ sortBy: 'lc_number' }, /cannot be sorted/],
      [{ sortOrder: 'up' }, /asc or desc/],
      [{ page: '0' }, /page must be a whole number/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every LC/PO with numbers, in English and Arabic', async () => {
    const page = await w.report('admin');
    const sheets = await w.exportSheets('admin', {}, { count: page.count, header: { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, fileName: 'lc-wise-report.xlsx' });
    for (const { sheet } of sheets) {
      for (let i = 2; i <= sheet.rowCount; i += 1) expect(typeof sheet.getRow(i).getCell(9).value).toBe('number');
      expect(columnTonnes(sheet, 9)).toBe(page.totals.toWarehouses);
    }
  });
});
