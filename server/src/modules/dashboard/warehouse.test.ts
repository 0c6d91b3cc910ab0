import {
  ZConsigneeConsignments,
  ZSiloDetail,
  ZWarehouseDetail,
  ZWarehouseInQtyDetail,
  ZWarehouseOutQtyDetail,
  ZWarehouseSiloDetail,
  ZWarehouseStats,
  ZWarehouseTripsIn,
  ZWarehouseTripsOut,
  WAREHOUSE_MOVE_TYPES,
  kgToTonnes,
  tonnesToKg,
  tripListCursor,
  type TWarehouseStats,
} from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../identity/users.schema';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { findDemoAgency } from '../../seed/first-run';
import { bearer, loginAs, makeRole, makeUser } from '../../test/fixtures';
import { createGeneratedAgency } from '../../test/generated-season';
import { createDemoTestApp, type TestApp } from '../../test/harness';
import { slipsByTrip } from '../../test/slips-by-trip';

/**
 * The Warehouse tab (spec 2.13, 3, 6, 7): `/api/dashboard/warehouse/*` and its two Excel exports, on the demo
 * season, and its right answers on a generated season too. Every figure is checked against a computation of this
 * test's own from `ledger_entries` (joined to `ledger_accounts` and `ledger_transactions`; the business tables only
 * for which locations are warehouses and who is under which shipment manager), never through the server's query
 * functions.
 */

let t: TestApp;
let agencyId: number;
const tokens: Record<string, string> = {};
/** The agency each caller works in (the demo agency unless named). */
const agencyOf: Record<string, number> = {};
type Ids = { jeddah: number; kap: number; yanbu: number; rsgl: number; albahr: number; wheat: number; barley: number };
const ids: Ids = { jeddah: 0, kap: 0, yanbu: 0, rsgl: 0, albahr: 0, wheat: 0, barley: 0 };
let timezone = 'UTC';

const BASE = '/api/dashboard/warehouse';

/** One ON_HAND entry at a warehouse, as this test reads it straight from the ledger. */
interface Entry {
  entryId: number;
  transactionId: number;
  type: string;
  at: Date;
  kg: bigint;
  committedKg: bigint;
  /** The posting is neither a reversal nor reversed. */
  live: boolean;
  locationId: number;
  siloId: number | null;
  ownerId: number;
  consignmentId: number;
  cargoId: number;
  voyageId: number;
  attachedVoyageId: number;
  /** The truck on the other side of the posting (IN_TRANSIT entry of the opposite sign), if any. */
  tripId: number | null;
  /** That truck took its load off a vessel (an ON_BOARD entry in the posting that loaded it). */
  fromVessel: boolean;
  /** The kind of that truck's transfer slip (`transfer_slips.source_kind`), if it has one. */
  slipKind: string | null;
}
let entries: Entry[] = [];
/** Per shipment manager, the companies whose stock is theirs (themselves and the companies under them). */
let managed = new Map<number, Set<number>>();

/** A season under test: its agency and zone, its places and companies by name, its warehouse entries, who manages whom. */
interface Season {
  agencyId: number;
  timezone: string;
  ids: Ids;
  entries: Entry[];
  managed: Map<number, Set<number>>;
}
/** The demo season (the globals above). */
const demoSeason = (): Season => ({ agencyId, timezone, ids, entries, managed });
let generatedSeason: Season | undefined;

function rows<T>(query: ReturnType<typeof sql>, agency: number = agencyId): Promise<T[]> {
  return inAgency(t.database.db, agency, (tx) => queryRows<T>(tx, query));
}

/** Reads a season straight from the ledger (and the master data for names and who manages whom). */
async function loadSeason(agency: number): Promise<Season> {
  const q = <T,>(query: ReturnType<typeof sql>) => rows<T>(query, agency);
  const named = await q<{ kind: string; id: number; name: string }>(sql`
    select 'location' as kind, id, name from locations where location_kind_id = 1
    union all select 'company', id, name from companies
    union all select 'cargo', id, name from cargo_types`);
  const find = (kind: string, name: string) => Number(named.find((n) => n.kind === kind && n.name === name)?.id ?? 0);
  const seasonIds: Ids = {
    jeddah: find('location', 'Jeddah Grain Terminal'),
    kap: find('location', 'KAP Silo Complex'),
    yanbu: find('location', 'Yanbu Open Yard'),
    rsgl: find('company', 'Red Sea Grain Logistics'),
    albahr: find('company', 'Al Bahr Shipping Services'),
    wheat: find('cargo', 'Wheat'),
    barley: find('cargo', 'Barley'),
  };
  const [zone] = await q<{ timezone: string }>(sql`select timezone from agencies where id = ${agency}`);
  const seasonManaged = new Map<number, Set<number>>();
  for (const company of await q<{ id: number; sm: number | null }>(sql`select id, shipment_manager_id as sm from companies`)) {
    for (const sm of [Number(company.id), company.sm === null ? null : Number(company.sm)]) {
      if (sm === null) continue;
      const set = seasonManaged.get(sm) ?? new Set<number>();
      set.add(Number(company.id));
      seasonManaged.set(sm, set);
    }
  }
  const raw = await q<Record<string, string | number | boolean | Date | null>>(sql`
    select e.id as entry_id, t.id as transaction_id, t.type, t.created_at as at, e.quantity_kg::text as kg, e.committed_kg::text as committed_kg,
           (t.reverses_id is null and not exists (select 1 from ledger_transactions r where r.reverses_id = t.id)) as live,
           a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, a.attached_voyage_id,
           truck.trip_id, coalesce(truck.from_vessel, false) as from_vessel, (select ts.source_kind from transfer_slips ts where ts.trip_id = truck.trip_id) as slip_kind
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
      join locations l on l.id = a.location_id and l.location_kind_id = 1
      join ledger_transactions t on t.id = e.transaction_id
      left join lateral (
        select ta.trip_id,
               exists (select 1 from ledger_entries le join ledger_entries ob on ob.transaction_id = le.transaction_id
                         join ledger_accounts oba on oba.id = ob.account_id and oba.kind = 'ON_BOARD'
                        where le.account_id = ta.id and le.quantity_kg > 0) as from_vessel
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
         where te.transaction_id = e.transaction_id and ((e.quantity_kg > 0 and te.quantity_kg < 0) or (e.quantity_kg < 0 and te.quantity_kg > 0))
         limit 1) truck on true`);
  const seasonEntries = raw.map((r) => ({
    entryId: Number(r.entry_id),
    transactionId: Number(r.transaction_id),
    type: String(r.type),
    at: new Date(r.at as string),
    kg: BigInt(String(r.kg)),
    committedKg: BigInt(String(r.committed_kg)),
    live: r.live === true,
    locationId: Number(r.location_id),
    siloId: r.silo_id === null ? null : Number(r.silo_id),
    ownerId: Number(r.owner_company_id),
    consignmentId: Number(r.consignment_id),
    cargoId: Number(r.cargo_type_id),
    voyageId: Number(r.voyage_id),
    attachedVoyageId: Number(r.attached_voyage_id),
    tripId: r.trip_id === null ? null : Number(r.trip_id),
    fromVessel: r.from_vessel === true,
    slipKind: r.slip_kind === null ? null : String(r.slip_kind),
  }));
  return { agencyId: agency, timezone: zone?.timezone ?? 'UTC', ids: seasonIds, entries: seasonEntries, managed: seasonManaged };
}

