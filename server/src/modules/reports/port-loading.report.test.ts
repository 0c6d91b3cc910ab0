import { kgToTonnes, portLoadingReport, type ReportPage } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTonnesCell, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld } from './report.test-support';

/**
 * Port Loading report (`GET /api/reports/port-loading-report`): per port loading and grouped by day, transporter and
 * destination, every figure against the test's own computation from `ledger_entries` (what the transactions of each
 * slip's trip took off ON_BOARD, put on hand and lost, what is left on the truck) and the live slips, on the demo
 * season and a generated one; filters, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;

interface Line {
  id: number;
  day: string;
  transporter: string;
  to_location_id: number;
  voyage_id: number;
  consignment_id: number;
  transporter_id: number | null;
  planned: string;
  loaded: string;
  trips: number;
  in_transit: string;
  delivered: string;
  loss: string;
}

/** The independent answer per live port loading (`where` a condition on `pl` and `c`), from the entries of its slips' trips. */
function expectedLines(agency: number, where: SQL = sql`true`): Promise<Line[]> {
  return w.rows<Line>(
    sql`with tx as (
          select distinct s.port_loading_id, s.trip_id, e.transaction_id from loading_slips s
          join ledger_accounts a on a.trip_id = s.trip_id and a.kind in ('IN_TRANSIT', 'TRANSIT_LOSS')
          join ledger_entries e on e.account_id = a.id),
        moves as (
          select tx.port_loading_id,
                 coalesce(-sum(e.quantity_kg) filter (where a.kind = 'ON_BOARD'), 0) as loaded,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'ON_HAND'), 0) as delivered,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'TRANSIT_LOSS'), 0) as loss,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'IN_TRANSIT' and a.trip_id = tx.trip_id), 0) as in_transit
          from tx join ledger_entries e on e.transaction_id = tx.transaction_id join ledger_accounts a on a.id = e.account_id
          group by 1)
        select pl.id, to_char(pl.loading_date, 'YYYY-MM-DD') as day,
               case pl.transporter_kind when 'company' then tc.name when 'thirdParty' then pl.third_party_name else ag.name end as transporter,
               pl.to_location_id, pl.voyage_id, pl.consignment_id, pl.transporter_id, pl.quantity_kg::text as planned,
               coalesce(m.loaded, 0)::text as loaded, (select count(*) from loading_slips s where s.port_loading_id = pl.id and s.status = 'Active')::integer as trips,
               coalesce(m.in_transit, 0)::text as in_transit, coalesce(m.delivered, 0)::text as delivered, coalesce(m.loss, 0)::text as loss
        from port_loadings pl join consignments c on c.id = pl.consignment_id join agencies ag on ag.id = pl.agency_id
        left join companies tc on tc.id = pl.transporter_id left join moves m on m.port_loading_id = pl.id
        where pl.status = 'Active' and ${where} order by pl.id`,
    agency,
  );
}

const FIGURES = ['planned', 'loaded', 'trips', 'inTransit', 'delivered', 'transitLoss'] as const;
type Figures = Record<(typeof FIGURES)[number], string | number>;

/** The lines' figures summed per key, as the report shows them (tonnes text, trips a number). */
function summed(lines: readonly Line[], keyOf: (line: Line) => string): Map<string, Figures> {
  const sums = new Map<string, { planned: bigint; loaded: bigint; trips: number; inTransit: bigint; delivered: bigint; transitLoss: bigint }>();
  for (const l of lines) {
    const s = sums.get(keyOf(l)) ?? { planned: 0n, loaded: 0n, trips: 0, inTransit: 0n, delivered: 0n, transitLoss: 0n };
    s.planned += BigInt(l.planned);
    s.loaded += BigInt(l.loaded);
    s.trips += Number(l.trips);
    s.inTransit += BigInt(l.in_transit);
    s.delivered += BigInt(l.delivered);
    s.transitLoss += BigInt(l.loss);
    sums.set(keyOf(l), s);
  }
  return new Map(
    [...sums].map(([k, s]) => [k, { planned: kgToTonnes(s.planned), loaded: kgToTonnes(s.loaded), trips: s.trips, inTransit: kgToTonnes(s.inTransit), delivered: kgToTonnes(s.delivered), transitLoss: kgToTonnes(s.transitLoss) }]),
  );
}

const figuresOf = (row: ReportPage['rows'][number]): Figures => Object.fromEntries(FIGURES.map((f) => [f, row[f] ?? ''])) as Figures;

const GROUP_KEYS: Record<string, { line: (l: Line) => string; row: (r: ReportPage['rows'][number]) => string }> = {
  portLoading: { line: (l) => String(l.id), row: (r) => String(r.portLoadingId) },
  day: { line: (l) => l.day, row: (r) => String(r.loadingDate) },
  transporter: { line: (l) => l.transporter, row: (r) => String(r.transporter) },
  destination: { line: (l) => String(l.to_location_id), row: (r) => String(r.destinationId) },
};

/** The report of a caller in a grouping against the expected lines: every row's figures and the totals. */
async function compare(who: ReportCaller, lines: readonly Line[], groupBy: string, query: ReportQueryValues = {}) {
  const keys = GROUP_KEYS[groupBy];
  if (!keys) throw new Error(groupBy);
  const want = summed(lines, keys.line);
  const { all, first } = await w.allRows(who, { ...query, groupBy });
  expect(first.count).toBe(want.size);
  expect(new Map(all.map((r) => [keys.row(r), figuresOf(r)]))).toEqual(want);
  expect(first.totals).toEqual(summed(lines, () => 'all').get('all') ?? { planned: '0.000', loaded: '0.000', trips: 0, inTransit: '0.000', delivered: '0.000', transitLoss: '0.000' });
  return all;
}

