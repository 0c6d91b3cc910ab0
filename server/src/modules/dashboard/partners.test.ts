import {
  ZPartnerInQtyList,
  ZPartnerOutQtyList,
  ZPartnerStats,
  ZPartnerTripList,
  kgToTonnes,
  permissionFlag,
  tonnesToKg,
  tripListCursor,
  type TPartnerInQtyRow,
  type TPartnerOutQtyRow,
  type TPartnerStats,
  type TPartnerTripRow,
} from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { reverse } from '../../ledger/ledger.service';
import { inAgency } from '../../platform/db/tenancy';
import { findDemoAgency } from '../../seed/first-run';
import { bearer, loginAs, makeRole, makeUser } from '../../test/fixtures';
import { createGeneratedAgency } from '../../test/generated-season';
import { createDemoTestApp, type TestApp } from '../../test/harness';
import { slipsByTrip } from '../../test/slips-by-trip';
import { UNRESTRICTED } from '../../identity/data-scope';
import { partnerTripsIn, partnerTripsOut, resolvePartner } from './partner.queries';
import type { JsonText } from '../../kit/route';

/**
 * The Consignee and Customer tabs (spec 2.13, 3, 5, 6, 7) on the demo season and on a generated season: every figure
 * of every call, for every consignee, shipment manager and customer of the agency, against a computation made here
 * from the ledger's entries (`ledger_entries` joined to `ledger_accounts` and `ledger_transactions`; the slips' tables
 * only for a truck's destination), never from the tabs' own queries; then filters, bad parameters, permissions and
 * data scope (on the demo season).
 */
let t: TestApp;
let agencyId: number;
const headers: Record<string, Record<string, string>> = {};

function rows<T>(query: ReturnType<typeof sql>, agency: number = agencyId): Promise<T[]> {
  return inAgency(t.database.db, agency, (tx) => queryRows<T>(tx, query));
}

async function get(who: string, url: string, query: Record<string, string | number | boolean | undefined>) {
  const given = Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  const search = new URLSearchParams(given.map(([k, v]): [string, string] => [k, String(v)])).toString();
  const h = headers[who];
  if (!h) throw new Error(`no headers for ${who}`);
  return t.app.inject({ method: 'GET', url: `/api/dashboard/${url}${search ? `?${search}` : ''}`, headers: h });
}

async function ok<T>(who: string, url: string, query: Record<string, string | number | boolean | undefined>, parse: (v: unknown) => T): Promise<T> {
  const response = await get(who, url, query);
  expect(response.statusCode, `${url} ${JSON.stringify(query)}: ${response.body}`).toBe(200);
  return parse(response.json());
}

const stats = (who: string, tab: 'consignee' | 'customer', query: Record<string, string | number | boolean | undefined>): Promise<TPartnerStats> =>
  ok(who, `${tab}/get-${tab}-stats`, query, (v) => ZPartnerStats.parse(v));
const trips = (who: string, url: string, query: Record<string, string | number | boolean | undefined>): Promise<TPartnerTripRow[]> => ok(who, url, query, (v) => ZPartnerTripList.parse(v));
const inQty = (who: string, url: string, query: Record<string, string | number | boolean | undefined>): Promise<TPartnerInQtyRow[]> => ok(who, url, query, (v) => ZPartnerInQtyList.parse(v));
const outQty = (who: string, url: string, query: Record<string, string | number | boolean | undefined>): Promise<TPartnerOutQtyRow[]> => ok(who, url, query, (v) => ZPartnerOutQtyList.parse(v));

const kg = (tonnes: string) => tonnesToKg(tonnes);
const total = (values: string[]) => values.reduce((sum, v) => sum + kg(v), 0n);

// ---------------------------------------------------------------------------------------------------------------
// The independent computation, from the entries.

/** Which positions a tab reads: the consignee's own (owner), or everything at the customer's places. */
type Who = { owner: number } | { places: number[] };
const positionsOf = (who: Who) => ('owner' in who ? sql`a.owner_company_id = ${who.owner}` : who.places.length === 0 ? sql`false` : sql`a.location_id in (${sql.join(who.places.map((p) => sql`${p}`), sql`, `)})`);

/** The transactions that count: neither reversed nor a reversal. */
const LIVE = sql`t.reverses_id is null and not exists (select 1 from ledger_transactions r where r.reverses_id = t.id)`;

/** Each trip's destination, from the slips (the ledger's IN_TRANSIT names none). */
const DESTINATIONS = sql`(select trip_id, p.to_location_id from loading_slips s join port_loadings p on p.id = s.port_loading_id
    union all select trip_id, to_location_id from warehouse_outs union all select trip_id, to_location_id from consignee_outs
    union all select trip_id, to_location_id from transfer_slips)`;

interface Expected {
  onHandKg: bigint;
  tripsIn: number;
  tripsInKg: bigint;
  tripsOut: number;
  tripsOutKg: bigint;
  inTransitKg: bigint;
  /** What the trucks that left (the departures' trips) still carry now. */
  leftOnRoadKg: bigint;
}

