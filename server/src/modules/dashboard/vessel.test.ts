import { COMPANY_TYPE_IDS, kgToTonnes, permissionFlag, VesselDashboardMessages, ZLcDetail, ZPortDetail, ZVesselDetail, ZVesselStats, type TLcDetail, type TPortDetail, type TVesselDetail, type TVesselStats } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { findDemoAgency } from '../../seed/first-run';
import { bearer, loginAs, makeRole, makeUser } from '../../test/fixtures';
import { createGeneratedAgency } from '../../test/generated-season';
import { createDemoTestApp, type TestApp } from '../../test/harness';

/**
 * The VESSEL tab (spec 2.13, 3, 6, 7: `/api/dashboard/vessels/...`) on the demo season: every figure of every call
 * agrees to the kilogram with an independent computation from `ledger_entries` (joined to their accounts and
 * transactions; the business tables only for a trip's destination and transporter, and the loan and sale records);
 * filters, scope (two shipment managers' admins), empty states and bad parameters.
 */
let t: TestApp;
let agencyId: number;
const tokens: Record<string, string> = {};
const sm: Record<'rsgl' | 'bahr', number> = { rsgl: 0, bahr: 0 };
let consigneeId = 0;

/** The agency each caller works in (the demo agency unless named). */
const agencyOf: Record<string, number> = {};

function rows<T>(query: ReturnType<typeof sql>, agency: number = agencyId): Promise<T[]> {
  return inAgency(t.database.db, agency, (tx) => queryRows<T>(tx, query));
}

