// The stock-position query of the ledger's read side for `npm run bench` (issue 13): 5 million ledger entries in
// 100 agencies (one with 500,000), then `stockPositions` (what the stock screens call) timed for a scoped user of
// the big agency, filtered by place, owner and consignment.
//
// The ledger is written set-based as the table owner, one agency at a time, as the flows would have left it after
// months of work: per "cycle" a loading slip (ON_BOARD -> IN_TRANSIT of a trip), a warehouse in (IN_TRANSIT -> ON_HAND
// of a position: place, silo or open area, owner, consignment, cargo type, voyage), a warehouse out of half the load
// or all of it (ON_HAND -> IN_TRANSIT of a second trip) and its delivery (IN_TRANSIT -> DELIVERED), 8 entries; the
// last 1 % of trips are still on the road. Each consignment's shipping (VESSEL -> ON_BOARD) covers its slips and
// leaves 1,000 MT on board. Account and transaction ids are computed (`overriding system value`) so the entries need
// no joins, the kept balances are computed with the accounts (no second pass), and triggers are off while writing (`session_replication_role = replica`: the foreign keys and the
// deferred zero-sum trigger, which cost more than the writing itself at this size); the ledger is balanced by
// construction and `findLedgerDifferences` checks it afterwards (every transaction sums to zero, every kept balance
// equals its entries). Turning triggers off needs a superuser connection (the default `postgres`); without one they
// stay on and the writing is slower.
//
// The query runs exactly as a request runs it: `inAgency` (the agency setting and the application role, so the
// row-level security policy applies) and `stockPositions` with the data scope `dataScopeOf` gives the scoped user
// (3 of the 20 shipment managers, 12 of the 40 locations). Each iteration picks a random filter: a place of the
// scope (grouped by silo, owner and consignment), an owner of the scope (grouped by place and consignment), a
// consignment of such an owner (grouped by place and silo), or place and owner together.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { COMPANY_TYPE_IDS } from '@tonnage/contracts';
import { dataScopeOf, type DataScope } from '../../server/src/identity/data-scope';
import { toApiUser } from '../../server/src/identity/sessions.service';
import { users } from '../../server/src/identity/users.schema';
import { findLedgerDifferences } from '../../server/src/ledger/ledger.check';
import { rebuildKeptFigures } from '../../server/src/ledger/kept-figures';
import { stockPositions, type PositionDimension } from '../../server/src/ledger/ledger.queries';
import { openDatabase, queryRows, type Db } from '../../server/src/platform/db/client';
import { APP_ROLE, inAgency } from '../../server/src/platform/db/tenancy';
import { measureCpuSplit, type CpuSplit } from './machine';
import { percentileOfSorted, SampleBuffer } from './stats';

export const STOCK_TARGET_P95_MS = 50;
const AGENCIES = 100;
const BIG_AGENCY_ENTRIES = 500_000;
export const ENTRIES_PER_CYCLE = 8;
/** Per agency: places, consignments, positions (each consignment at several places), owners. */
const BIG = { locations: 40, consignments: 2_000, positions: 20_000, shipmentManagers: 20, owners: 300 };
export const SMALL = { locations: 10, consignments: 200, positions: 2_000, owners: 40 };
const SCOPE_MANAGERS = 3;
const SCOPE_LOCATIONS = 12;
const WORKERS = Number(process.env.BENCH_STOCK_WORKERS ?? 4);

export type StockFilterKind = 'place' | 'owner' | 'consignment' | 'place and owner';
const FILTER_KINDS: StockFilterKind[] = ['place', 'owner', 'consignment', 'place and owner'];

export interface StockLatency {
  kind: StockFilterKind | 'all';
  count: number;
  p50: number;
  p95: number;
  p99: number;
  /** Positions returned per query, on average. */
  rows: number;
}

export interface StockPlan {
  kind: StockFilterKind;
  /** Execution time of EXPLAIN ANALYZE (without per-node timing), ms. */
  executionMs: number;
  /** The indexes and sequential scans the plan reads. */
  paths: string[];
  /** The whole plan with buffers, for the console. */
  text: string;
}