async function expectedAt(who: Who, location: number, agency: number): Promise<Expected> {
  const [row] = await rows<Record<string, string>>(
    sql`
    with place as (
      select e.transaction_id, e.quantity_kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.kind = 'ON_HAND' and a.location_id = ${location} and ${positionsOf(who)}),
    live as (select t.id from ledger_transactions t where ${LIVE}),
    truck as (select e.transaction_id, a.trip_id, e.quantity_kg from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'IN_TRANSIT'),
    arrivals as (select p.transaction_id, sum(p.quantity_kg) as kg from place p where p.quantity_kg > 0 and p.transaction_id in (select id from live)
                   and exists (select 1 from truck where truck.transaction_id = p.transaction_id and truck.quantity_kg < 0) group by p.transaction_id),
    departures as (select p.transaction_id, sum(-p.quantity_kg) as kg from place p where p.quantity_kg < 0 and p.transaction_id in (select id from live)
                   and exists (select 1 from truck where truck.transaction_id = p.transaction_id and truck.quantity_kg > 0) group by p.transaction_id),
    road as (select a.trip_id, sum(e.quantity_kg) as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where a.kind = 'IN_TRANSIT' ${'owner' in who ? sql`and a.owner_company_id = ${who.owner}` : sql``} group by a.trip_id having sum(e.quantity_kg) > 0)
    select (select coalesce(sum(quantity_kg), 0) from place)::text as on_hand,
           (select count(distinct trip_id) from truck where quantity_kg < 0 and transaction_id in (select transaction_id from arrivals))::text as trips_in,
           (select coalesce(sum(kg), 0) from arrivals)::text as trips_in_kg,
           (select count(distinct trip_id) from truck where quantity_kg > 0 and transaction_id in (select transaction_id from departures))::text as trips_out,
           (select coalesce(sum(kg), 0) from departures)::text as trips_out_kg,
           (select coalesce(sum(road.kg), 0) from road join ${DESTINATIONS} d on d.trip_id = road.trip_id where d.to_location_id = ${location})::text as in_transit,
           (select coalesce(sum(e.quantity_kg), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.kind = 'IN_TRANSIT' and a.trip_id in (select trip_id from truck where quantity_kg > 0 and transaction_id in (select transaction_id from departures)))::text as left_on_road`,
    agency,
  );
  if (!row) throw new Error('no row');
  return {
    onHandKg: BigInt(row.on_hand ?? '0'),
    tripsIn: Number(row.trips_in),
    tripsInKg: BigInt(row.trips_in_kg ?? '0'),
    tripsOut: Number(row.trips_out),
    tripsOutKg: BigInt(row.trips_out_kg ?? '0'),
    inTransitKg: BigInt(row.in_transit ?? '0'),
    leftOnRoadKg: BigInt(row.left_on_road ?? '0'),
  };
}

/** Kilograms that reached (or left) the positions by truck from slips of one table. */
async function byTruckFrom(
  who: Who,
  location: number,
  direction: 'in' | 'out',
  slipTable: 'loading_slips' | 'consignee_outs' | 'transfer_slips' | 'warehouse_outs',
  agency: number,
): Promise<bigint> {
  const [row] = await rows<{ kg: string }>(
    sql`
    select coalesce(sum(${direction === 'in' ? sql`e.quantity_kg` : sql`-e.quantity_kg`}), 0)::text as kg
      from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
     where a.kind = 'ON_HAND' and a.location_id = ${location} and ${positionsOf(who)} and ${direction === 'in' ? sql`e.quantity_kg > 0` : sql`e.quantity_kg < 0`} and ${LIVE}
       and exists (select 1 from ledger_entries te join ledger_accounts ta on ta.id = te.account_id
                    where te.transaction_id = e.transaction_id and ta.kind = 'IN_TRANSIT' and ${direction === 'in' ? sql`te.quantity_kg < 0` : sql`te.quantity_kg > 0`}
                      and ta.trip_id in (select trip_id from ${sql.identifier(slipTable)}))`,
    agency,
  );
  return BigInt(row?.kg ?? '0');
}

interface Party {
  id: number;
  name: string;
  type: number;
}

interface Site {
  id: number;
  name: string;
  ownerType: string;
  ownerId: number;
}

/** An agency's partners and their delivery locations (by owner), read from its records. */
interface Season {
  consignees: Party[];
  customers: Party[];
  sites: Map<number, Site[]>;
}

async function seasonOf(agency: number): Promise<Season> {
  const parties = await rows<{ id: number; name: string; company_type_id: number }>(sql`select id, name, company_type_id from companies where company_type_id in (3, 5, 6) order by id`, agency);
  const places = await rows<{ id: number; name: string; owner_type: string; owner_id: number }>(
    sql`select id, name, owner_type, coalesce(consignee_id, customer_id) as owner_id from locations where location_kind_id = 2 order by id`,
    agency,
  );
  const sites = new Map<number, Site[]>();
  for (const p of places) sites.set(Number(p.owner_id), [...(sites.get(Number(p.owner_id)) ?? []), { id: Number(p.id), name: p.name, ownerType: p.owner_type, ownerId: Number(p.owner_id) }]);
  return {
    consignees: parties.filter((p) => p.company_type_id !== 6).map((p) => ({ id: Number(p.id), name: p.name, type: Number(p.company_type_id) })),
    customers: parties.filter((p) => p.company_type_id === 6).map((p) => ({ id: Number(p.id), name: p.name, type: 6 })),
    sites,
  };
}

let demo: Season = { consignees: [], customers: [], sites: new Map() };
const managers = { rsgl: 0, abss: 0 };

