import { kgToTonnes, vesselReport } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTonnesCell, type ReportCaller, type ReportQueryValues, type ReportWorld, SLIP_TRIPS, withReportWorld } from './report.test-support';

/**
 * Vessel report (`GET /api/reports/vessel-report`): per voyage, every figure against the test's own computation
 * from `ledger_entries` (what VESSEL postings put on board, what loading slips' trucks took off, what those trucks'
 * receipts put on hand, their transit losses, what is on the trucks and on board), on the demo season and a
 * generated one; filters, paging, sort, scope, bad parameters, permission and the export.
 */
let w: ReportWorld;
let agencyId: number;

interface Expected {
  voyage_id: number;
  bl: string;
  outturn: string;
  loaded: string;
  delivered: string;
  in_transit: string;
  loss: string;
  on_board: string;
}

const TRIP_TRANSACTIONS = sql`select distinct e.transaction_id, a.voyage_id, a.consignment_id from ledger_entries e
  join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT' and a.trip_id in (${SLIP_TRIPS})`;

/** The independent answer per voyage; `consignments` narrows to consignments matching a condition on `c`. */
function expected(agency: number, consignments = sql`true`): Promise<Expected[]> {
  return w.rows<Expected>(
    sql`with cs as (select c.id from consignments c where ${consignments}),
    onboard as (
      select a.voyage_id, e.quantity_kg,
             exists (select 1 from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where e2.transaction_id = e.transaction_id and a2.kind = 'VESSEL') as from_vessel,
             exists (select 1 from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where e2.transaction_id = e.transaction_id and a2.kind = 'IN_TRANSIT') as to_truck
      from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'ON_BOARD' and a.consignment_id in (select id from cs)),
    board as (select voyage_id, coalesce(sum(quantity_kg) filter (where from_vessel), 0) as outturn, coalesce(-sum(quantity_kg) filter (where to_truck), 0) as loaded, sum(quantity_kg) as on_board from onboard group by 1),
    transit as (select a.voyage_id, sum(e.quantity_kg) filter (where a.kind = 'IN_TRANSIT') as in_transit, sum(e.quantity_kg) filter (where a.kind = 'TRANSIT_LOSS') as loss
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind in ('IN_TRANSIT', 'TRANSIT_LOSS') and a.trip_id in (${SLIP_TRIPS}) and a.consignment_id in (select id from cs) group by 1),
    delivered as (select tt.voyage_id, sum(e.quantity_kg) as delivered from (${TRIP_TRANSACTIONS}) tt
      join ledger_entries e on e.transaction_id = tt.transaction_id join ledger_accounts a on a.id = e.account_id
      where a.kind = 'ON_HAND' and tt.consignment_id in (select id from cs) group by 1),
    bl as (select voyage_id, sum(bl_quantity_kg) as bl from shipments where status = 'Active' and consignment_id in (select id from cs) group by 1)
    select v.id as voyage_id, coalesce(bl.bl, 0)::text as bl, coalesce(b.outturn, 0)::text as outturn, coalesce(b.loaded, 0)::text as loaded,
           coalesce(d.delivered, 0)::text as delivered, coalesce(tr.in_transit, 0)::text as in_transit, coalesce(tr.loss, 0)::text as loss, coalesce(b.on_board, 0)::text as on_board
    from voyages v left join board b on b.voyage_id = v.id left join transit tr on tr.voyage_id = v.id left join delivered d on d.voyage_id = v.id left join bl on bl.voyage_id = v.id
    where b.voyage_id is not null or bl.voyage_id is not null order by v.id`,
    agency,
  );
}

const sumKg = (values: readonly string[]) => kgToTonnes(values.reduce((s, v) => s + BigInt(v), 0n));

async function compare(who: ReportCaller, agency: number, consignments = sql`true`, query: Record<string, string | number> = {}) {
  const want = await expected(agency, consignments);
  const answer = await w.report(who, { ...query, limit: 100 });
  expect(answer.count).toBe(want.length);
  const got = [...answer.rows].sort((a, b) => Number(a.voyageId) - Number(b.voyageId));
  expect(got.map((r) => [r.voyageId, r.blQuantity, r.outturn, r.loaded, r.delivered, r.inTransit, r.transitLoss, r.onBoard])).toEqual(
    want.map((w) => [Number(w.voyage_id), kgToTonnes(BigInt(w.bl)), kgToTonnes(BigInt(w.outturn)), kgToTonnes(BigInt(w.loaded)), kgToTonnes(BigInt(w.delivered)), kgToTonnes(BigInt(w.in_transit)), kgToTonnes(BigInt(w.loss)), kgToTonnes(BigInt(w.on_board))]),
  );
  expect(answer.totals).toEqual({
    blQuantity: sumKg(want.map((w) => w.bl)),
    outturn: sumKg(want.map((w) => w.outturn)),
    loaded: sumKg(want.map((w) => w.loaded)),
    delivered: sumKg(want.map((w) => w.delivered)),
    inTransit: sumKg(want.map((w) => w.in_transit)),
    transitLoss: sumKg(want.map((w) => w.loss)),
    onBoard: sumKg(want.map((w) => w.on_board)),
  });
  return want;
}

