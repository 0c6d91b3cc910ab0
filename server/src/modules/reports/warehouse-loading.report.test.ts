import { kgToTonnes, warehouseLoadingReport, type ReportPage } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTonnesCell, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld } from './report.test-support';

/**
 * Warehouse Loading report (`GET /api/reports/reports/warehouse-loading`): per warehouse, day, destination,
 * transporter and truck, every figure against the test's own computation from `ledger_entries` (what the transactions
 * of each live Warehouse Out's trip took off the warehouse, put on hand elsewhere and lost, what is left on the truck)
 * on the demo season and a generated one; filters, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;

interface Out {
  warehouse_id: number;
  day: string;
  to_location_id: number;
  truck_id: number;
  transporter_id: number | null;
  owner_id: number;
  quantity: string;
  in_transit: string;
  delivered: string;
  loss: string;
}

/** The independent answer per live Warehouse Out (`where` on `po`, its Pre Out, and `wo`). */
function expectedOuts(agency: number, where: SQL = sql`true`): Promise<Out[]> {
  return w.rows<Out>(
    sql`with tx as (
          select distinct wo.id as out_id, po.warehouse_id, wo.trip_id, e.transaction_id from warehouse_outs wo
          join warehouse_pre_outs po on po.id = wo.pre_out_id
          join ledger_accounts a on a.trip_id = wo.trip_id and a.kind in ('IN_TRANSIT', 'TRANSIT_LOSS')
          join ledger_entries e on e.account_id = a.id),
        moves as (
          select tx.out_id,
                 coalesce(-sum(e.quantity_kg) filter (where a.kind = 'ON_HAND' and a.location_id = tx.warehouse_id), 0) as quantity,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'ON_HAND' and a.location_id <> tx.warehouse_id), 0) as delivered,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'TRANSIT_LOSS'), 0) as loss,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'IN_TRANSIT' and a.trip_id = tx.trip_id), 0) as in_transit
          from tx join ledger_entries e on e.transaction_id = tx.transaction_id join ledger_accounts a on a.id = e.account_id
          group by 1)
        select po.warehouse_id, to_char(timezone(ag.timezone, wo.out_at), 'YYYY-MM-DD') as day, wo.to_location_id, po.truck_id, tr.transporter_id,
               po.owner_company_id as owner_id, coalesce(m.quantity, 0)::text as quantity, coalesce(m.in_transit, 0)::text as in_transit,
               coalesce(m.delivered, 0)::text as delivered, coalesce(m.loss, 0)::text as loss
        from warehouse_outs wo join warehouse_pre_outs po on po.id = wo.pre_out_id join agencies ag on ag.id = wo.agency_id
        join trucks tr on tr.id = po.truck_id left join moves m on m.out_id = wo.id
        where wo.status = 'Active' and ${where} order by wo.id`,
    agency,
  );
}

const keyOfOut = (o: Out) => [o.warehouse_id, o.day, o.to_location_id, o.truck_id].map(Number).join('|').replace(/NaN/, o.day);
const keyOfRow = (r: ReportPage['rows'][number]) => [r.warehouseId, r.day, r.destinationId, r.truckId].map(Number).join('|').replace(/NaN/, String(r.day));

/** Per group: trips (the live outs) and the tonnes, as the report shows them. */
function grouped(outs: readonly Out[], keyOf: (o: Out) => string = keyOfOut) {
  const sums = new Map<string, { trips: number; quantity: bigint; inTransit: bigint; delivered: bigint; transitLoss: bigint }>();
  for (const o of outs) {
    const s = sums.get(keyOf(o)) ?? { trips: 0, quantity: 0n, inTransit: 0n, delivered: 0n, transitLoss: 0n };
    s.trips += 1;
    s.quantity += BigInt(o.quantity);
    s.inTransit += BigInt(o.in_transit);
    s.delivered += BigInt(o.delivered);
    s.transitLoss += BigInt(o.loss);
    sums.set(keyOf(o), s);
  }
  return new Map(
    [...sums].map(([k, s]) => [k, { trips: s.trips, quantity: kgToTonnes(s.quantity), inTransit: kgToTonnes(s.inTransit), delivered: kgToTonnes(s.delivered), transitLoss: kgToTonnes(s.transitLoss) }]),
  );
}

