// The data of the dashboard benchmark (issue 15): 5 million ledger entries in 100 agencies, one with 500,000 whose
// documents are as real as the flows make them.
//
// The big agency: a generated season (server/src/test/generated-season.ts: voyages, BLs, out-turns, port loadings,
// loading slips, warehouse and delivery receipts with transit loss, weighed warehouse outs, loans) made through the
// flows' services on the demo's master data, then thickened set-based until its ledger holds the target: every truck
// movement of the season (a trip, its slips, weighings, receipts, outs and their postings) is copied K - 1 times onto
// new trips, and every commercial figure (sale orders, LC/POs, BLs, port loadings' plans, out-turns, loans: the
// documents no truck carries) is multiplied by K with its postings. So a voyage of the season that moved 16 trucks
// moves 16 x K, into the same places, owners and LC/POs, and every figure stays consistent: a position holds K times
// what it held, nothing goes below zero, and the ledger still balances (checked afterwards with
// `findLedgerDifferences`). The services make a season of a few thousand entries in a minute or two; making 500,000
// through them would take hours.
//
// The 99 other agencies: ledger entries only (the set-based writer of section 8, `seedAgency`), so the ledger's
// tables and indexes have the size of the whole installation while the big agency is measured.
//
// Both write as the table owner with triggers off (`session_replication_role = replica`, a superuser connection):
// the copies are consistent by construction and checked afterwards.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { findLedgerDifferences } from '../../server/src/ledger/ledger.check';
import { rebuildKeptFigures } from '../../server/src/ledger/kept-figures';
import { queryRows, type Db } from '../../server/src/platform/db/client';
import { createGeneratedAgency, type GeneratedSeason } from '../../server/src/test/generated-season';
import { ENTRIES_PER_CYCLE, seedAgency, SMALL, type Shape } from './stock';

/** Tables of a truck movement: copied onto new trips (and their postings with them). */
const MOVEMENT_TABLES = [
  'trips',
  'loading_slips',
  'warehouse_pre_ins',
  'warehouse_ins',
  'warehouse_in_shares',
  'consignee_ins',
  'customer_ins',
  'warehouse_pre_outs',
  'outbound_first_weights',
  'outbound_second_weights',
  'warehouse_outs',
  'consignee_outs',
  'transfer_slips',
] as const;

/** Commercial documents no truck carries: kept once, their quantities (`*_kg`) and postings multiplied. */
const HEADER_TABLES = [
  'sale_orders',
  'consignments',
  'voyages',
  'shipments',
  'voyage_approvals',
  'quantity_approvals',
  'port_loadings',
  'warehouse_out_groups',
  'consignee_to_shipment_manager_loans',
  'loan_returns',
  'handling_records',
  'ownership_transfers',
  'cargo_swaps',
  'silo_transfers',
  'silo_transfer_shares',
  'consignee_to_customer_sales',
] as const;

/** Tables with an agency that the thickening leaves alone: master data, settings, counters, audit, files. */
const LEFT_ALONE = new Set([
  'agencies',
  'users',
  'roles',
  'companies',
  'locations',
  'silos',
  'trucks',
  'drivers',
  'cargo_types',
  'vessels',
  'ports',
  'berths',
  'weight_machines',
  'destinations',
  'hik_connect_devices',
  'handling_loss_rules',
  'transporter_rules',
  'cargo_control_rules',
  'audit_log',
  'resource_row_counts',
  'agency_counters',
  'approval_rules',
  'approval_rule_approvers',
  'approval_steps',
  'agency_email_settings',
  'documents',
  'stored_files',
  'captured_images',
  'camera_auth_locks',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  // Rebuilt from the ledger once every agency is written (rebuildKeptFigures).
  'ledger_movement_totals',
  'ledger_voyage_figures',
  'ledger_trip_dispatches',
  'ledger_trip_receipts',
  'ledger_place_moves',
  'ledger_place_trips',
  'ledger_place_departures',
  // Rebuilt from the slips with them (their triggers are off while copying), and the view they are rebuilt from.
  'trip_cards',
  'trip_card_slips',
]);

