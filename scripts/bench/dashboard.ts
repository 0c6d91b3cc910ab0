// The dashboard benchmark of `npm run bench -- --dashboard` (issue 15): every dashboard call, each tab's first call
// and each drill-down, measured through the real server over 5 million ledger entries in 100 agencies (one with
// 500,000; scripts/bench/dashboard-seed.ts), by 10 users at once: five of the agency's admins and five shipment-manager
// company admins (each sees only its own cargo), each with one request in flight. Then the Excel exports of the largest
// warehouse, with the server's memory sampled while they stream.
//
// The calls are the app's own routes: every GET route under /api/dashboard/ and the warehouse dashboard's exports, read
// from the app's route table (`routeAccess`), so a new dashboard route stops the benchmark until it has a request here.
// Each request draws its parameters as a user's clicks would: a voyage, a BL, a port loading, a warehouse position, a
// silo, a consignee and one of its places, from the ids the user may see (for a shipment manager's admin, its own
// LC/POs' voyages, places and owners).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { COMPANY_TYPE_IDS, DASHBOARD_TAB_PERMISSIONS, TRIP_PAGE_SIZE, WAREHOUSE_MOVE_TYPES } from '@tonnage/contracts';
import { openDatabase, queryRows, type Db } from '../../server/src/platform/db/client';
import { createTestApp } from '../../server/src/test/harness';
import { makeRole, makeUser, STRONG_PASSWORD } from '../../server/src/test/fixtures';
import { seedDashboardData, type DashboardSeed } from './dashboard-seed';
import { measureCpuSplit, type CpuSplit } from './machine';
import { startServer, type ServerProcess } from './server';
import { percentileOfSorted, SampleBuffer } from './stats';

export const DASHBOARD_TARGET_P95_MS = 50;
const USERS = 10;
/** The paced phase: a user's mean pause between two clicks (exponential), reading what the last one showed. */
export const DASHBOARD_THINK_MS = 1000;

type Params = Record<string, string | number>;
type Tab = keyof typeof DASHBOARD_TAB_PERMISSIONS;

interface Pools {
  voyages: { vesselId: number; voyageId: number }[];
  shipments: { shipmentId: number; consignmentId: number }[];
  portLoadings: { cargoLoadingOutId: number; portId: number }[];
  warehouses: number[];
  positions: { locationId: number; consigneeId: number; consignmentId: number }[];
  silos: { locationId: number; siloId: number }[];
  consignees: { consigneeId: number; locationId: number }[];
  customers: { customerId: number; locationId: number }[];
  /**
   * The IN/OUT Stats tab's period: the agency's busiest business day of the season (the most trucks dispatched), as
   * "today" at a busy agency. The tab opens on today, but the generated season ends before the run's today, whose
   * stats would be empty. `seasonDays`: the first and last business day with a dispatch.
   */
  statsDay: string;
  seasonDays: { first: string; last: string };
  /**
   * Trucks of the places' lists, to scroll from (a page's `before`): up to 10 kept truck postings per place, LC/PO,
   * owner and direction, drawn at random.
   */
  listTrucks: ListTruck[];
}

/** A truck of a place's list (`ledger_place_trips`): where, whose, which way, and its list position. */
interface ListTruck {
  locationId: number;
  consignmentId: number;
  ownerId: number;
  direction: 'in' | 'out';
  before: string;
}

interface RequestKind {
  tab: Tab;
  /** The tab's first call, or a drill-down. */
  first: boolean;
  params(pools: Pools, random: () => number): Params | null;
}

function pick<T>(items: readonly T[], random: () => number): T | null {
  return items.length === 0 ? null : (items[Math.floor(random() * items.length)] ?? null);
}

const withPick =
  <T,>(select: (pools: Pools) => readonly T[], shape: (item: T, random: () => number) => Params = (item) => ({ ...(item as object) })) =>
  (pools: Pools, random: () => number): Params | null => {
    const item = pick(select(pools), random);
    return item === null ? null : shape(item, random);
  };

/**
 * A trucks list's page as the app asks for it (TRIP_PAGE_SIZE rows): half the draws its first page (the drill-down
 * opening), half a page further down (the table scrolled), after a truck of that list drawn at random (`listTrucks`
 * matching the item; the first page when none does).
 */
