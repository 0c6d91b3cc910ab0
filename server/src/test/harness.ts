import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type ModuleContext } from '../app';
import type { FastifyInstance } from 'fastify';
import { fixedClock } from '../platform/clock';
import { loadConfig, type AppConfig } from '../platform/config';
import { openDatabase, type Database } from '../platform/db/client';
import type { MailMessage, Mailer } from '../platform/mail/mailer';
import type { FileStorage } from '../platform/storage/storage';
import type { ReadingHub } from '../modules/weighing/gateway/hub';
import { seedFirstRun } from '../seed/first-run';
import { PGLITE_SNAPSHOT_ENV, PG_TEMPLATE_ENV, demoTemplateNames } from './global-setup';

/** Which engine this test run uses: `TEST_DB=postgres` (with TEST_DATABASE_URL) or PGlite in memory. */
export const testEngine: 'postgres' | 'pglite' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The budget of a test that sweeps every registered route: it grows with every route, and the 2-core CI machine runs
 * two test files at once (a sweep that takes 90 s alone took 150 s beside another file and a benchmark).
 */
export const ROUTE_SWEEP_BUDGET_MS = 600_000;

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  return url;
}

/** Where every test app's clock starts, and the time the demo template was seeded at. */
export const TEST_START = new Date('2026-11-21T08:00:00Z');

/** The configuration of a test app with the demo season: the passwords its users sign in with. */
export const DEMO_TEST_CONFIG = { seedDemo: true, demoPassword: 'Demo#Pass1', adminPassword: 'Admin#Pass1' } as const;

/** What `npm start` seeds on an empty database (`seedFirstRun` with the demo season), at `TEST_START`. */
async function seedDemo(database: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-test-seed-'));
  try {
    const config = loadConfig({}, { dataDir, logLevel: 'silent', ...DEMO_TEST_CONFIG });
    await seedFirstRun(database.db, { config, clock: fixedClock(TEST_START), log: () => undefined });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The run's template a test database starts as: migrated only, or migrated with the demo season seeded. */
export type TestTemplate = 'migrated' | 'demo';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a worker waits for another to finish seeding the demo template before it gives up. */
const TEMPLATE_WAIT_MS = 600_000;

let pgliteDemo: Promise<string> | undefined;
/**
 * The demo template on PGlite: a tarball beside the migrated one, made once per run by whichever worker asks first
 * (a lock file says who) and read by every other, so only the files that need it pay its seeding, once.
 */
function pgliteDemoSnapshot(migrated: string): Promise<string> {
  pgliteDemo ??= (async () => {
    const target = path.join(path.dirname(migrated), 'demo.tar');
    const lock = `${target}.lock`;
    let mine = false;
    try {
      closeSync(openSync(lock, 'wx'));
      mine = true;
    } catch {
      // another worker is seeding it
    }
    if (mine) {
      const database = await openDatabase({ pgliteSnapshot: new Blob([readFileSync(migrated)]) });
      try {
        await seedDemo(database);
        const snapshot = await database.snapshot?.();
        if (!snapshot) throw new Error('PGlite gave no snapshot');
        writeFileSync(`${target}.part`, Buffer.from(await snapshot.arrayBuffer()));
        renameSync(`${target}.part`, target);
      } finally {
        await database.close();
      }
      return target;
    }
    for (const deadline = Date.now() + TEMPLATE_WAIT_MS; !existsSync(target); await sleep(200)) {
      if (Date.now() > deadline) throw new Error(`the demo template (${target}) was not ready within ${TEMPLATE_WAIT_MS / 1000} s`);
    }
    return target;
  })();
  return pgliteDemo;
}

/**
 * The demo template on PostgreSQL: a template database beside the migrated one, made once per run under an advisory
 * lock by whichever worker asks first. It is seeded under another name and renamed when whole, so a worker that died
 * half-way leaves nothing another would copy.
 */
async function pgDemoTemplate(admin: string, migrated: string): Promise<string> {
  const { demo, building } = demoTemplateNames(migrated);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [demo]);
    const found = await client.query('select 1 from pg_database where datname = $1', [demo]);
    if (found.rowCount === 0) {
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building} template ${migrated}`);
      const url = new URL(admin);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 2 });
      try {
        await seedDemo(database);
      } finally {
        await database.close();
      }
      await client.query(`alter database ${building} rename to ${demo}`);
    }
    return demo;
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [demo]).catch(() => undefined);
    await client.end();
  }
}

/**
 * A fresh database of its own: a new PGlite in memory, or a new database on the PostgreSQL server; migrated, and with
 * the demo season seeded when `template` is 'demo' (copied from the run's template, as fast as an empty one).
 */
export async function createTestDatabase(template: TestTemplate = 'migrated'): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  // The run's migrated template (global-setup.ts), when the run made one; otherwise each database migrates itself.
  if (testEngine === 'pglite') {
    const migrated = process.env[PGLITE_SNAPSHOT_ENV];
    const snapshot = migrated && template === 'demo' ? await pgliteDemoSnapshot(migrated) : migrated;
    const database = await openDatabase(snapshot ? { pgliteSnapshot: new Blob([readFileSync(snapshot)]) } : {});
    if (!snapshot) await database.migrate();
    if (!snapshot && template === 'demo') await seedDemo(database);
    return { database, url: undefined, drop: () => database.close() };
  }
  const migrated = process.env[PG_TEMPLATE_ENV];
  const admin = adminUrl();
  const source = migrated && template === 'demo' ? await pgDemoTemplate(admin, migrated) : migrated;
  const name = `tonnage_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(source ? `create database ${name} template ${source}` : `create database ${name}`);
  await adminClient.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  if (!source) await database.migrate();
  if (!source && template === 'demo') await seedDemo(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A mailer that keeps what it sends, for assertions. */
export function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send(message) {
      sent.push(message);
      return Promise.resolve();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  context: ModuleContext;
  database: Database;
  config: AppConfig;
  clock: ReturnType<typeof fixedClock>;
  mailer: ReturnType<typeof capturingMailer>;
  /** The app's weighbridge hub (no gateway runs in tests): feed it readings with `receive`. */
  weighbridges: ReadingHub;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  storage?: FileStorage;
  realtime?: boolean;
  database?: Database;
}

/** Builds the app on a fresh database with a controllable clock, a capturing mailer and a temporary data dir. */
export function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return buildTestApp(options, 'migrated');
}

/**
 * The app on a fresh database with the demo season as `npm start` seeds it (`seedFirstRun` at `TEST_START`, the
 * passwords of `DEMO_TEST_CONFIG`), copied from the run's demo template instead of seeded again by every test file.
 */
export function createDemoTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return buildTestApp({ ...options, config: { ...DEMO_TEST_CONFIG, ...options.config } }, 'demo');
}

async function buildTestApp(options: TestAppOptions, template: TestTemplate): Promise<TestApp> {
  const owned = options.database ? undefined : await createTestDatabase(template);
  const database = options.database ?? owned?.database;
  if (!database) throw new Error('no database');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-test-'));
  const config = loadConfig({}, { dataDir, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web'), ...options.config });
  const clock = fixedClock(TEST_START);
  const mailer = capturingMailer();
  const { app, context, weighbridges } = await buildApp({
    config,
    database,
    clock,
    mailer,
    ...(options.storage ? { storage: options.storage } : {}),
    realtime: options.realtime ?? false,
    logger: false,
  });
  await app.ready();
  return {
    app,
    context,
    database,
    config,
    clock,
    mailer,
    weighbridges,
    dataDir,
    async close() {
      await app.close();
      await owned?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