beforeAll(async () => {
  t = await createDemoTestApp();
  agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  const agency = { 'x-agency-id': String(agencyId) };
  headers.admin = { ...bearer(await loginAs(t.app, 'demo.admin', 'Demo#Pass1')), ...agency };
  demo = await seasonOf(agencyId);

  const db = t.database.db;
  const both = [permissionFlag('ConsigneeDashboard', 'view'), permissionFlag('CustomerDashboard', 'view')];
  const role = await makeRole(db, { agencyId, permissions: both });
  const mapOnly = await makeRole(db, { agencyId, permissions: [permissionFlag('MapDashboard', 'view')] });
  const smId = async (code: string) => Number((await rows<{ id: number }>(sql`select id from companies where code = ${code} and company_type_id = 5`))[0]?.id);
  managers.rsgl = await smId('RSGL');
  managers.abss = await smId('ABSS');
  const users = {
    rsgl: await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: managers.rsgl }),
    abss: await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: managers.abss }),
    noTab: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: mapOnly.id }),
  };
  for (const [who, user] of Object.entries(users)) headers[who] = { ...bearer(await loginAs(t.app, user.username)), ...agency };
}, 600_000);
afterAll(async () => {
  await t.close();
});

const consigneeByName = (name: string) => {
  const found = demo.consignees.find((c) => c.name === name);
  if (!found) throw new Error(`no consignee ${name}`);
  return found;
};
const customerByName = (name: string) => {
  const found = demo.customers.find((c) => c.name === name);
  if (!found) throw new Error(`no customer ${name}`);
  return found;
};

/**
 * Every figure of both tabs, as `who` sees the agency `agencyOf()` (its partners and places `season()`), asked for the
 * period `period()`: none (all time), or one the caller has checked covers every posting the tabs read, so the
 * all-time figures computed from the entries are the period's too.
 */