const tripsPage =
  <T extends object>(select: (pools: Pools) => readonly T[], direction: 'in' | 'out', of: (truck: ListTruck, item: T) => boolean, shape: (item: T) => Params = (item) => ({ ...(item as Params) })) =>
  (pools: Pools, random: () => number): Params | null => {
    const item = pick(select(pools), random);
    if (item === null) return null;
    const page: Params = { ...shape(item), limit: TRIP_PAGE_SIZE };
    if (random() < 0.5) return page;
    const truck = pick(
      pools.listTrucks.filter((t) => t.direction === direction && of(t, item)),
      random,
    );
    return truck === null ? page : { ...page, before: truck.before };
  };

const W = '/api/dashboard/warehouse';
/** A truck of an LC/PO's list at a warehouse; of a consignee's list at its place. */
const atLot = (t: ListTruck, p: { locationId: number; consignmentId: number }) => t.locationId === p.locationId && t.consignmentId === p.consignmentId;
const ownedAt = (t: ListTruck, c: { locationId: number; consigneeId: number }) => t.locationId === c.locationId && t.ownerId === c.consigneeId;
/** A request per dashboard route ("GET url" as the app registers it). */
export const REQUESTS: Record<string, RequestKind> = {
  'GET /api/dashboard/map': { tab: 'map', first: true, params: () => ({}) },
  'GET /api/dashboard/vessels/get-vessel-stats': { tab: 'vessel', first: true, params: () => ({}) },
  'GET /api/dashboard/vessels/get-vessel-detail': { tab: 'vessel', first: false, params: withPick((p) => p.voyages) },
  'GET /api/dashboard/vessels/get-lc-detail': { tab: 'vessel', first: false, params: withPick((p) => p.shipments) },
  'GET /api/dashboard/vessels/get-port-detail': { tab: 'vessel', first: false, params: withPick((p) => p.portLoadings) },
  [`GET ${W}/get-warehouse-stats`]: { tab: 'warehouse', first: true, params: () => ({}) },
  [`GET ${W}/get-warehouse-detail`]: { tab: 'warehouse', first: false, params: withPick((p) => p.warehouses, (locationId) => ({ locationId })) },
  [`GET ${W}/get-warehouse-silo-detail`]: { tab: 'warehouse', first: false, params: withPick((p) => p.silos, ({ locationId }) => ({ locationId })) },
  [`GET ${W}/get-consignee-consignments`]: { tab: 'warehouse', first: false, params: withPick((p) => p.positions, ({ locationId, consigneeId }) => ({ locationId, consigneeId })) },
  [`GET ${W}/get-consignment-trips-in-detail`]: { tab: 'warehouse', first: false, params: tripsPage((p) => p.positions, 'in', atLot, ({ locationId, consignmentId }) => ({ locationId, consignmentId })) },
  [`GET ${W}/get-consignment-in-qty-detail`]: { tab: 'warehouse', first: false, params: withPick((p) => p.positions, ({ locationId, consignmentId }) => ({ locationId, consignmentId })) },
  [`GET ${W}/get-consignment-trips-out-detail`]: { tab: 'warehouse', first: false, params: tripsPage((p) => p.positions, 'out', atLot, ({ locationId, consignmentId }) => ({ locationId, consignmentId })) },
  [`GET ${W}/get-consignment-out-qty-detail`]: {
    tab: 'warehouse',
    first: false,
    params: withPick(
      (p) => p.positions,
      ({ locationId, consignmentId }, random) => ({ locationId, consignmentId, type: pick(WAREHOUSE_MOVE_TYPES, random) ?? 'port' }),
    ),
  },
  [`GET ${W}/get-silo-detail`]: { tab: 'warehouse', first: false, params: withPick((p) => p.silos) },
  'GET /api/dashboard/consignee/get-consignee-stats': { tab: 'consignee', first: true, params: withPick((p) => p.consignees, ({ consigneeId }) => ({ consigneeId })) },
  'GET /api/dashboard/consignee/get-consignee-trips-in-detail': { tab: 'consignee', first: false, params: tripsPage((p) => p.consignees, 'in', ownedAt) },
  'GET /api/dashboard/consignee/get-consignee-trips-out-detail': { tab: 'consignee', first: false, params: tripsPage((p) => p.consignees, 'out', ownedAt) },
  'GET /api/dashboard/consignee/get-consignee-in-qty-detail': { tab: 'consignee', first: false, params: withPick((p) => p.consignees) },
  'GET /api/dashboard/consignee/get-consignee-out-qty-detail': { tab: 'consignee', first: false, params: withPick((p) => p.consignees) },
  'GET /api/dashboard/customer/get-customer-stats': { tab: 'customer', first: true, params: withPick((p) => p.customers, ({ customerId }) => ({ customerId })) },
  'GET /api/dashboard/customer/get-customer-trips-in-detail': { tab: 'customer', first: false, params: tripsPage((p) => p.customers, 'in', (t, c) => t.locationId === c.locationId) },
  'GET /api/dashboard/customer/get-customer-in-qty-detail': { tab: 'customer', first: false, params: withPick((p) => p.customers) },
  'GET /api/dashboard/stats': { tab: 'stats', first: true, params: (p) => ({ startDate: p.statsDay, endDate: p.statsDay }) },
};