/** A movement row's references to other movement rows, by column name. */
const MOVEMENT_REFERENCES: Record<string, string> = {
  trip_id: 'trips',
  pre_in_id: 'warehouse_pre_ins',
  warehouse_in_id: 'warehouse_ins',
  pre_out_id: 'warehouse_pre_outs',
  first_weight_id: 'outbound_first_weights',
  second_weight_id: 'outbound_second_weights',
  transfer_slip_id: 'transfer_slips',
  ledger_transaction_id: 'ledger_transactions',
};

/** The table a slip kind names (contracts `SLIP_KINDS`). */
const SLIP_KIND_TABLES: Record<string, string> = {
  loadingSlip: 'loading_slips',
  warehouseLoadingSlip: 'warehouse_outs',
  consigneeLoadingSlip: 'consignee_outs',
  transferSlip: 'transfer_slips',
};

/** Per-agency numbers (slips, tickets) of copy k are the template's plus k times this. */
const NUMBER_STRIDE = 1_000_000;

export interface DashboardSeed {
  bigAgencyId: number;
  /** The big agency's admin (the generated season's), and its password. */
  adminUsername: string;
  password: string;
  season: GeneratedSeason;
  /** Entries the services wrote for the season, and the copies that thickened it. */
  templateEntries: number;
  copies: number;
  bigAgencyEntries: number;
  entries: number;
  agencies: number;
  /** Rows of the big agency's documents after thickening, by table. */
  bigAgencyRows: Record<string, number>;
  seasonSeconds: number;
  thickenSeconds: number;
  smallAgenciesSeconds: number;
  analyzeSeconds: number;
  ledgerClean: boolean;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Column {
  name: string;
  type: string;
}

async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const result = await client.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return result.rows.map((r) => ({ name: r.column_name, type: r.data_type }));
}

/** Largest id of each table (the copies' ids are the template's plus k times it). */
async function maxIds(client: pg.Client, tables: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const table of tables) {
    const result = await client.query<{ max: string | null }>(`select max(id)::text as max from ${quoteIdent(table)}`);
    out.set(table, Number(result.rows[0]?.max ?? 0));
  }
  return out;
}

/**
 * Thickens the big agency's season (see the file's comment): copies 1..copies-1 of every movement, and the commercial
 * figures times `copies`. Runs in the caller's transaction, triggers off.
 */
