// The truck list at scale: 100,000 trucks in one agency on PostgreSQL, and three list requests (first page, a search,
// a filtered page) driven over HTTP, each against a p95 target. The plans of the exact SQL the server runs (captured
// from `listResource` itself) are explained as the application role inside the agency's row-level security, so a
// regression in the figures comes with the index (or the sequential scan) behind it.
import { COMPANY_TYPE_IDS, listQuerySchema, truckResource } from '@tonnage/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../server/src/platform/db/client';
import * as schema from '../../server/src/schema';
import { APP_ROLE, inAgency } from '../../server/src/platform/db/tenancy';
import { UNRESTRICTED } from '../../server/src/identity/data-scope';
import { listResource, type ResourceListQuery } from '../../server/src/modules/master-data/master-data.service';
import { runLoad, type LoadResult } from './http-load';
import { measureCpuSplit, type CpuSplit } from './machine';

/** Trucks of the agency after the seed (the demo agency's own few included). */
export const TRUCKS = 100_000;
export const TRANSPORTERS = 200;
export const TRUCK_LIST_CONNECTIONS = 10;
/** The issue's requirement: each of the three requests answers with p95 under this. */
export const TARGET_P95_MS = 50;
/** Letter triples of a plate: AAA..ZZZ. */
const TRIPLES = 26 ** 3;

/** What the seed created, and the parameters of the three requests. */
export interface TruckSeed {
  agencyId: number;
  /** Trucks in the agency after the seed. */
  trucks: number;
  inactiveTrucks: number;
  transporters: number;
  /** Seconds for the inserts, and for VACUUM (ANALYZE). */
  insertSeconds: number;
  analyzeSeconds: number;
  /** The 4-character plate fragment searched, and how many trucks of the agency match it. */
  searchTerm: string;
  searchMatches: number;
  /** The transporter of the filtered page, its trucks, and those of at least `capacityMin`. */
  transporterId: number;
  transporterTrucks: number;
  capacityMin: number;
  filteredMatches: number;
}

/**
 * The plate of generated truck `i` of `n`: three letters and four digits ("KXB 0427"). Digits are i mod 10,000; the
 * letters spread each block of 10,000 over the triples, so (letters, digits) is unique for every i < n.
 */
export function benchPlate(i: number, n: number): string {
  const blocks = Math.ceil(n / 10_000);
  const step = Math.floor(TRIPLES / blocks);
  const digits = i % 10_000;
  const k = (Math.floor(i / 10_000) * step + digits * 31) % TRIPLES;
  const letter = (x: number) => String.fromCharCode(65 + x);
  return `${letter(Math.floor(k / 676))}${letter(Math.floor(k / 26) % 26)}${letter(k % 26)} ${String(digits).padStart(4, '0')}`;
}

