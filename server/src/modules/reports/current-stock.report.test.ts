import { currentStockReport, kgToTonnes } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnTonnes, expectTonnesCell, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld, sumKg } from './report.test-support';

/**
 * Current Stocks (`GET /api/reports/current-stock-report`, the report kit's first report): every group and the
 * totals against an independent sum of `ledger_entries` (quantity and committed) per ON_HAND position, on the demo
 * season and a generated one; filters, paging, sort, scope (two shipment managers' admins), bad parameters,
 * permission, and the Excel export (headers, number format, right-to-left in Arabic, one row per matching group).
 */
let w: ReportWorld;
let agencyId: number;

interface Expected {
  location_id: number;
  silo_id: number | null;
  owner_company_id: number;
  cargo_type_id: number;
  consignment_id: number;
  voyage_id: number;
  on_hand: string;
  committed: string;
}

/** The independent answer: the entries (not the kept balances) of ON_HAND accounts, summed per position; `where` narrows the accounts. */
function expected(agency: number, where = sql`true`, hideEmpty = true): Promise<Expected[]> {
  return w.rows<Expected>(
    sql`select a.location_id, a.silo_id, a.owner_company_id, a.cargo_type_id, a.consignment_id, a.voyage_id,
               coalesce(sum(e.quantity_kg), 0)::text as on_hand, coalesce(sum(e.committed_kg), 0)::text as committed
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'ON_HAND' and ${where}
        group by 1, 2, 3, 4, 5, 6
        ${hideEmpty ? sql`having coalesce(sum(e.quantity_kg), 0) <> 0 or coalesce(sum(e.committed_kg), 0) <> 0` : sql``}`,
    agency,
  );
}

const key = (r: { locationId?: unknown; consignmentId?: unknown; onHand?: unknown }) => `${String(r.locationId)}/${String(r.consignmentId)}`;

withReportWorld(currentStockReport, (world) => {
  w = world;
  agencyId = world.agencyId;
});

function rightAnswers(who: ReportCaller, agency: () => number) {
  it('every group and the totals equal the sums of the ledger entries', async () => {
    const want = await expected(agency());
    expect(want.length).toBeGreaterThanOrEqual(3);
    const { all, first } = await w.allRows(who);
    expect(first.count).toBe(want.length);
    const got = all.map((r) => ({ location: r.locationId, consignment: r.consignmentId, onHand: r.onHand, committed: r.committed, usable: r.usable }));
    const fromEntries = new Map<string, { onHand: bigint; committed: bigint }>();
    for (const w of want) {
      const k = `${w.location_id}/${w.consignment_id}`;
      const before = fromEntries.get(k) ?? { onHand: 0n, committed: 0n };
      fromEntries.set(k, { onHand: before.onHand + BigInt(w.on_hand), committed: before.committed + BigInt(w.committed) });
    }
    const gotByKey = new Map<string, { onHand: bigint; committed: bigint; usable: bigint }>();
    const kg = (v: unknown) => BigInt(String(v).replace('.', ''));
    for (const r of got) {
      const k = key({ locationId: r.location, consignmentId: r.consignment });
      const before = gotByKey.get(k) ?? { onHand: 0n, committed: 0n, usable: 0n };
      gotByKey.set(k, { onHand: before.onHand + kg(r.onHand), committed: before.committed + kg(r.committed), usable: before.usable + kg(r.usable) });
    }
    expect([...gotByKey.keys()].sort()).toEqual([...fromEntries.keys()].sort());
    for (const [k, v] of fromEntries) expect(gotByKey.get(k)).toEqual({ ...v, usable: v.onHand - v.committed });
    const onHand = sumKg(want.map((w) => w.on_hand));
    const committed = sumKg(want.map((w) => w.committed));
    expect(first.totals).toEqual({ onHand: kgToTonnes(onHand), committed: kgToTonnes(committed), usable: kgToTonnes(onHand - committed) });
  });
}

