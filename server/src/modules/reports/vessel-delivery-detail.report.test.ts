import { kgToTonnes, vesselDeliveryDetailReport, type ReportPage } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTonnesCell, type ReportCaller, type ReportQueryValues, withReportWorld, type ReportWorld } from './report.test-support';

/**
 * Vessel Delivery Detail (`GET /api/reports/vessel-delivery-detail-report`): one voyage's every live loading slip,
 * each quantity against the test's own reading of `ledger_entries` (what the transactions of the slip's trip took off
 * ON_BOARD, put on hand and lost, what is left on the truck) and the weights against the weighbridge records, on the
 * demo season and a generated one; the required voyage, filters, paging, sort, scope, permission and the export.
 */
let w: ReportWorld;

interface Slip {
  id: number;
  slip_number: number;
  voyage_id: number;
  consignment_id: number;
  to_location_id: number;
  truck_id: number;
  wbt_number: string;
  loaded: string;
  received: string;
  loss: string;
  in_transit: string;
  gross: string | null;
  tare: string | null;
}

/** The independent answer per live slip (`where` on `s`, `pl` and `c`). */
function expectedSlips(agency: number, where: SQL = sql`true`): Promise<Slip[]> {
  return w.rows<Slip>(
    sql`with tx as (
          select distinct s.id as slip_id, s.trip_id, e.transaction_id from loading_slips s
          join ledger_accounts a on a.trip_id = s.trip_id and a.kind in ('IN_TRANSIT', 'TRANSIT_LOSS')
          join ledger_entries e on e.account_id = a.id),
        moves as (
          select tx.slip_id,
                 coalesce(-sum(e.quantity_kg) filter (where a.kind = 'ON_BOARD'), 0) as loaded,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'ON_HAND'), 0) as received,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'TRANSIT_LOSS'), 0) as loss,
                 coalesce(sum(e.quantity_kg) filter (where a.kind = 'IN_TRANSIT' and a.trip_id = tx.trip_id), 0) as in_transit
          from tx join ledger_entries e on e.transaction_id = tx.transaction_id join ledger_accounts a on a.id = e.account_id
          group by 1)
        select s.id, s.slip_number, pl.voyage_id, pl.consignment_id, pl.to_location_id, s.truck_id, s.wbt_number,
               coalesce(m.loaded, 0)::text as loaded, coalesce(m.received, 0)::text as received, coalesce(m.loss, 0)::text as loss,
               coalesce(m.in_transit, 0)::text as in_transit,
               (select pre.kg::text from warehouse_pre_ins pre where pre.slip_kind = 'loadingSlip' and pre.slip_id = s.id and pre.status = 'Active') as gross,
               (select wi.kg::text from warehouse_ins wi join warehouse_pre_ins pre on pre.id = wi.pre_in_id
                where pre.slip_kind = 'loadingSlip' and pre.slip_id = s.id and wi.status = 'Active') as tare
        from loading_slips s join port_loadings pl on pl.id = s.port_loading_id join consignments c on c.id = pl.consignment_id
        left join moves m on m.slip_id = s.id
        where s.status = 'Active' and ${where} order by s.id`,
    agency,
  );
}

const tonnesOrNull = (kg: string | null) => (kg === null ? null : kgToTonnes(BigInt(kg)));

async function compare(who: ReportCaller, slips: readonly Slip[], query: ReportQueryValues) {
  const { all, first } = await w.allRows(who, query);
  expect(first.count).toBe(slips.length);
  const shown = (r: ReportPage['rows'][number]) => [r.slipNumber, r.wbtNumber, r.loaded, r.gross, r.tare, r.received, r.transitLoss, r.inTransit];
  expect(new Map(all.map((r) => [Number(r.slipId), shown(r)]))).toEqual(
    new Map(
      slips.map((s) => [
        Number(s.id),
        [Number(s.slip_number), s.wbt_number, kgToTonnes(BigInt(s.loaded)), tonnesOrNull(s.gross), tonnesOrNull(s.tare), kgToTonnes(BigInt(s.received)), kgToTonnes(BigInt(s.loss)), kgToTonnes(BigInt(s.in_transit))],
      ]),
    ),
  );
  const sum = (pick: (s: Slip) => string) => kgToTonnes(slips.reduce((t, s) => t + BigInt(pick(s)), 0n));
  expect(first.totals).toEqual({ loaded: sum((s) => s.loaded), received: sum((s) => s.received), transitLoss: sum((s) => s.loss), inTransit: sum((s) => s.in_transit) });
  return all;
}

/** The voyages with slips, most slips first. */
const voyagesWithSlips = (agency: number) =>
  w.rows<{ voyage_id: number; slips: number }>(
    sql`select pl.voyage_id, count(*)::integer as slips from loading_slips s join port_loadings pl on pl.id = s.port_loading_id where s.status = 'Active' group by 1 order by 2 desc, 1`,
    agency,
  );

withReportWorld(vesselDeliveryDetailReport, (world) => {
  w = world;
});

