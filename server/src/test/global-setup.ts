import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../platform/db/client';

/*
 * Once per test run (vitest `globalSetup` of the server project): one migrated database that every test's fresh
 * database starts as a copy of, instead of migrating its own (migrating took 4-15 s per test file on PGlite and 3-5 s
 * on PostgreSQL; a copy takes well under a second).
 * - PGlite: a migrated in-memory database's files as a tarball in a temporary folder; the harness opens each test
 *   database from it (`loadDataDir`).
 * - PostgreSQL: a template database of this run (`tonnage_tpl_<run>`); each test database is `create database ...
 *   template` it. Dropped at the end of the run, so runs never share anything.
 * The harness reads where they are from the environment (set here before the workers start) and migrates as before
 * when it is not set (a script using the harness outside vitest). The demo-season template beside it is made later,
 * by the first worker that asks for it (`demoTemplateNames`), so a run without such a test never seeds it.
 */

export const PGLITE_SNAPSHOT_ENV = 'TONNAGE_TEST_PGLITE_SNAPSHOT';
export const PG_TEMPLATE_ENV = 'TONNAGE_TEST_PG_TEMPLATE';

/**
 * The run's second template, the demo season seeded (harness.ts `createDemoTestApp`), made by the first worker that
 * needs one: on PGlite a `demo.tar` in the migrated tarball's folder, on PostgreSQL these databases.
 */
export function demoTemplateNames(migrated: string): { demo: string; building: string } {
  return { demo: `${migrated}_demo`, building: `${migrated}_demo_build` };
}

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    await database.migrate();
    const snapshot = await database.snapshot?.();
    await database.close();
    if (!snapshot) return () => Promise.resolve();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'tonnage-test-template-'));
    const file = path.join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
    process.env[PGLITE_SNAPSHOT_ENV] = file;
    return () => {
      rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `tonnage_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    const { demo, building } = demoTemplateNames(name);
    for (const database of [demo, building, name]) await run(`drop database if exists ${database} with (force)`);
  };
}