async function compare(who: ReportCaller, outs: readonly Out[], query: ReportQueryValues = {}) {
  const want = grouped(outs);
  const { all, first } = await w.allRows(who, query);
  expect(first.count).toBe(want.size);
  expect(new Map(all.map((r) => [keyOfRow(r), { trips: r.trips, quantity: r.quantity, inTransit: r.inTransit, delivered: r.delivered, transitLoss: r.transitLoss }]))).toEqual(want);
  expect(first.totals).toEqual(grouped(outs, () => 'all').get('all') ?? { trips: 0, quantity: '0.000', inTransit: '0.000', delivered: '0.000', transitLoss: '0.000' });
  return all;
}

withReportWorld(warehouseLoadingReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: every group’s trips and tonnes, and the totals', async () => {
    const outs = await expectedOuts(w.agencyId);
    expect(outs.length).toBeGreaterThanOrEqual(3);
    expect(outs.some((o) => BigInt(o.delivered) > 0n)).toBe(true);
    const rows = await compare('admin', outs);
    const names = await w.rows<{ id: number; name: string }>(sql`select id, name from locations`);
    const row = rows[0];
    expect(row?.warehouse).toBe(names.find((n) => Number(n.id) === row?.warehouseId)?.name);
    expect(row?.truck).toBeTruthy();
  });

  it('generated season: every group and the totals', async () => {
    // Seed 18 with 5 voyages sends trucks out of warehouses (the default season may not).
    const generated = await w.generated(18, 5);
    const outs = await expectedOuts(generated.agencyId);
    expect(outs.length).toBeGreaterThanOrEqual(3);
    await compare('generated', outs);
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by period, warehouse, destination, transporter and truck', async () => {
    const outs = await expectedOuts(w.agencyId);
    const out = outs.find((o) => o.transporter_id !== null) ?? outs[0];
    if (!out) throw new Error('no out');
    await compare('admin', outs.filter((o) => o.day === out.day), { fromDate: out.day, toDate: out.day });
    await compare('admin', outs.filter((o) => o.day >= out.day), { fromDate: out.day });
    await compare('admin', outs.filter((o) => o.warehouse_id === out.warehouse_id), { warehouseId: out.warehouse_id });
    await compare('admin', outs.filter((o) => o.to_location_id === out.to_location_id), { toLocationId: out.to_location_id });
    await compare('admin', outs.filter((o) => o.truck_id === out.truck_id), { truckId: out.truck_id });
    if (out.transporter_id !== null) await compare('admin', outs.filter((o) => o.transporter_id === out.transporter_id), { transporterId: out.transporter_id });
  });

  it('pages and sorts in the database', async () => {
    await w.expectFirstPageSorted('admin', {}, 'quantity', 'asc');
    const byTruck = await w.report('admin', { limit: 100, sortBy: 'truck', sortOrder: 'desc' });
    const plates = byTruck.rows.map((r) => String(r.truck));
    expect(plates).toEqual([...plates].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect((await w.report('admin', { limit: 100, page: 2 })).rows).toEqual([]);
  });

  it('scope: each shipment manager’s admin sees the outs of its own cargo only', async () => {
    const owners = (sm: number) => sql`po.owner_company_id in (select id from companies where id = ${sm}::integer or shipment_manager_id = ${sm}::integer)`;
    for (const who of ['rsgl', 'bahr'] as const) await compare(who, await expectedOuts(w.agencyId, owners(w.sm[who])));
    const rsgl = await expectedOuts(w.agencyId, owners(w.sm.rsgl));
    const bahr = await expectedOuts(w.agencyId, owners(w.sm.bahr));
    expect(rsgl.length + bahr.length).toBeGreaterThan(0);
    expect(rsgl.length + bahr.length).toBeLessThanOrEqual((await expectedOuts(w.agencyId)).length);
  });

  it('answers 403 without the permission (and the export without its flag), 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ fromDate: 'yesterday' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ truckId: '-3' }, /Invalid id/],
      [{ warehouseId: '1.5' }, /Invalid id/],
      [{ sortBy: 'truck_id' }, /cannot be sorted/],
      [{ page: 0 }, /The page must be a whole number from 1/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every row with numbers and dates, in English and Arabic', async () => {
    const page = await w.report('admin');
    for (const { sheet } of await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Day', ar: 'اليوم' } })) {
      expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
      expectTonnesCell(sheet.getRow(2).getCell(7));
    }
  });
});