withReportWorld(vesselReport, (world) => {
  w = world;
  agencyId = world.agencyId;
});

describe('right answers', () => {
  it('demo season: every voyage’s figures and the totals', async () => {
    const want = await compare('admin', agencyId);
    expect(want.length).toBeGreaterThanOrEqual(2);
    expect(want.some((w) => BigInt(w.delivered) > 0n) && want.some((w) => BigInt(w.on_board) > 0n)).toBe(true);
  });

  it('generated season: every voyage’s figures and the totals', async () => {
    const generated = await w.generated(18, 4);
    const want = await compare('generated', generated.agencyId);
    expect(want.length).toBeGreaterThanOrEqual(2);
  }, 300_000);
});

describe('filters, paging, sort, scope, permission, bad input, export', () => {
  it('filters by voyage, vessel, cargo type and arrival period', async () => {
    const [voyage] = await w.rows<{ id: number; vessel_id: number; arrival: string | null }>(sql`select id, vessel_id, to_char(arrival_date, 'YYYY-MM-DD') as arrival from voyages where arrival_date is not null order by id limit 1`);
    if (!voyage) throw new Error('no voyage');
    expect((await w.report('admin', { voyageId: voyage.id })).rows.map((r) => r.voyageId)).toEqual([Number(voyage.id)]);
    const ofVessel = await w.report('admin', { vesselId: voyage.vessel_id, limit: 100 });
    const vesselVoyages = await w.rows<{ id: number }>(sql`select id from voyages where vessel_id = ${voyage.vessel_id}::integer`);
    for (const r of ofVessel.rows) expect(vesselVoyages.map((v) => Number(v.id))).toContain(r.voyageId);
    const [cargo] = await w.rows<{ id: number }>(sql`select cargo_type_id as id from consignments order by id limit 1`);
    await compare('admin', agencyId, sql`c.cargo_type_id = ${Number(cargo?.id)}::integer`, { cargoTypeId: Number(cargo?.id) });
    const arrived = await w.report('admin', { fromDate: String(voyage.arrival), toDate: String(voyage.arrival), limit: 100 });
    expect(arrived.rows.every((r) => r.arrivalDate === voyage.arrival)).toBe(true);
    expect(arrived.rows.map((r) => r.voyageId)).toContain(Number(voyage.id));
  });

  it('pages and sorts in the database', async () => {
    await w.expectFirstPageSorted('admin', {}, 'outturn', 'asc');
  });

  it('scope: each shipment manager’s admin sees its own consignments’ figures only', async () => {
    for (const who of ['rsgl', 'bahr'] as const) await compare(who, agencyId, sql`c.shipment_manager_id = ${w.sm[who]}::integer`);
    const rsgl = await w.report('rsgl', { limit: 100 });
    const bahr = await w.report('bahr', { limit: 100 });
    expect(rsgl.count + bahr.count).toBeGreaterThan(0);
    const [foreign] = await w.rows<{ voyage_id: number }>(sql`select s.voyage_id from shipments s join consignments c on c.id = s.consignment_id where c.shipment_manager_id = ${w.sm.rsgl}::integer
      and s.voyage_id not in (select s2.voyage_id from shipments s2 join consignments c2 on c2.id = s2.consignment_id where c2.shipment_manager_id = ${w.sm.bahr}::integer) limit 1`);
    if (foreign) expect((await w.report('bahr', { voyageId: foreign.voyage_id })).count).toBe(0);
  });

  it('answers 403 without the permission, 400 on bad parameters with a message', async () => {
    await w.expectPermissions();
    const bad: [ReportQueryValues, RegExp][] = [
      [{ fromDate: '2026-13-01' }, /Please select a date/],
      [{ fromDate: '2026-03-10', toDate: '2026-03-01' }, /The to date can not be before the from date/],
      [{ vesselId: '0' }, /Invalid id/],
      [{ sortBy: 'vessel_id' }, /cannot be sorted/],
    ];
    await w.expectRefused('admin', bad);
  });

  it('exports every voyage with numbers and dates, in English and Arabic', async () => {
    const page = await w.report('admin');
    for (const { sheet } of await w.exportSheets('admin', {}, { count: page.count, header: { en: 'Vessel', ar: 'السفينة' } })) expectTonnesCell(sheet.getRow(2).getCell(5));
  });
});