function rightAnswers(who: string, season: () => Season, agencyOf: () => number, period: () => { fromDate?: string; toDate?: string }) {
  it('the Consignee tab: on hand, trips in and out, in transit, the totals by kind of place, and both detail levels', async () => {
    let rowsSeen = 0;
    let tripsSeen = 0;
    const { consignees, sites } = season();
    const agency = agencyOf();
    for (const party of consignees) {
      const query = { consigneeId: party.id, isShipmentManager: party.type === 5, ...period() };
      const answer = await stats(who, 'consignee', query);
      // The table: its own sites, and every consignee location where its stock or trips are, each right to the kilogram.
      const own = (sites.get(party.id) ?? []).map((s) => s.id);
      for (const id of own) expect(answer.tableRows.some((r) => r.locationId === id)).toBe(true);
      const consigneePlaces = [...sites.values()].flat().filter((s) => s.ownerType === 'consignee');
      for (const place of consigneePlaces) {
        const expected = await expectedAt({ owner: party.id }, place.id, agency);
        const row = answer.tableRows.find((r) => r.locationId === place.id);
        const hasFigures = expected.onHandKg !== 0n || expected.tripsIn > 0 || expected.tripsOut > 0 || expected.inTransitKg !== 0n;
        if (!row) {
          expect(hasFigures, `${party.name} at ${place.name} is missing`).toBe(false);
          continue;
        }
        rowsSeen += 1;
        expect(row, `${party.name} at ${place.name}`).toEqual({
          locationId: place.id,
          name: place.name,
          quantity: kgToTonnes(expected.onHandKg),
          tripsIn: expected.tripsIn,
          tripsInQty: kgToTonnes(expected.tripsInKg),
          tripsOut: expected.tripsOut,
          tripsOutQty: kgToTonnes(expected.tripsOutKg),
          inTransitQty: kgToTonnes(expected.inTransitKg),
        });
        expect(answer.chartData.find((c) => c.locationId === place.id)?.quantity).toBe(row.quantity);

        // Level 1: the received trucks are the trips in; the pending ones the trucks on the road here.
        const detail = { ...query, locationId: place.id };
        const arrived = await trips(who, 'consignee/get-consignee-trips-in-detail', detail);
        expect(arrived.filter((r) => !r.pending)).toHaveLength(expected.tripsIn);
        expect(total(arrived.filter((r) => !r.pending).map((r) => r.quantity))).toBe(expected.tripsInKg);
        expect(total(arrived.filter((r) => r.pending).map((r) => r.inTransitQty))).toBe(expected.inTransitKg);
        const left = await trips(who, 'consignee/get-consignee-trips-out-detail', detail);
        expect(left).toHaveLength(expected.tripsOut);
        expect(total(left.map((r) => r.quantity))).toBe(expected.tripsOutKg);
        tripsSeen += arrived.length + left.length;
        for (const r of [...arrived, ...left]) {
          expect(r.slipNumber).not.toBe('');
          expect(r.truck).not.toBe('');
          expect(r.LCPONumber).not.toBe('');
        }
        // Each truck's type, slip number, plate, origin (trips in) and destination (trips out) are its slip's.
        const slips = await slipsByTrip(t.database.db);
        for (const r of arrived) {
          const slip = slips.get(r.tripId);
          expect({ type: r.type, slipNumber: r.slipNumber, truck: r.truck, source: r.source }, `trip ${r.tripId}`).toEqual({ type: slip?.type, slipNumber: slip?.slipNumber, truck: slip?.truck, source: slip?.from });
        }
        for (const r of left) {
          const slip = slips.get(r.tripId);
          expect({ type: r.type, slipNumber: r.slipNumber, truck: r.truck, destination: r.destination }, `trip ${r.tripId}`).toEqual({ type: slip?.type, slipNumber: slip?.slipNumber, truck: slip?.truck, destination: slip?.destination });
        }

        // Level 2: what came in less what went out is what is on hand (all time); by truck from the port, to customers.
        const ins = await inQty(who, 'consignee/get-consignee-in-qty-detail', detail);
        const outs = await outQty(who, 'consignee/get-consignee-out-qty-detail', detail);
        expect(total(ins.map((r) => r.inQty)) - total(outs.map((r) => r.outQty)), `${party.name} at ${place.name}`).toBe(expected.onHandKg);
        expect(total(ins.filter((r) => r.source === 'port').map((r) => r.inQty))).toBe(await byTruckFrom({ owner: party.id }, place.id, 'in', 'loading_slips', agency));
        expect(total(ins.map((r) => r.inTransitQty))).toBe(expected.inTransitKg);
        for (const r of ins) expect(kg(r.transitLossQty)).toBe(kg(r.quantity) - kg(r.inQty));
        // The groups by truck hold every trip in once, with what the place received from it.
        expect(ins.reduce((sum, r) => sum + r.trips, 0)).toBe(expected.tripsIn);
        expect(total(ins.filter((r) => r.trips > 0).map((r) => r.inQty))).toBe(expected.tripsInKg);
        expect(total(outs.filter((r) => r.type === 'consigneeOut').map((r) => r.outQty))).toBe(await byTruckFrom({ owner: party.id }, place.id, 'out', 'consignee_outs', agency));
        expect(total(outs.filter((r) => r.trips > 0).map((r) => r.outQty))).toBe(expected.tripsOutKg);
        // What the trucks that left still carry.
        expect(total(outs.map((r) => r.inTransitQty)), `${party.name} at ${place.name}: left, on the road`).toBe(expected.leftOnRoadKg);
      }
      // The totals by kind of place: the consignee's own stock at each kind.
      const byKind = async (ownerType: string) => {
        let sum = 0n;
        for (const place of [...sites.values()].flat().filter((s) => s.ownerType === ownerType)) sum += (await expectedAt({ owner: party.id }, place.id, agency)).onHandKg;
        return sum;
      };
      expect(kg(answer.overAllQuantityInConsigneeLocs)).toBe(await byKind('consignee'));
      expect(kg(answer.overAllQuantityInCustomerLocs)).toBe(await byKind('customer'));
      expect(total(answer.consigneeLocationQty.map((r) => r.quantity))).toBe(kg(answer.overAllQuantityInConsigneeLocs));
      expect(total(answer.customerLocationQty.map((r) => r.quantity))).toBe(kg(answer.overAllQuantityInCustomerLocs));
    }
    // The demo has receipts at the mills and trucks from and to them: the loop above saw real figures.
    expect(rowsSeen).toBeGreaterThan(1);
    expect(tripsSeen).toBeGreaterThan(3);
  }, 300_000);

  it('the Customer tab: everything at the customer’s own places, trips in, in transit, and the in-quantity detail', async () => {
    let tripsSeen = 0;
    const { customers, sites } = season();
    const agency = agencyOf();
    for (const party of customers) {
      const answer = await stats(who, 'customer', { customerId: party.id, ...period() });
      const own = sites.get(party.id) ?? [];
      expect(answer.tableRows.map((r) => r.locationId).sort((a, b) => a - b)).toEqual(own.map((s) => s.id).sort((a, b) => a - b));
      for (const place of own) {
        const expected = await expectedAt({ places: [place.id] }, place.id, agency);
        const row = answer.tableRows.find((r) => r.locationId === place.id);
        expect(row).toMatchObject({
          name: place.name,
          quantity: kgToTonnes(expected.onHandKg),
          tripsIn: expected.tripsIn,
          tripsInQty: kgToTonnes(expected.tripsInKg),
          inTransitQty: kgToTonnes(expected.inTransitKg),
        });
        const detail = { customerId: party.id, locationId: place.id, ...period() };
        const arrived = await trips(who, 'customer/get-customer-trips-in-detail', detail);
        expect(arrived.filter((r) => !r.pending)).toHaveLength(expected.tripsIn);
        expect(total(arrived.filter((r) => !r.pending).map((r) => r.quantity))).toBe(expected.tripsInKg);
        expect(total(arrived.filter((r) => r.pending).map((r) => r.inTransitQty))).toBe(expected.inTransitKg);
        tripsSeen += arrived.length;
        const ins = await inQty(who, 'customer/get-customer-in-qty-detail', detail);
        expect(total(ins.map((r) => r.inQty))).toBeGreaterThanOrEqual(expected.tripsInKg);
        expect(ins.reduce((sum, r) => sum + r.trips, 0)).toBe(expected.tripsIn);
        expect(total(ins.filter((r) => r.trips > 0).map((r) => r.inQty))).toBe(expected.tripsInKg);
        for (const r of ins) expect(kg(r.transitLossQty)).toBe(kg(r.quantity) - kg(r.inQty));
        expect(total(ins.filter((r) => r.source === 'port').map((r) => r.inQty))).toBe(await byTruckFrom({ places: [place.id] }, place.id, 'in', 'loading_slips', agency));
        expect(total(ins.filter((r) => r.source === 'consigneeOut').map((r) => r.inQty))).toBe(await byTruckFrom({ places: [place.id] }, place.id, 'in', 'consignee_outs', agency));
        expect(total(ins.filter((r) => r.source === 'sale').map((r) => r.inQty))).toBe(await byTruckFrom({ places: [place.id] }, place.id, 'in', 'transfer_slips', agency));
      }
      expect(kg(answer.overAllQuantityInCustomerLocs)).toBe(total(answer.tableRows.map((r) => r.quantity)));
    }
    expect(tripsSeen).toBeGreaterThan(1);
  }, 300_000);
}