withReportWorld(portLoadingReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: per port loading and grouped by day, transporter and destination, every figure and the totals', async () => {
    const lines = await expectedLines(w.agencyId);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.some((l) => BigInt(l.delivered) > 0n) && lines.some((l) => BigInt(l.in_transit) > 0n)).toBe(true);
    for (const groupBy of Object.keys(GROUP_KEYS)) await compare('admin', lines, groupBy);
    // The default grouping is per port loading, with its own columns.
    const plain = await w.report('admin', { limit: 100 });
    expect(plain.count).toBe(lines.length);
    const line = lines[0];
    const row = plain.rows.find((r) => r.portLoadingId === Number(line?.id));
    expect(row?.loadingDate).toBe(line?.day);
    expect(row?.transporter).toBe(line?.transporter);
    expect(row?.voyage).toMatch(/ \/ /);
    // Other groupings leave the port loading's columns empty.
    expect((await w.report('admin', { groupBy: 'transporter' })).rows.every((r) => r.portLoadingId === null && r.voyage === null && r.loadingDate === null)).toBe(true);
  });

  it('generated season: every figure and the totals', async () => {
    const generated = await w.generated();
    const lines = await expectedLines(generated.agencyId);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    await compare('generated', lines, 'portLoading');
    await compare('generated', lines, 'day');
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by loading period, voyage, LC/PO, transporter and destination', async () => {
    const lines = await expectedLines(w.agencyId);
    const line = lines.find((l) => l.transporter_id !== null) ?? lines[0];
    if (!line) throw new Error('no port loading');
    await compare('admin', lines.filter((l) => l.day >= line.day && l.day <= line.day), 'portLoading', { fromDate: line.day, toDate: line.day });
    await compare('admin', lines.filter((l) => l.voyage_id === line.voyage_id), 'destination', { voyageId: line.voyage_id });
    await compare('admin', lines.filter((l) => l.consignment_id === line.consignment_id), 'portLoading', { consignmentId: line.consignment_id });
    if (line.transporter_id !== null) await compare('admin', lines.filter((l) => l.transporter_id === line.transporter_id), 'day', { transporterId: line.transporter_id });
    await compare('admin', lines.filter((l) => l.to_location_id === line.to_location_id), 'transporter', { toLocationId: line.to_location_id });
  });

  it('pages and sorts in the database', async () => {
    const whole = await w.report('admin', { limit: 100, sortBy: 'planned', sortOrder: 'desc' });
    const values = whole.rows.map((r) => Number(r.planned));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const [first, second] = [await w.report('admin', { limit: 20, page: 1, sortBy: 'destination', sortOrder: 'asc' }), await w.report('admin', { limit: 20, page: 2, sortBy: 'destination', sortOrder: 'asc' })];
    const sorted = await w.report('admin', { limit: 100, sortBy: 'destination', sortOrder: 'asc' });
    expect([...first.rows, ...second.rows]).toEqual(sorted.rows.slice(0, 40));
    expect(first.totals).toEqual(whole.totals);
    const names = sorted.rows.map((r) => String(r.destination));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('scope: each shipment manager’s admin sees its own consignments’ port loadings only', async () => {
    const seen: number[][] = [];
    for (const who of ['rsgl', 'bahr'] as const) {
      const lines = await expectedLines(w.agencyId, sql`c.shipment_manager_id = ${w.sm[who]}::integer`);
      expect(lines.length).toBeGreaterThan(0);
      const rows = await compare(who, lines, 'portLoading');
      seen.push(rows.map((r) => Number(r.portLoadingId)));
      await compare(who, lines, 'destination');
    }
    expect(seen[0]?.filter((id) => seen[1]?.includes(id))).toEqual([]);
    const foreign = (await expectedLines(w.agencyId, sql`c.shipment_manager_id = ${w.sm.rsgl}::integer`))[0];
    expect((await w.report('bahr', { consignmentId: Number(foreign?.consignment_id) })).count).toBe(0);
  });

  it('answers 403 without the permission (and the export without its flag), 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ groupBy: 'week' }, /Please choose how to group/],
      [{ fromDate: '2026-02-30' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ transporterId: 'x' }, /Invalid id/],
      [{ sortBy: 'quantity_kg' }, /cannot be sorted/],
      [{ limit: 7 }, /./],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports the grouping’s rows and columns, numbers and dates, in English and Arabic', async () => {
    for (const [groupBy, lang, header] of [
      ['portLoading', 'en', 'Loading Date'],
      ['transporter', 'ar', 'الناقل'],
    ] as const) {
      const page = await w.report('admin', { groupBy });
      for (const { sheet } of await w.exportSheets('admin', { groupBy }, { count: page.count, header: { [lang]: header } })) {
        // Per port loading: date, voyage, BL, LC/PO, transporter, destination and six figures; by transporter: it and six.
        expect(sheet.getRow(1).cellCount).toBe(groupBy === 'portLoading' ? 12 : 7);
        expectTonnesCell(sheet.getRow(2).getCell(groupBy === 'portLoading' ? 7 : 2));
      }
    }
  });
});