/** The warehouse dashboard's Excel exports: measured for memory, not in the latency table. */
const EXPORT_ROUTE = /^GET \/api\/reports-excel\/:agencyId\/(warehouse-dashboard[\w-]*\.xlsx)$/;

export interface RouteLatency {
  route: string;
  tab: Tab;
  first: boolean;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers that were not 200 (by status): a scoped user's draw outside its scope would be 404. */
  otherStatuses: Record<string, number>;
  /** Average response size, bytes. */
  bytes: number;
}

export interface ExportMeasure {
  file: string;
  rows: number;
  bytes: number;
  seconds: number;
  /** The server's resident memory just before the export, and its highest while the export streamed (MiB). */
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

export interface DashboardPhase {
  /** The data made for the run; null on a kept database (`BENCH_DASHBOARD_DATABASE`). */
  seed: DashboardSeed | null;
  users: { admins: number; managers: number };
  seconds: number;
  requests: number;
  perSecond: number;
  latencies: RouteLatency[];
  /** The same ten users at a person's pace: a pause of DASHBOARD_THINK_MS on average after each answer. */
  paced: { seconds: number; requests: number; perSecond: number; latencies: RouteLatency[]; cpu: CpuSplit | null };
  exports: ExportMeasure[];
  largestWarehouse: { name: string; positions: number; entries: number };
  cpu: CpuSplit | null;
}

/** The dashboard routes the app registers, read from its route table (a test app on the same database). */
async function dashboardRoutes(databaseUrl: string): Promise<{ measured: string[]; exports: string[] }> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  const t = await createTestApp({ database });
  try {
    const keys = t.app.routeAccess.filter((r) => r.method === 'GET').map((r) => `${r.method} ${r.url}`);
    const measured = keys.filter((k) => k.startsWith('GET /api/dashboard/'));
    const exports = keys.filter((k) => EXPORT_ROUTE.test(k));
    const missing = measured.filter((k) => !(k in REQUESTS));
    if (missing.length > 0) throw new Error(`dashboard bench: no request for ${missing.join(', ')}: add one to REQUESTS in scripts/bench/dashboard.ts`);
    return { measured, exports };
  } finally {
    await t.close();
    await database.close().catch(() => undefined);
  }
}