describe('right answers on the demo season (every consignee, shipment manager and customer, every location)', () => {
  rightAnswers('admin', () => demo, () => agencyId, () => ({}));

  it('the demo consignee with cargo at its mill and the bakery’s customer have figures (what the browser test shows)', async () => {
    const amc = consigneeByName('Arabian Milling Company');
    const mill = (await stats('admin', 'consignee', { consigneeId: amc.id })).tableRows.find((r) => r.name === 'AMC Riyadh Mill');
    expect(mill?.tripsIn).toBeGreaterThan(0);
    expect(kg(mill?.quantity ?? '0')).toBeGreaterThan(0n);
    const bakery = customerByName('Makkah Bakeries Cooperative');
    const store = (await stats('admin', 'customer', { customerId: bakery.id })).tableRows.find((r) => r.name === 'Makkah Central Bakery Store');
    expect(store?.tripsIn).toBeGreaterThan(0);
    // The Consignee Out from the Madinah mill: to the bakery's store, the bakery named as the party it goes to.
    const hfm = consigneeByName('Hejaz Flour Mills');
    const madinah = (await stats('admin', 'consignee', { consigneeId: hfm.id })).tableRows.find((r) => r.name === 'HFM Madinah Mill');
    const left = await trips('admin', 'consignee/get-consignee-trips-out-detail', { consigneeId: hfm.id, locationId: madinah?.locationId ?? 0 });
    const out = left.find((r) => r.type === 'consigneeOut');
    expect(out).toMatchObject({ destination: 'Makkah Central Bakery Store', toConsignee: bakery.name, pending: false });
    const outs = await outQty('admin', 'consignee/get-consignee-out-qty-detail', { consigneeId: hfm.id, locationId: madinah?.locationId ?? 0, type: 'consigneeOut' });
    expect(outs.map((r) => [r.type, r.toConsignee])).toEqual([['consigneeOut', bakery.name]]);
    // A customer's trucks from a consignee's site: the store's trips in name the mill as their source.
    const arrivals = await trips('admin', 'customer/get-customer-trips-in-detail', { customerId: bakery.id, locationId: store?.locationId ?? 0, type: 'consigneeOut' });
    expect(arrivals.map((r) => r.source)).toContain('HFM Madinah Mill');
  });
});

describe('right answers on a generated season (its admin; a period covering the season)', () => {
  let generated: Season = { consignees: [], customers: [], sites: new Map() };
  let generatedId = 0;
  const period = { fromDate: '', toDate: '' };
  beforeAll(async () => {
    const now = t.clock.now();
    const made = await createGeneratedAgency(t.database.db, { now, seed: 7, voyages: 6, password: 'Generated#Pass1' });
    generatedId = made.agencyId;
    headers.generated = { ...bearer(await loginAs(t.app, made.username, 'Generated#Pass1')), 'x-agency-id': String(generatedId) };
    generated = await seasonOf(generatedId);
    expect(made.season.onTheRoad).toBeGreaterThan(0);
    expect(made.season.warehouseOuts).toBeGreaterThan(0);
    expect(made.season.deliveryIns).toBeGreaterThan(0);
    // The period: the agency's days from 82 days back (the season's first voyage arrives at most 80 days and a half back) to today.
    const [agency] = await rows<{ timezone: string }>(sql`select timezone from agencies where id = ${generatedId}::integer`, generatedId);
    const zone = agency?.timezone ?? 'UTC';
    const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    period.fromDate = day(new Date(now.getTime() - 82 * 24 * 3_600_000));
    period.toDate = day(now);
    // Every posting the tabs read (on hand, on trucks) falls in the period, so the all-time figures computed from the
    // entries are the period's. (The BLs' shipping postings, weeks before the voyages arrive, touch neither.)
    const [postings] = await rows<{ outside: number; read: number }>(
      sql`select count(*) filter (where t.created_at < ${period.fromDate}::date::timestamp at time zone ${zone}
                                   or t.created_at >= (${period.toDate}::date + 1)::timestamp at time zone ${zone})::int as outside,
                 count(*)::int as read
            from ledger_transactions t
           where exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transaction_id = t.id and a.kind in ('ON_HAND', 'IN_TRANSIT'))`,
      generatedId,
    );
    expect(postings?.read).toBeGreaterThan(50);
    expect(postings?.outside).toBe(0);
  }, 300_000);
  rightAnswers('generated', () => generated, () => generatedId, () => period);
});