async function call(who: string, path: string, query: Record<string, string | number> = {}) {
  const token = tokens[who];
  if (!token) throw new Error(`no token ${who}`);
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api/dashboard/vessels/${path}${search ? `?${search}` : ''}`, headers: { ...bearer(token), 'x-agency-id': String(agencyOf[who] ?? agencyId) } });
}

async function ok<T>(who: string, path: string, query: Record<string, string | number>, parse: (v: unknown) => T): Promise<T> {
  const response = await call(who, path, query);
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.json());
}
const stats = (who: string, query: Record<string, string | number> = {}): Promise<TVesselStats> => ok(who, 'get-vessel-stats', query, (v) => ZVesselStats.parse(v));
const detail = (who: string, query: Record<string, string | number>): Promise<TVesselDetail> => ok(who, 'get-vessel-detail', query, (v) => ZVesselDetail.parse(v));
const lc = (who: string, query: Record<string, string | number>): Promise<TLcDetail> => ok(who, 'get-lc-detail', query, (v) => ZLcDetail.parse(v));
const port = (who: string, query: Record<string, string | number>): Promise<TPortDetail> => ok(who, 'get-port-detail', query, (v) => ZPortDetail.parse(v));

const mt = (kg: string | bigint | number) => kgToTonnes(BigInt(kg));

// ---------------------------------------------------------------------------------------------------------------
// The independent computation: entries, not balances; trips of loading slips found by their postings' source.

/** Per (voyage, consignment): what VESSEL postings put on board, what slips took off, what is left. */
interface ExpectedPair {
  voyage_id: number;
  consignment_id: number;
  shipment_manager_id: number | null;
  bl_consignee_id: number;
  cargo_type_id: number;
  quantity: string;
  loaded: string;
  remaining: string;
  in_transit: string;
  delivered: string;
}

const SLIP_TRIPS = sql`select distinct a.trip_id from ledger_entries e join ledger_accounts a on a.id = e.account_id
  join ledger_transactions x on x.id = e.transaction_id where x.source_table = 'loading_slips' and a.kind = 'IN_TRANSIT'`;

/** Transactions touching a loading slip's trip, with the trip and its (voyage, consignment). */
const TRIP_TRANSACTIONS = sql`select distinct e.transaction_id, a.trip_id, a.voyage_id, a.consignment_id from ledger_entries e
  join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT' and a.trip_id in (${SLIP_TRIPS})`;

function expectedPairs(agency: number = agencyId): Promise<ExpectedPair[]> {
  return rows<ExpectedPair>(
    sql`
    with onboard as (
      select a.voyage_id, a.consignment_id, e.quantity_kg, e.transaction_id,
             exists (select 1 from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where e2.transaction_id = e.transaction_id and a2.kind = 'VESSEL') as from_vessel,
             exists (select 1 from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id where e2.transaction_id = e.transaction_id and a2.kind = 'IN_TRANSIT') as to_truck
      from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'ON_BOARD'),
    board as (
      select voyage_id, consignment_id, sum(quantity_kg) filter (where from_vessel) as quantity, -sum(quantity_kg) filter (where to_truck) as loaded, sum(quantity_kg) as remaining
      from onboard group by voyage_id, consignment_id),
    transit as (
      select a.voyage_id, a.consignment_id, sum(e.quantity_kg) as in_transit from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.kind = 'IN_TRANSIT' and a.trip_id in (${SLIP_TRIPS}) group by 1, 2),
    delivered as (
      select tt.voyage_id, tt.consignment_id, sum(e.quantity_kg) as delivered from (${TRIP_TRANSACTIONS}) tt
      join ledger_entries e on e.transaction_id = tt.transaction_id join ledger_accounts a on a.id = e.account_id where a.kind = 'ON_HAND' group by 1, 2)
    select b.voyage_id, b.consignment_id, c.shipment_manager_id, c.bl_consignee_id, c.cargo_type_id,
           coalesce(b.quantity, 0)::text as quantity, coalesce(b.loaded, 0)::text as loaded, b.remaining::text as remaining,
           coalesce(tr.in_transit, 0)::text as in_transit, coalesce(d.delivered, 0)::text as delivered
    from board b join consignments c on c.id = b.consignment_id
    left join transit tr on tr.voyage_id = b.voyage_id and tr.consignment_id = b.consignment_id
    left join delivered d on d.voyage_id = b.voyage_id and d.consignment_id = b.consignment_id
    where coalesce(b.quantity, 0) <> 0
    order by b.voyage_id, b.consignment_id`,
    agency,
  );
}

/** Per slip trip: its destination, transporter, port loading and the ledger's loaded / in transit / delivered. */
interface ExpectedTrip {
  trip_id: number;
  voyage_id: number;
  shipment_id: number;
  port_loading_id: number;
  transportation_type: string;
  to_location_id: number;
  transporter_id: number;
  slip_status: string;
  loaded: string;
  in_transit: string;
  delivered: string;
}

function expectedTrips(agency: number = agencyId): Promise<ExpectedTrip[]> {
  return rows<ExpectedTrip>(
    sql`
    with trip_tx as (${TRIP_TRANSACTIONS})
    select ls.trip_id, pl.voyage_id, pl.shipment_id, pl.id as port_loading_id, pl.transportation_type, pl.to_location_id, tk.transporter_id, ls.status as slip_status,
      coalesce((select sum(e.quantity_kg) from trip_tx tt join ledger_entries e on e.transaction_id = tt.transaction_id join ledger_accounts a on a.id = e.account_id
                where tt.trip_id = ls.trip_id and a.kind = 'ON_BOARD'), 0)::bigint * -1 as loaded,
      coalesce((select sum(e.quantity_kg) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT' and a.trip_id = ls.trip_id), 0)::text as in_transit,
      coalesce((select sum(e.quantity_kg) from trip_tx tt join ledger_entries e on e.transaction_id = tt.transaction_id join ledger_accounts a on a.id = e.account_id
                where tt.trip_id = ls.trip_id and a.kind = 'ON_HAND'), 0)::text as delivered
    from loading_slips ls join port_loadings pl on pl.id = ls.port_loading_id join trucks tk on tk.id = ls.truck_id
    order by ls.trip_id`,
    agency,
  );
}

const sumKg = (values: readonly (string | number | bigint)[]) => values.reduce<bigint>((total, v) => total + BigInt(v), 0n);

beforeAll(async () => {
  t = await createDemoTestApp();
  agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  const managers = await rows<{ id: number; name: string }>(sql`select id, name from companies where company_type_id = ${COMPANY_TYPE_IDS.shipmentManager}::integer order by id`);
  sm.rsgl = Number(managers.find((m) => m.name === 'Red Sea Grain Logistics')?.id ?? 0);
  sm.bahr = Number(managers.find((m) => m.name === 'Al Bahr Shipping Services')?.id ?? 0);
  expect(sm.rsgl).toBeGreaterThan(0);
  expect(sm.bahr).toBeGreaterThan(0);
  const db = t.database.db;
  const role = await makeRole(db, { agencyId, permissions: [permissionFlag('Dashboard', 'view')] });
  const otherRole = await makeRole(db, { agencyId, permissions: ['canViewMapDashboard'] });
  const bahrAdmin = await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: sm.bahr });
  const rsglAdmin = await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: sm.rsgl });
  const withoutVessel = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: otherRole.id });
  const [consignee] = await rows<{ id: number }>(sql`select bl_consignee_id as id from consignments order by id limit 1`);
  consigneeId = Number(consignee?.id ?? 0);
  const consigneeUser = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: role.id, consigneeIds: [consigneeId] });
  tokens.admin = await loginAs(t.app, 'demo.admin', 'Demo#Pass1');
  tokens.rsgl = await loginAs(t.app, rsglAdmin.username);
  tokens.bahr = await loginAs(t.app, bahrAdmin.username);
  tokens.without = await loginAs(t.app, withoutVessel.username);
  tokens.consignee = await loginAs(t.app, consigneeUser.username);
});
afterAll(async () => {
  await t.close();
});