beforeAll(async () => {
  t = await createDemoTestApp();
  agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  const demo = await loadSeason(agencyId);
  Object.assign(ids, demo.ids);
  timezone = demo.timezone;
  entries = demo.entries;
  managed = demo.managed;

  const db = t.database.db;
  const [operations] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.agencyId} = ${agencyId} and ${roles.name} = 'Operations'`);
  const tabOnly = await makeRole(db, { agencyId, permissions: ['canViewWarehouseDashboard'] });
  const mapOnly = await makeRole(db, { agencyId, permissions: ['canViewMapDashboard'] });
  await makeUser(db, { kind: 'companyAdmin', agencyId, companyId: ids.albahr, roleId: operations?.id ?? null, username: 'wh.albahr' });
  await makeUser(db, { kind: 'agencyUser', agencyId, roleId: tabOnly.id, username: 'wh.tabonly' });
  await makeUser(db, { kind: 'agencyUser', agencyId, roleId: mapOnly.id, username: 'wh.maponly' });
  await makeUser(db, { kind: 'agencyUser', agencyId, roleId: operations?.id ?? null, username: 'wh.yanbu', locationIds: [ids.yanbu] });
  tokens.admin = await loginAs(t.app, 'demo.admin', 'Demo#Pass1');
  tokens.rsgl = await loginAs(t.app, 'rsgl.admin', 'Demo#Pass1');
  tokens.albahr = await loginAs(t.app, 'wh.albahr');
  tokens.tabOnly = await loginAs(t.app, 'wh.tabonly');
  tokens.mapOnly = await loginAs(t.app, 'wh.maponly');
  tokens.yanbu = await loginAs(t.app, 'wh.yanbu');
  tokens.superAdmin = await loginAs(t.app, (await makeUser(db, { kind: 'superAdmin', username: 'wh.super' })).username);
}, 180_000);

afterAll(async () => {
  await t.close();
});

type Query = Record<string, string | number | boolean | undefined>;

function url(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

async function call(who: string, path: string, query: Query = {}) {
  const token = tokens[who];
  if (!token) throw new Error(`no token ${who}`);
  return t.app.inject({ method: 'GET', url: url(path, query), headers: { ...bearer(token), 'x-agency-id': String(agencyOf[who] ?? agencyId) } });
}

async function ok<T>(schema: { parse: (value: unknown) => T }, who: string, call_: string, query: Query = {}): Promise<T> {
  const response = await call(who, `${BASE}/${call_}`, query);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

/** A trucks row's place in the paged lists' order: newer first, then the higher trip (null, a pending pre-out: none). */
const newerFirst = (a: { date: string; tripId: number | null }, b: { date: string; tripId: number | null }) =>
  b.date.localeCompare(a.date) || (b.tripId ?? 0) - (a.tripId ?? 0);

/** A row as a sortable text, to compare two lists as multisets. */
const rowText = (row: object) => JSON.stringify(row);

/**
 * A warehouse trucks list read a page at a time as the app reads it (each page after the last truck of the one
 * before, until a page brings fewer trucks than `limit`): every page's rows, and every page's totals.
 */
async function pagesOf<T extends { rows: { date: string; tripId: number | null; pending?: boolean }[] }>(schema: { parse: (value: unknown) => T }, who: string, call_: string, query: Query, limit: number) {
  const pages: T[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await ok(schema, who, call_, { ...query, limit, ...(before === undefined ? {} : { before }) });
    pages.push(page);
    const trucks = page.rows.filter((r) => r.pending !== true);
    const last = trucks.at(-1);
    if (trucks.length < limit || !last || pages.length > 500) break;
    before = tripListCursor(last);
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------------------------
// The independent computation.

interface Filter {
  locationId?: number;
  siloIds?: number[];
  openAreaOnly?: boolean;
  siloId?: number;
  voyageId?: number;
  bindingVoyageId?: number;
  consignmentId?: number;
  consigneeId?: number;
  smIds?: number[];
  cargoId?: number;
  fromDate?: string;
  toDate?: string;
}

/** Who sees which entries: a shipment manager's admin their companies' stock, a located user their places. */
type Viewer = { sm?: number; locations?: number[] };

const within = (e: Entry, f: Filter, viewer: Viewer, managed: Map<number, Set<number>>): boolean =>
  (f.locationId === undefined || e.locationId === f.locationId) &&
  (f.siloIds === undefined || (e.siloId !== null && f.siloIds.includes(e.siloId))) &&
  (f.openAreaOnly !== true || e.siloId === null) &&
  (f.siloId === undefined || e.siloId === f.siloId) &&
  (f.voyageId === undefined || e.voyageId === f.voyageId) &&
  (f.bindingVoyageId === undefined || e.attachedVoyageId === f.bindingVoyageId) &&
  (f.consignmentId === undefined || e.consignmentId === f.consignmentId) &&
  (f.consigneeId === undefined || e.ownerId === f.consigneeId) &&
  (f.smIds === undefined || f.smIds.some((sm) => managed.get(sm)?.has(e.ownerId) === true)) &&
  (f.cargoId === undefined || e.cargoId === f.cargoId) &&
  (viewer.sm === undefined || managed.get(viewer.sm)?.has(e.ownerId) === true) &&
  (viewer.locations === undefined || viewer.locations.includes(e.locationId));

/** The period's half-open instants in the agency's zone, by the engine (a calendar day there). */
async function periodOf(f: Filter, s: Season): Promise<{ from?: Date; to?: Date }> {
  const [row] = await rows<{ from_at: string | null; to_at: string | null }>(
    sql`select (${f.fromDate ?? null}::date::timestamp at time zone ${s.timezone}) as from_at, ((${f.toDate ?? null}::date + 1)::timestamp at time zone ${s.timezone}) as to_at`,
    s.agencyId,
  );
  return { ...(row?.from_at ? { from: new Date(row.from_at) } : {}), ...(row?.to_at ? { to: new Date(row.to_at) } : {}) };
}

interface Expected {
  onHand: bigint;
  committed: bigint;
  inTripKg: bigint;
  inTrips: Set<number>;
  outTripKg: bigint;
  outTrips: Set<number>;
  portKg: bigint;
  portTrips: Set<number>;
  inKg: bigint;
  outKg: bigint;
  handlingLossKg: bigint;
  handlingLosses: number;
  /** What came in, by the in-quantity detail's move type (`arrivalType`). */
  inByType: Map<string, bigint>;
  /** What left, by the out-quantity detail's move type (`departureType`). */
  outByType: Map<string, bigint>;
}

/** The move type of an arrival (spec 2.13's in-quantity detail), written out here from the spec's names, not imported. */
function arrivalType(e: Entry): string {
  if (e.tripId !== null) {
    if (e.fromVessel) return 'port';
    return e.slipKind !== null && ['loan', 'loanReturn', 'sale', 'consigneeTransfer'].includes(e.slipKind) ? e.slipKind : 'warehouseTransfer';
  }
  return inPlaceType(e);
}

/** The move type of a departure (the out-quantity detail): a transfer slip's truck by its kind, any other truck a Warehouse Out. */
function departureType(e: Entry): string {
  if (e.tripId !== null) return e.type === 'transferSlip' ? (e.slipKind ?? 'warehouseTransfer') : 'warehouseOut';
  return inPlaceType(e);
}

/** A move without a truck, by its posting type. */
function inPlaceType(e: Entry): string {
  const inPlace: Record<string, string> = {
    ownershipTransfer: 'ownershipTransfer',
    consigneeTransfer: 'consigneeTransfer',
    siloTransfer: 'siloTransfer',
    swapCargo: 'swapCargo',
    consigneeToShipmentManagerLoan: 'loan',
    loanReturn: 'loanReturn',
    sale: 'sale',
    handlingLoss: 'handlingLoss',
    handlingExcess: 'handlingExcess',
  };
  return inPlace[e.type] ?? 'correction';
}

async function expected(f: Filter, viewer: Viewer, groupOf: (e: Entry) => string, s: Season = demoSeason()): Promise<Map<string, Expected>> {
  const period = await periodOf(f, s);
  const groups = new Map<string, Expected>();
  for (const e of s.entries) {
    if (!within(e, f, viewer, s.managed)) continue;
    const key = groupOf(e);
    let g = groups.get(key);
    if (!g) {
      g = { onHand: 0n, committed: 0n, inTripKg: 0n, inTrips: new Set(), outTripKg: 0n, outTrips: new Set(), portKg: 0n, portTrips: new Set(), inKg: 0n, outKg: 0n, handlingLossKg: 0n, handlingLosses: 0, inByType: new Map(), outByType: new Map() };
      groups.set(key, g);
    }
    g.onHand += e.kg;
    g.committed += e.committedKg;
    const inPeriod = (!period.from || e.at >= period.from) && (!period.to || e.at < period.to);
    if (!e.live || !inPeriod || e.kg === 0n) continue;
    if (e.kg > 0n) {
      g.inKg += e.kg;
      g.inByType.set(arrivalType(e), (g.inByType.get(arrivalType(e)) ?? 0n) + e.kg);
    } else {
      g.outKg -= e.kg;
      g.outByType.set(departureType(e), (g.outByType.get(departureType(e)) ?? 0n) - e.kg);
    }
    if (e.type === 'handlingLoss' && e.kg < 0n) {
      g.handlingLossKg -= e.kg;
      g.handlingLosses += 1;
    }
    if (e.tripId === null) continue;
    if (e.kg > 0n) {
      g.inTripKg += e.kg;
      g.inTrips.add(e.tripId);
      if (e.fromVessel) {
        g.portKg += e.kg;
        g.portTrips.add(e.tripId);
      }
    } else {
      g.outTripKg -= e.kg;
      g.outTrips.add(e.tripId);
    }
  }
  return groups;
}

const T = (kg: bigint) => kgToTonnes(kg);

/** The stats answer as the independent computation has it: rows (non-zero groups), totals and the pie. */
async function expectedStats(f: Filter, viewer: Viewer = {}, s: Season = demoSeason()) {
  const groups = await expected(f, viewer, (e) => `${e.locationId}:${e.cargoId}`, s);
  const live = [...groups.entries()].filter(([, g]) => g.onHand !== 0n || g.committed !== 0n || g.inTrips.size > 0 || g.outTrips.size > 0);
  const rows = live
    .map(([key, g]) => {
      const [locationId, cargoId] = key.split(':').map(Number);
      return {
        locationId,
        cargoId,
        quantity: T(g.onHand),
        committedQty: T(g.committed),
        usableQty: T(g.onHand - g.committed),
        portQuantity: T(g.portKg),
        portTrips: g.portTrips.size,
        tripsIn: g.inTrips.size,
        tripsInQty: T(g.inTripKg),
        tripsOut: g.outTrips.size,
        tripsOutQty: T(g.outTripKg),
      };
    })
    .sort((a, b) => `${a.locationId}:${a.cargoId}`.localeCompare(`${b.locationId}:${b.cargoId}`));
  const sum = (pick: (g: Expected) => bigint) => live.reduce((total, [, g]) => total + pick(g), 0n);
  const count = (pick: (g: Expected) => number) => live.reduce((total, [, g]) => total + pick(g), 0);
  const perWarehouse = new Map<number, bigint>();
  for (const [key, g] of live) {
    const location = Number(key.split(':')[0]);
    perWarehouse.set(location, (perWarehouse.get(location) ?? 0n) + g.onHand);
  }
  return {
    rows,
    totals: {
      quantity: T(sum((g) => g.onHand)),
      committedQty: T(sum((g) => g.committed)),
      usableQty: T(sum((g) => g.onHand - g.committed)),
      portQuantity: T(sum((g) => g.portKg)),
      portTrips: count((g) => g.portTrips.size),
      tripsIn: count((g) => g.inTrips.size),
      tripsInQty: T(sum((g) => g.inTripKg)),
      tripsOut: count((g) => g.outTrips.size),
      tripsOutQty: T(sum((g) => g.outTripKg)),
    },
    chart: [...perWarehouse.entries()]
      .filter(([, kg]) => kg > 0n)
      .map(([locationId, kg]) => ({ locationId, quantity: T(kg) }))
      .sort((a, b) => a.locationId - b.locationId),
  };
}

function answered(stats: TWarehouseStats) {
  return {
    rows: stats.rows
      .map(({ name: _name, cargo: _cargo, ...rest }) => rest)
      .sort((a, b) => `${a.locationId}:${a.cargoId}`.localeCompare(`${b.locationId}:${b.cargoId}`)),
    totals: stats.totals,
    chart: stats.chartData.map(({ locationId, quantity }) => ({ locationId, quantity })).sort((a, b) => a.locationId - b.locationId),
  };
}

function queryOf(f: Filter): Query {
  return {
    ...f,
    siloIds: f.siloIds?.join(','),
    smIds: f.smIds?.join(','),
  };
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Every figure of the tab's right answers, as `who` sees the season `season()`, against the ledger's entries: run on
 * the demo season and on a generated one (many voyages, warehouse outs to consignees, customers and the other
 * warehouses, trucks still on the road, loans in place). `demo` keeps the checks only the demo's story can meet.
 */
function rightAnswers(who: string, season: () => Season, demo: boolean) {
  it('has a season to check: stock at the warehouses, trucks in from the port and out', () => {
    const { entries, ids } = season();
    const live = entries.filter((e) => e.live);
    if (demo) {
      expect(new Set(entries.map((e) => e.locationId))).toEqual(new Set([ids.jeddah, ids.kap, ids.yanbu]));
      // Committed pre-outs and a handling loss: the demo's story has both.
      expect(entries.reduce((total, e) => total + e.committedKg, 0n) > 0n).toBe(true);
      expect(live.some((e) => e.type === 'handlingLoss')).toBe(true);
    } else {
      expect(new Set(entries.map((e) => e.locationId)).size).toBeGreaterThanOrEqual(2);
      // Trucks in from another warehouse, and stock moved in place (a loan): no truck on either side.
      expect(live.some((e) => e.tripId !== null && e.kg > 0n && !e.fromVessel)).toBe(true);
      expect(live.some((e) => e.tripId === null && e.kg !== 0n)).toBe(true);
    }
    expect(live.some((e) => e.fromVessel && e.kg > 0n)).toBe(true);
    expect(live.some((e) => e.tripId !== null && e.kg < 0n)).toBe(true);
  });

  it('get-warehouse-stats: every row, the totals and the pie, without filters and under each filter', async () => {
    const s = season();
    const { entries, ids } = s;
    const at = (locationId: number) => entries.find((e) => e.locationId === locationId) ?? entries[0];
    const consignment = at(ids.yanbu)?.consignmentId ?? 0;
    const voyage = at(ids.jeddah)?.voyageId ?? 0;
    const siloEntry = entries.find((e) => e.siloId !== null);
    const silo = siloEntry?.siloId ?? 0;
    const owner = at(ids.yanbu)?.ownerId ?? 0;
    const filters: Filter[] = [
      {},
      { locationId: ids.jeddah },
      { locationId: ids.jeddah, siloIds: [silo] },
      { locationId: ids.jeddah, openAreaOnly: true },
      { locationId: siloEntry?.locationId ?? ids.jeddah, siloIds: [silo] },
      { voyageId: voyage },
      { bindingVoyageId: voyage },
      { consignmentId: consignment },
      { consigneeId: owner },
      { smIds: [ids.rsgl] },
      { smIds: [ids.rsgl, ids.albahr] },
      { cargoId: ids.barley },
      { fromDate: '2026-11-20', toDate: '2026-11-20' },
      { fromDate: '2026-11-21' },
      { toDate: '2026-11-18' },
      { locationId: ids.yanbu, cargoId: ids.barley, fromDate: '2026-11-17', toDate: '2026-11-19' },
      // Periods over the generated season (its voyages arrive up to 80 days before the clock's now).
      { fromDate: '2026-08-01', toDate: '2026-11-21' },
      { fromDate: '2026-10-01', toDate: '2026-10-31' },
      { locationId: ids.kap, fromDate: '2026-09-15', toDate: '2026-11-10' },
    ];
    for (const f of filters) {
      const stats = await ok(ZWarehouseStats, who, 'get-warehouse-stats', queryOf(f));
      expect(answered(stats), JSON.stringify(f)).toEqual(await expectedStats(f, {}, s));
    }
    const all = await ok(ZWarehouseStats, who, 'get-warehouse-stats');
    const names = ['Jeddah Grain Terminal', 'KAP Silo Complex', 'Yanbu Open Yard'];
    if (demo) {
      expect(all.rows.length).toBeGreaterThanOrEqual(3);
      expect(all.rows.map((r) => r.name)).toEqual(names);
    } else {
      expect(all.rows.length).toBeGreaterThanOrEqual(2);
      expect(all.rows.every((r) => names.includes(r.name))).toBe(true);
    }
    expect(Number(all.totals.portQuantity)).toBeGreaterThan(0);
    const whole = await ok(ZWarehouseStats, who, 'get-warehouse-stats', { fromDate: '2026-08-01', toDate: '2026-11-21' });
    expect(whole.totals.tripsIn).toBeGreaterThan(0);
    expect(whole.totals.tripsOut).toBeGreaterThan(0);
  });

  it('get-warehouse-detail, get-warehouse-silo-detail and get-silo-detail: consignees and silos of each warehouse', async () => {
    const s = season();
    const { ids } = s;
    for (const locationId of [ids.jeddah, ids.kap, ids.yanbu]) {
      const detail = await ok(ZWarehouseDetail, who, 'get-warehouse-detail', { locationId });
      const byOwner = await expected({ locationId }, {}, (e) => `${e.ownerId}:${e.cargoId}`, s);
      const want = [...byOwner.entries()]
        .filter(([, g]) => g.onHand !== 0n || g.committed !== 0n)
        .map(([key, g]) => ({ key, quantity: T(g.onHand), committedQty: T(g.committed), usableQty: T(g.onHand - g.committed) }))
        .sort((a, b) => a.key.localeCompare(b.key));
      expect(
        detail.consignees.map((c) => ({ key: `${c.consigneeId}:${c.cargoId}`, quantity: c.quantity, committedQty: c.committedQty, usableQty: c.usableQty })).sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual(want);
      const bySilo = await expected({ locationId }, {}, (e) => String(e.siloId), s);
      const siloAnswer = await ok(ZWarehouseSiloDetail, who, 'get-warehouse-silo-detail', { locationId });
      for (const row of siloAnswer.silos) {
        const g = bySilo.get(String(row.siloId));
        expect(row.quantity, `${locationId} silo ${String(row.siloId)}`).toBe(T(g?.onHand ?? 0n));
        expect(row.committedQty).toBe(T(g?.committed ?? 0n));
      }
      // Every silo with stock is listed, and the silo table of the detail is the silo call's.
      const held = [...bySilo.entries()].filter(([, g]) => g.onHand !== 0n).map(([key]) => key);
      expect(held.every((key) => siloAnswer.silos.some((row) => String(row.siloId) === key))).toBe(true);
      expect(detail.silos).toEqual(detail.isSilo ? siloAnswer.silos : []);
      const bySiloOwner = await expected({ locationId }, {}, (e) => `${String(e.siloId)}:${e.ownerId}:${e.cargoId}`, s);
      expect(siloAnswer.consignees.map((c) => `${String(c.siloId)}:${c.consigneeId}:${c.cargoId}=${c.quantity}`).sort()).toEqual(
        [...bySiloOwner.entries()]
          .filter(([, g]) => g.onHand !== 0n || g.committed !== 0n)
          .map(([key, g]) => `${key}=${T(g.onHand)}`)
          .sort(),
      );
      for (const row of siloAnswer.silos.filter((r) => r.siloId !== null)) {
        const one = await ok(ZSiloDetail, who, 'get-silo-detail', { locationId, siloId: row.siloId ?? 0 });
        expect(one.silo).toEqual(row);
        const inSilo = await expected({ locationId, siloId: row.siloId ?? 0 }, {}, (e) => `${e.ownerId}:${e.cargoId}`, s);
        expect(one.consignees.map((c) => `${c.consigneeId}:${c.cargoId}=${c.quantity}`).sort()).toEqual(
          [...inSilo.entries()]
            .filter(([, g]) => g.onHand !== 0n || g.committed !== 0n)
            .map(([key, g]) => `${key}=${T(g.onHand)}`)
            .sort(),
        );
      }
    }
  });

  it('get-consignee-consignments and the four consignment panels, for every consignee at every warehouse', async () => {
    const s = season();
    const slips = await slipsByTrip(t.database.db);
    const pairs = new Set(s.entries.map((e) => `${e.locationId}:${e.ownerId}`));
    let checkedTrips = 0;
    let checkedLosses = 0;
    const inTypes: string[] = [];
    const outTypes: string[] = [];
    // A window of whole days ending half-way through the season (the agency's days): the in-quantity by type over it.
    const days = s.entries.map((e) => e.at.getTime()).sort((a, b) => a - b);
    const window = { fromDate: '2026-01-01', toDate: new Date(days[Math.floor(days.length / 2)] ?? 0).toISOString().slice(0, 10) };
    for (const pair of pairs) {
      const [locationId, consigneeId] = pair.split(':').map(Number);
      if (locationId === undefined || consigneeId === undefined) continue;
      const answer = await ok(ZConsigneeConsignments, who, 'get-consignee-consignments', { locationId, consigneeId });
      const groups = await expected({ locationId, consigneeId }, {}, (e) => `${e.consignmentId}:${e.voyageId}:${e.cargoId}`, s);
      const want = [...groups.entries()]
        .filter(([, g]) => g.onHand !== 0n || g.committed !== 0n || g.inTrips.size > 0 || g.outTrips.size > 0 || g.inKg !== 0n || g.outKg !== 0n)
        .map(([key, g]) => ({
          key,
          quantity: T(g.onHand),
          committedQty: T(g.committed),
          usableQty: T(g.onHand - g.committed),
          tripsIn: g.inTrips.size,
          tripsInQty: T(g.inTripKg),
          tripsOut: g.outTrips.size,
          tripsOutQty: T(g.outTripKg),
          inQty: T(g.inKg),
          outQty: T(g.outKg),
        }))
        .sort((a, b) => a.key.localeCompare(b.key));
      expect(
        answer.rows
          .map((r) => ({
            key: `${r.consignmentId}:${r.voyageId}:${r.cargoId}`,
            quantity: r.quantity,
            committedQty: r.committedQty,
            usableQty: r.usableQty,
            tripsIn: r.tripsIn,
            tripsInQty: r.tripsInQty,
            tripsOut: r.tripsOut,
            tripsOutQty: r.tripsOutQty,
            inQty: r.inQty,
            outQty: r.outQty,
          }))
          .sort((a, b) => a.key.localeCompare(b.key)),
        pair,
      ).toEqual(want);
      expect(answer.rows.every((r) => r.LCPONumber.length > 0 && r.vesselVoyage.includes(' / '))).toBe(true);
      for (const consignmentId of new Set(answer.rows.map((r) => r.consignmentId))) {
        const q = { locationId, consigneeId, consignmentId };
        const [g] = [...(await expected(q, {}, () => 'all', s)).values()];
        if (!g) continue;
        const tripsIn = await ok(ZWarehouseTripsIn, who, 'get-consignment-trips-in-detail', q);
        expect({ trips: tripsIn.trips, quantity: tripsIn.quantity }).toEqual({ trips: g.inTrips.size, quantity: T(g.inTripKg) });
        expect(new Set(tripsIn.rows.map((r) => r.tripId))).toEqual(g.inTrips);
        expect(tripsIn.rows.reduce((total, r) => total + tonnesToKg(r.quantity), 0n)).toBe(g.inTripKg);
        // Each truck's slip number, plate and origin are its slip's.
        for (const row of tripsIn.rows) {
          const slip = slips.get(row.tripId);
          expect({ slipNumber: row.slipNumber, truck: row.truck, source: row.source }, `trip ${row.tripId}`).toEqual({ slipNumber: slip?.slipNumber, truck: slip?.truck, source: slip?.vesselVoyage ?? slip?.from });
        }
        const tripsOut = await ok(ZWarehouseTripsOut, who, 'get-consignment-trips-out-detail', q);
        expect({ trips: tripsOut.trips, quantity: tripsOut.quantity }).toEqual({ trips: g.outTrips.size, quantity: T(g.outTripKg) });
        expect(new Set(tripsOut.rows.filter((r) => !r.pending).map((r) => r.tripId))).toEqual(g.outTrips);
        for (const row of tripsOut.rows.filter((r) => !r.pending)) {
          const slip = slips.get(row.tripId ?? 0);
          expect({ slipNumber: row.slipNumber, truck: row.truck, destination: row.destination }, `trip ${row.tripId}`).toEqual({ slipNumber: slip?.slipNumber, truck: slip?.truck, destination: slip?.destination });
        }
        // Pending pre-outs: what they hold committed is the positions' committed balance.
        expect(tripsOut.committedQty).toBe(T(g.committed));
        expect(tripsOut.rows.filter((r) => r.pending).reduce((total, r) => total + tonnesToKg(r.committedQty), 0n)).toBe(g.committed);
        // Read a page at a time (newest first, about a third of the list a page): the same trucks once each, in the
        // trucks lists' order, each page with the whole list's totals; the pending pre-outs first, on the first page.
        const limit = Math.max(1, Math.ceil(tripsIn.rows.length / 3));
        const inPages = await pagesOf(ZWarehouseTripsIn, who, 'get-consignment-trips-in-detail', q, limit);
        const pagedIn = inPages.flatMap((p) => p.rows);
        expect(pagedIn.map(rowText).sort(), `paged trips in, ${JSON.stringify(q)}`).toEqual(tripsIn.rows.map(rowText).sort());
        expect([...pagedIn].sort(newerFirst)).toEqual(pagedIn);
        for (const page of inPages) expect({ trips: page.trips, quantity: page.quantity }).toEqual({ trips: tripsIn.trips, quantity: tripsIn.quantity });
        const outLimit = Math.max(1, Math.ceil(tripsOut.rows.filter((r) => !r.pending).length / 3));
        const outPages = await pagesOf(ZWarehouseTripsOut, who, 'get-consignment-trips-out-detail', q, outLimit);
        const pagedOut = outPages.flatMap((p) => p.rows);
        expect(pagedOut.map(rowText).sort(), `paged trips out, ${JSON.stringify(q)}`).toEqual(tripsOut.rows.map(rowText).sort());
        const pendingCount = tripsOut.rows.filter((r) => r.pending).length;
        expect(outPages[0]?.rows.slice(0, pendingCount).every((r) => r.pending)).toBe(true);
        const pagedTrucks = pagedOut.filter((r) => !r.pending);
        expect([...pagedTrucks].sort(newerFirst)).toEqual(pagedTrucks);
        for (const page of outPages) expect({ trips: page.trips, quantity: page.quantity, committedQty: page.committedQty }).toEqual({ trips: tripsOut.trips, quantity: tripsOut.quantity, committedQty: tripsOut.committedQty });
        checkedTrips += tripsIn.rows.length + tripsOut.rows.length;
        const inQty = await ok(ZWarehouseInQtyDetail, who, 'get-consignment-in-qty-detail', q);
        expect(inQty.inQty).toBe(T(g.inKg));
        expect(inQty.rows.reduce((total, r) => total + tonnesToKg(r.inQty), 0n)).toBe(g.inKg);
        expect(inQty.rows.find((r) => r.type === 'port')?.inQty ?? '0.000').toBe(T(g.portKg));
        expect(inQty.rows, `in-quantity by type, ${JSON.stringify(q)}`).toEqual(
          WAREHOUSE_MOVE_TYPES.filter((type) => (g.inByType.get(type) ?? 0n) !== 0n).map((type) => ({ type, inQty: T(g.inByType.get(type) ?? 0n) })),
        );
        inTypes.push(...inQty.rows.map((r) => r.type));
        const [early] = [...(await expected({ ...q, ...window }, {}, () => 'all', s)).values()];
        const inWindow = await ok(ZWarehouseInQtyDetail, who, 'get-consignment-in-qty-detail', { ...q, ...window });
        expect(inWindow.rows, `in-quantity by type, ${JSON.stringify({ ...q, ...window })}`).toEqual(
          WAREHOUSE_MOVE_TYPES.filter((type) => (early?.inByType.get(type) ?? 0n) !== 0n).map((type) => ({ type, inQty: T(early?.inByType.get(type) ?? 0n) })),
        );
        const outQty = await ok(ZWarehouseOutQtyDetail, who, 'get-consignment-out-qty-detail', q);
        expect(outQty.outQty).toBe(T(g.outKg));
        expect(outQty.handlingLoss).toBeNull();
        const byTypeOf = (m: Map<string, bigint> | undefined) =>
          WAREHOUSE_MOVE_TYPES.filter((type) => (m?.get(type) ?? 0n) !== 0n).map((type) => ({ type, outQty: T(m?.get(type) ?? 0n) }));
        expect(outQty.rows, `out-quantity by type, ${JSON.stringify(q)}`).toEqual(byTypeOf(g.outByType));
        outTypes.push(...outQty.rows.map((r) => r.type));
        const outWindow = await ok(ZWarehouseOutQtyDetail, who, 'get-consignment-out-qty-detail', { ...q, ...window });
        expect(outWindow.rows, `out-quantity by type, ${JSON.stringify({ ...q, ...window })}`).toEqual(byTypeOf(early?.outByType));
        for (const type of new Set(outQty.rows.map((r) => r.type))) {
          const one = await ok(ZWarehouseOutQtyDetail, who, 'get-consignment-out-qty-detail', { ...q, type });
          expect(one.rows, `out-quantity of ${type}`).toEqual(byTypeOf(g.outByType).filter((r) => r.type === type));
        }
        expect(outQty.rows.find((r) => r.type === 'handlingLoss')?.outQty ?? '0.000').toBe(T(g.handlingLossKg));
        const losses = await ok(ZWarehouseOutQtyDetail, who, 'get-consignment-out-qty-detail', { ...q, type: 'handlingLoss' });
        expect(losses.rows.map((r) => r.type)).toEqual(g.handlingLossKg > 0n ? ['handlingLoss'] : []);
        expect(losses.handlingLoss?.count).toBe(g.handlingLosses);
        expect(losses.handlingLoss?.rows.reduce((total, r) => total + tonnesToKg(r.quantity), 0n)).toBe(g.handlingLossKg);
        checkedLosses += g.handlingLosses;
      }
    }
    expect(checkedTrips).toBeGreaterThan(10);
    // Arrivals by truck from the port and from another warehouse were typed; on the demo, in-place ones too.
    const typed = new Set(inTypes);
    for (const type of demo ? ['port', 'warehouseTransfer', 'siloTransfer', 'handlingExcess', 'swapCargo', 'ownershipTransfer'] : ['port', 'warehouseTransfer']) {
      expect(typed.has(type), type).toBe(true);
    }
    const departed = new Set(outTypes);
    for (const type of demo ? ['warehouseOut', 'warehouseTransfer', 'siloTransfer', 'handlingLoss', 'swapCargo', 'ownershipTransfer'] : ['warehouseOut']) {
      expect(departed.has(type), type).toBe(true);
    }
    // The demo's story has a handling loss; the generated season none.
    if (demo) expect(checkedLosses).toBeGreaterThan(0);
    else expect(checkedLosses).toBe(0);
  });

  it('the silo variants: a consignee’s LCs/POs and trips in one silo, the detail within the silo filter', async () => {
    const s = season();
    const { entries, ids } = s;
    // The demo's silos are at Jeddah; a generated season's, the warehouse whose stock is in the most silos.
    const siloCount = (locationId: number) => new Set(entries.filter((e) => e.locationId === locationId && e.siloId !== null).map((e) => e.siloId)).size;
    const home = demo ? ids.jeddah : [ids.jeddah, ids.kap, ids.yanbu].sort((a, b) => siloCount(b) - siloCount(a))[0] ?? ids.jeddah;
    const silos = [...new Set(entries.filter((e) => e.locationId === home).map((e) => e.siloId))];
    expect(silos.length).toBeGreaterThan(1);
    for (const siloId of silos.filter((id): id is number => id !== null)) {
      for (const consigneeId of new Set(entries.filter((e) => e.siloId === siloId).map((e) => e.ownerId))) {
        const answer = await ok(ZConsigneeConsignments, who, 'get-consignee-consignments', { locationId: home, consigneeId, siloId });
        const groups = await expected({ locationId: home, consigneeId, siloId }, {}, (e) => `${e.consignmentId}:${e.voyageId}:${e.cargoId}`, s);
        expect(answer.rows.map((r) => `${r.consignmentId}:${r.voyageId}:${r.cargoId}=${r.quantity}/${r.tripsIn}/${r.tripsInQty}/${r.inQty}/${r.outQty}`).sort()).toEqual(
          [...groups.entries()]
            .filter(([, g]) => g.onHand !== 0n || g.committed !== 0n || g.inKg !== 0n || g.outKg !== 0n)
            .map(([key, g]) => `${key}=${T(g.onHand)}/${g.inTrips.size}/${T(g.inTripKg)}/${T(g.inKg)}/${T(g.outKg)}`)
            .sort(),
        );
      }
    }
    const [first] = silos.filter((id): id is number => id !== null);
    const detail = await ok(ZWarehouseDetail, who, 'get-warehouse-detail', { locationId: home, siloIds: String(first) });
    expect(detail.silos.map((row) => row.siloId)).toEqual([first]);
    const [g] = [...(await expected({ locationId: home, siloId: first }, {}, () => 'all', s)).values()];
    expect(detail.totals.quantity).toBe(T(g?.onHand ?? 0n));
    const open = await ok(ZWarehouseDetail, who, 'get-warehouse-detail', { locationId: home, openAreaOnly: 'true' });
    const [o] = [...(await expected({ locationId: home, openAreaOnly: true }, {}, () => 'all', s)).values()];
    expect(open.totals.quantity).toBe(T(o?.onHand ?? 0n));
    expect(open.silos.every((row) => row.siloId === null)).toBe(true);
  });
}

describe('the right answers on the demo season (independent of the server’s queries, to the kilogram)', () => rightAnswers('admin', demoSeason, true));

describe('the right answers on a generated season, its admin (independent of the server’s queries, to the kilogram)', () => {
  beforeAll(async () => {
    const generated = await createGeneratedAgency(t.database.db, { now: t.clock.now(), seed: 15, voyages: 5, password: 'Generated#Pass1' });
    agencyOf.generated = generated.agencyId;
    tokens.generated = await loginAs(t.app, generated.username, 'Generated#Pass1');
    expect(generated.season.warehouseOuts).toBeGreaterThan(0);
    expect(generated.season.loans).toBeGreaterThan(0);
    generatedSeason = await loadSeason(generated.agencyId);
  }, 300_000);
  rightAnswers('generated', () => {
    if (!generatedSeason) throw new Error('no generated season');
    return generatedSeason;
  }, false);
});

describe('scope: two shipment managers in one agency, a located user', () => {
  it('each manager’s admin sees only its companies’ stock, figures, names and ids', async () => {
    const rsgl = await ok(ZWarehouseStats, 'rsgl', 'get-warehouse-stats');
    const albahr = await ok(ZWarehouseStats, 'albahr', 'get-warehouse-stats');
    expect(answered(rsgl)).toEqual(await expectedStats({}, { sm: ids.rsgl }));
    expect(answered(albahr)).toEqual(await expectedStats({}, { sm: ids.albahr }));
    expect(rsgl.rows.length).toBeGreaterThan(0);
    expect(albahr.rows.length).toBeGreaterThan(0);
    expect(rsgl.rows.every((r) => r.cargoId === ids.wheat)).toBe(true);
    expect(albahr.rows.every((r) => r.cargoId === ids.barley)).toBe(true);
    const yanbu = await ok(ZWarehouseDetail, 'rsgl', 'get-warehouse-detail', { locationId: ids.yanbu });
    expect(yanbu.consignees).toEqual([]);
    const jeddah = await ok(ZWarehouseDetail, 'albahr', 'get-warehouse-detail', { locationId: ids.jeddah });
    expect(jeddah.consignees).toEqual([]);
    const rsglNames = JSON.stringify(await ok(ZWarehouseDetail, 'rsgl', 'get-warehouse-detail', { locationId: ids.jeddah }));
    const albahrNames = JSON.stringify(await ok(ZWarehouseDetail, 'albahr', 'get-warehouse-detail', { locationId: ids.yanbu }));
    expect(rsglNames).toContain('Arabian Milling Company');
    expect(rsglNames).not.toContain('Tihama');
    expect(albahrNames).toContain('Tihama Feed Company');
    expect(albahrNames).not.toContain('Arabian Milling');
    // The other manager's consignee and LC/PO: nothing, not even its trips.
    const tihama = entries.find((e) => e.locationId === ids.yanbu && !managed.get(ids.rsgl)?.has(e.ownerId) && e.tripId !== null);
    expect(tihama).toBeDefined();
    const q = { locationId: ids.yanbu, consigneeId: tihama?.ownerId ?? 0, consignmentId: tihama?.consignmentId ?? 0 };
    expect((await ok(ZConsigneeConsignments, 'rsgl', 'get-consignee-consignments', q)).rows).toEqual([]);
    expect(await ok(ZWarehouseTripsIn, 'rsgl', 'get-consignment-trips-in-detail', q)).toEqual({ rows: [], trips: 0, quantity: '0.000' });
    expect((await ok(ZWarehouseTripsOut, 'rsgl', 'get-consignment-trips-out-detail', q)).rows).toEqual([]);
    expect((await ok(ZWarehouseInQtyDetail, 'rsgl', 'get-consignment-in-qty-detail', q)).rows).toEqual([]);
    expect((await ok(ZWarehouseOutQtyDetail, 'rsgl', 'get-consignment-out-qty-detail', q)).rows).toEqual([]);
    expect((await ok(ZConsigneeConsignments, 'albahr', 'get-consignee-consignments', q)).rows.length).toBeGreaterThan(0);
  });

  it('a user limited to one warehouse sees only it; another warehouse’s detail is not found', async () => {
    const stats = await ok(ZWarehouseStats, 'yanbu', 'get-warehouse-stats');
    expect(answered(stats)).toEqual(await expectedStats({}, { locations: [ids.yanbu] }));
    expect(new Set(stats.rows.map((r) => r.locationId))).toEqual(new Set([ids.yanbu]));
    expect((await call('yanbu', `${BASE}/get-warehouse-detail`, { locationId: ids.jeddah })).statusCode).toBe(404);
    expect((await call('yanbu', `${BASE}/get-silo-detail`, { locationId: ids.jeddah, siloId: entries.find((e) => e.siloId !== null)?.siloId ?? 0 })).statusCode).toBe(404);
  });
});

describe('empty states', () => {
  it('filters that match nothing give empty rows, zero totals and no slices', async () => {
    const none = await ok(ZWarehouseStats, 'admin', 'get-warehouse-stats', { locationId: ids.kap, cargoId: ids.barley });
    expect(none.rows).toEqual([]);
    expect(none.chartData).toEqual([]);
    expect(none.totals).toEqual({ quantity: '0.000', committedQty: '0.000', usableQty: '0.000', portQuantity: '0.000', portTrips: 0, tripsIn: 0, tripsInQty: '0.000', tripsOut: 0, tripsOutQty: '0.000' });
    const future = await ok(ZWarehouseStats, 'admin', 'get-warehouse-stats', { fromDate: '2030-01-01' });
    expect(future.rows.every((r) => r.tripsIn === 0 && r.tripsOut === 0 && r.portQuantity === '0.000')).toBe(true);
    expect(future.rows.length).toBeGreaterThan(0); // stock on hand stays: the period counts trips only
    const kap = await ok(ZWarehouseDetail, 'admin', 'get-warehouse-detail', { locationId: ids.kap, cargoId: ids.barley });
    expect(kap.consignees).toEqual([]);
    expect(kap.isSilo).toBe(true);
    expect(kap.silos.length).toBeGreaterThan(0);
    expect(kap.silos.every((s) => s.quantity === '0.000')).toBe(true);
    const q = { locationId: ids.kap, consigneeId: ids.albahr, consignmentId: 999999 };
    expect((await ok(ZConsigneeConsignments, 'admin', 'get-consignee-consignments', q)).rows).toEqual([]);
    expect(await ok(ZWarehouseTripsOut, 'admin', 'get-consignment-trips-out-detail', q)).toEqual({ rows: [], trips: 0, quantity: '0.000', committedQty: '0.000' });
    expect(await ok(ZWarehouseInQtyDetail, 'admin', 'get-consignment-in-qty-detail', q)).toEqual({ rows: [], inQty: '0.000' });
    expect(await ok(ZWarehouseOutQtyDetail, 'admin', 'get-consignment-out-qty-detail', { ...q, type: 'handlingLoss' })).toEqual({
      rows: [],
      outQty: '0.000',
      handlingLoss: { rows: [], count: 0, page: 1, limit: 20 },
    });
  });
});

describe('parameters and permissions', () => {
  it('refuses bad parameters with a 400 and a message', async () => {
    const cases: [string, Query, string][] = [
      ['get-warehouse-detail', {}, 'Please Select Warehouse!'],
      ['get-warehouse-silo-detail', {}, 'Please Select Warehouse!'],
      ['get-consignee-consignments', { locationId: ids.jeddah }, 'Please select a consignee!'],
      ['get-consignment-trips-in-detail', { locationId: ids.jeddah }, 'Please select a LC/PO number!'],
      ['get-consignment-trips-out-detail', { consignmentId: 1 }, 'Please Select Warehouse!'],
      ['get-consignment-trips-in-detail', { locationId: ids.jeddah, consignmentId: 1, limit: 0 }, 'Please give a page size from 1 to 1,000.'],
      ['get-consignment-trips-out-detail', { locationId: ids.jeddah, consignmentId: 1, limit: 5000 }, 'Please give a page size from 1 to 1,000.'],
      ['get-consignment-trips-in-detail', { locationId: ids.jeddah, consignmentId: 1, before: '2026-13-01T00:00:00.000Z_4' }, 'Please give a valid list position.'],
      ['get-consignment-in-qty-detail', { locationId: ids.jeddah }, 'Please select a LC/PO number!'],
      ['get-consignment-out-qty-detail', { locationId: ids.jeddah }, 'Please select a LC/PO number!'],
      ['get-silo-detail', { locationId: ids.jeddah }, 'Please select a silo!'],
      ['get-warehouse-stats', { siloIds: '1', openAreaOnly: 'true' }, 'Open Area Only excludes the other silo choices.'],
      ['get-warehouse-stats', { fromDate: '2026-11-20', toDate: '2026-11-19' }, 'The to date can not be before the from date.'],
      ['get-warehouse-stats', { locationId: '-3' }, 'Invalid id'],
      ['get-warehouse-stats', { consigneeId: '99999999999' }, 'Invalid id'],
      ['get-warehouse-stats', { smIds: '1,x' }, 'Please give ids separated by commas.'],
      ['get-warehouse-stats', { openAreaOnly: 'yes' }, 'Please give true or false.'],
      ['get-consignment-out-qty-detail', { locationId: ids.jeddah, consignmentId: 1, type: 'bogus' }, 'Please give a valid type.'],
      ['get-consignment-out-qty-detail', { locationId: ids.jeddah, consignmentId: 1, type: 'handlingLoss', limit: 7 }, 'Page size must be one of 20, 30, 40, 50, 100'],
      ['get-consignment-out-qty-detail', { locationId: ids.jeddah, consignmentId: 1, type: 'handlingLoss', page: 0 }, 'Page must be 1 or more.'],
    ];
    for (const [path, query, message] of cases) {
      const response = await call('admin', `${BASE}/${path}`, query);
      expect(response.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(response.json<{ message: string }>().message, path).toBe(message);
    }
    expect((await call('admin', `${BASE}/get-warehouse-stats`, { locationId: 'abc' })).statusCode).toBe(400);
    // A silo of another warehouse, an id that is no warehouse: not found.
    const kapSilo = entries.find((e) => e.locationId === ids.kap && e.siloId !== null)?.siloId ?? 0;
    expect((await call('admin', `${BASE}/get-silo-detail`, { locationId: ids.jeddah, siloId: kapSilo })).statusCode).toBe(404);
    expect((await call('admin', `${BASE}/get-warehouse-detail`, { locationId: 999999 })).statusCode).toBe(404);
  });

  it('the tab needs canViewWarehouseDashboard; the attached vessel filter its own flag (403 with the spec’s message)', async () => {
    const voyage = entries[0]?.attachedVoyageId ?? 0;
    for (const path of ['get-warehouse-stats', 'get-warehouse-detail', 'get-consignee-consignments', 'get-silo-detail']) {
      const response = await call('mapOnly', `${BASE}/${path}`, { locationId: ids.jeddah });
      expect(response.statusCode, path).toBe(403);
    }
    expect((await call('tabOnly', `${BASE}/get-warehouse-stats`)).statusCode).toBe(200);
    const refused = await call('tabOnly', `${BASE}/get-warehouse-stats`, { bindingVoyageId: voyage });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('User is not Permitted Access to some data in this module.');
    expect((await call('tabOnly', `${BASE}/get-warehouse-detail`, { locationId: ids.jeddah, bindingVoyageId: voyage })).statusCode).toBe(403);
    expect((await call('rsgl', `${BASE}/get-warehouse-stats`, { bindingVoyageId: voyage })).statusCode).toBe(200);
  });
});

describe('the Excel exports', () => {
  const summary = (agency: number) => `/api/reports-excel/${agency}/warehouse-dashboard-excel-report.xlsx`;
  const lc = (agency: number) => `/api/reports-excel/${agency}/warehouse-dashboard-lc-excel-report.xlsx`;

  async function sheetOf(response: { rawPayload: Buffer }) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    return { sheet, values };
  }

  it('the summary: the stats rows and the totals row, numbers in MT with 3 decimals; Arabic right-to-left; the token in the query', async () => {
    const stats = await ok(ZWarehouseStats, 'admin', 'get-warehouse-stats', { locationId: ids.jeddah });
    const response = await t.app.inject({ method: 'GET', url: url(summary(agencyId), { locationId: ids.jeddah, lang: 'en', token: tokens.admin }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { sheet, values } = await sheetOf(response);
    expect(values[0]?.slice(0, 3)).toEqual(['Warehouse', 'Cargo Type', 'Quantity (MT)']);
    expect(sheet.views[0]).toMatchObject({ rightToLeft: false, state: 'frozen', ySplit: 1 });
    expect(values.slice(1, -1).map((row) => [row[0], row[1], tonnesToKg(Number(row[2]).toFixed(3)), row[6], tonnesToKg(Number(row[7]).toFixed(3))])).toEqual(
      stats.rows.map((r) => [r.name, r.cargo, tonnesToKg(r.quantity), r.tripsIn, tonnesToKg(r.tripsInQty)]),
    );
    const totals = values.at(-1) ?? [];
    expect([totals[0], tonnesToKg(Number(totals[2]).toFixed(3)), tonnesToKg(Number(totals[5]).toFixed(3))]).toEqual(['Total', tonnesToKg(stats.totals.quantity), tonnesToKg(stats.totals.portQuantity)]);
    expect(sheet.getColumn(3).numFmt).toBe('0.000');

    const arabic = await t.app.inject({ method: 'GET', url: url(summary(agencyId), { lang: 'ar' }), headers: { ...bearer(tokens.admin ?? ''), 'x-agency-id': String(agencyId) } });
    expect(arabic.statusCode).toBe(200);
    const ar = await sheetOf(arabic);
    expect(ar.sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(ar.values[0]?.[0]).toBe('المستودع');
    expect(ar.values.at(-1)?.[0]).toBe('الإجمالي');
  });

  it('the LC sheet: per warehouse, consignee and LC/PO, within the scope', async () => {
    const response = await call('rsgl', lc(agencyId), { lang: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    const { values } = await sheetOf(response);
    expect(values[0]?.slice(0, 6)).toEqual(['Warehouse', 'Consignee', 'LC/PO Number', 'Ref. Number', 'Vessel / Voyage', 'Cargo Type']);
    const body = values.slice(1, -1);
    const groups = await expected({}, { sm: ids.rsgl }, (e) => `${e.locationId}:${e.ownerId}:${e.consignmentId}:${e.voyageId}:${e.cargoId}`);
    const live = [...groups.values()].filter((g) => g.onHand !== 0n || g.committed !== 0n || g.inTrips.size > 0 || g.outTrips.size > 0);
    expect(body.length).toBe(live.length);
    expect(body.reduce((total: bigint, row) => total + tonnesToKg(Number(row[6]).toFixed(3)), 0n)).toBe(live.reduce((total, g) => total + g.onHand, 0n));
    expect(JSON.stringify(values)).not.toContain('Tihama');
    const totals = values.at(-1) ?? [];
    expect(tonnesToKg(Number(totals[6]).toFixed(3))).toBe(live.reduce((total, g) => total + g.onHand, 0n));
  });

  it('needs canViewWarehouseDashboardExcel, the request’s own agency, and the attached-vessel flag for that filter', async () => {
    expect((await call('tabOnly', summary(agencyId))).statusCode).toBe(403);
    expect((await call('tabOnly', lc(agencyId))).statusCode).toBe(403);
    expect((await call('mapOnly', summary(agencyId))).statusCode).toBe(403);
    expect((await call('admin', summary(agencyId + 1000))).statusCode).toBe(403);
    // A super admin names the agency in the path, as with the header: an unknown one is not found.
    const superAdmin = (path: string) => t.app.inject({ method: 'GET', url: url(path, { token: tokens.superAdmin }), headers: { 'x-agency-id': String(agencyId) } });
    expect((await superAdmin(summary(agencyId))).statusCode).toBe(200);
    expect((await superAdmin(summary(agencyId + 1000))).statusCode).toBe(404);
    expect((await call('admin', summary(agencyId), { openAreaOnly: 'true', siloIds: '1' })).statusCode).toBe(400);
    expect((await call('admin', summary(agencyId), { lang: 'fr' })).statusCode).toBe(400);
  });
});