/** The ids a user may click through: everything for the agency's admin, a shipment manager's own for its admin. */
export async function poolsOf(db: Db, agencyId: number, managerId: number | null): Promise<Pools> {
  const inScope = managerId === null ? sql`true` : sql`c.shipment_manager_id = ${managerId}`;
  const voyages = await queryRows<{ vesselId: number; voyageId: number }>(
    db,
    sql`select distinct v.vessel_id as "vesselId", v.id as "voyageId" from voyages v join shipments s on s.voyage_id = v.id join consignments c on c.id = s.consignment_id where v.agency_id = ${agencyId} and ${inScope}`,
  );
  const shipments = await queryRows<{ shipmentId: number; consignmentId: number }>(
    db,
    sql`select s.id as "shipmentId", s.consignment_id as "consignmentId" from shipments s join consignments c on c.id = s.consignment_id where s.agency_id = ${agencyId} and ${inScope}`,
  );
  const portLoadings = await queryRows<{ cargoLoadingOutId: number; portId: number }>(
    db,
    sql`select p.id as "cargoLoadingOutId", p.port_id as "portId" from port_loadings p join consignments c on c.id = p.consignment_id where p.agency_id = ${agencyId} and ${inScope}`,
  );
  const positions = await queryRows<{ locationId: number; consigneeId: number; consignmentId: number; siloId: number | null }>(
    db,
    sql`select distinct a.location_id as "locationId", a.owner_company_id as "consigneeId", a.consignment_id as "consignmentId", a.silo_id as "siloId"
        from ledger_accounts a join consignments c on c.id = a.consignment_id join locations l on l.id = a.location_id
        where a.agency_id = ${agencyId} and a.kind = 'ON_HAND' and l.location_kind_id = 1 and ${inScope}`,
  );
  const partners = async (type: number) =>
    queryRows<{ partnerId: number; locationId: number }>(
      db,
      sql`select distinct a.owner_company_id as "partnerId", a.location_id as "locationId"
          from ledger_accounts a join companies o on o.id = a.owner_company_id join consignments c on c.id = a.consignment_id
          where a.agency_id = ${agencyId} and a.kind in ('ON_HAND', 'DELIVERED') and a.location_id is not null and o.company_type_id = ${type} and ${inScope}`,
    );
  const consignees = (await partners(COMPANY_TYPE_IDS.consignee)).map((r) => ({ consigneeId: Number(r.partnerId), locationId: Number(r.locationId) }));
  const customers = (await partners(COMPANY_TYPE_IDS.customer)).map((r) => ({ customerId: Number(r.partnerId), locationId: Number(r.locationId) }));
  // The busiest business day in the agency's time zone, and the season's first and last (the scope does not change them:
  // a shipment manager's admin opens the tab on the same day).
  const [days] = await queryRows<{ busiest: string; first: string; last: string }>(
    db,
    sql`with daily as (
          select (d.dispatched_at at time zone a.timezone)::date as day, count(*) as trucks
          from ledger_trip_dispatches d join agencies a on a.id = d.agency_id where d.agency_id = ${agencyId} group by 1)
        select (select day from daily order by trucks desc, day desc limit 1)::text as busiest, min(day)::text as first, max(day)::text as last from daily`,
  );
  if (!days?.busiest) throw new Error('dashboard bench: the season dispatched no truck');
  const listTrucks = await queryRows<{ locationId: number; consignmentId: number; ownerId: number; direction: 'in' | 'out'; at: string; tripId: number }>(
    db,
    sql`select s.location_id as "locationId", s.consignment_id as "consignmentId", s.owner_company_id as "ownerId", s.direction,
               to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, s.trip_ids[1] as "tripId"
          from (select k.*, row_number() over (partition by k.location_id, k.consignment_id, k.owner_company_id, k.direction order by random()) as n
                  from ledger_place_trips k where k.agency_id = ${agencyId} and cardinality(k.trip_ids) > 0) s
         where s.n <= 10`,
  );
  const numbers = <T extends object>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])) as T);
  const positionRows = numbers(positions);
  return {
    voyages: numbers(voyages),
    shipments: numbers(shipments),
    portLoadings: numbers(portLoadings),
    warehouses: [...new Set(positionRows.map((p) => p.locationId))],
    positions: positionRows.map(({ locationId, consigneeId, consignmentId }) => ({ locationId, consigneeId, consignmentId })),
    silos: [...new Map(positionRows.filter((p) => p.siloId !== null).map((p) => [`${p.locationId}/${p.siloId}`, { locationId: p.locationId, siloId: Number(p.siloId) }])).values()],
    consignees,
    customers,
    statsDay: days.busiest,
    seasonDays: { first: days.first, last: days.last },
    listTrucks: listTrucks.map((t) => ({
      locationId: Number(t.locationId),
      consignmentId: Number(t.consignmentId),
      ownerId: Number(t.ownerId),
      direction: t.direction,
      before: `${t.at}_${Number(t.tripId)}`,
    })),
  };
}

/** A small seeded generator, so two runs draw the same requests. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }), signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new Error(`sign-in of ${username} returned no token`);
  return body.token;
}

function urlOf(baseUrl: string, route: string, params: Params): string {
  const url = new URL(`${baseUrl}${route.slice('GET '.length)}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  return url.toString();
}

function rssMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

interface Session {
  token: string;
  pools: Pools;
  label: 'admin' | 'manager';
}

/** A bench user: its name, password and the shipment manager whose admin it is (null: an agency admin). */
interface BenchUser {
  username: string;
  password: string;
  managerId: number | null;
}

