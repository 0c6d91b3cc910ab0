import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockEmbeddedDatabase } from './embedded-lock';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ENSURE_APP_ROLE_SQL, GRANT_APP_ROLE_SQL } from './tenancy';
import { serverDir } from '../paths';

/**
 * A database or a transaction: data-access functions take this first, so several compose in one transaction.
 * Queries name their tables (no relational `db.query`), so the client needs no table list: the platform stays
 * below the layers that declare the tables (the full list, for drizzle-kit, is `src/schema.ts`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export const migrationsFolder = path.join(serverDir, 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool (PostgreSQL only): the realtime adapter shares it. */
  pool: pg.Pool | undefined;
  migrate(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to open copies of it (`pgliteSnapshot`); the tests' migrated template. */
  snapshot?(): Promise<Blob>;
  /** Round trip to the database, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /** An in-memory PGlite starting as a copy of this snapshot (`Database.snapshot`), instead of empty. */
  pgliteSnapshot?: Blob | undefined;
  poolSize?: number;
}

const MIGRATION_LOCK_ID = 727_001;

/** Error raised instead of a hang when code inside a transaction queries through the root connection. */
export class NestedQueryError extends Error {
  constructor() {
    super('A query went to the root database from inside a transaction; use the transaction (tx) instead');
    this.name = 'NestedQueryError';
  }
}

/**
 * PGlite has one connection: a query on the root database issued from inside a transaction waits for that
 * transaction, which waits for the query, and the embedded database hangs for good. This marks the async context
 * of every transaction and makes such a query fail at once instead (PostgreSQL's pool would hide the mistake
 * and hold a second connection). Queries of other, concurrent requests are not affected: they simply wait.
 */
function guardNestedQueries(client: PGlite): void {
  const inTransaction = new AsyncLocalStorage<true>();
  const transaction = client.transaction.bind(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) => {
    if (inTransaction.getStore()) return Promise.reject(new NestedQueryError());
    return inTransaction.run(true, () => transaction(callback));
  }) as PGlite['transaction'];
  client.query = ((...args: Parameters<PGlite['query']>) => {
    if (inTransaction.getStore()) return Promise.reject(new NestedQueryError());
    return query(...args);
  }) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => {
    if (inTransaction.getStore()) return Promise.reject(new NestedQueryError());
    return exec(...args);
  });
}

/** Opens PGlite (embedded) or a PostgreSQL server, without migrating. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => undefined);
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      async migrate() {
        // Several processes may start at once: one migrates, the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await client.query(ENSURE_APP_ROLE_SQL);
          await migratePg(drizzlePg(client), { migrationsFolder });
          await client.query(GRANT_APP_ROLE_SQL);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await pool.end();
      },
    };
  }
  // The embedded engine is loaded only when it is used: a server on PostgreSQL never holds its code.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const release = options.pgliteDir ? lockEmbeddedDatabase(options.pgliteDir) : () => undefined;
  // pg_trgm: the trigram indexes of master-data search (migration 0001).
  const client = new PGlite({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    extensions: { pg_trgm },
  });
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  guardNestedQueries(client);
  const pgliteDb = drizzlePglite(client);
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    async migrate() {
      await client.exec(ENSURE_APP_ROLE_SQL);
      await migratePglite(pgliteDb, { migrationsFolder });
      await client.exec(GRANT_APP_ROLE_SQL);
    },
    snapshot: () => client.dumpDataDir('none'),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();
/** The statement names of the texts seen (a name per distinct text: a statement's text varies with its inputs). */
const statementNames = new Map<string, string>();

/**
 * Runs raw SQL as a named prepared statement and returns its rows. On PostgreSQL (node-postgres) a connection
 * parses and plans a named statement once and then only binds and executes it, which saves the planning of a
 * long statement on a hot path (the loading slip's lock and write statements). The name is `name` and a hash of
 * the text, since a text varies with its inputs (the lists of a data scope): each distinct text is its own
 * statement on each connection. PGlite ignores the name (each call is parsed as `queryRows` is).
 */
export async function queryRowsNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let statement = statementNames.get(built.sql);
  if (statement === undefined) {
    statement = `${name}_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 22)}`;
    if (statementNames.size < 1000) statementNames.set(built.sql, statement);
  }
  const result: unknown = await db._.session.prepareQuery(built, undefined, statement, false).execute();
  return (result as { rows: T[] }).rows;
}