/**
 * Every figure of every call, as `who` sees the agency `agency()`, against the ledger's entries: run on the demo
 * season and on a generated one (many voyages, warehouse outs whose trucks carry the cargo's voyage too, losses).
 */
function rightAnswers(who: string, agency: () => number) {
  const q = <T,>(query: ReturnType<typeof sql>) => rows<T>(query, agency());
  it('get-vessel-stats: each voyage and LC/PO row, the totals and the chart', async () => {
    const expected = await expectedPairs(agency());
    expect(expected.length).toBeGreaterThanOrEqual(6);
    // The season has cargo in every state: on board, on trucks, received.
    expect(expected.some((p) => BigInt(p.in_transit) > 0n) && expected.some((p) => BigInt(p.delivered) > 0n) && expected.some((p) => BigInt(p.remaining) > 0n)).toBe(true);
    const answer = await stats(who);
    const got = [...answer.rows].sort((a, b) => a.voyageId - b.voyageId || a.consignmentId - b.consignmentId);
    expect(got.map((r) => ({ voyage: r.voyageId, consignment: r.consignmentId, q: r.quantity, l: r.loadedQuantity, tr: r.inTransitQuantity, d: r.dlvQuantity, rem: r.remainingQuantity }))).toEqual(
      expected.map((p) => ({ voyage: Number(p.voyage_id), consignment: Number(p.consignment_id), q: mt(p.quantity), l: mt(p.loaded), tr: mt(p.in_transit), d: mt(p.delivered), rem: mt(p.remaining) })),
    );
    // Names of the row from the records.
    const names = await q<{ voyage_id: number; consignment_id: number; vessel_id: number; vessel: string; voyage_number: string; lc_po: string; port: string }>(
      sql`select v.id as voyage_id, c.id as consignment_id, v.vessel_id, ve.name as vessel, v.voyage_number, coalesce(c.lc_number, c.po_number) as lc_po, po.name as port
          from shipments s join voyages v on v.id = s.voyage_id join vessels ve on ve.id = v.vessel_id join ports po on po.id = v.port_id join consignments c on c.id = s.consignment_id`,
    );
    for (const row of got) {
      const name = names.find((n) => Number(n.voyage_id) === row.voyageId && Number(n.consignment_id) === row.consignmentId);
      expect(row).toMatchObject({ vesselId: Number(name?.vessel_id), vesselVoyage: `${name?.vessel} / ${name?.voyage_number}`, LCPONumber: name?.lc_po, port: name?.port });
    }
    expect(answer.totals).toEqual({
      quantity: mt(sumKg(expected.map((p) => p.quantity))),
      loadedQuantity: mt(sumKg(expected.map((p) => p.loaded))),
      inTransitQuantity: mt(sumKg(expected.map((p) => p.in_transit))),
      dlvQuantity: mt(sumKg(expected.map((p) => p.delivered))),
      remainingQuantity: mt(sumKg(expected.map((p) => p.remaining))),
    });
    const voyages = [...new Set(expected.map((p) => Number(p.voyage_id)))].sort((a, b) => a - b);
    expect([...answer.chartData].sort((a, b) => a.voyageId - b.voyageId).map((c) => [c.voyageId, c.totalLoadedQuantity, c.totalRemainingQuantity])).toEqual(
      voyages.map((v) => {
        const of = expected.filter((p) => Number(p.voyage_id) === v);
        return [v, mt(sumKg(of.map((p) => p.loaded))), mt(sumKg(of.map((p) => p.remaining)))];
      }),
    );
    for (const bar of answer.chartData) expect(bar.shortVesselName.length).toBeLessThanOrEqual(12 + 1 + 20);
  });

  it('get-vessel-detail: the stat cards and the LC table of each voyage', async () => {
    const pairs = await expectedPairs(agency());
    const trips = await expectedTrips(agency());
    const voyages = await q<{ id: number; vessel_id: number }>(sql`select id, vessel_id from voyages order by id`);
    for (const voyage of voyages) {
      const voyageId = Number(voyage.id);
      const answer = await detail(who, { vesselId: Number(voyage.vessel_id), voyageId });
      const ofVoyage = pairs.filter((p) => Number(p.voyage_id) === voyageId);
      const tripsOf = (types: readonly string[]) => trips.filter((tr) => Number(tr.voyage_id) === voyageId && types.includes(tr.transportation_type));
      const delivery = tripsOf(['directDelivery', 'customerDelivery']);
      const warehouse = tripsOf(['warehouse']);
      const loans = await q<{ issued: string; returned: string }>(sql`
        select coalesce(sum(l.quantity_kg), 0)::text as issued,
               coalesce((select sum(r.quantity_kg) from loan_returns r join consignee_to_shipment_manager_loans l2 on l2.id = r.loan_id
                         where l2.voyage_id = ${voyageId}::integer and l2.status = 'Active' and r.status = 'Active'), 0)::text as returned
        from consignee_to_shipment_manager_loans l where l.voyage_id = ${voyageId}::integer and l.status = 'Active'`);
      const bl = await q<{ kg: string }>(sql`select coalesce(sum(bl_quantity_kg), 0)::text as kg from shipments where voyage_id = ${voyageId}::integer and status = 'Active'`);
      const quantity = sumKg(ofVoyage.map((p) => p.quantity));
      expect(answer.stats).toEqual({
        totalVesselQuantity: mt(quantity),
        totalQuantityOnBoard: mt(sumKg(ofVoyage.map((p) => p.remaining))),
        totalQuantityLoaded: mt(sumKg(ofVoyage.map((p) => p.loaded))),
        totalQuantityDD: mt(sumKg(delivery.map((tr) => tr.delivered))),
        totalQuantityWarehouse: mt(sumKg(warehouse.map((tr) => tr.delivered))),
        totalQuantityInTransit: mt(sumKg([...delivery, ...warehouse].map((tr) => tr.in_transit))),
        totalDirectDeliveredInTransit: mt(sumKg(delivery.map((tr) => tr.in_transit))),
        totalWarehouseDeliveredInTransit: mt(sumKg(warehouse.map((tr) => tr.in_transit))),
        totalLoanQuantity: mt(loans[0]?.issued ?? '0'),
        totalLoanReturnedQuantity: mt(loans[0]?.returned ?? '0'),
        totalDifferenceQuantity: mt(quantity - BigInt(bl[0]?.kg ?? '0')),
      });
      // Loaded splits into delivered, in transit and lost, whichever way it is read.
      expect(sumKg([...delivery, ...warehouse].map((tr) => tr.loaded))).toBe(sumKg(ofVoyage.map((p) => p.loaded)));
      const shipments = await q<{ id: number; consignment_id: number; bl_kg: string; bl_consignee_id: number }>(
        sql`select id, consignment_id, bl_quantity_kg::text as bl_kg, bl_consignee_id from shipments where voyage_id = ${voyageId}::integer and status = 'Active' order by id`,
      );
      expect(answer.rows.map((r) => r.shipmentId).sort((a, b) => a - b)).toEqual(shipments.map((s) => Number(s.id)));
      for (const s of shipments) {
        const row = answer.rows.find((r) => r.shipmentId === Number(s.id));
        const pair = ofVoyage.find((p) => Number(p.consignment_id) === Number(s.consignment_id));
        const [records] = await q<{ loan: string; returned: string; sale: string; planned_others: string; unplanned_loans: string }>(sql`
          select (select coalesce(sum(quantity_kg), 0) from consignee_to_shipment_manager_loans where voyage_id = ${voyageId}::integer and consignment_id = ${s.consignment_id}::integer and status = 'Active')::text as loan,
                 (select coalesce(sum(r.quantity_kg), 0) from loan_returns r join consignee_to_shipment_manager_loans l on l.id = r.loan_id
                   where l.voyage_id = ${voyageId}::integer and l.consignment_id = ${s.consignment_id}::integer and l.status = 'Active' and r.status = 'Active')::text as returned,
                 (select coalesce(sum(quantity_kg), 0) from consignee_to_customer_sales where voyage_id = ${voyageId}::integer and consignment_id = ${s.consignment_id}::integer and status = 'Active')::text as sale,
                 (select coalesce(sum(greatest(0, pl.quantity_kg - (select coalesce(sum(x.quantity_kg), 0) from loading_slips x where x.port_loading_id = pl.id and x.status = 'Active'))), 0)
                    from port_loadings pl where pl.shipment_id = ${s.id}::integer and pl.status = 'Active' and pl.owner_company_id <> ${s.bl_consignee_id}::integer)::text as planned_others,
                 (select coalesce(sum(greatest(0, l.quantity_kg - (select coalesce(sum(p.quantity_kg), 0) from port_loadings p where p.loan_id = l.id and p.status = 'Active'))), 0)
                    from consignee_to_shipment_manager_loans l where l.shipment_id = ${s.id}::integer and l.status = 'Active')::text as unplanned_loans`);
        const remaining = BigInt(pair?.remaining ?? '0');
        const others = BigInt(records?.planned_others ?? '0') + BigInt(records?.unplanned_loans ?? '0');
        const toOthers = others < remaining ? others : remaining;
        expect(row).toMatchObject({
          consignmentId: Number(s.consignment_id),
          blConsigneeId: Number(s.bl_consignee_id),
          quantity: mt(pair?.quantity ?? '0'),
          excessShortage: mt(BigInt(pair?.quantity ?? '0') - BigInt(s.bl_kg)),
          discharged: mt(pair?.loaded ?? '0'),
          loanIssued: mt(records?.loan ?? '0'),
          loanReturned: mt(records?.returned ?? '0'),
          customerSale: mt(records?.sale ?? '0'),
          toBlConsignee: mt(remaining - toOthers),
          toNonBlConsignee: mt(toOthers),
        });
      }
    }
    // The season's on-board loan and its return show on their voyage.
    const all = await Promise.all(voyages.map((v) => detail(who, { vesselId: Number(v.vessel_id), voyageId: Number(v.id) })));
    expect(all.some((d) => d.stats.totalLoanQuantity !== '0.000')).toBe(true);
    expect(all.some((d) => d.stats.totalDifferenceQuantity !== '0.000')).toBe(true);
  });

  it('get-lc-detail and get-port-detail: each BL’s port loadings, each port loading’s destinations and transporters', async () => {
    const trips = await expectedTrips(agency());
    const shipments = await q<{ id: number; consignment_id: number; bl_consignee_id: number }>(sql`select id, consignment_id, bl_consignee_id from shipments where status = 'Active' order by id`);
    let levelThree = 0;
    for (const s of shipments) {
      const all = await lc(who, { shipmentId: Number(s.id), consignmentId: Number(s.consignment_id) });
      const loadings = await q<{ id: number; port_id: number; quantity_kg: string; owner_company_id: number }>(
        sql`select id, port_id, quantity_kg::text as quantity_kg, owner_company_id from port_loadings where shipment_id = ${s.id}::integer and status = 'Active' order by id`,
      );
      expect(all.rows.map((r) => r.cargoLoadingOutId).sort((a, b) => a - b)).toEqual(loadings.map((l) => Number(l.id)));
      for (const loading of loadings) {
        const row = all.rows.find((r) => r.cargoLoadingOutId === Number(loading.id));
        const of = trips.filter((tr) => Number(tr.port_loading_id) === Number(loading.id));
        const loaded = sumKg(of.map((tr) => tr.loaded));
        expect(row).toMatchObject({
          portId: Number(loading.port_id),
          issuedQuantity: mt(loading.quantity_kg),
          loadedQuantity: mt(loaded),
          trips: of.filter((tr) => tr.slip_status === 'Active').length,
          remainingQuantity: mt(BigInt(loading.quantity_kg) - loaded),
        });
        // Level 3.
        const answer = await port(who, { cargoLoadingOutId: Number(loading.id), portId: Number(loading.port_id) });
        const live = of.filter((tr) => tr.slip_status === 'Active');
        const figures = (list: ExpectedTrip[]) => ({
          loadedQuantity: mt(sumKg(list.map((tr) => tr.loaded))),
          trips: list.length,
          deliveredQuantity: mt(sumKg(list.map((tr) => tr.delivered))),
          inTransitQuantity: mt(sumKg(list.map((tr) => tr.in_transit))),
        });
        const locationIds = [...new Set(live.map((tr) => Number(tr.to_location_id)))];
        expect(answer.rows.map((r) => ({ locationId: r.locationId, loadedQuantity: r.loadedQuantity, trips: r.trips, deliveredQuantity: r.deliveredQuantity, inTransitQuantity: r.inTransitQuantity }))).toEqual(
          locationIds.map((id) => ({ locationId: id, ...figures(live.filter((tr) => Number(tr.to_location_id) === id)) })),
        );
        const transporterIds = [...new Set(live.map((tr) => Number(tr.transporter_id)))];
        const names = await q<{ id: number; name: string }>(sql`select id, name from companies where id in (select transporter_id from trucks)`);
        expect([...answer.transporters].sort((a, b) => a.transporter.localeCompare(b.transporter))).toEqual(
          transporterIds
            .map((id) => ({ transporter: names.find((n) => Number(n.id) === id)?.name ?? '', ...figures(live.filter((tr) => Number(tr.transporter_id) === id)) }))
            .sort((a, b) => a.transporter.localeCompare(b.transporter)),
        );
        if (live.length > 0) levelThree += 1;
      }
      // The type splits the BL's port loadings by their owner at the destination.
      const toBl = await lc(who, { shipmentId: Number(s.id), consignmentId: Number(s.consignment_id), type: 'blConsignee' });
      const toOthers = await lc(who, { shipmentId: Number(s.id), consignmentId: Number(s.consignment_id), type: 'nonBlConsignee' });
      expect(toBl.rows.map((r) => r.cargoLoadingOutId).sort((a, b) => a - b)).toEqual(loadings.filter((l) => Number(l.owner_company_id) === Number(s.bl_consignee_id)).map((l) => Number(l.id)));
      expect(toOthers.rows.map((r) => r.cargoLoadingOutId).sort((a, b) => a - b)).toEqual(loadings.filter((l) => Number(l.owner_company_id) !== Number(s.bl_consignee_id)).map((l) => Number(l.id)));
    }
    expect(levelThree).toBeGreaterThan(0);
  });
}