/** The users of a run: five more agency admins of the big agency, and the admins of five shipment managers (the ones with the most LC/POs). */
async function makeUsers(db: Db, agencyId: number): Promise<{ agencyId: number; userRows: BenchUser[] }> {
  const managers = await queryRows<{ id: number }>(
    db,
    sql`select c.shipment_manager_id as id from consignments c where c.agency_id = ${agencyId} and c.shipment_manager_id is not null group by 1 order by count(*) desc, 1 limit 5`,
  );
  if (managers.length === 0) throw new Error('dashboard bench: the season has no LC/PO under a shipment manager');
  const role = await makeRole(db, { agencyId, permissions: [...Object.values(DASHBOARD_TAB_PERMISSIONS), 'canViewWarehouseDashboardAttachedVessel', 'canViewWarehouseDashboardExcel'], name: 'Bench dashboard' });
  const userRows: BenchUser[] = [];
  for (let i = 0; i < USERS / 2; i += 1) {
    const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId, username: `bench.dashboard.admin.${i}` });
    userRows.push({ username: admin.username, password: STRONG_PASSWORD, managerId: null });
    const managerId = Number(managers[i % managers.length]?.id);
    const manager = await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: managerId, username: `bench.dashboard.manager.${i}` });
    userRows.push({ username: manager.username, password: STRONG_PASSWORD, managerId });
  }
  return { agencyId, userRows };
}

/** The users an earlier run made on a kept database, in the order `makeUsers` made them. */
async function keptUsers(db: Db): Promise<{ agencyId: number; userRows: BenchUser[] }> {
  const rows = await queryRows<{ username: string; agency_id: number; company_id: number | null }>(
    db,
    sql`select username, agency_id, company_id from users where username ~ '^bench[.]dashboard[.](admin|manager)[.][0-9]+$'`,
  );
  const order = (u: string) => Number(u.split('.').at(-1)) * 2 + (u.includes('.manager.') ? 1 : 0);
  rows.sort((a, b) => order(a.username) - order(b.username));
  const agencyId = Number(rows[0]?.agency_id);
  if (rows.length !== USERS || rows.some((r) => Number(r.agency_id) !== agencyId)) throw new Error(`dashboard bench: the kept database has not the ${USERS} users of a run`);
  return { agencyId, userRows: rows.map((r) => ({ username: r.username, password: STRONG_PASSWORD, managerId: r.company_id === null ? null : Number(r.company_id) })) };
}