async function thicken(client: pg.Client, agencyId: number, copies: number): Promise<void> {
  // Every table of the agency holding rows must be classified, so a new flow's table is not silently left out.
  const withAgency = await client.query<{ table_name: string }>(
    `select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'agency_id'`,
  );
  const known = new Set<string>([...MOVEMENT_TABLES, ...HEADER_TABLES, ...LEFT_ALONE]);
  for (const { table_name: table } of withAgency.rows) {
    if (known.has(table)) continue;
    const rows = await client.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(table)} where agency_id = $1`, [agencyId]);
    if (Number(rows.rows[0]?.n ?? 0) > 0) throw new Error(`dashboard bench: table ${table} holds the season's rows but is neither a movement nor a commercial table (scripts/bench/dashboard-seed.ts)`);
  }
  const ledgerTables = ['ledger_transactions', 'ledger_entries', 'ledger_accounts'];
  const max = await maxIds(client, [...MOVEMENT_TABLES, ...ledgerTables]);
  const stride = (table: string) => {
    const value = max.get(table);
    if (value === undefined) throw new Error(`no stride for ${table}`);
    return value;
  };
  const copiesSeries = `generate_series(1, ${copies - 1}) as copy(k)`;

  // Postings: a transaction of a movement is copied with it; a commercial one is multiplied. A commercial posting never
  // touches a trip's account (the season's loans are in place), which keeps the two apart: checked here.
  const movementList = MOVEMENT_TABLES.map((t) => `'${t}'`).join(', ');
  const headerList = HEADER_TABLES.map((t) => `'${t}'`).join(', ');
  const unclassified = await client.query<{ source_table: string }>(
    `select distinct source_table from ledger_transactions where agency_id = $1 and source_table not in (${movementList}, ${headerList})`,
    [agencyId],
  );
  if (unclassified.rows.length > 0) throw new Error(`dashboard bench: postings of ${unclassified.rows.map((r) => r.source_table).join(', ')} are not classified`);
  const crossing = await client.query<{ n: string }>(
    `select count(*)::text as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
     where t.agency_id = $1 and t.source_table in (${headerList}) and a.trip_id is not null`,
    [agencyId],
  );
  if (Number(crossing.rows[0]?.n ?? 0) > 0) throw new Error('dashboard bench: a commercial posting touches a trip account; it cannot be multiplied');

  const shift = (column: Column) => {
    const name = quoteIdent(column.name);
    // Each copy a few minutes earlier than the one before, so copies do not share their instants.
    if (column.type === 'timestamp with time zone' || column.type === 'timestamp without time zone') return `${name} - make_interval(mins => 3 * k)`;
    return name;
  };
  const referenceOf = (table: string, column: Column): string => {
    const name = quoteIdent(column.name);
    if (column.name === 'id') return `${name} + k * ${stride(table)}`;
    const target = MOVEMENT_REFERENCES[column.name];
    if (target) return `${name} + k * ${stride(target)}`;
    if (column.name === 'slip_id') return `${name} + k * case slip_kind ${Object.entries(SLIP_KIND_TABLES).map(([kind, t]) => `when '${kind}' then ${stride(t)}`).join(' ')} end`;
    if (column.name === 'received_id') return `${name} + k * case received_table ${MOVEMENT_TABLES.map((t) => `when '${t}' then ${stride(t)}`).join(' ')} end`;
    if (column.name === 'slip_number' || column.name === 'ticket_number') return `${name} + k * ${NUMBER_STRIDE}`;
    if (column.name === 'wbt_number') return `${name} || '-' || k`;
    return shift(column);
  };

  // Movement documents: copies 1..copies-1.
  for (const table of MOVEMENT_TABLES) {
    const columns = await columnsOf(client, table);
    const names = columns.map((c) => quoteIdent(c.name)).join(', ');
    await client.query(
      `insert into ${quoteIdent(table)} (${names}) overriding system value select ${columns.map((c) => referenceOf(table, c)).join(', ')} from ${quoteIdent(table)}, ${copiesSeries} where agency_id = $1`,
      [agencyId],
    );
  }
  // Their postings: the transactions, the trips' accounts, the entries (a trip account copied with its trip, the others shared).
  await client.query(
    `insert into ledger_transactions (id, agency_id, type, source_table, source_id, created_by, created_at, reverses_id, reason) overriding system value
     select id + k * ${stride('ledger_transactions')}, agency_id, type, source_table,
            source_id + k * case source_table ${MOVEMENT_TABLES.map((t) => `when '${t}' then ${stride(t)}`).join(' ')} end,
            created_by, created_at - make_interval(mins => 3 * k), reverses_id + k * ${stride('ledger_transactions')}, reason
     from ledger_transactions, ${copiesSeries} where agency_id = $1 and source_table in (${movementList})`,
    [agencyId],
  );
  await client.query(
    `insert into ledger_accounts (id, agency_id, kind, voyage_id, consignment_id, trip_id, location_id, silo_id, owner_company_id, cargo_type_id, attached_voyage_id, balance_kg, committed_kg) overriding system value
     select id + k * ${stride('ledger_accounts')}, agency_id, kind, voyage_id, consignment_id, trip_id + k * ${stride('trips')}, location_id, silo_id, owner_company_id, cargo_type_id, attached_voyage_id, balance_kg, committed_kg
     from ledger_accounts, ${copiesSeries} where agency_id = $1 and trip_id is not null`,
    [agencyId],
  );
  await client.query(
    `insert into ledger_entries (id, agency_id, transaction_id, account_id, quantity_kg, committed_kg) overriding system value
     select e.id + k * ${stride('ledger_entries')}, e.agency_id, e.transaction_id + k * ${stride('ledger_transactions')},
            e.account_id + case when a.trip_id is null then 0 else k * ${stride('ledger_accounts')} end, e.quantity_kg, e.committed_kg
     from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id, ${copiesSeries}
     where e.agency_id = $1 and t.source_table in (${movementList})`,
    [agencyId],
  );
  // Commercial documents and their postings: quantities times the copies.
  for (const table of HEADER_TABLES) {
    const kg = (await columnsOf(client, table)).filter((c) => c.name.endsWith('_kg'));
    if (kg.length === 0) continue;
    await client.query(`update ${quoteIdent(table)} set ${kg.map((c) => `${quoteIdent(c.name)} = ${quoteIdent(c.name)} * ${copies}`).join(', ')} where agency_id = $1`, [agencyId]);
  }
  await client.query(
    `update ledger_entries e set quantity_kg = e.quantity_kg * ${copies}, committed_kg = e.committed_kg * ${copies}
     from ledger_transactions t where t.id = e.transaction_id and e.agency_id = $1 and t.source_table in (${headerList})`,
    [agencyId],
  );
  // The shared accounts (places, owners, LC/POs, the vessel and on board) now keep copies-times their balances: recomputed
  // from their entries.
  await client.query(
    `update ledger_accounts a set balance_kg = s.balance, committed_kg = s.committed
     from (select account_id, sum(quantity_kg) as balance, sum(committed_kg) as committed from ledger_entries where agency_id = $1 group by account_id) s
     where a.id = s.account_id and a.agency_id = $1 and a.trip_id is null`,
    [agencyId],
  );
  for (const table of [...MOVEMENT_TABLES, ...ledgerTables]) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${quoteIdent(table)}))`);
  }
}

export async function seedDashboardData(params: {
  databaseUrl: string;
  db: Db;
  totalEntries: number;
  bigAgencyEntries: number;
  templateVoyages: number;
  agencies: number;
  log: (line: string) => void;
}): Promise<DashboardSeed> {
  const { db, log } = params;
  const password = 'Bench#Dashboard1';
  const seasonStarted = performance.now();
  log(`dashboard: the big agency's season through the flows' services (${params.templateVoyages} vessel calls)`);
  const generated = await createGeneratedAgency(db, { now: new Date(), seed: 15, voyages: params.templateVoyages, password, label: 'bench' });
  const seasonSeconds = (performance.now() - seasonStarted) / 1000;
  const countEntries = async (agencyId?: number) => {
    const [row] = await queryRows<{ n: string }>(db, agencyId === undefined ? sql`select count(*)::text as n from ledger_entries` : sql`select count(*)::text as n from ledger_entries where agency_id = ${agencyId}`);
    return Number(row?.n ?? 0);
  };
  const templateEntries = await countEntries(generated.agencyId);
  // The commercial postings stay as many (multiplied in place); the movements' entries are copied.
  const [split] = await queryRows<{ movement: string }>(
    db,
    sql`select count(*)::text as movement from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.agency_id = ${generated.agencyId} and t.source_table in (${sql.join(MOVEMENT_TABLES.map((table) => sql`${table}`), sql`, `)})`,
  );
  const movementEntries = Number(split?.movement ?? 0);
  const copies = Math.max(1, Math.round((params.bigAgencyEntries - (templateEntries - movementEntries)) / Math.max(1, movementEntries)));
  log(`dashboard: season made in ${seasonSeconds.toFixed(1)} s: ${templateEntries.toLocaleString('en-US')} entries, ${generated.season.loadingSlips} loading slips; thickening it ${copies} times`);

  const client = new pg.Client({ connectionString: params.databaseUrl });
  await client.connect();
  let thickenSeconds: number;
  let smallAgenciesSeconds: number;
  let analyzeSeconds: number;
  try {
    const triggersOff = await client.query(`set session_replication_role = replica`).then(
      () => true,
      () => false,
    );
    if (!triggersOff) throw new Error('dashboard bench: needs a superuser connection (TEST_DATABASE_URL) to write with triggers off');
    const thickenStarted = performance.now();
    await client.query('begin');
    try {
      await thicken(client, generated.agencyId, copies);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    thickenSeconds = (performance.now() - thickenStarted) / 1000;
    const bigAgencyEntries = await countEntries(generated.agencyId);
    log(`dashboard: the big agency holds ${bigAgencyEntries.toLocaleString('en-US')} entries (${thickenSeconds.toFixed(1)} s); writing the other ${params.agencies - 1} agencies' ledgers`);

    // The other agencies: the set-based ledger writer of section 8.
    const smallStarted = performance.now();
    const others = params.agencies - 1;
    const agencyRows = await client.query<{ id: number }>(
      `insert into agencies (name, timezone) select 'Bench Dashboard ' || lpad(g::text, 3, '0'), 'Asia/Riyadh' from generate_series(1, $1::int) g returning id`,
      [others],
    );
    const cycles = Math.max(1, Math.round((params.totalEntries - bigAgencyEntries) / ENTRIES_PER_CYCLE / Math.max(1, others)));
    const base = await client.query<{ a: string; t: string }>(`select (coalesce(max(id), 0) + 1)::text as a, (select coalesce(max(id), 0) + 1 from ledger_transactions)::text as t from ledger_accounts`);
    let accountBase = Number(base.rows[0]?.a ?? 1);
    let transactionBase = Number(base.rows[0]?.t ?? 1);
    for (const [i, { id: agencyId }] of agencyRows.rows.entries()) {
      const shape: Shape = { cycles, ...SMALL };
      await client.query('begin');
      try {
        await seedAgency(client, { agencyId, userId: generated.adminId, shape, ownerIds: Array.from({ length: shape.owners }, (_, j) => 900_000 + j), accountBase, transactionBase, locationBase: 1000 });
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
      accountBase += 2 * shape.consignments + 2 * shape.positions + 2 * shape.cycles;
      transactionBase += 4 * shape.cycles + shape.consignments;
      if ((i + 1) % 33 === 0) log(`dashboard: ${i + 1} of ${others} other agencies written`);
    }
    await client.query(`select setval(pg_get_serial_sequence('ledger_accounts', 'id'), (select max(id) from ledger_accounts))`);
    await client.query(`select setval(pg_get_serial_sequence('ledger_transactions', 'id'), (select max(id) from ledger_transactions))`);
    await client.query(`set session_replication_role = origin`);
    // The kept figures (movement counters, voyage figures, the IN/OUT stats' trip rows) of every entry copied past the
    // posting function (the thickening and the other agencies), rebuilt from the ledger as the migrations do;
    // findLedgerDifferences checks them below.
    // Statistics first: the rebuild's joins over millions of fresh rows are planned from them (without, the trip
    // rows' select ran for minutes in nested loops).
    await client.query('analyze');
    log('dashboard: rebuilding the kept figures from the ledger');
    const rebuildStarted = performance.now();
    await rebuildKeptFigures(db);
    log(`dashboard: kept figures rebuilt in ${((performance.now() - rebuildStarted) / 1000).toFixed(1)} s`);
    smallAgenciesSeconds = (performance.now() - smallStarted) / 1000;
    const analyzeStarted = performance.now();
    await client.query('vacuum analyze');
    analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  } finally {
    await client.end();
  }
  log('dashboard: checking the ledger (kept balances against the entries, every transaction sums to zero)');
  const differences = await findLedgerDifferences(db);
  const bigAgencyRows: Record<string, number> = {};
  for (const table of ['voyages', 'shipments', 'port_loadings', 'trips', 'loading_slips', 'warehouse_ins', 'consignee_ins', 'customer_ins', 'warehouse_outs', 'consignee_to_shipment_manager_loans', 'ledger_accounts']) {
    const [row] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from ${sql.identifier(table)} where agency_id = ${generated.agencyId}`);
    bigAgencyRows[table] = Number(row?.n ?? 0);
  }
  return {
    bigAgencyId: generated.agencyId,
    adminUsername: generated.username,
    password,
    season: generated.season,
    templateEntries,
    copies,
    bigAgencyEntries: await countEntries(generated.agencyId),
    entries: await countEntries(),
    agencies: params.agencies,
    bigAgencyRows,
    seasonSeconds,
    thickenSeconds,
    smallAgenciesSeconds,
    analyzeSeconds,
    ledgerClean: differences.length === 0,
  };
}