describe('right answers on the demo season', () => {
  rightAnswers('admin', () => agencyId);
});

describe('right answers on a generated season', () => {
  beforeAll(async () => {
    await w.generated(16, 3);
  }, 300_000);
  rightAnswers('generated', () => w.agencyOf('generated'));
});

describe('filters, paging, sort', () => {
  it('each filter narrows to the matching positions, totals with it', async () => {
    const want = await expected(agencyId);
    const sample = want[0];
    if (!sample) throw new Error('no stock');
    const cases: [string, number | null, ReturnType<typeof sql>][] = [
      ['locationId', sample.location_id, sql`a.location_id = ${sample.location_id}::integer`],
      ['ownerId', sample.owner_company_id, sql`a.owner_company_id = ${sample.owner_company_id}::integer`],
      ['cargoTypeId', sample.cargo_type_id, sql`a.cargo_type_id = ${sample.cargo_type_id}::integer`],
      ['consignmentId', sample.consignment_id, sql`a.consignment_id = ${sample.consignment_id}::integer`],
      ['voyageId', sample.voyage_id, sql`a.voyage_id = ${sample.voyage_id}::integer`],
    ];
    const withSilo = want.find((w) => w.silo_id !== null);
    if (withSilo?.silo_id) cases.push(['siloId', withSilo.silo_id, sql`a.silo_id = ${withSilo.silo_id}::integer`]);
    for (const [param, value, where] of cases) {
      const narrowed = await expected(agencyId, where);
      const answer = await w.report('admin', { [param]: String(value), limit: 100 });
      expect(answer.count, param).toBe(narrowed.length);
      expect(answer.totals.onHand, param).toBe(kgToTonnes(sumKg(narrowed.map((w) => w.on_hand))));
      expect(answer.count).toBeLessThanOrEqual(want.length);
    }
  });

  it('hide empty is on by default; off it also lists emptied positions', async () => {
    await w.generated(16, 3);
    for (const who of ['admin', 'generated'] as const) {
      const agency = w.agencyOf(who);
      const shown = await w.report(who);
      const everything = await expected(agency, sql`true`, false);
      const empty = everything.filter((w) => BigInt(w.on_hand) === 0n && BigInt(w.committed) === 0n);
      const all = await w.report(who, { hideEmpty: 'false' });
      expect(all.count).toBe(everything.length);
      expect(all.count - shown.count).toBe(empty.length);
      expect(all.totals).toEqual(shown.totals);
      expect(shown.rows.some((r) => r.onHand === '0.000' && r.committed === '0.000')).toBe(false);
    }
  });

  it('pages in the database: pages of a size are disjoint and together the whole list', async () => {
    const whole = await w.report('admin', { limit: 100 });
    const keys: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.count / 20); page += 1) {
      const answer = await w.report('admin', { page, limit: 20 });
      expect(answer.count).toBe(whole.count);
      expect(answer.totals).toEqual(whole.totals);
      keys.push(...answer.rows.map((r) => JSON.stringify(r)));
    }
    expect(keys).toEqual(whole.rows.slice(0, 100).map((r) => JSON.stringify(r)).concat(keys.slice(100)));
    expect(new Set(keys).size).toBe(whole.count);
    expect((await w.report('admin', { page: 999 })).rows).toEqual([]);
  });

  it('sorts by any sortable column, both ways', async () => {
    const kgOf = (v: unknown) => Number(String(v));
    const up = await w.report('admin', { sortBy: 'onHand', sortOrder: 'asc', limit: 100 });
    const down = await w.report('admin', { sortBy: 'onHand', sortOrder: 'desc', limit: 100 });
    const upValues = up.rows.map((r) => kgOf(r.onHand));
    expect(upValues).toEqual([...upValues].sort((a, b) => a - b));
    expect(down.rows.map((r) => kgOf(r.onHand))).toEqual([...upValues].sort((a, b) => b - a));
    const names = (await w.report('admin', { sortBy: 'owner', sortOrder: 'asc', limit: 100 })).rows.map((r) => String(r.owner));
    const collated = await w.rows<{ name: string }>(sql`select n as name from unnest(${`{${names.map((n) => `"${n.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]) n order by n`);
    expect(names).toEqual(collated.map((c) => c.name));
  });
});

describe('scope, permission, bad parameters', () => {
  const ownedBy = (manager: number) => sql`(a.owner_company_id = ${manager}::integer or a.owner_company_id in (select id from companies where shipment_manager_id = ${manager}::integer))`;

  it('two shipment managers’ admins see their own stock only, disjoint, each equal to the ledger', async () => {
    const seen: Record<string, Set<string>> = {};
    for (const who of ['rsgl', 'bahr'] as const) {
      const want = await expected(agencyId, ownedBy(w.sm[who]));
      const { all, first } = await w.allRows(who);
      expect(first.count).toBe(want.length);
      expect(first.totals.onHand).toBe(kgToTonnes(sumKg(want.map((w) => w.on_hand))));
      seen[who] = new Set(all.map((r) => JSON.stringify(r)));
    }
    expect(seen.rsgl?.size).toBeGreaterThan(0);
    expect(seen.bahr?.size).toBeGreaterThan(0);
    for (const row of seen.rsgl ?? []) expect(seen.bahr?.has(row)).toBe(false);
  });

  it('an LC/PO outside the scope shows nothing', async () => {
    const [foreign] = await expected(agencyId, ownedBy(w.sm.rsgl));
    if (!foreign) throw new Error('no stock of RSGL');
    const answer = await w.report('bahr', { consignmentId: foreign.consignment_id, ownerId: foreign.owner_company_id });
    expect(answer).toEqual({ rows: [], count: 0, totals: { onHand: '0.000', committed: '0.000', usable: '0.000' } });
  });

  it('answers 403 without the report’s permission, and the export without its export flag', async () => {
    await w.expectPermissions();
    expect((await w.t.app.inject({ method: 'GET', url: '/api/reports/current-stock-report' })).statusCode).toBe(401);
  });

  it('answers 400 with a clear message on bad parameters', async () => {
    const bad: [ReportQueryValues, RegExp][] = [
      [{ locationId: 'abc' }, /Invalid id/],
      [{ voyageId: '-1' }, /Invalid id/],
      [{ hideEmpty: 'maybe' }, /true or false/],
      [{ sortBy: 'password' }, /cannot be sorted by this column/],
      [{ sortOrder: 'up' }, /asc or desc/],
      [{ limit: '7' }, /Page size/],
      [{ page: '0' }, /page must be a whole number/],
    ];
    await w.expectRefused('admin', bad);
  });
});

describe('Excel export', () => {
  const fileName = 'current-stocks.xlsx';

  it('writes every matching row with its headers, tonnes as numbers with 3 decimals', async () => {
    const page = await w.report('admin', { limit: 20 });
    for (const { sheet } of await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Place' }, fileName })) {
      expect(sheet.getRow(1).values).toEqual([undefined, 'Place', 'Silo', 'Owner', 'Cargo Type', 'LC / PO', 'Vessel / Voyage', 'On Hand (MT)', 'Committed (MT)', 'Usable (MT)']);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expectTonnesCell(sheet.getRow(2).getCell(7));
      expect(columnTonnes(sheet, 7)).toBe(page.totals.onHand);
    }
  });

  it('in Arabic: Arabic headers, right to left; filters apply', async () => {
    const first = (await w.report('admin')).rows[0];
    const locationId = String(first?.locationId);
    const count = (await w.report('admin', { locationId })).count;
    for (const { sheet } of await w.exportSheets('admin', { locationId }, { count, header: { ar: 'الموقع' }, fileName })) expect(sheet.views[0]?.rightToLeft).toBe(true);
  });
});