export async function benchDashboard(params: {
  databaseUrl: string;
  rootDir: string;
  totalEntries: number;
  bigAgencyEntries: number;
  templateVoyages: number;
  agencies: number;
  phase: { warmup: number; measure: number; paced: number };
  cpuScope: { databaseName: string };
  /** Measure on a database an earlier run kept (`BENCH_KEEP_DATABASE=1`), with its users, instead of making the data. */
  kept?: boolean;
  log: (line: string) => void;
}): Promise<DashboardPhase> {
  const { log } = params;
  const database = await openDatabase({ url: params.databaseUrl, poolSize: 4 });
  let server: ServerProcess | undefined;
  try {
    const { db } = database;
    const seed = params.kept
      ? null
      : await seedDashboardData({ databaseUrl: params.databaseUrl, db, totalEntries: params.totalEntries, bigAgencyEntries: params.bigAgencyEntries, templateVoyages: params.templateVoyages, agencies: params.agencies, log });
    if (seed && !seed.ledgerClean) throw new Error('dashboard bench: the thickened ledger does not balance');
    const routes = await dashboardRoutes(params.databaseUrl);
    log(`dashboard: ${routes.measured.length} dashboard routes and ${routes.exports.length} exports in the app's route table`);
    const { agencyId, userRows } = seed ? await makeUsers(db, seed.bigAgencyId) : await keptUsers(db);
    const poolsByManager = new Map<number | null, Pools>();
    for (const { managerId } of userRows) if (!poolsByManager.has(managerId)) poolsByManager.set(managerId, await poolsOf(db, agencyId, managerId));

    server = await startServer({ rootDir: params.rootDir, databaseUrl: params.databaseUrl, adminPassword: 'Bench#Admin1', demoPassword: 'Bench#Demo1', startTimeoutMs: 120_000 });
    const baseUrl = server.baseUrl;
    const sessions: Session[] = [];
    for (const user of userRows) {
      const pools = poolsByManager.get(user.managerId);
      if (!pools) throw new Error('no pools');
      sessions.push({ token: await signIn(baseUrl, user.username, user.password), pools, label: user.managerId === null ? 'admin' : 'manager' });
    }
    const headersOf = (session: Session) => ({ authorization: `Bearer ${session.token}`, 'x-agency-id': String(agencyId) });

    // Each request once for each kind of user first: an agency admin's must answer 200.
    const check = mulberry32(7);
    for (const route of routes.measured) {
      const kind = REQUESTS[route];
      for (const session of [sessions[0], sessions[1]]) {
        if (!kind || !session) continue;
        const query = kind.params(session.pools, check);
        if (query === null) throw new Error(`dashboard bench: nothing to draw for ${route} (${session.label})`);
        const response = await fetch(urlOf(baseUrl, route, query), { headers: headersOf(session), signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        if (session.label === 'admin' && response.status !== 200) throw new Error(`dashboard bench: ${route} ${JSON.stringify(query)} answered ${response.status}`);
      }
    }

    const run = async (seconds: number, record: boolean, thinkMs = 0) => {
      const samples = new Map(routes.measured.map((r) => [r, new SampleBuffer(1_000_000)]));
      const statuses = new Map<string, Record<string, number>>(routes.measured.map((r) => [r, {}]));
      const bytes = new Map<string, number>();
      const deadline = performance.now() + seconds * 1000;
      let completed = 0;
      const worker = async (w: number) => {
        const session = sessions[w];
        if (!session) return;
        const random = mulberry32(100 + w);
        while (performance.now() < deadline) {
          const route = routes.measured[Math.floor(random() * routes.measured.length)] ?? '';
          const query = REQUESTS[route]?.params(session.pools, random);
          if (query === null || query === undefined) continue;
          const started = performance.now();
          const response = await fetch(urlOf(baseUrl, route, query), { headers: headersOf(session), signal: AbortSignal.timeout(30_000) });
          const body = await response.arrayBuffer();
          const elapsed = performance.now() - started;
          // A person's pause (exponential, seeded per user), cut at the deadline.
          if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(-Math.log(1 - random()) * thinkMs, Math.max(0, deadline - performance.now()))));
          if (!record) continue;
          completed += 1;
          if (response.status === 200) {
            samples.get(route)?.push(elapsed);
            bytes.set(route, (bytes.get(route) ?? 0) + body.byteLength);
          } else {
            const counts = statuses.get(route) ?? {};
            counts[String(response.status)] = (counts[String(response.status)] ?? 0) + 1;
          }
        }
      };
      const started = performance.now();
      await Promise.all(sessions.map((_, w) => worker(w)));
      return { samples, statuses, bytes, completed, elapsed: (performance.now() - started) / 1000 };
    };
    log(`dashboard: ${sessions.length} users (5 agency admins, 5 shipment managers' admins), each a random call at a time: ${params.phase.warmup} s warm-up, then ${params.phase.measure} s`);
    await run(params.phase.warmup, false);
    const latenciesOf = (measured: Awaited<ReturnType<typeof run>>): RouteLatency[] =>
      routes.measured.map((route) => {
        const kind = REQUESTS[route];
        const buffer = measured.samples.get(route) ?? new SampleBuffer(1);
        const sorted = buffer.sorted();
        return {
          route: route.slice('GET '.length),
          tab: kind?.tab ?? 'vessel',
          first: kind?.first ?? false,
          count: buffer.length,
          p50: percentileOfSorted(sorted, 50),
          p95: percentileOfSorted(sorted, 95),
          p99: percentileOfSorted(sorted, 99),
          max: percentileOfSorted(sorted, 100),
          otherStatuses: measured.statuses.get(route) ?? {},
          bytes: buffer.length === 0 ? 0 : (measured.bytes.get(route) ?? 0) / buffer.length,
        };
      });
    const cpu = measureCpuSplit({ serverPid: server.pid, databaseName: params.cpuScope.databaseName });
    const measured = await run(params.phase.measure, true);
    const cpuSplit = cpu();
    const latencies = latenciesOf(measured);
    const slowest = [...latencies].sort((a, b) => b.p95 - a.p95)[0];
    log(`dashboard: ${measured.completed} calls in ${measured.elapsed.toFixed(1)} s; the slowest p95: ${slowest?.route} ${slowest?.p95.toFixed(1)} ms`);
    log(`dashboard: the same users at a person's pace (a pause of ${DASHBOARD_THINK_MS} ms on average after each answer) for ${params.phase.paced} s`);
    const pacedCpu = measureCpuSplit({ serverPid: server.pid, databaseName: params.cpuScope.databaseName });
    const pacedRun = await run(params.phase.paced, true, DASHBOARD_THINK_MS);
    const paced = { seconds: pacedRun.elapsed, requests: pacedRun.completed, perSecond: pacedRun.completed / pacedRun.elapsed, latencies: latenciesOf(pacedRun), cpu: pacedCpu() };
    const pacedSlowest = [...paced.latencies].sort((a, b) => b.p95 - a.p95)[0];
    log(`dashboard: paced, ${paced.requests} calls in ${paced.seconds.toFixed(1)} s; the slowest p95: ${pacedSlowest?.route} ${pacedSlowest?.p95.toFixed(1)} ms`);

    // The exports of the largest warehouse (by positions), the server's memory sampled while each streams.
    const [largest] = await queryRows<{ id: number; name: string; positions: number; entries: string }>(
      db,
      sql`select l.id, l.name, count(distinct a.id)::int as positions, count(e.id)::text as entries
          from ledger_accounts a join locations l on l.id = a.location_id left join ledger_entries e on e.account_id = a.id
          where a.agency_id = ${agencyId} and a.kind = 'ON_HAND' and l.location_kind_id = 1 group by l.id, l.name order by count(distinct a.id) desc, l.id limit 1`,
    );
    if (!largest) throw new Error('dashboard bench: no warehouse holds stock');
    const exports: ExportMeasure[] = [];
    const admin = sessions[0];
    for (const route of routes.exports) {
      const file = EXPORT_ROUTE.exec(route)?.[1] ?? route;
      for (const lang of ['en', 'ar']) {
        const pid = server.pid ?? 0;
        const rssBefore = rssMiB(pid, 'VmRSS');
        let peak = rssBefore;
        const sampler = setInterval(() => {
          const now = rssMiB(pid, 'VmRSS');
          if (now > peak) peak = now;
        }, 5);
        const started = performance.now();
        const url = urlOf(baseUrl, `GET /api/reports-excel/${agencyId}/${file}`, { locationId: Number(largest.id), lang });
        const response = await fetch(url, { headers: admin ? headersOf(admin) : {}, signal: AbortSignal.timeout(120_000) });
        const body = Buffer.from(await response.arrayBuffer());
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        if (response.status !== 200) throw new Error(`dashboard bench: the export ${file} answered ${response.status}`);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(body as unknown as ArrayBuffer);
        const rows = workbook.worksheets.reduce((sum, sheet) => sum + sheet.actualRowCount, 0);
        exports.push({ file: `${file} (${lang})`, rows, bytes: body.byteLength, seconds, rssBeforeMiB: rssBefore, rssPeakMiB: peak });
      }
    }
    for (const e of exports) log(`dashboard: ${e.file}: ${e.rows} rows, ${(e.bytes / 1024).toFixed(0)} KiB in ${e.seconds.toFixed(2)} s; server memory ${e.rssBeforeMiB.toFixed(0)} -> ${e.rssPeakMiB.toFixed(0)} MiB`);
    return {
      seed,
      users: { admins: sessions.filter((s) => s.label === 'admin').length, managers: sessions.filter((s) => s.label === 'manager').length },
      seconds: measured.elapsed,
      requests: measured.completed,
      perSecond: measured.completed / measured.elapsed,
      latencies,
      paced,
      exports,
      largestWarehouse: { name: largest.name, positions: Number(largest.positions), entries: Number(largest.entries) },
      cpu: cpuSplit,
    };
  } finally {
    await server?.stop();
    await database.close();
  }
}
