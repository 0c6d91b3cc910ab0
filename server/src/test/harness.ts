import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { PGLITE_SNAPSHOT_ENV, PG_TEMPLATE_ENV } from './global-setup';

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

/** A fresh, migrated database of its own: a new PGlite in memory, or a new database on the PostgreSQL server. */
export async function createTestDatabase(): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  // The run's migrated template (global-setup.ts), when the run made one; otherwise each database migrates itself.
  if (testEngine === 'pglite') {
    const snapshot = process.env[PGLITE_SNAPSHOT_ENV];
    const database = await openDatabase(snapshot ? { pgliteSnapshot: new Blob([readFileSync(snapshot)]) } : {});
    if (!snapshot) await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = adminUrl();
  const name = `tonnage_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await adminClient.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  if (!template) await database.migrate();
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

/** Builds the app on a fresh database with a controllable clock, a capturing mailer and a temporary data dir. */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; storage?: FileStorage; realtime?: boolean; database?: Database } = {},
): Promise<TestApp> {
  const owned = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? owned?.database;
  if (!database) throw new Error('no database');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-test-'));
  const config = loadConfig({}, { dataDir, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web'), ...options.config });
  const clock = fixedClock(new Date('2026-11-21T08:00:00Z'));
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
