import { consigneeWarehouseLoadingReport, kgToTonnes, type ReportPage } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNRESTRICTED } from '../../identity/data-scope';
import { tripsIn, tripsOut } from '../../ledger/ledger.queries';
import { inAgency } from '../../platform/db/tenancy';
import { expectTonnesCell, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld } from './report.test-support';

/**
 * Consignee Warehouse Loading report (`GET /api/reports/consignee-warehouse-loading-report`): per owner and
 * warehouse, trips and tonnes in and out against the test's own reading of `ledger_entries` (each live transaction
 * that moved a truck's load onto or off a warehouse position), and against the ledger's own `tripsIn` / `tripsOut`,
 * on the demo season and a generated one; filters, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;

interface Line {
  owner_id: number;
  warehouse_id: number;
  trips_in: number;
  kg_in: string;
  trips_out: number;
  kg_out: string;
}

/**
 * The independent answer: the live transactions (neither reversed nor a reversal) with a truck's IN_TRANSIT entry,
 * their warehouse ON_HAND entries summed per owner and warehouse by sign, and their trucks counted. `where` narrows
 * the positions (`p`) and the transactions (`x`).
 */
function expected(agency: number, where: SQL = sql`true`): Promise<Line[]> {
  return w.rows<Line>(
    sql`with live as (
          select x.id, x.created_at from ledger_transactions x
          where x.reverses_id is null and x.id not in (select reverses_id from ledger_transactions where reverses_id is not null)),
        truck as (
          select e.transaction_id, a.trip_id, sign(e.quantity_kg) as direction from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT'),
        place as (
          select e.transaction_id, e.quantity_kg, p.owner_company_id, p.location_id from ledger_entries e join ledger_accounts p on p.id = e.account_id
          join live x on x.id = e.transaction_id
          where p.kind = 'ON_HAND' and p.location_id in (select id from locations where location_kind_id = 1) and ${where}
            and exists (select 1 from truck where truck.transaction_id = e.transaction_id and truck.direction = -sign(e.quantity_kg)))
        select owner_company_id as owner_id, location_id as warehouse_id,
               (select count(distinct t.trip_id) from place q join truck t on t.transaction_id = q.transaction_id and t.direction < 0
                where q.owner_company_id = g.owner_company_id and q.location_id = g.location_id and q.quantity_kg > 0)::integer as trips_in,
               coalesce(sum(quantity_kg) filter (where quantity_kg > 0), 0)::text as kg_in,
               (select count(distinct t.trip_id) from place q join truck t on t.transaction_id = q.transaction_id and t.direction > 0
                where q.owner_company_id = g.owner_company_id and q.location_id = g.location_id and q.quantity_kg < 0)::integer as trips_out,
               coalesce(-sum(quantity_kg) filter (where quantity_kg < 0), 0)::text as kg_out
        from place g group by 1, 2 order by 1, 2`,
    agency,
  );
}

const keyOf = (owner: unknown, warehouse: unknown) => `${Number(owner)}|${Number(warehouse)}`;

async function compare(who: ReportCaller, lines: readonly Line[], query: ReportQueryValues = {}) {
  const { all, first } = await w.allRows(who, query);
  expect(first.count).toBe(lines.length);
  const shown = (r: ReportPage['rows'][number]) => ({ tripsIn: r.tripsIn, quantityIn: r.quantityIn, tripsOut: r.tripsOut, quantityOut: r.quantityOut });
  expect(new Map(all.map((r) => [keyOf(r.ownerId, r.warehouseId), shown(r)]))).toEqual(
    new Map(lines.map((l) => [keyOf(l.owner_id, l.warehouse_id), { tripsIn: Number(l.trips_in), quantityIn: kgToTonnes(BigInt(l.kg_in)), tripsOut: Number(l.trips_out), quantityOut: kgToTonnes(BigInt(l.kg_out)) }])),
  );
  const sum = (pick: (l: Line) => string | number) => lines.reduce((s, l) => s + BigInt(pick(l)), 0n);
  expect(first.totals).toEqual({
    tripsIn: Number(sum((l) => l.trips_in)),
    quantityIn: kgToTonnes(sum((l) => l.kg_in)),
    tripsOut: Number(sum((l) => l.trips_out)),
    quantityOut: kgToTonnes(sum((l) => l.kg_out)),
  });
  return all;
}

withReportWorld(consigneeWarehouseLoadingReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: every owner and warehouse, in and out, and the totals; the ledger’s own trips in and out agree', async () => {
    const lines = await expected(w.agencyId);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.some((l) => l.trips_in > 0) && lines.some((l) => l.trips_out > 0)).toBe(true);
    const rows = await compare('admin', lines);
    const ledger = await inAgency(w.t.database.db, w.agencyId, async (tx) => ({
      in: await tripsIn(tx, { agencyId: w.agencyId, scope: UNRESTRICTED, groupBy: ['locationId', 'ownerCompanyId'] }),
      out: await tripsOut(tx, { agencyId: w.agencyId, scope: UNRESTRICTED, place: 'ON_HAND', groupBy: ['locationId', 'ownerCompanyId'] }),
    }));
    for (const r of rows) {
      const of = (list: typeof ledger.in) => list.find((g) => g.locationId === r.warehouseId && g.ownerCompanyId === r.ownerId);
      expect([of(ledger.in)?.trips ?? 0, kgToTonnes(of(ledger.in)?.quantityKg ?? 0n)]).toEqual([r.tripsIn, r.quantityIn]);
      expect([of(ledger.out)?.trips ?? 0, kgToTonnes(of(ledger.out)?.quantityKg ?? 0n)]).toEqual([r.tripsOut, r.quantityOut]);
    }
  });

  it('generated season: every line and the totals', async () => {
    const generated = await w.generated(18, 5);
    const lines = await expected(generated.agencyId);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    await compare('generated', lines);
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by period (business dates), owner, warehouse and cargo type', async () => {
    const lines = await expected(w.agencyId);
    const line = lines.find((l) => l.trips_out > 0) ?? lines[0];
    if (!line) throw new Error('no line');
    await compare('admin', await expected(w.agencyId, sql`p.owner_company_id = ${line.owner_id}::integer`), { ownerId: line.owner_id });
    await compare('admin', await expected(w.agencyId, sql`p.location_id = ${line.warehouse_id}::integer`), { warehouseId: line.warehouse_id });
    const [cargo] = await w.rows<{ id: number }>(sql`select cargo_type_id as id from ledger_accounts where kind = 'ON_HAND' and location_id = ${line.warehouse_id}::integer limit 1`);
    await compare('admin', await expected(w.agencyId, sql`p.cargo_type_id = ${Number(cargo?.id)}::integer`), { cargoTypeId: Number(cargo?.id) });
    const [day] = await w.rows<{ day: string }>(
      sql`select to_char(timezone(ag.timezone, min(x.created_at)) + interval '1 day', 'YYYY-MM-DD') as day from ledger_transactions x join agencies ag on ag.id = x.agency_id where x.type not in ('shipping') group by ag.timezone`,
    );
    const day0 = String(day?.day);
    const zone = sql`(select timezone from agencies where id = ${w.agencyId}::integer)`;
    const from = sql`x.created_at >= ((${day0}::date)::timestamp at time zone ${zone})`;
    const to = sql`x.created_at < ((${day0}::date + 1)::timestamp at time zone ${zone})`;
    await compare('admin', await expected(w.agencyId, from), { fromDate: day0 });
    await compare('admin', await expected(w.agencyId, to), { toDate: day0 });
  });

  it('pages and sorts in the database', async () => {
    const whole = await w.report('admin', { limit: 100, sortBy: 'quantityIn', sortOrder: 'desc' });
    const values = whole.rows.map((r) => Number(r.quantityIn));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const byOwner = await w.report('admin', { limit: 100 });
    const owners = byOwner.rows.map((r) => String(r.owner));
    expect(owners).toEqual([...owners].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await w.report('admin', { limit: 20, sortBy: 'quantityIn', sortOrder: 'desc' });
    expect(first.rows).toEqual(whole.rows.slice(0, 20));
    expect(first.totals).toEqual(whole.totals);
  });

  it('scope: each shipment manager’s admin sees its own cargo’s trucks only', async () => {
    const seen: string[][] = [];
    for (const who of ['rsgl', 'bahr'] as const) {
      const sm = w.sm[who];
      const lines = await expected(w.agencyId, sql`p.owner_company_id in (select id from companies where id = ${sm}::integer or shipment_manager_id = ${sm}::integer)`);
      expect(lines.length).toBeGreaterThan(0);
      seen.push((await compare(who, lines)).map((r) => keyOf(r.ownerId, r.warehouseId)));
    }
    expect(seen[0]?.filter((k) => seen[1]?.includes(k))).toEqual([]);
  });

  it('answers 403 without the permission (and the export without its flag), 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ toDate: '2026-1-1' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ ownerId: 'abc' }, /Invalid id/],
      [{ sortBy: 'owner_id' }, /cannot be sorted/],
      [{ sortOrder: 'up' }, /./],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every row with numbers, in English and Arabic', async () => {
    const page = await w.report('admin');
    for (const { sheet } of await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Consignee', ar: 'المستلم' } })) {
      expect(sheet.getRow(2).getCell(1).value).toBe(page.rows[0]?.owner);
      expectTonnesCell(sheet.getRow(2).getCell(4));
    }
  });
});