export interface StockPhase {
  entries: number;
  transactions: number;
  accounts: number;
  bigAgencyEntries: number;
  bigAgencyOnHand: number;
  bigAgencyLiveOnHand: number;
  seedSeconds: number;
  analyzeSeconds: number;
  ledgerClean: boolean;
  scope: { shipmentManagers: number; locations: number; owners: number };
  workers: number;
  seconds: number;
  perSecond: number;
  latencies: StockLatency[];
  plans: StockPlan[];
  cpu: CpuSplit | null;
}

export interface Shape {
  cycles: number;
  locations: number;
  consignments: number;
  positions: number;
  owners: number;
}

/** Writes one agency's ledger (see the file's comment); returns the entries written. */
/** A cycle's load in kg: 10 to 40 MT. */
const Q = '10000 + (k * 37) % 30000';

export async function seedAgency(client: pg.Client, params: { agencyId: number; userId: number; shape: Shape; ownerIds: number[]; accountBase: number; transactionBase: number; locationBase: number }): Promise<{ entries: number; transactions: number }> {
  const { agencyId, userId, shape, accountBase: A, transactionBase: T, locationBase } = params;
  const { cycles: C, consignments: NC, positions: P } = shape;
  // Account ids: ON_BOARD(c) A+c, VESSEL(c) A+NC+c, ON_HAND(p) A+2NC+p, DELIVERED(p) A+2NC+P+p,
  // IN_TRANSIT(k, j) A+2NC+2P+2(k-1)+j. Position p: consignment c = p % NC at place (13c + 7(p / NC)) % locations
  // (distinct for the same consignment), silo null (open area) for one in three, else one of the place's.
  // Consignment c: owner ownerIds[c % owners], cargo type 1 + c % 30, voyage 5000 + c / 10.
  // The kept balances are computed here from the same cycles the entries below are made of (closed form, no pass
  // over the entries): a position keeps what its ins brought less its outs, DELIVERED what the delivered outs took,
  // the trips on the road their load, each ON_BOARD 1,000 MT, each VESSEL minus what it shipped.
  await client.query(
    `with cyc as (
       select k, p, p % $3::int as c, ${Q} as q, case when p % 3 = 0 then ${Q} else (${Q}) / 2 end as q_out, k > $5::int * 0.99 as open
       from (select k, (k * 7919) % $4::int as p from generate_series(1, $5::int) k) ks),
     agg as (select p, sum(q - q_out) as on_hand, coalesce(sum(q_out) filter (where not open), 0) as delivered from cyc group by p),
     taken as (select c, sum(q) as kg from cyc group by c),
     pos as (select p, p % $3::int as c, ($7::int + (13 * (p % $3::int) + 7 * (p / $3::int)) % $8::int) as loc from generate_series(0, $4::int - 1) p)
     insert into ledger_accounts (id, agency_id, kind, voyage_id, consignment_id, trip_id, location_id, silo_id, owner_company_id, cargo_type_id, balance_kg) overriding system value
     select $1::int + c, $2::int, 'ON_BOARD', 5000 + c / 10, 100000 + c, null::int, null::int, null::int, null::int, null::int, 1000000::bigint from generate_series(0, $3::int - 1) c
     union all
     select $1::int + $3::int + c.c, $2::int, 'VESSEL', 5000 + c.c / 10, 100000 + c.c, null::int, null::int, null::int, null::int, null::int, -(coalesce(t.kg, 0) + 1000000)::bigint
     from generate_series(0, $3::int - 1) c(c) left join taken t on t.c = c.c
     union all
     select $1::int + 2 * $3::int + pos.p + side * $4::int, $2::int, case side when 0 then 'ON_HAND' else 'DELIVERED' end, 5000 + pos.c / 10, 100000 + pos.c, null::int, loc,
            case when (pos.p / $3::int) % 3 = 0 then null else loc * 10 + (pos.p / $3::int) % 3 end, ($6::int[])[1 + pos.c % cardinality($6::int[])], 1 + pos.c % 30,
            coalesce(case side when 0 then agg.on_hand else agg.delivered end, 0)::bigint
     from pos left join agg on agg.p = pos.p cross join (values (0), (1)) s(side)
     union all
     select $1::int + 2 * $3::int + 2 * $4::int + 2 * (k - 1) + j, $2::int, 'IN_TRANSIT', 5000 + c / 10, 100000 + c, 2 * k + j, null::int, null::int,
            ($6::int[])[1 + c % cardinality($6::int[])], 1 + c % 30, (case when j = 1 and open then q_out else 0 end)::bigint
     from cyc cross join (values (0), (1)) js(j)`,
    [A, agencyId, NC, P, C, params.ownerIds, locationBase, shape.locations],
  );
  // Transactions: cycle k's four at T+4(k-1)+t (slip, in, out, delivery), consignment c's shipping at T+4C+c;
  // business time spread over the last 180 days.
  const posted = await client.query(
    `insert into ledger_transactions (id, agency_id, type, source_table, source_id, created_by, created_at) overriding system value
     select $1::int + 4 * (k - 1) + t, $2::int, (array['portLoading', 'warehouseIn', 'warehouseOut', 'delivery'])[t + 1], 'bench', k, $3::int,
            now() - make_interval(secs => (180 * 86400) * (1 - k::float8 / $4::int) + 3600 * t)
     from generate_series(1, $4::int) k cross join generate_series(0, 3) t
     where t < 3 or k <= $4::int * 0.99
     union all
     select $1::int + 4 * $4::int + c, $2::int, 'shipping', 'bench', c, $3::int, now() - interval '200 days' from generate_series(0, $5::int - 1) c`,
    [T, agencyId, userId, C, NC],
  );
  // Cycle k: position p = (7919k) % P, consignment c = p % NC, q = 10 to 40 MT; the out takes all of it from one
  // position in three (emptied positions), half otherwise.
  const inserted = await client.query(
    `with cyc as (
       select k, p, p % $4::int as c, 10000 + (k * 37) % 30000 as q, case when p % 3 = 0 then 10000 + (k * 37) % 30000 else (10000 + (k * 37) % 30000) / 2 end as q_out
       from (select k, (k * 7919) % $5::int as p from generate_series(1, $6::int) k) ks)
     insert into ledger_entries (agency_id, transaction_id, account_id, quantity_kg)
     select $1::int, $2::int + 4 * (k - 1) + e.t,
            case e.n
              when 0 then $3::int + c                                   -- slip: off board
              when 1 then $3::int + 2 * $4::int + 2 * $5::int + 2 * (k - 1)        -- onto trip 2k
              when 2 then $3::int + 2 * $4::int + 2 * $5::int + 2 * (k - 1)        -- in: off trip 2k
              when 3 then $3::int + 2 * $4::int + p                           -- onto the position
              when 4 then $3::int + 2 * $4::int + p                           -- out: off the position
              when 5 then $3::int + 2 * $4::int + 2 * $5::int + 2 * (k - 1) + 1    -- onto trip 2k+1
              when 6 then $3::int + 2 * $4::int + 2 * $5::int + 2 * (k - 1) + 1    -- delivery: off trip 2k+1
              else $3::int + 2 * $4::int + $5::int + p                             -- delivered
            end,
            case e.n when 0 then -q when 1 then q when 2 then -q when 3 then q when 4 then -q_out when 5 then q_out when 6 then -q_out else q_out end
     from cyc cross join (values (0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (7, 3)) e(n, t)
     where e.t < 3 or k <= $6::int * 0.99`,
    [agencyId, T, A, NC, P, C],
  );
  // Shipping: each consignment's vessel gives what its slips took plus 1,000 MT still on board.
  const shipped = await client.query(
    `with taken as (
       select c.c, coalesce(s.kg, 0) + 1000000 as kg
       from generate_series(0, $4::int - 1) c(c)
       left join (select ((k * 7919) % $5::int) % $4::int as c, sum(10000 + (k * 37) % 30000) as kg from generate_series(1, $6::int) k group by 1) s on s.c = c.c)
     insert into ledger_entries (agency_id, transaction_id, account_id, quantity_kg)
     select $1::int, $2::int + c, $3::int + c + side * $4::int, case side when 0 then kg else -kg end from taken cross join (values (0), (1)) s(side)`,
    [agencyId, T + 4 * C, A, NC, P, C],
  );
  return { entries: (inserted.rowCount ?? 0) + (shipped.rowCount ?? 0), transactions: posted.rowCount ?? 0 };
}