describe('filters', () => {
  it('a period narrows the trips, not the stock on hand; a cargo type or LC/PO of other cargo leaves nothing', async () => {
    const amc = consigneeByName('Arabian Milling Company');
    const all = await stats('admin', 'consignee', { consigneeId: amc.id });
    const mill = all.tableRows.find((r) => r.name === 'AMC Riyadh Mill');
    if (!mill) throw new Error('no mill');
    const future = await stats('admin', 'consignee', { consigneeId: amc.id, fromDate: '2099-01-01', toDate: '2099-01-31' });
    expect(future.tableRows.find((r) => r.locationId === mill.locationId)).toMatchObject({ quantity: mill.quantity, tripsIn: 0, tripsInQty: '0.000', tripsOut: 0 });
    const trucks = await trips('admin', 'consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: mill.locationId, fromDate: '2099-01-01' });
    expect(trucks.filter((r) => !r.pending)).toEqual([]);

    const [barley] = await rows<{ id: number }>(sql`select id from cargo_types where name = 'Barley'`);
    const none = await stats('admin', 'consignee', { consigneeId: amc.id, cargoId: barley?.id });
    expect(none.tableRows.find((r) => r.locationId === mill.locationId)).toMatchObject({ quantity: '0.000', tripsIn: 0, tripsOut: 0, inTransitQty: '0.000' });
    const [other] = await rows<{ id: number }>(sql`select id from consignments where ref_number = 'TFC-26-0087'`);
    const otherLc = await stats('admin', 'consignee', { consigneeId: amc.id, consignmentId: other?.id });
    expect(otherLc.tableRows.every((r) => r.quantity === '0.000' && r.tripsIn === 0)).toBe(true);
    const [own] = await rows<{ id: number }>(sql`select id from consignments where ref_number = 'AMC/IMP/26/031'`);
    const ownLc = await stats('admin', 'consignee', { consigneeId: amc.id, consignmentId: own?.id, locationId: mill.locationId });
    expect(ownLc.tableRows.map((r) => r.locationId)).toEqual([mill.locationId]);
    expect(ownLc.tableRows[0]?.tripsIn).toBe(mill.tripsIn);
  });
});

describe('bad parameters', () => {
  it('answers 400 with the message: no consignee, no customer, no location for a detail, a bad type or id, a period out of order', async () => {
    const amc = consigneeByName('Arabian Milling Company');
    const cases: [string, Record<string, string | number>, string][] = [
      ['consignee/get-consignee-stats', {}, 'Please select a consignee!'],
      ['consignee/get-consignee-trips-in-detail', { locationId: 1 }, 'Please select a consignee!'],
      ['customer/get-customer-stats', {}, 'Please select a customer!'],
      ['customer/get-customer-in-qty-detail', { locationId: 1 }, 'Please select a customer!'],
      ['consignee/get-consignee-out-qty-detail', { consigneeId: amc.id }, 'Please select a location!'],
      ['consignee/get-consignee-in-qty-detail', { consigneeId: amc.id, locationId: 1, type: 'teleport' }, 'Please give a valid type.'],
      ['consignee/get-consignee-stats', { consigneeId: amc.id, fromDate: '2026-05-02', toDate: '2026-05-01' }, 'The to date can not be before the from date.'],
      ['consignee/get-consignee-stats', { consigneeId: amc.id, isShipmentManager: 'maybe' }, 'Please give true or false.'],
    ];
    for (const [url, query, message] of cases) {
      const response = await get('admin', url, query);
      expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await get('admin', 'consignee/get-consignee-stats', { consigneeId: 'abc' })).statusCode).toBe(400);
  });

  it('answers 404 for an id that is no consignee (or not the picked kind) or no customer', async () => {
    const amc = consigneeByName('Arabian Milling Company');
    const bakery = customerByName('Makkah Bakeries Cooperative');
    expect((await get('admin', 'consignee/get-consignee-stats', { consigneeId: 999_999 })).statusCode).toBe(404);
    expect((await get('admin', 'consignee/get-consignee-stats', { consigneeId: bakery.id })).statusCode).toBe(404);
    expect((await get('admin', 'consignee/get-consignee-stats', { consigneeId: amc.id, isShipmentManager: true })).statusCode).toBe(404);
    expect((await get('admin', 'customer/get-customer-stats', { customerId: amc.id })).statusCode).toBe(404);
  });
});