describe('the VESSEL tab agrees with the ledger’s entries to the kilogram (demo season, demo admin)', () => rightAnswers('admin', () => agencyId));

describe('the VESSEL tab agrees with the ledger’s entries to the kilogram (a generated season, its admin)', () => {
  beforeAll(async () => {
    const generated = await createGeneratedAgency(t.database.db, { now: t.clock.now(), seed: 15, voyages: 4, password: 'Generated#Pass1' });
    agencyOf.generated = generated.agencyId;
    tokens.generated = await loginAs(t.app, generated.username, 'Generated#Pass1');
    expect(generated.season.onTheRoad).toBeGreaterThan(0);
    expect(generated.season.warehouseOuts).toBeGreaterThan(0);
  }, 300_000);
  rightAnswers('generated', () => agencyOf.generated ?? 0);
});

describe('filters, scope, empty states and bad parameters', () => {
  it('each filter narrows the summary to the matching rows', async () => {
    const pairs = await expectedPairs();
    const first = pairs[0];
    if (!first) throw new Error('no pair');
    const key = (r: { voyageId: number; consignmentId: number }) => `${r.voyageId}:${r.consignmentId}`;
    const keys = (list: ExpectedPair[]) => list.map((p) => `${Number(p.voyage_id)}:${Number(p.consignment_id)}`).sort();
    const cases: [Record<string, string | number>, ExpectedPair[]][] = [
      [{ voyageId: first.voyage_id }, pairs.filter((p) => p.voyage_id === first.voyage_id)],
      [{ consignmentId: first.consignment_id }, pairs.filter((p) => p.consignment_id === first.consignment_id)],
      [{ consigneeId: first.bl_consignee_id }, pairs.filter((p) => p.bl_consignee_id === first.bl_consignee_id)],
      [{ smIds: `${sm.bahr}` }, pairs.filter((p) => Number(p.shipment_manager_id) === sm.bahr)],
      [{ smIds: `${sm.rsgl},${sm.bahr}` }, pairs.filter((p) => [sm.rsgl, sm.bahr].includes(Number(p.shipment_manager_id)))],
      [{ cargoId: first.cargo_type_id }, pairs.filter((p) => p.cargo_type_id === first.cargo_type_id)],
      [{ voyageId: first.voyage_id, cargoId: first.cargo_type_id, voyageIdIgnored: '' }, pairs.filter((p) => p.voyage_id === first.voyage_id && p.cargo_type_id === first.cargo_type_id)],
    ];
    for (const [query, expected] of cases) {
      const answer = await stats('admin', query);
      expect(answer.rows.map(key).sort(), JSON.stringify(query)).toEqual(keys(expected));
      expect(answer.rows.length).toBeLessThan(pairs.length + 1);
    }
    // Empty values are no filter.
    expect((await stats('admin', { voyageId: '', smIds: '' })).rows).toHaveLength(pairs.length);
  });

  it('an empty answer: no rows, zero totals, no bars', async () => {
    const answer = await stats('admin', { consignmentId: 2_000_000_000 });
    expect(answer).toEqual({
      rows: [],
      chartData: [],
      totals: { quantity: '0.000', loadedQuantity: '0.000', inTransitQuantity: '0.000', dlvQuantity: '0.000', remainingQuantity: '0.000' },
    });
  });

  it('two shipment managers’ admins each see only their own cargo: rows, figures, names and ids', async () => {
    const pairs = await expectedPairs();
    for (const who of ['rsgl', 'bahr'] as const) {
      const mine = pairs.filter((p) => Number(p.shipment_manager_id) === sm[who]);
      expect(mine.length).toBeGreaterThan(0);
      const answer = await stats(who);
      expect(answer.rows.map((r) => `${r.voyageId}:${r.consignmentId}:${r.quantity}:${r.remainingQuantity}:${r.dlvQuantity}`).sort()).toEqual(
        mine.map((p) => `${Number(p.voyage_id)}:${Number(p.consignment_id)}:${mt(p.quantity)}:${mt(p.remaining)}:${mt(p.delivered)}`).sort(),
      );
      expect(answer.totals.quantity).toBe(mt(sumKg(mine.map((p) => p.quantity))));
      // Another manager's filter gives nothing.
      expect((await stats(who, { smIds: sm[who === 'rsgl' ? 'bahr' : 'rsgl'] })).rows).toEqual([]);
      const consignments = new Set(mine.map((p) => Number(p.consignment_id)));
      const voyages = await rows<{ id: number; vessel_id: number }>(sql`select id, vessel_id from voyages order by id`);
      for (const voyage of voyages) {
        const level1 = await detail(who, { vesselId: Number(voyage.vessel_id), voyageId: Number(voyage.id) });
        for (const row of level1.rows) expect(consignments.has(row.consignmentId)).toBe(true);
        const mineOnVoyage = mine.filter((p) => Number(p.voyage_id) === Number(voyage.id));
        expect(level1.stats.totalVesselQuantity).toBe(mt(sumKg(mineOnVoyage.map((p) => p.quantity))));
        expect(level1.stats.totalQuantityLoaded).toBe(mt(sumKg(mineOnVoyage.map((p) => p.loaded))));
      }
      // The other manager's BLs and port loadings are unknown: 404.
      const foreign = await rows<{ shipment_id: number; consignment_id: number; port_loading_id: number | null; port_id: number | null }>(sql`
        select s.id as shipment_id, s.consignment_id, pl.id as port_loading_id, pl.port_id from shipments s join consignments c on c.id = s.consignment_id
        left join port_loadings pl on pl.shipment_id = s.id where c.shipment_manager_id <> ${sm[who]}::integer or c.shipment_manager_id is null`);
      expect(foreign.length).toBeGreaterThan(0);
      for (const f of foreign) {
        expect((await call(who, 'get-lc-detail', { shipmentId: f.shipment_id, consignmentId: f.consignment_id })).statusCode).toBe(404);
        if (f.port_loading_id !== null) expect((await call(who, 'get-port-detail', { cargoLoadingOutId: f.port_loading_id, portId: Number(f.port_id) })).statusCode).toBe(404);
      }
      const body = JSON.stringify(answer);
      const others = await rows<{ lc: string }>(sql`select coalesce(lc_number, po_number) as lc from consignments where shipment_manager_id <> ${sm[who]}::integer`);
      for (const other of others) expect(body).not.toContain(`"${other.lc}"`);
    }
  });

  it('a consignee’s user sees only the cargo of its BLs', async () => {
    const pairs = await expectedPairs();
    const mine = pairs.filter((p) => Number(p.bl_consignee_id) === consigneeId);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(pairs.length);
    const answer = await stats('consignee');
    expect(answer.rows.map((r) => `${r.voyageId}:${r.consignmentId}:${r.quantity}:${r.loadedQuantity}`).sort()).toEqual(
      mine.map((p) => `${Number(p.voyage_id)}:${Number(p.consignment_id)}:${mt(p.quantity)}:${mt(p.loaded)}`).sort(),
    );
  });

  it('bad parameters: 400 with the message; unknown records 404; without canViewDashboard 403', async () => {
    const missing = await call('admin', 'get-vessel-detail', { voyageId: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(VesselDashboardMessages.vesselRequired);
    const noVoyage = await call('admin', 'get-vessel-detail', { vesselId: 1 });
    expect(noVoyage.statusCode).toBe(400);
    expect(noVoyage.body).toContain(VesselDashboardMessages.voyageRequired);
    const lcMissing = await call('admin', 'get-lc-detail', { shipmentId: 1 });
    expect(lcMissing.statusCode).toBe(400);
    expect(lcMissing.body).toContain(VesselDashboardMessages.consignmentRequired);
    const badType = await call('admin', 'get-lc-detail', { shipmentId: 1, consignmentId: 1, type: 'sideways' });
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain(VesselDashboardMessages.type);
    const portMissing = await call('admin', 'get-port-detail', { cargoLoadingOutId: 1 });
    expect(portMissing.statusCode).toBe(400);
    expect(portMissing.body).toContain(VesselDashboardMessages.portRequired);
    const spoilt: Record<string, string>[] = [{ voyageId: 'x' }, { smIds: '1,a' }, { cargoId: '-1' }, { consignmentId: '99999999999' }];
    for (const query of spoilt) {
      expect((await call('admin', 'get-vessel-stats', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    const [voyage] = await rows<{ id: number; vessel_id: number }>(sql`select id, vessel_id from voyages order by id limit 1`);
    const [otherVessel] = await rows<{ id: number }>(sql`select id from vessels where id <> ${voyage?.vessel_id ?? 0}::integer limit 1`);
    expect((await call('admin', 'get-vessel-detail', { voyageId: Number(voyage?.id), vesselId: Number(otherVessel?.id ?? 2_000_000_000) })).statusCode).toBe(404);
    const [loading] = await rows<{ id: number; port_id: number }>(sql`select id, port_id from port_loadings limit 1`);
    expect((await call('admin', 'get-port-detail', { cargoLoadingOutId: Number(loading?.id), portId: 2_000_000_000 })).statusCode).toBe(404);
    for (const path of ['get-vessel-stats', 'get-vessel-detail', 'get-lc-detail', 'get-port-detail']) {
      expect((await call('without', path, { vesselId: 1, voyageId: 1, shipmentId: 1, consignmentId: 1, cargoLoadingOutId: 1, portId: 1 })).statusCode).toBe(403);
    }
  });
});

describe('the VESSEL tab agrees with the entries after a slip’s edit and another’s cancellation (demo season)', () => {
  // An edit reverses the slip's posting and posts it again (`loading_slips.ledger_transaction_id` replaced); a
  // cancellation reverses it. The per-slip loaded figure reads the live posting's kept dispatch rows, so both must
  // leave every level's figures equal to the entries.
  beforeAll(async () => {
    const slips = await rows<{ id: number; truck_id: number; driver_id: number; wbt_number: string; quantity_kg: string }>(
      sql`select id, truck_id, driver_id, wbt_number, quantity_kg::text as quantity_kg from loading_slips
          where status = 'Active' and received_table is null order by id limit 2`,
    );
    expect(slips).toHaveLength(2);
    const [edited, cancelled] = slips;
    const send = (method: 'PUT' | 'DELETE', url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { ...bearer(tokens.admin ?? ''), 'x-agency-id': String(agencyId) }, payload });
    const newQuantity = kgToTonnes(BigInt(edited?.quantity_kg ?? '0') - 1_000n);
    const edit = await send('PUT', `/api/loadingSlips/${edited?.id}`, { truckId: edited?.truck_id, driverId: edited?.driver_id, wbtNumber: edited?.wbt_number, quantity: newQuantity });
    expect(edit.statusCode, edit.body).toBe(200);
    const cancel = await send('DELETE', `/api/loadingSlips/${cancelled?.id}/reverse`, { reason: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [after] = await rows<{ quantity_kg: string; status: string }>(
      sql`select (select quantity_kg::text from loading_slips where id = ${edited?.id ?? 0}::integer) as quantity_kg, (select status from loading_slips where id = ${cancelled?.id ?? 0}::integer) as status`,
    );
    expect(after?.quantity_kg).toBe(String(BigInt(edited?.quantity_kg ?? '0') - 1_000n));
    expect(after?.status).not.toBe('Active');
  });
  rightAnswers('admin', () => agencyId);
});