describe('right answers', () => {
  it('demo season: every voyage’s every slip, its quantities and weights, and the totals', async () => {
    const voyages = await voyagesWithSlips(w.agencyId);
    expect(voyages.length).toBeGreaterThanOrEqual(2);
    let weighed = 0;
    for (const v of voyages) {
      const slips = await expectedSlips(w.agencyId, sql`pl.voyage_id = ${v.voyage_id}::integer`);
      const rows = await compare('admin', slips, { voyageId: v.voyage_id });
      for (const r of rows) {
        // A warehouse receipt's weights: gross on arrival less tare after unloading is what was received.
        if (r.tare !== null) {
          weighed += 1;
          expect(BigInt(String(r.gross).replaceAll(',', '').replace('.', '')) - BigInt(String(r.tare).replaceAll(',', '').replace('.', ''))).toBe(BigInt(String(r.received).replaceAll(',', '').replace('.', '')));
        }
        expect(r.receivedOn === null).toBe(r.received === '0.000');
      }
    }
    expect(weighed).toBeGreaterThan(0);
  });

  it('generated season: a voyage’s every slip and the totals', async () => {
    const generated = await w.generated();
    const [voyage] = await voyagesWithSlips(generated.agencyId);
    if (!voyage) throw new Error('no slips in the generated season');
    await compare('generated', await expectedSlips(generated.agencyId, sql`pl.voyage_id = ${voyage.voyage_id}::integer`), { voyageId: voyage.voyage_id });
  }, 300_000);
});

describe('the required voyage, filters, paging, sort, scope, permission, bad input, export', () => {
  it('asks for the voyage: 400 without it, on the page and the export', async () => {
    for (const path of ['', '/export.xlsx']) {
      const response = await w.call('admin', {}, path);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/Please select a vessel \/ voyage/);
    }
    expect((await w.call('admin', { voyageId: '' })).statusCode).toBe(400);
  });

  it('filters by LC/PO, destination and truck', async () => {
    const [voyage] = await voyagesWithSlips(w.agencyId);
    const slips = await expectedSlips(w.agencyId, sql`pl.voyage_id = ${Number(voyage?.voyage_id)}::integer`);
    const slip = slips[0];
    if (!slip) throw new Error('no slip');
    const voyageId = Number(voyage?.voyage_id);
    await compare('admin', slips.filter((s) => s.consignment_id === slip.consignment_id), { voyageId, consignmentId: slip.consignment_id });
    await compare('admin', slips.filter((s) => s.to_location_id === slip.to_location_id), { voyageId, toLocationId: slip.to_location_id });
    await compare('admin', slips.filter((s) => s.truck_id === slip.truck_id), { voyageId, truckId: slip.truck_id });
  });

  it('pages and sorts in the database', async () => {
    const [voyage] = await voyagesWithSlips(w.agencyId);
    const voyageId = Number(voyage?.voyage_id);
    const whole = await w.report('admin', { voyageId, limit: 100 });
    const numbers = whole.rows.map((r) => Number(r.slipNumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const byReceived = await w.report('admin', { voyageId, limit: 100, sortBy: 'received', sortOrder: 'desc' });
    const received = byReceived.rows.map((r) => Number(String(r.received).replaceAll(',', '')));
    expect(received).toEqual([...received].sort((a, b) => b - a));
    const first = await w.report('admin', { voyageId, limit: 20 });
    expect(first.rows).toEqual(whole.rows.slice(0, 20));
    expect(first.totals).toEqual(whole.totals);
  });

  it('scope: each shipment manager’s admin sees the slips of its own consignments only', async () => {
    for (const v of await voyagesWithSlips(w.agencyId)) {
      const seen: number[][] = [];
      for (const who of ['rsgl', 'bahr'] as const) {
        const slips = await expectedSlips(w.agencyId, sql`pl.voyage_id = ${v.voyage_id}::integer and c.shipment_manager_id = ${w.sm[who]}::integer`);
        seen.push((await compare(who, slips, { voyageId: v.voyage_id })).map((r) => Number(r.slipId)));
      }
      expect(seen[0]?.filter((id) => seen[1]?.includes(id))).toEqual([]);
    }
  });

  it('answers 403 without the permission (and the export without its flag), 400 on bad parameters with a message', async () => {
    const [voyage] = await voyagesWithSlips(w.agencyId);
    const voyageId = Number(voyage?.voyage_id);
    await w.expectPermissions({ voyageId });
    const bad: [ReportQueryValues, RegExp][] = [
      [{ voyageId: 'abc' }, /Please select a vessel \/ voyage/],
      [{ voyageId: 0 }, /Please select a vessel \/ voyage/],
      [{ voyageId, truckId: 'x' }, /Invalid id/],
      [{ voyageId, sortBy: 'trip_id' }, /cannot be sorted/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports the voyage’s slips with numbers, dates and blank weights where none were taken, in English and Arabic', async () => {
    const [voyage] = await voyagesWithSlips(w.agencyId);
    const voyageId = Number(voyage?.voyage_id);
    const page = await w.report('admin', { voyageId, limit: 100 });
    for (const { sheet } of await w.exportSheets('admin', { voyageId }, { count: page.count, header: { en: 'Slip No.', ar: 'رقم الإذن' } })) {
      expect(sheet.getRow(2).getCell(1).value).toBe(page.rows[0]?.slipNumber);
      expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
      expectTonnesCell(sheet.getRow(2).getCell(9));
      page.rows.forEach((r, i) => {
        const gross = sheet.getRow(i + 2).getCell(10).value;
        expect(gross === null ? null : Number(gross)).toBe(r.gross === null ? null : Number(String(r.gross).replaceAll(',', '')));
      });
    }
  });
});