interface Seeded {
  bigAgencyId: number;
  scope: DataScope;
  /** Filters to draw from: the scope's places, its owners, consignments of those owners. */
  places: number[];
  owners: number[];
  consignments: number[];
  entries: number;
  transactions: number;
  accounts: number;
  bigAgencyEntries: number;
  seedSeconds: number;
  analyzeSeconds: number;
}

async function seed(databaseUrl: string, db: Db, totalEntries: number, log: (line: string) => void): Promise<Seeded> {
  const started = performance.now();
  const stamp = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const agencyRows = await client.query<{ id: number }>(
      `insert into agencies (name, timezone) select 'Bench Stock ' || $1 || ' ' || lpad(g::text, 3, '0'), 'Asia/Riyadh' from generate_series(1, $2::int) g returning id`,
      [String(stamp), AGENCIES],
    );
    const agencyIds = agencyRows.rows.map((r) => r.id).sort((a, b) => a - b);
    const bigAgencyId = agencyIds[0] ?? 0;
    // The big agency's companies: shipment managers, and owners (consignees) each under one of them.
    const managers = await client.query<{ id: number }>(
      `insert into companies (agency_id, company_type_id, name, code, is_active)
       select $1, $2, 'Bench Manager ' || lpad(g::text, 2, '0'), 'BSM' || lpad(g::text, 2, '0'), true from generate_series(1, $3::int) g returning id`,
      [bigAgencyId, COMPANY_TYPE_IDS.shipmentManager, BIG.shipmentManagers],
    );
    const managerIds = managers.rows.map((r) => r.id).sort((a, b) => a - b);
    const owners = await client.query<{ id: number; shipment_manager_id: number }>(
      `insert into companies (agency_id, company_type_id, name, code, shipment_manager_id, is_active)
       select $1, $2, 'Bench Owner ' || lpad(g::text, 3, '0'), 'BOW' || lpad(g::text, 3, '0'), ($3::int[])[1 + g % cardinality($3::int[])], true
       from generate_series(1, $4::int) g returning id, shipment_manager_id`,
      [bigAgencyId, COMPANY_TYPE_IDS.consignee, managerIds, BIG.owners],
    );
    const ownerRows = owners.rows.sort((a, b) => a.id - b.id);
    const [user] = await db
      .insert(users)
      .values({ agencyId: bigAgencyId, kind: 'agencyUser', username: `bench.stock.${stamp}`, email: `stock.${stamp}@bench.example`, passwordHash: 'x', firstName: 'Bench', shipmentManagerIds: managerIds.slice(0, SCOPE_MANAGERS), locationIds: Array.from({ length: SCOPE_LOCATIONS }, (_, i) => 1000 + i * 3) })
      .returning();
    if (!user) throw new Error('user insert returned no row');

    const bigCycles = Math.round((BIG_AGENCY_ENTRIES * (totalEntries / 5_000_000)) / ENTRIES_PER_CYCLE);
    const smallCycles = Math.round((totalEntries - bigCycles * ENTRIES_PER_CYCLE) / ENTRIES_PER_CYCLE / (AGENCIES - 1));
    const base = await client.query<{ a: number; t: number }>(`select coalesce((select max(id) from ledger_accounts), 0) + 1 as a, coalesce((select max(id) from ledger_transactions), 0) + 1 as t`);
    let accountBase = Number(base.rows[0]?.a ?? 1);
    let transactionBase = Number(base.rows[0]?.t ?? 1);
    let entries = 0;
    let transactions = 0;
    let accounts = 0;
    let bigAgencyEntries = 0;
    // Triggers off while writing (foreign keys, the deferred zero-sum check): see the file's comment.
    const triggersOff = await client.query(`set session_replication_role = replica`).then(
      () => true,
      () => false,
    );
    if (!triggersOff) log('stock: not a superuser connection: the triggers stay on while writing (slower; the figures are the same)');
    try {
      for (const [i, agencyId] of agencyIds.entries()) {
        const big = i === 0;
        const shape: Shape = big ? { cycles: bigCycles, ...BIG } : { cycles: smallCycles, ...SMALL };
        const ownerIds = big ? ownerRows.map((o) => o.id) : Array.from({ length: shape.owners }, (_, j) => 900_000 + j);
        await client.query('begin');
        let written: { entries: number; transactions: number };
        try {
          written = await seedAgency(client, { agencyId, userId: user.id, shape, ownerIds, accountBase, transactionBase, locationBase: 1000 });
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
        await client.query('commit');
        entries += written.entries;
        transactions += written.transactions;
        if (big) bigAgencyEntries = written.entries;
        const agencyAccounts = 2 * shape.consignments + 2 * shape.positions + 2 * shape.cycles;
        accounts += agencyAccounts;
        accountBase += agencyAccounts;
        transactionBase += 4 * shape.cycles + shape.consignments;
        if (big || (i + 1) % 20 === 0) log(`stock: ${i + 1} of ${AGENCIES} agencies, ${entries.toLocaleString('en-US')} entries written`);
      }
    } finally {
      if (triggersOff) await client.query(`set session_replication_role = origin`);
    }
    await client.query(`select setval(pg_get_serial_sequence('ledger_accounts', 'id'), (select max(id) from ledger_accounts))`);
    await client.query(`select setval(pg_get_serial_sequence('ledger_transactions', 'id'), (select max(id) from ledger_transactions))`);
    // The kept figures (movement counters, voyage figures, trip rows) of the entries written past the posting function.
    await rebuildKeptFigures(db);
    const seedSeconds = (performance.now() - started) / 1000;
    const analyzeStarted = performance.now();
    await client.query('vacuum analyze ledger_accounts');
    await client.query('vacuum analyze ledger_transactions');
    await client.query('vacuum analyze ledger_entries');
    await client.query('vacuum analyze ledger_movement_totals');
    await client.query('vacuum analyze ledger_voyage_figures');
    await client.query('vacuum analyze ledger_trip_dispatches');
    await client.query('vacuum analyze ledger_trip_receipts');
    await client.query('vacuum analyze ledger_place_moves');
    await client.query('vacuum analyze ledger_place_trips');
    await client.query('vacuum analyze ledger_place_departures');
    await client.query('analyze companies');
    const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;

    const scope = dataScopeOf({ isSuperAdmin: false, user: toApiUser(user) }, null);
    const scopedManagers = new Set(scope.shipmentManagerIds ?? []);
    const scopedOwners = ownerRows.filter((o) => scopedManagers.has(o.shipment_manager_id)).map((o) => o.id);
    const ownerIndex = new Map(ownerRows.map((o, i) => [o.id, i]));
    // Consignment c belongs to ownerIds[c % owners] (seedAgency): the consignments of the scope's owners.
    const consignments: number[] = [];
    for (let c = 0; c < BIG.consignments; c += 1) {
      const owner = ownerRows[c % ownerRows.length];
      if (owner && scopedOwners.includes(owner.id) && ownerIndex.has(owner.id)) consignments.push(100000 + c);
    }
    return { bigAgencyId, scope, places: [...(scope.locationIds ?? [])], owners: scopedOwners, consignments, entries, transactions, accounts, bigAgencyEntries, seedSeconds, analyzeSeconds };
  } finally {
    await client.end();
  }
}

