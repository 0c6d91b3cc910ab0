import { allConsigneeStockReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { add, expectBadInput, expectExport, expectPagedAndSorted, expectRows, type Want } from './report-checks.test-support';
import { withReportWorld, type ReportCaller, type ReportWorld } from './report.test-support';

/**
 * All Consignee Stock (`GET /api/reports/all-consignee-stock-report`): every group's stock at a date against the
 * test's own sum of `ledger_entries` whose transaction's local business date (in the agency's zone) is on or before
 * that date, on the demo season and a generated one; the default date (today), filters, paging, sort, scope, bad
 * parameters, permission and the export.
 */
let w: ReportWorld;
withReportWorld(allConsigneeStockReport, (world) => {
  w = world;
});

const key = (r: Record<string, unknown>) => [r.locationId, r.siloId, r.ownerId, r.cargoTypeId].map(String).join('/');

/** The independent answer: ON_HAND entries dated (locally) on or before `at` (all when none), per place, silo, owner and cargo type. */
async function expected(agency: number, at: string | undefined, where: SQL = sql`true`, hideEmpty = true): Promise<Want> {
  const entries = await w.rows<{ location_id: number; silo_id: number | null; owner_company_id: number; cargo_type_id: number; kg: string }>(
    sql`select a.location_id, a.silo_id, a.owner_company_id, a.cargo_type_id, e.quantity_kg::text as kg
        from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions x on x.id = e.transaction_id
        join agencies ag on ag.id = x.agency_id
        where a.kind = 'ON_HAND' and ${at ? sql`to_char(x.created_at at time zone ag.timezone, 'YYYY-MM-DD') <= ${at}` : sql`true`} and ${where}`,
    agency,
  );
  const want: Want = new Map();
  for (const e of entries) add(want, key({ locationId: e.location_id, siloId: e.silo_id, ownerId: e.owner_company_id, cargoTypeId: e.cargo_type_id }), 'stock', e.kg);
  if (hideEmpty) for (const [k, v] of want) if (v.stock === 0n) want.delete(k);
  return want;
}

/** A local date within an agency's season with stock movements after it: the last but one date of ON_HAND movements. */
async function middleOfStock(agency: number): Promise<string> {
  const days = await w.rows<{ d: string }>(
    sql`select distinct to_char(x.created_at at time zone ag.timezone, 'YYYY-MM-DD') as d
        from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions x on x.id = e.transaction_id join agencies ag on ag.id = x.agency_id
        where a.kind = 'ON_HAND' and e.quantity_kg <> 0 order by 1 desc limit 2`,
    agency,
  );
  expect(days.length).toBe(2);
  return String(days[1]?.d);
}

async function compare(who: ReportCaller, at: string | undefined, where?: SQL, query: Record<string, string | number> = {}) {
  const want = await expected(w.agencyOf(who), at, where, query.hideEmpty !== 'false');
  await expectRows(w, who, { ...(at ? { at } : {}), ...query }, key, want, ['stock']);
  return want;
}

describe('right answers', () => {
  it('demo season: at today (the default), in the middle of the season and before it', async () => {
    const today = await compare('admin', undefined);
    expect(today.size).toBeGreaterThanOrEqual(5);
    const [season] = await w.rows<{ first: string; last: string }>(
      sql`select to_char(min(x.created_at at time zone ag.timezone), 'YYYY-MM-DD') as first, to_char(max(x.created_at at time zone ag.timezone), 'YYYY-MM-DD') as last
          from ledger_transactions x join agencies ag on ag.id = x.agency_id`,
    );
    if (!season) throw new Error('no season');
    const mid = await compare('admin', await middleOfStock(w.agencyId));
    expect(mid.size).toBeGreaterThan(0);
    expect(mid).not.toEqual(today);
    const dayBefore = new Date(Date.parse(season.first) - 86_400_000).toISOString().slice(0, 10);
    expect((await compare('admin', dayBefore)).size).toBe(0);
    // The last day of the season counts every entry: the same as today.
    expect(await compare('admin', season.last)).toEqual(today);
    // Groups emptied by the date are listed when "hide empty" is off.
    const all = await compare('admin', undefined, undefined, { hideEmpty: 'false' });
    expect(all.size).toBeGreaterThanOrEqual(today.size);
  });

  it('generated season: today and a date in it', async () => {
    const season = await w.generated();
    expect((await compare('generated', undefined)).size).toBeGreaterThanOrEqual(3);
    expect((await compare('generated', await middleOfStock(season.agencyId))).size).toBeGreaterThan(0);
  });
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by place, silo, owner and cargo type', async () => {
    const [position] = await w.rows<{ location_id: number; silo_id: number; owner_company_id: number; cargo_type_id: number }>(
      sql`select location_id, silo_id, owner_company_id, cargo_type_id from ledger_accounts where kind = 'ON_HAND' and silo_id is not null and balance_kg > 0 order by id limit 1`,
    );
    if (!position) throw new Error('no position in a silo');
    await compare('admin', undefined, sql`a.location_id = ${position.location_id}::integer`, { locationId: position.location_id });
    await compare('admin', undefined, sql`a.silo_id = ${position.silo_id}::integer`, { siloId: position.silo_id });
    await compare('admin', undefined, sql`a.owner_company_id = ${position.owner_company_id}::integer`, { ownerId: position.owner_company_id });
    await compare('admin', undefined, sql`a.cargo_type_id = ${position.cargo_type_id}::integer`, { cargoTypeId: position.cargo_type_id });
  });

  it('names the owner type and pages and sorts in the database', async () => {
    const { all } = await w.allRows('admin');
    const types = await w.rows<{ id: number; company_type_id: number }>(sql`select id, company_type_id from companies`);
    const typeOf = new Map(types.map((c) => [Number(c.id), Number(c.company_type_id)]));
    for (const row of all) expect(row.ownerType).toBe({ 3: 'consignee', 5: 'shipmentManager', 6: 'customer' }[typeOf.get(Number(row.ownerId)) ?? 0] ?? 'other');
    expect(new Set(all.map((r) => r.ownerType)).size).toBeGreaterThanOrEqual(2);
    await expectPagedAndSorted(w, 'admin', { hideEmpty: 'false' }, 'stock');
  });

  it('scope: each shipment manager’s admin sees its own and its consignees’ stock; the admin the union and more', async () => {
    const seen: Record<string, Want> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      seen[who] = await compare(who, undefined, sql`a.owner_company_id in (select id from companies where id = ${w.sm[who]}::integer or shipment_manager_id = ${w.sm[who]}::integer)`);
      expect(seen[who].size).toBeGreaterThan(0);
    }
    const rsgl = [...(seen.rsgl?.keys() ?? [])];
    const bahr = new Set(seen.bahr?.keys() ?? []);
    expect(rsgl.filter((k) => bahr.has(k))).toEqual([]);
    const admin = await expected(w.agencyId, undefined);
    for (const k of [...rsgl, ...bahr]) expect(admin.has(k)).toBe(true);
    expect(admin.size).toBeGreaterThan(rsgl.length + bahr.size);
  });

  it('answers 403 without the flag (the export also without the export flag), 400 on bad parameters', async () => {
    await w.expectPermissions();
    await expectBadInput(w, {}, [
      [{ at: '2026-02-30' }, /Please select a date/],
      [{ at: 'yesterday' }, /Please select a date/],
      [{ locationId: '0' }, /Invalid id/],
      [{ hideEmpty: 'maybe' }, /Please give true or false/],
      [{ sortBy: 'siloId' }, /cannot be sorted/],
    ]);
    expect((await w.call('admin', { limit: 7 })).statusCode).toBe(400);
  });

  it('exports every row with English and Arabic headers and texts, at the asked date', async () => {
    await expectExport(w, {}, { en: ['Place', 'Silo', 'Owner', 'Owner type', 'Cargo Type', 'Stock (MT)'], ar: 'الموقع' }, { column: 6, key: 'stock' });
    const sheet = await w.exportSheet('admin', { lang: 'ar', sortBy: 'ownerType' });
    const types = new Set<string>();
    for (let i = 2; i <= sheet.rowCount; i += 1) types.add(sheet.getRow(i).getCell(4).text);
    expect([...types].every((t) => ['مستلم', 'مدير شحنة', 'عميل', 'أخرى'].includes(t))).toBe(true);
    const [season] = await w.rows<{ first: string }>(sql`select to_char(min(x.created_at at time zone ag.timezone), 'YYYY-MM-DD') as first from ledger_transactions x join agencies ag on ag.id = x.agency_id`);
    const early = await w.exportSheet('admin', { lang: 'en', at: String(season?.first) });
    expect(early.rowCount - 1).toBe((await w.report('admin', { at: String(season?.first) })).count);
  });
});