/** Seeds one agency (by name) with TRANSPORTERS transporters and trucks up to TRUCKS, set-based, then VACUUM (ANALYZE). */
export async function seedTrucks(databaseUrl: string, agencyName: string): Promise<TruckSeed> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  // An interrupted run drops the database under this connection: the pending query rejects, no 'error' event throws.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const agency = await client.query<{ id: number }>('select id from agencies where name = $1', [agencyName]);
    const agencyId = agency.rows[0]?.id;
    if (agencyId === undefined) throw new Error(`no agency "${agencyName}"`);
    const transporterType = COMPANY_TYPE_IDS.transporter;
    const existing = await client.query<{ n: number }>('select count(*)::int as n from trucks where agency_id = $1', [agencyId]);
    const toInsert = Math.max(0, TRUCKS - (existing.rows[0]?.n ?? 0));

    const insertStarted = performance.now();
    // As the owner (no row-level security), in one transaction: transporters, then every truck in one statement.
    await client.query('begin');
    const inserted = await client.query<{ id: number }>(
      `insert into companies (agency_id, company_type_id, name, code, city, is_active)
       select $1, $2, 'Bench Transporter ' || lpad(g::text, 3, '0'), 'BT' || lpad(g::text, 3, '0'),
              (array['Jeddah', 'Riyadh', 'Dammam', 'Yanbu', 'Tabuk'])[1 + g % 5], true
       from generate_series(1, $3::int) as g
       returning id`,
      [agencyId, transporterType, TRANSPORTERS],
    );
    const transporterIds = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
    const blocks = Math.ceil(toInsert / 10_000);
    // Plates as benchPlate(i); transporters spread evenly (7919 is prime to their count); tare 9-18 MT and
    // capacity 20-50 MT varied independently; one truck in 50 inactive. Demo plates that collide are skipped.
    await client.query(
      `insert into trucks (agency_id, plate_number, transporter_id, tare_weight, capacity, is_active)
       select $1,
              chr(65 + p.k / 676) || chr(65 + (p.k / 26) % 26) || chr(65 + p.k % 26) || ' ' || lpad(p.d::text, 4, '0'),
              ($2::int[])[1 + (i * 7919) % cardinality($2::int[])],
              round(9 + ((i * 37) % 901) / 100.0, 3),
              round(20 + ((i * 53) % 3001) / 100.0, 3),
              i % 50 <> 0
       from generate_series(0, $3::int - 1) as i
       cross join lateral (select i % 10000 as d, ((i / 10000) * ($4::int / $5::int) + (i % 10000) * 31) % $4::int as k) as p
       on conflict do nothing`,
      [agencyId, transporterIds, toInsert, TRIPLES, Math.max(1, blocks)],
    );
    await client.query('commit');
    const insertSeconds = (performance.now() - insertStarted) / 1000;

    const analyzeStarted = performance.now();
    // What autovacuum would do soon after a bulk load: statistics and the visibility map (index-only scans).
    await client.query('vacuum (analyze) trucks');
    await client.query('vacuum (analyze) companies');
    const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;

    // The search: 4 characters from the middle of one generated plate (last letter, space, two digits: "B 04").
    const searchTerm = benchPlate(4_242, toInsert).slice(2, 6);
    const transporterId = transporterIds[Math.floor(transporterIds.length / 2)] ?? 0;
    const capacityMin = 45;
    const counts = await client.query<{ trucks: number; inactive: number; search: number; transporter: number; filtered: number }>(
      `select count(*)::int as trucks,
              count(*) filter (where not is_active)::int as inactive,
              count(*) filter (where plate_number ilike '%' || $2 || '%')::int as search,
              count(*) filter (where transporter_id = $3)::int as transporter,
              count(*) filter (where transporter_id = $3 and capacity >= $4)::int as filtered
       from trucks where agency_id = $1`,
      [agencyId, searchTerm, transporterId, capacityMin],
    );
    const c = counts.rows[0];
    if (!c) throw new Error('could not count the seeded trucks');
    return {
      agencyId,
      trucks: c.trucks,
      inactiveTrucks: c.inactive,
      transporters: transporterIds.length,
      insertSeconds,
      analyzeSeconds,
      searchTerm,
      searchMatches: c.search,
      transporterId,
      transporterTrucks: c.transporter,
      capacityMin,
      filteredMatches: c.filtered,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** One of the three measured list requests. */
export interface TruckListRequest {
  key: 'firstPage' | 'search' | 'filtered';
  label: string;
  /** The query string of GET /api/truck. */
  query: Record<string, string>;
  /** Rows the request matches (its `count`). */
  expectedCount: number;
}

export function truckListRequests(seed: TruckSeed): TruckListRequest[] {
  return [
    { key: 'firstPage', label: 'first page (default sort: plate number)', query: { page: '1', limit: '20' }, expectedCount: seed.trucks },
    { key: 'search', label: `search "${seed.searchTerm}"`, query: { page: '1', limit: '20', search: seed.searchTerm }, expectedCount: seed.searchMatches },
    {
      key: 'filtered',
      label: `one transporter, capacity ≥ ${seed.capacityMin} MT, by capacity desc`,
      query: { page: '1', limit: '20', transporterId: String(seed.transporterId), capacityMin: String(seed.capacityMin), sortBy: 'capacity', sortOrder: 'desc' },
      expectedCount: seed.filteredMatches,
    },
  ];
}

export function requestPath(request: TruckListRequest): string {
  return `/api/truck?${new URLSearchParams(request.query).toString()}`;
}

// ---- EXPLAIN ------------------------------------------------------------------------------------------------

/** The plan of one statement of a list request (the page query or the count query). */
export interface StatementPlan {
  /** The page, its total, or both in one statement (a search: the total as a window over the matches). */
  statement: 'page' | 'count' | 'page with total';
  sql: string;
  /** Execution time without per-node timing (EXPLAIN ANALYZE's own overhead left out), and planning time. */
  executionMs: number;
  planningMs: number;
  /** Execution time of the instrumented run the tree comes from (per-node timing adds overhead on big scans). */
  instrumentedMs: number;
  /** The plan tree, one line per node, indented like EXPLAIN's text format. */
  lines: string[];
  /** Access paths: "Index Scan trucks_plate_number_unique", "Seq Scan trucks", ... */
  accessPaths: string[];
  /** Likely slow paths found in the plan (empty when none). */
  warnings: string[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Sort Key'?: string[];
  'Presorted Key'?: string[];
  'Sort Method'?: string;
  'Join Type'?: string;
  'Strategy'?: string;
  'Parent Relationship'?: string;
  'Plan Rows'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

interface ExplainJson {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

const short = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describeNode(node: PlanNode): string {
  let name = node['Node Type'];
  if (node['Scan Direction'] === 'Backward') name += ' Backward';
  if (node['Join Type'] && name.includes('Join')) name = `${name} (${node['Join Type']})`;
  if (node.Strategy && name === 'Aggregate') name = `${name} (${node.Strategy})`;
  if (node['Index Name']) name += ` using ${node['Index Name']}`;
  if (node['Relation Name']) name += ` on ${node['Relation Name']}${node.Alias && node.Alias !== node['Relation Name'] ? ` ${node.Alias}` : ''}`;
  const rows = node['Actual Rows'] ?? 0;
  const loops = node['Actual Loops'] ?? 1;
  const stats = [`rows ${rows}${loops > 1 ? ` × ${loops} loops` : ''} (est. ${node['Plan Rows'] ?? '?'})`, `${(node['Actual Total Time'] ?? 0).toFixed(2)} ms`];
  const hit = node['Shared Hit Blocks'] ?? 0;
  const read = node['Shared Read Blocks'] ?? 0;
  if (hit || read) stats.push(`buffers hit ${hit}${read ? ` read ${read}` : ''}`);
  if (node['Heap Fetches'] !== undefined) stats.push(`heap fetches ${node['Heap Fetches']}`);
  if (node['Rows Removed by Filter']) stats.push(`removed by filter ${node['Rows Removed by Filter']}`);
  if (node['Rows Removed by Index Recheck']) stats.push(`removed by recheck ${node['Rows Removed by Index Recheck']}`);
  if (node['Sort Method']) stats.push(`sort ${node['Sort Method']}`);
  return `${name}  [${stats.join(', ')}]`;
}

/** The tree as lines, the access paths, and warnings for the slow paths a 100,000-row list must avoid. */
function summarise(root: PlanNode): { lines: string[]; accessPaths: string[]; warnings: string[] } {
  const lines: string[] = [];
  const accessPaths: string[] = [];
  const warnings: string[] = [];
  const visit = (node: PlanNode, depth: number) => {
    const pad = '  '.repeat(depth);
    lines.push(`${pad}${depth > 0 ? '-> ' : ''}${describeNode(node)}`);
    for (const [label, value] of [
      ['Index Cond', node['Index Cond']],
      ['Recheck Cond', node['Recheck Cond']],
      ['Filter', node.Filter],
    ] as const) {
      if (value) lines.push(`${pad}     ${label}: ${short(value)}`);
    }
    if (node['Sort Key']) lines.push(`${pad}     Sort Key: ${short(node['Sort Key'].join(', '))}${node['Presorted Key'] ? ` (presorted: ${node['Presorted Key'].join(', ')})` : ''}`);
    const type = node['Node Type'];
    const relation = node['Relation Name'];
    const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
    // Bitmap Index Scans name only their index; the Bitmap Heap Scan above them names the table.
    if (relation || node['Index Name']) accessPaths.push(`${type}${node['Scan Direction'] === 'Backward' ? ' Backward' : ''} ${node['Index Name'] ?? relation ?? ''}`);
    if (type === 'Seq Scan' && relation) {
      const examined = rows + (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
      if (examined > 1_000) warnings.push(`Seq Scan on ${relation} examined ${examined.toLocaleString('en-US')} rows${node.Filter ? ` (filter \`${short(node.Filter, 160)}\`)` : ''}`);
    }
    const removed = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (removed > 1_000 && type !== 'Seq Scan') {
      warnings.push(`${type}${node['Index Name'] ? ` using ${node['Index Name']}` : ''} on ${relation ?? '?'} read ${(rows + removed).toLocaleString('en-US')} rows and removed ${removed.toLocaleString('en-US')} by filter \`${short(node.Filter ?? '', 160)}\`: the index does not narrow the rows to the filter`);
    }
    if (type === 'Sort' || type === 'Incremental Sort') {
      const input = node.Plans?.[0];
      const inputRows = input ? (input['Actual Rows'] ?? 0) * (input['Actual Loops'] ?? 1) : 0;
      if (inputRows > 1_000) warnings.push(`${type} of ${inputRows.toLocaleString('en-US')} rows (\`${node['Sort Key']?.join(', ') ?? ''}\`): the order is not read from an index`);
    }
    if (type === 'Aggregate') {
      const input = node.Plans?.[0];
      const inputRows = input ? (input['Actual Rows'] ?? 0) * (input['Actual Loops'] ?? 1) : 0;
      if (inputRows > 10_000) warnings.push(`Aggregate (count) over ${inputRows.toLocaleString('en-US')} rows: the count visits every matching row`);
    }
    for (const child of node.Plans ?? []) visit(child, depth + 1);
  };
  visit(root, 0);
  return { lines, accessPaths, warnings };
}

interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** The statements `listResource` runs for a query string, captured with Drizzle's logger while it runs them. */
async function captureListStatements(pool: pg.Pool, agencyId: number, query: Record<string, string>): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Db;
  const parsed = listQuerySchema(truckResource).parse(query) as ResourceListQuery;
  await inAgency(db, agencyId, (tx) => listResource(tx, { resource: truckResource, agencyId, scope: UNRESTRICTED, query: parsed }));
  return captured.filter((q) => /^\s*select\b/i.test(q.sql) && !/set_config\(/i.test(q.sql));
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the page and count statements of a list request, run like the server runs them:
 * in a transaction with `app.agency_id` set and `SET LOCAL ROLE tonnage_app`, so the row-level security policy is
 * part of the plan. Each statement is explained three times: a warm-up, a run without per-node timing (the
 * execution time), and a fully instrumented run (the tree); the transaction rolls back.
 */
export async function explainListRequest(databaseUrl: string, agencyId: number, request: TruckListRequest): Promise<StatementPlan[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', () => undefined);
  try {
    const statements = await captureListStatements(pool, agencyId, request.query);
    if (statements.length !== 1 && statements.length !== 2) throw new Error(`expected a page statement and at most a count statement, captured ${statements.length}`);
    const client = await pool.connect();
    try {
      const plans: StatementPlan[] = [];
      for (const [index, statement] of statements.entries()) {
        await client.query('begin');
        try {
          await client.query(`select set_config('app.agency_id', $1, true), set_config('role', $2, true)`, [String(agencyId), APP_ROLE]);
          const explain = async (options: string) => {
            const result = await client.query<{ 'QUERY PLAN': ExplainJson[] }>(`explain (${options}, format json) ${statement.sql}`, statement.params);
            const json = result.rows[0]?.['QUERY PLAN'][0];
            if (!json) throw new Error('EXPLAIN returned no plan');
            return json;
          };
          await explain('analyze, timing off');
          const timed = await explain('analyze, timing off');
          const tree = await explain('analyze, buffers');
          plans.push({
            statement: statements.length === 1 ? 'page with total' : index === 0 ? 'page' : 'count',
            sql: statement.sql,
            executionMs: timed['Execution Time'],
            planningMs: timed['Planning Time'],
            instrumentedMs: tree['Execution Time'],
            ...summarise(tree.Plan),
          });
        } finally {
          await client.query('rollback');
        }
      }
      return plans;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

// ---- load ---------------------------------------------------------------------------------------------------

export interface TruckListMeasurement {
  request: TruckListRequest;
  /** What one GET answered before the load (`count` of the body, rows on the page). */
  apiCount: number;
  apiRows: number;
  result: LoadResult;
  cpu: CpuSplit | null;
  plans: StatementPlan[] | null;
  /** Why the plans are missing, when they are. */
  planError?: string;
}

export interface TruckListPhase {
  seed: TruckSeed;
  connections: number;
  warmupSeconds: number;
  targetP95Ms: number;
  measurements: TruckListMeasurement[];
}

/** GETs a list once (status, `count`, rows), so a wrong answer is not measured as a fast one. */
async function checkAnswer(baseUrl: string, headers: Record<string, string>, request: TruckListRequest): Promise<{ count: number; rows: number }> {
  const response = await fetch(`${baseUrl}${requestPath(request)}`, { headers, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${requestPath(request)} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { rows?: unknown[]; count?: unknown };
  if (typeof body.count !== 'number' || !Array.isArray(body.rows)) throw new Error(`GET ${requestPath(request)} answered no { rows, count }`);
  if (body.count !== request.expectedCount) throw new Error(`GET ${requestPath(request)} counted ${body.count} rows, the database ${request.expectedCount}`);
  return { count: body.count, rows: body.rows.length };
}

export async function benchTruckList(params: {
  baseUrl: string;
  databaseUrl: string;
  seed: TruckSeed;
  tokens: string[];
  phase: { warmup: number; measure: number };
  cpuScope: { serverPid: number | undefined; databaseName: string };
  log: (line: string) => void;
}): Promise<TruckListPhase> {
  const { baseUrl, seed, tokens, phase, log } = params;
  const headersOf = (i: number) => ({ authorization: `Bearer ${tokens[i % tokens.length] ?? ''}`, accept: 'application/json', 'x-agency-id': String(seed.agencyId) });
  const measurements: TruckListMeasurement[] = [];
  for (const request of truckListRequests(seed)) {
    const answer = await checkAnswer(baseUrl, headersOf(0), request);
    let plans: StatementPlan[] | null = null;
    let planError: string | undefined;
    try {
      plans = await explainListRequest(params.databaseUrl, seed.agencyId, request);
    } catch (error) {
      planError = error instanceof Error ? error.message : String(error);
    }
    const load = (durationSeconds: number) =>
      runLoad({ url: `${baseUrl}${requestPath(request)}`, method: 'GET', connections: TRUCK_LIST_CONNECTIONS, durationSeconds, perConnection: (i) => ({ headers: headersOf(i) }) });
    log(`GET ${requestPath(request)}: ${phase.warmup} s warm-up, then ${phase.measure} s at ${TRUCK_LIST_CONNECTIONS} connections`);
    await load(phase.warmup);
    const cpu = measureCpuSplit(params.cpuScope);
    const result = await load(phase.measure);
    if (result.ok === 0) throw new Error(`GET ${requestPath(request)}: no successful answer (${JSON.stringify(result.otherStatuses)}, ${result.errors} errors)`);
    measurements.push({ request, apiCount: answer.count, apiRows: answer.rows, result, cpu: cpu(), plans, ...(planError ? { planError } : {}) });
  }
  return { seed, connections: TRUCK_LIST_CONNECTIONS, warmupSeconds: phase.warmup, targetP95Ms: TARGET_P95_MS, measurements };
}

/** The plans as console text: per request, each statement's execution time, tree and warnings. */
export function plansText(phase: TruckListPhase): string {
  const out: string[] = [`EXPLAIN (ANALYZE, BUFFERS) of the SQL listResource runs, as ${APP_ROLE} with app.agency_id set (row-level security applies), warm cache:`];
  for (const m of phase.measurements) {
    out.push('', `== ${m.request.label}: GET ${requestPath(m.request)}`);
    if (!m.plans) {
      out.push(`   no plan: ${m.planError ?? 'unknown error'}`);
      continue;
    }
    for (const plan of m.plans) {
      out.push(`-- ${plan.statement} statement: execution ${plan.executionMs.toFixed(2)} ms (${plan.instrumentedMs.toFixed(2)} ms with per-node timing), planning ${plan.planningMs.toFixed(2)} ms`);
      out.push(`   ${plan.statement !== 'count' ? short(plan.sql.replace(/\s+/g, ' ').replace(/^select .*? from /i, 'select <columns> from '), 600) : short(plan.sql.replace(/\s+/g, ' '), 600)}`);
      out.push(...plan.lines.map((line) => `   ${line}`));
      for (const warning of plan.warnings) out.push(`   !! ${warning}`);
    }
  }
  return out.join('\n');
}