describe('permissions and data scope', () => {
  it('refuses a user without the tab’s permission (403)', async () => {
    const amc = consigneeByName('Arabian Milling Company');
    const bakery = customerByName('Makkah Bakeries Cooperative');
    expect((await get('noTab', 'consignee/get-consignee-stats', { consigneeId: amc.id })).statusCode).toBe(403);
    expect((await get('noTab', 'customer/get-customer-stats', { customerId: bakery.id })).statusCode).toBe(403);
  });

  it('keeps each shipment manager’s admin to its own consignees: the other’s answer 404 and no figure of theirs shows', async () => {
    const amc = consigneeByName('Arabian Milling Company'); // under RSGL
    const tihama = consigneeByName('Tihama Feed Company'); // under ABSS
    const rsglView = await stats('rsgl', 'consignee', { consigneeId: amc.id });
    const adminView = await stats('admin', 'consignee', { consigneeId: amc.id });
    expect(rsglView).toEqual(adminView);
    expect((await get('rsgl', 'consignee/get-consignee-stats', { consigneeId: tihama.id })).statusCode).toBe(404);
    expect((await get('abss', 'consignee/get-consignee-stats', { consigneeId: amc.id })).statusCode).toBe(404);
    const mill = adminView.tableRows.find((r) => r.name === 'AMC Riyadh Mill');
    expect((await get('abss', 'consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: mill?.locationId ?? 0 })).statusCode).toBe(404);
    // The customer tab: an SM's admin sees only its own cargo at the customer's places (the ledger's owner rule).
    const bakery = customerByName('Makkah Bakeries Cooperative');
    for (const who of ['rsgl', 'abss'] as const) {
      const view = await stats(who, 'customer', { customerId: bakery.id });
      const sm = managers[who];
      for (const row of view.tableRows) {
        const [own] = await rows<{ kg: string }>(sql`
          select coalesce(sum(e.quantity_kg), 0)::text as kg from ledger_entries e join ledger_accounts a on a.id = e.account_id
           where a.kind = 'ON_HAND' and a.location_id = ${row.locationId}
             and (a.owner_company_id = ${sm} or a.owner_company_id in (select id from companies where shipment_manager_id = ${sm}))`);
        expect(kg(row.quantity), `${who} at ${row.name}`).toBe(BigInt(own?.kg ?? '0'));
      }
    }
  });
});

describe('the trips lists’ pages (the newest trucks, received or coming, together; `limit` and `before`)', () => {
  it('a list cut to n rows is the first n rows of the whole list, received and pending trucks merged by date', async () => {
    const bakery = customerByName('Makkah Bakeries Cooperative');
    const amc = consigneeByName('Arabian Milling Company');
    const [store] = await rows<{ id: number }>(sql`select id from locations where name = 'Makkah Central Bakery Store'`);
    const [terminal] = await rows<{ id: number }>(sql`select id from locations where name = 'Jeddah Grain Terminal'`);
    const actor = { agencyId, scope: UNRESTRICTED };
    const lists = (limit?: number) =>
      inAgency(t.database.db, agencyId, async (tx) => {
        const customer = await resolvePartner(tx, actor, 'customer', bakery.id, {});
        const consignee = await resolvePartner(tx, actor, 'consignee', amc.id, {});
        const list = (answer: JsonText) => ZPartnerTripList.parse(JSON.parse(answer.text));
        const page = limit === undefined ? undefined : { limit };
        return {
          storeIn: list(await partnerTripsIn(tx, customer, Number(store?.id), undefined, page)),
          terminalOut: list(await partnerTripsOut(tx, consignee, Number(terminal?.id), undefined, page)),
        };
      });
    const whole = await lists();
    // The store has trucks received and trucks still coming; the terminal has sent the consignee's cargo out by truck.
    expect(whole.storeIn.some((r) => r.pending)).toBe(true);
    expect(whole.storeIn.some((r) => !r.pending)).toBe(true);
    expect(whole.storeIn.length).toBeGreaterThan(2);
    expect(whole.terminalOut.length).toBeGreaterThan(2);
    const pending = whole.storeIn.filter((r) => r.pending).length;
    for (const n of [1, pending, whole.storeIn.length - 1]) {
      expect((await lists(n)).storeIn).toEqual(whole.storeIn.slice(0, n));
    }
    expect((await lists(2)).terminalOut).toEqual(whole.terminalOut.slice(0, 2));
  });

  it('pages read one after another (each after the last row of the one before) give the whole list once, in order, on every list', async () => {
    const bakery = customerByName('Makkah Bakeries Cooperative');
    const amc = consigneeByName('Arabian Milling Company');
    const [store] = await rows<{ id: number }>(sql`select id from locations where name = 'Makkah Central Bakery Store'`);
    const [terminal] = await rows<{ id: number }>(sql`select id from locations where name = 'Jeddah Grain Terminal'`);
    const lists: [string, Record<string, number>][] = [
      ['customer/get-customer-trips-in-detail', { customerId: bakery.id, locationId: Number(store?.id) }],
      ['consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: Number(terminal?.id) }],
      ['consignee/get-consignee-trips-out-detail', { consigneeId: amc.id, locationId: Number(terminal?.id) }],
    ];
    for (const [url, query] of lists) {
      const whole = await trips('admin', url, query);
      expect(whole.length, url).toBeGreaterThan(3);
      for (const limit of [1, 2, 3]) {
        const read: TPartnerTripRow[] = [];
        let before: string | undefined;
        for (let pages = 0; pages <= whole.length; pages += 1) {
          const page = await trips('admin', url, { ...query, limit, ...(before === undefined ? {} : { before }) });
          // A page is cut at `limit` rows, longer only when the last row's millisecond and truck repeat.
          expect(page.length, `${url} limit ${limit}`).toBeLessThanOrEqual(limit + 1);
          read.push(...page);
          if (page.length < limit) break;
          const last = page.at(-1);
          if (!last) break;
          before = tripListCursor(last);
        }
        expect(read, `${url} limit ${limit}`).toEqual(whole);
      }
      // The next page of the whole list (after its last row) is empty; a shipment manager’s admin pages its own view alone.
      const last = whole.at(-1);
      if (last) expect(await trips('admin', url, { ...query, before: tripListCursor(last) })).toEqual([]);
    }
    const mill = (await stats('rsgl', 'consignee', { consigneeId: amc.id })).tableRows.find((r) => r.tripsIn > 0);
    if (!mill) throw new Error('no place with trucks in for RSGL’s consignee');
    const own = await trips('rsgl', 'consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: mill.locationId });
    const first = await trips('rsgl', 'consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: mill.locationId, limit: 1 });
    expect(first).toEqual(own.slice(0, 1));
    const firstRow = first.at(0);
    if (firstRow) expect(await trips('rsgl', 'consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: mill.locationId, before: tripListCursor(firstRow) })).toEqual(own.slice(1));
    expect((await get('abss', 'consignee/get-consignee-trips-in-detail', { consigneeId: amc.id, locationId: mill.locationId, limit: 1 })).statusCode).toBe(404);
  });

  it('refuses a page size outside 1 to 1,000 and a position that is not one (400 with the message)', async () => {
    const amc = consigneeByName('Arabian Milling Company');
    const query = { consigneeId: amc.id, locationId: 1 };
    const cases: [Record<string, string | number>, string][] = [
      [{ limit: 0 }, 'Please give a page size from 1 to 1,000.'],
      [{ limit: 1001 }, 'Please give a page size from 1 to 1,000.'],
      [{ limit: '2.5' }, 'Please give a page size from 1 to 1,000.'],
      [{ limit: 'ten' }, 'Please give a page size from 1 to 1,000.'],
      [{ before: 'yesterday' }, 'Please give a valid list position.'],
      [{ before: '2026-02-30T10:00:00.000Z_5' }, 'Please give a valid list position.'],
      [{ before: '2026-03-01T10:00:00Z_5' }, 'Please give a valid list position.'],
      [{ before: '2026-03-01T10:00:00.000Z_99999999999' }, 'Please give a valid list position.'],
    ];
    for (const url of ['consignee/get-consignee-trips-in-detail', 'consignee/get-consignee-trips-out-detail']) {
      for (const [paging, message] of cases) {
        const response = await get('admin', url, { ...query, ...paging });
        expect(response.statusCode, `${url} ${JSON.stringify(paging)}`).toBe(400);
        expect(response.body).toContain(message);
      }
    }
    const bakery = customerByName('Makkah Bakeries Cooperative');
    const response = await get('admin', 'customer/get-customer-trips-in-detail', { customerId: bakery.id, locationId: 1, limit: -3 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please give a page size from 1 to 1,000.');
  });
});

describe('reversals (the details read the place’s postings that were not reversed: `notReversed`)', () => {
  it('a reversed receipt at the customer’s store is no trip in: its truck is on the road again, in the stats and both details', async () => {
    const bakery = customerByName('Makkah Bakeries Cooperative');
    const rowOf = async () => {
      const row = (await stats('admin', 'customer', { customerId: bakery.id })).tableRows.find((r) => r.name === 'Makkah Central Bakery Store');
      if (!row) throw new Error('no store row');
      return row;
    };
    const store = await rowOf();
    const detail = { customerId: bakery.id, locationId: store.locationId };
    const arrived = await trips('admin', 'customer/get-customer-trips-in-detail', detail);
    const ins = await inQty('admin', 'customer/get-customer-in-qty-detail', detail);
    // The Consignee Out from the Madinah mill (so the mill's out-quantity detail sees its truck on the road again).
    const received = arrived.find((r) => !r.pending && r.type === 'consigneeOut' && r.source === 'HFM Madinah Mill');
    if (!received) throw new Error('no truck from the mill received at the store');
    // Its receipt: the posting that took the truck's cargo off its trip and put it on hand at the store.
    const [receipt] = await rows<{ id: number }>(sql`
      select distinct e.transaction_id as id from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.kind = 'IN_TRANSIT' and a.trip_id = ${received.tripId} and e.quantity_kg < 0
         and exists (select 1 from ledger_entries pe join ledger_accounts pa on pa.id = pe.account_id
                      where pe.transaction_id = e.transaction_id and pa.kind = 'ON_HAND' and pa.location_id = ${store.locationId} and pe.quantity_kg > 0)`);
    const [user] = await rows<{ id: number }>(sql`select id from users where username = 'demo.admin'`);
    if (!receipt || !user) throw new Error('no receipt or user');
    await inAgency(t.database.db, agencyId, (tx) => reverse(tx, { agencyId, transactionId: Number(receipt.id), userId: Number(user.id), at: t.clock.now(), reason: 'received twice (test)' }));

    const after = await rowOf();
    expect(after.tripsIn).toBe(store.tripsIn - 1);
    expect(kg(after.tripsInQty)).toBe(kg(store.tripsInQty) - kg(received.quantity));
    expect(kg(after.inTransitQty)).toBeGreaterThan(kg(store.inTransitQty));
    const arrivedAfter = await trips('admin', 'customer/get-customer-trips-in-detail', detail);
    expect(arrivedAfter.filter((r) => !r.pending)).toHaveLength(arrived.filter((r) => !r.pending).length - 1);
    expect(arrivedAfter.find((r) => r.tripId === received.tripId)?.pending).toBe(true);
    expect(total(arrivedAfter.filter((r) => r.pending).map((r) => r.inTransitQty))).toBe(kg(after.inTransitQty));
    const insAfter = await inQty('admin', 'customer/get-customer-in-qty-detail', detail);
    expect(insAfter.reduce((sum, r) => sum + r.trips, 0)).toBe(ins.reduce((sum, r) => sum + r.trips, 0) - 1);
    expect(total(insAfter.map((r) => r.inQty))).toBe(total(ins.map((r) => r.inQty)) - kg(received.quantity));
    expect(total(insAfter.map((r) => r.inTransitQty))).toBe(kg(after.inTransitQty));
    // The mill's out-quantity detail: the truck that left it is on the road again, in its group.
    const hfm = consigneeByName('Hejaz Flour Mills');
    const [mill] = await rows<{ id: number }>(sql`select id from locations where name = 'HFM Madinah Mill'`);
    const outsAfter = await outQty('admin', 'consignee/get-consignee-out-qty-detail', { consigneeId: hfm.id, locationId: Number(mill?.id) });
    const leftOnRoad = (await expectedAt({ owner: hfm.id }, Number(mill?.id), agencyId)).leftOnRoadKg;
    expect(leftOnRoad).toBeGreaterThan(0n);
    expect(total(outsAfter.map((r) => r.inTransitQty))).toBe(leftOnRoad);
    expect(kg(outsAfter.find((r) => r.type === 'consigneeOut' && r.toConsignee === bakery.name)?.inTransitQty ?? '0')).toBe(leftOnRoad);
    // Asked for the store alone, the stats give the same row (the trucks on the road looked up for that place only).
    expect((await stats('admin', 'customer', { customerId: bakery.id, locationId: store.locationId })).tableRows).toEqual([after]);
  });
});
