import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { ENSURE_APP_ROLE_SQL, GRANT_APP_ROLE_SQL } from './tenancy';

export type Schema = typeof schema;
/** A database or a transaction: data-access functions take this first, so several compose in one transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool (PostgreSQL only): the realtime adapter shares it. */
  pool: pg.Pool | undefined;
  migrate(): Promise<void>;
  /** Round trip to the database, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

const MIGRATION_LOCK_ID = 727_001;

/** Opens PGlite (embedded) or a PostgreSQL server, without migrating. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
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
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
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
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
    },
  };
}

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
