import { warehouseMonthlyReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { add, expectBadInput, expectExport, expectPagedAndSorted, expectRows, type Want } from './report-checks.test-support';
import { withReportWorld, type ReportCaller, type ReportWorld } from './report.test-support';
import { monthsBetween, warehouseEntries } from './warehouse-entries.test-support';

/**
 * Warehouse Monthly Stats (`GET /api/reports/warehouse-monthly-report`): per warehouse and month, every figure against
 * the test's own reading of the ledger (each ON_HAND entry at a warehouse classified by the transaction's other
 * accounts, not by its posting type; months in the agency's zone; opening and closing as running sums), on the demo
 * season and a generated one; the balance of each line, filters (warehouse, owner, cargo type, period), paging, sort,
 * scope, bad parameters, permission and the export.
 */
let w: ReportWorld;
withReportWorld(warehouseMonthlyReport, (world) => {
  w = world;
});

const FIGURES = ['opening', 'received', 'dispatched', 'transitLoss', 'handlingLoss', 'excess', 'inPlace', 'closing'] as const;
/** The figures the totals row sums (opening and closing are balances, not summed over months). */
const FLOWS = FIGURES.filter((f) => f !== 'opening' && f !== 'closing');
const key = (r: Record<string, unknown>) => `${String(r.locationId)}/${String(r.month)}`;

/** The independent answer: `where` narrows the accounts; the period (months) as the report reads it; this month the agency's. */
async function expected(agency: number, where?: SQL, period: { from?: string; to?: string } = {}): Promise<Want> {
  const entries = await warehouseEntries(w, agency, where);
  const [today] = await w.rows<{ month: string }>(sql`select to_char(${w.t.clock.now().toISOString()}::timestamptz at time zone timezone, 'YYYY-MM') as month from agencies where id = ${agency}::integer`, agency);
  const lastMonth = period.to ? period.to.slice(0, 7) : String(today?.month);
  const firstMonth = period.from ? period.from.slice(0, 7) : '0000-00';
  const want: Want = new Map();
  const byWarehouse = new Map<number, typeof entries>();
  for (const e of entries) byWarehouse.set(e.locationId, [...(byWarehouse.get(e.locationId) ?? []), e]);
  for (const [locationId, list] of byWarehouse) {
    const first = list.map((e) => e.month).sort()[0] ?? lastMonth;
    let closing = 0n;
    for (const month of monthsBetween(first, lastMonth)) {
      const inMonth = list.filter((e) => e.month === month);
      const opening = closing;
      closing += inMonth.reduce((sum, e) => sum + e.kg, 0n);
      if (month < firstMonth) continue;
      const k = key({ locationId, month });
      const figures: Record<string, bigint> = { opening, closing, received: 0n, dispatched: 0n, handlingLoss: 0n, excess: 0n, inPlace: 0n, transitLoss: 0n };
      for (const e of inMonth) figures[e.class] = (figures[e.class] ?? 0n) + e.figure;
      const receipts = new Map(inMonth.filter((e) => e.class === 'received').map((e) => [e.transactionId, e.transitLossKg]));
      figures.transitLoss = [...receipts.values()].reduce((sum, v) => sum + v, 0n);
      if (Object.values(figures).every((v) => v === 0n)) continue;
      for (const [figure, value] of Object.entries(figures)) add(want, k, figure, value);
    }
  }
  return want;
}

async function compare(who: ReportCaller, where?: SQL, query: Record<string, string | number> = {}) {
  const want = await expected(w.agencyOf(who), where, { ...(query.fromDate ? { from: String(query.fromDate) } : {}), ...(query.toDate ? { to: String(query.toDate) } : {}) });
  const rows = await expectRows(w, who, query, key, want, FIGURES, FLOWS);
  // Every line balances: opening + in − out − handling loss + excess + ownership changes = closing.
  for (const v of want.values()) expect((v.opening ?? 0n) + (v.received ?? 0n) - (v.dispatched ?? 0n) - (v.handlingLoss ?? 0n) + (v.excess ?? 0n) + (v.inPlace ?? 0n)).toBe(v.closing);
  return { want, rows };
}

describe('right answers', () => {
  it('demo season: every warehouse and month, each figure and the totals', async () => {
    const { want } = await compare('admin');
    expect(want.size).toBeGreaterThanOrEqual(2);
    const values = [...want.values()];
    for (const figure of ['received', 'dispatched', 'transitLoss', 'handlingLoss', 'excess', 'closing'] as const) expect(values.some((v) => (v[figure] ?? 0n) !== 0n), figure).toBe(true);
    // A whole warehouse's in-place changes (loans, sales, swaps, transfers between owners or silos) net to nothing.
    expect(values.every((v) => v.inPlace === 0n)).toBe(true);
  });

  it('generated season: every warehouse and month', async () => {
    const season = await w.generated();
    const { want } = await compare('generated');
    expect(want.size).toBeGreaterThanOrEqual(1);
    expect(season.agencyId).not.toBe(w.agencyId);
  });
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by warehouse, owner, cargo type; one owner sees its in-place changes', async () => {
    const [position] = await w.rows<{ location_id: number; owner_company_id: number; cargo_type_id: number }>(
      sql`select a.location_id, a.owner_company_id, a.cargo_type_id from ledger_accounts a join locations l on l.id = a.location_id where a.kind = 'ON_HAND' and l.location_kind_id = 1 and a.balance_kg > 0 order by a.id limit 1`,
    );
    if (!position) throw new Error('no warehouse stock');
    await compare('admin', sql`a.location_id = ${position.location_id}::integer`, { locationId: position.location_id });
    await compare('admin', sql`a.cargo_type_id = ${position.cargo_type_id}::integer`, { cargoTypeId: position.cargo_type_id });
    const owners = await w.rows<{ owner_company_id: number }>(sql`select distinct a.owner_company_id from ledger_accounts a join ledger_entries e on e.account_id = a.id
      join ledger_transactions x on x.id = e.transaction_id where a.kind = 'ON_HAND' and x.type in ('consigneeToShipmentManagerLoan', 'sale', 'ownershipTransfer')`);
    let changed = false;
    for (const owner of owners) {
      const { want } = await compare('admin', sql`a.owner_company_id = ${owner.owner_company_id}::integer`, { ownerId: owner.owner_company_id });
      changed ||= [...want.values()].some((v) => v.inPlace !== 0n);
    }
    expect(changed).toBe(true);
  });

  it('the period picks whole months; opening carries the earlier months', async () => {
    const [last] = await w.rows<{ d: string }>(sql`select to_char(max(created_at), 'YYYY-MM-DD') as d from ledger_transactions`);
    const day = String(last?.d);
    const { want } = await compare('admin', undefined, { fromDate: day, toDate: day });
    expect(want.size).toBeGreaterThan(0);
    await compare('admin', undefined, { toDate: '2025-12-31' });
    expect((await w.report('admin', { toDate: '2025-12-31' })).count).toBe(0);
  });

  it('pages and sorts in the database', async () => {
    await w.generated();
    await expectPagedAndSorted(w, 'generated', {}, 'closing');
  });

  it('scope: each shipment manager’s admin sees the stock of its own and its consignees’ positions only', async () => {
    const seen: Want[] = [];
    for (const who of ['rsgl', 'bahr'] as const) {
      const { want } = await compare(who, sql`a.owner_company_id in (select id from companies where id = ${w.sm[who]}::integer or shipment_manager_id = ${w.sm[who]}::integer)`);
      expect(want.size).toBeGreaterThan(0);
      seen.push(want);
    }
    const admin = await expected(w.agencyId);
    const closing = (want: Want) => [...want.values()].reduce((sum, v) => sum + (v.closing ?? 0n), 0n);
    const none: Want = new Map();
    expect(closing(seen[0] ?? none) + closing(seen[1] ?? none)).toBeLessThanOrEqual(closing(admin));
  });

  it('answers 403 without the flag, 400 on bad parameters', async () => {
    await w.expectPermissions();
    await expectBadInput(w, {}, [
      [{ fromDate: '2026-13-01' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ locationId: 'x' }, /Invalid id/],
      [{ sortBy: 'locationId' }, /cannot be sorted/],
      [{ sortOrder: 'up' }, /./],
    ]);
  });

  it('exports every line in English and Arabic', async () => {
    await expectExport(
      w,
      {},
      { en: ['Warehouse', 'Month', 'Opening (MT)', 'In (MT)', 'Out (MT)', 'Transit Loss (MT)', 'Handling Loss (MT)', 'Excess (MT)', 'Ownership Changes (MT)', 'Closing (MT)'], ar: 'المستودع' },
      { column: 4, key: 'received' },
    );
  });
});
