// The ledger's figures for `npm run bench`: `ledger:check` over one million entries.
//
// The entries are written set-based as the table owner (one statement per batch of transactions, each transaction
// two entries that sum to zero, the deferred zero-sum trigger checking every one at commit), and the kept balances
// are then set from them, exactly what a million postings would have left. The real command then runs as a child
// process, as an operator runs it: once on the clean ledger (exit 0 expected), once after one balance was moved by a
// kilogram behind the ledger's back (exit 1 and that account named expected), then the balance is put back.
import { PgDialect } from 'drizzle-orm/pg-core';
import { rebuildKeptFiguresStatements } from '../../server/src/ledger/kept-figures';
import { spawn } from 'node:child_process';
import pg from 'pg';

export interface LedgerCheckPhase {
  entries: number;
  transactions: number;
  accounts: number;
  seedSeconds: number;
  /** Wall time of `ledger:check` on the clean ledger, process start to exit. */
  cleanSeconds: number;
  /** Wall time of the run that found the planted difference. */
  plantedSeconds: number;
  /** What the planted run printed about the account it named. */
  plantedLine: string;
}

const ACCOUNT_PAIRS = 1_000;
const BATCH_TRANSACTIONS = 50_000;

/** Runs the real `ledger:check` against `databaseUrl`; resolves its exit code, output and wall time. */
function runLedgerCheck(rootDir: string, databaseUrl: string, timeoutMs: number): Promise<{ code: number; output: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ledger/ledger.check.ts'], {
      cwd: rootDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ledger:check did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/**
 * Writes `entries` ledger entries (half as many transactions) into the agency named `agencyName`, spread over
 * ACCOUNT_PAIRS VESSEL/ON_BOARD account pairs, and sets the kept balances from them.
 */
async function seedEntries(databaseUrl: string, agencyName: string, entries: number, log: (line: string) => void): Promise<{ accounts: number; transactions: number; seconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const agency = await client.query<{ id: number; user_id: number }>(
      `select a.id, (select min(u.id) from users u) as user_id from agencies a where a.name = $1`,
      [agencyName],
    );
    const row = agency.rows[0];
    if (!row) throw new Error(`no agency "${agencyName}"`);
    const { id: agencyId, user_id: userId } = row;
    // Voyage ids far above any real one: these accounts are the benchmark's own.
    await client.query(
      `insert into ledger_accounts (agency_id, kind, voyage_id, consignment_id)
       select $1, kind, 900000 + g, 900000 + g from generate_series(1, $2) g cross join (values ('VESSEL'), ('ON_BOARD')) k(kind)`,
      [agencyId, ACCOUNT_PAIRS],
    );
    const transactions = Math.floor(entries / 2);
    for (let done = 0; done < transactions; done += BATCH_TRANSACTIONS) {
      const count = Math.min(BATCH_TRANSACTIONS, transactions - done);
      await client.query('begin');
      await client.query(
        `with t as (
           insert into ledger_transactions (agency_id, type, source_table, source_id, created_by, created_at)
           select $1, 'bench', 'bench', $2 + g, $3, now() from generate_series(1, $4) g
           returning id, source_id)
         insert into ledger_entries (agency_id, transaction_id, account_id, quantity_kg)
         select $1, t.id, acc.id, side.sign * (1000 + t.source_id % 29000)
         from t
         cross join (values (1, 'ON_BOARD'), (-1, 'VESSEL')) side(sign, kind)
         join ledger_accounts acc on acc.agency_id = $1 and acc.kind = side.kind and acc.voyage_id = 900000 + 1 + t.source_id % $5`,
        [agencyId, done, userId, count, ACCOUNT_PAIRS],
      );
      await client.query('commit');
      log(`ledger: ${((done + count) * 2).toLocaleString('en-US')} entries written`);
    }
    await client.query(
      `update ledger_accounts a set balance_kg = s.total
       from (select account_id, sum(quantity_kg) as total from ledger_entries group by account_id) s
       where s.account_id = a.id and a.agency_id = $1 and a.voyage_id > 900000`,
      [agencyId],
    );
    // The kept figures (movement counters, voyage figures, trip rows) of the copied entries (the posting function was bypassed).
    for (const statement of rebuildKeptFiguresStatements(agencyId)) {
      const query = new PgDialect().sqlToQuery(statement);
      await client.query(query.sql, query.params);
    }
    await client.query('vacuum analyze ledger_entries');
    await client.query('vacuum analyze ledger_accounts');
    await client.query('vacuum analyze ledger_movement_totals');
    await client.query('vacuum analyze ledger_voyage_figures');
    await client.query('vacuum analyze ledger_trip_dispatches');
    await client.query('vacuum analyze ledger_trip_receipts');
    await client.query('vacuum analyze ledger_place_moves');
    await client.query('vacuum analyze ledger_place_trips');
    await client.query('vacuum analyze ledger_place_departures');
    return { accounts: ACCOUNT_PAIRS * 2, transactions, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

export async function benchLedgerCheck(params: {
  rootDir: string;
  databaseUrl: string;
  agencyName: string;
  entries: number;
  log: (line: string) => void;
}): Promise<LedgerCheckPhase> {
  const { rootDir, databaseUrl, log } = params;
  log(`ledger: writing ${params.entries.toLocaleString('en-US')} entries`);
  const seed = await seedEntries(databaseUrl, params.agencyName, params.entries, log);
  const counted = await countEntries(databaseUrl);
  log(`ledger: ${counted.toLocaleString('en-US')} entries in ${seed.seconds.toFixed(1)} s; running ledger:check`);

  const clean = await runLedgerCheck(rootDir, databaseUrl, 300_000);
  if (clean.code !== 0) throw new Error(`ledger:check on the clean ledger exited ${clean.code}: ${clean.output.trim()}`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let planted: { code: number; output: string; seconds: number };
  let accountId: number;
  try {
    const target = await client.query<{ id: number }>(`select id from ledger_accounts where voyage_id = 900001 and kind = 'ON_BOARD'`);
    accountId = target.rows[0]?.id ?? 0;
    await client.query('update ledger_accounts set balance_kg = balance_kg + 1 where id = $1', [accountId]);
    try {
      planted = await runLedgerCheck(rootDir, databaseUrl, 300_000);
    } finally {
      await client.query('update ledger_accounts set balance_kg = balance_kg - 1 where id = $1', [accountId]);
    }
  } finally {
    await client.end();
  }
  const line = planted.output.split('\n').find((l) => l.includes(`account ${accountId}:`)) ?? '';
  if (planted.code !== 1 || !line) throw new Error(`ledger:check missed a planted difference (exit ${planted.code}): ${planted.output.trim()}`);
  return {
    entries: counted,
    transactions: seed.transactions,
    accounts: seed.accounts,
    seedSeconds: seed.seconds,
    cleanSeconds: clean.seconds,
    plantedSeconds: planted.seconds,
    plantedLine: line.trim(),
  };
}

async function countEntries(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('select count(*)::text as n from ledger_entries');
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