type Query = { kind: StockFilterKind; filter: Partial<Record<PositionDimension, number>>; groupBy: PositionDimension[] };

function pick<T>(list: readonly T[], random: () => number): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('nothing to pick from');
  return value;
}

function randomQuery(seeded: Seeded, random: () => number, kind = pick(FILTER_KINDS, random)): Query {
  switch (kind) {
    case 'place':
      return { kind, filter: { locationId: pick(seeded.places, random) }, groupBy: ['siloId', 'ownerCompanyId', 'consignmentId'] };
    case 'owner':
      return { kind, filter: { ownerCompanyId: pick(seeded.owners, random) }, groupBy: ['locationId', 'consignmentId'] };
    case 'consignment':
      return { kind, filter: { consignmentId: pick(seeded.consignments, random) }, groupBy: ['locationId', 'siloId'] };
    case 'place and owner':
      return { kind, filter: { locationId: pick(seeded.places, random), ownerCompanyId: pick(seeded.owners, random) }, groupBy: ['siloId', 'consignmentId'] };
  }
}

/** A small seeded generator, so two runs draw the same filters. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** EXPLAIN of the exact SQL `stockPositions` sends for one query, run as the application role under row-level security. */
async function explain(databaseUrl: string, db: Db, seeded: Seeded, query: Query): Promise<StockPlan> {
  // Capture the statement: run the query once with node-postgres' query recorded.
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let captured: { text: string; values: unknown[] } | undefined;
  prototype.query = function capture(this: unknown, ...args: unknown[]): unknown {
    const first = args[0];
    if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string' && first.text.includes('ledger_accounts')) {
      const second = args[1];
      captured = { text: first.text, values: Array.isArray(second) ? (second as unknown[]) : 'values' in first && Array.isArray(first.values) ? (first.values as unknown[]) : [] };
    }
    return original.apply(this, args);
  };
  try {
    await inAgency(db, seeded.bigAgencyId, (tx) => stockPositions(tx, { agencyId: seeded.bigAgencyId, scope: seeded.scope, filter: query.filter, groupBy: query.groupBy }));
  } finally {
    prototype.query = original;
  }
  if (!captured) throw new Error('stockPositions sent no statement on ledger_accounts');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.agency_id', $1, true), set_config('role', $2, true)`, [String(seeded.bigAgencyId), APP_ROLE]);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${captured.text}`, captured.values);
    const timed = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off, summary on) ${captured.text}`, captured.values);
    await client.query('rollback');
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    const executionLine = timed.rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time')) ?? '';
    const executionMs = Number(/([\d.]+) ms/.exec(executionLine)?.[1] ?? Number.NaN);
    const paths = [...new Set([...text.matchAll(/((?:Parallel )?(?:Seq Scan|Index Only Scan|Index Scan(?: Backward)?|Bitmap Index Scan)(?: using| on)? \S+(?: on \S+)?)/g)].map((m) => m[1] ?? ''))];
    return { kind: query.kind, executionMs, paths, text };
  } finally {
    await client.end();
  }
}

function latencyOf(kind: StockLatency['kind'], samples: SampleBuffer, rows: number): StockLatency {
  const sorted = samples.sorted();
  return { kind, count: samples.length, p50: percentileOfSorted(sorted, 50), p95: percentileOfSorted(sorted, 95), p99: percentileOfSorted(sorted, 99), rows: samples.length === 0 ? 0 : rows / samples.length };
}

export async function benchStockPositions(params: {
  databaseUrl: string;
  entries: number;
  phase: { warmup: number; measure: number };
  cpuScope: { serverPid: number | undefined; databaseName: string };
  log: (line: string) => void;
}): Promise<StockPhase> {
  const { log } = params;
  const database = await openDatabase({ url: params.databaseUrl, poolSize: WORKERS + 2 });
  try {
    const { db } = database;
    log(`stock: writing ${params.entries.toLocaleString('en-US')} ledger entries over ${AGENCIES} agencies (set-based, triggers off while writing)`);
    const seeded = await seed(params.databaseUrl, db, params.entries, log);
    log(`stock: ${seeded.entries.toLocaleString('en-US')} entries in ${seeded.seedSeconds.toFixed(1)} s, vacuum analyze ${seeded.analyzeSeconds.toFixed(1)} s; checking the ledger`);
    const differences = await findLedgerDifferences(db);
    const [countRow] = await queryRows<{ on_hand: string; live: string }>(
      db,
      sql`select count(*)::text as on_hand, count(*) filter (where balance_kg <> 0 or committed_kg <> 0)::text as live from ledger_accounts where agency_id = ${seeded.bigAgencyId} and kind = 'ON_HAND'`,
    );

    const plans: StockPlan[] = [];
    const random = mulberry32(13);
    for (const kind of FILTER_KINDS) plans.push(await explain(params.databaseUrl, db, seeded, randomQuery(seeded, random, kind)));
    for (const plan of plans) log(`stock: ${plan.kind}: ${plan.executionMs.toFixed(2)} ms, ${plan.paths.join(', ')}`);

    const run = async (seconds: number, record: boolean) => {
      const samples = new Map<StockLatency['kind'], SampleBuffer>([['all', new SampleBuffer(1_000_000)], ...FILTER_KINDS.map((k) => [k, new SampleBuffer(1_000_000)] as const)]);
      const rows = new Map<StockLatency['kind'], number>();
      const deadline = performance.now() + seconds * 1000;
      let completed = 0;
      const worker = async (w: number) => {
        const draw = mulberry32(1000 + w);
        while (performance.now() < deadline) {
          const query = randomQuery(seeded, draw);
          const started = performance.now();
          const result = await inAgency(db, seeded.bigAgencyId, (tx) => stockPositions(tx, { agencyId: seeded.bigAgencyId, scope: seeded.scope, filter: query.filter, groupBy: query.groupBy }));
          const elapsed = performance.now() - started;
          if (!record) continue;
          completed += 1;
          for (const key of ['all', query.kind] as const) {
            samples.get(key)?.push(elapsed);
            rows.set(key, (rows.get(key) ?? 0) + result.length);
          }
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      const elapsed = (performance.now() - started) / 1000;
      return { samples, rows, completed, elapsed };
    };
    log(`stock: ${WORKERS} clients, random filters: ${params.phase.warmup} s warm-up, then ${params.phase.measure} s`);
    await run(params.phase.warmup, false);
    const cpu = measureCpuSplit(params.cpuScope);
    const measured = await run(params.phase.measure, true);
    const cpuSplit = cpu();
    const latencies = (['all', ...FILTER_KINDS] as const).map((kind) => latencyOf(kind, measured.samples.get(kind) ?? new SampleBuffer(1), measured.rows.get(kind) ?? 0));
    const all = latencies[0];
    log(`stock: ${measured.completed} queries, p50 ${all?.p50.toFixed(1)} ms, p95 ${all?.p95.toFixed(1)} ms, p99 ${all?.p99.toFixed(1)} ms`);
    return {
      entries: seeded.entries,
      transactions: seeded.transactions,
      accounts: seeded.accounts,
      bigAgencyEntries: seeded.bigAgencyEntries,
      bigAgencyOnHand: Number(countRow?.on_hand ?? 0),
      bigAgencyLiveOnHand: Number(countRow?.live ?? 0),
      seedSeconds: seeded.seedSeconds,
      analyzeSeconds: seeded.analyzeSeconds,
      ledgerClean: differences.length === 0,
      scope: { shipmentManagers: seeded.scope.shipmentManagerIds?.length ?? 0, locations: seeded.places.length, owners: seeded.owners.length },
      workers: WORKERS,
      seconds: measured.elapsed,
      perSecond: measured.completed / measured.elapsed,
      latencies,
      plans,
      cpu: cpuSplit,
    };
  } finally {
    await database.close();
  }
}

export function stockPlansText(phase: StockPhase): string {
  return phase.plans.map((p) => `--- stock positions, ${p.kind} (${p.executionMs.toFixed(2)} ms):\n${p.text}`).join('\n');
}
