// `npm run test:e2e`: builds the web app if needed and the server, then for each language starts the built server on a fresh
// database and runs every spec against it in Debian's Chromium (node's test runner + playwright-core); then, the
// server stopped, `ledger:check` over that database must find the ledger whole.
// The database is the embedded one `npm start` runs on, but for the languages of E2E_POSTGRES_LANGUAGES (default
// `ar` when TEST_DATABASE_URL is set), which run on a database of their own on that PostgreSQL server, as production
// does: so the browser drives both engines (docs/decisions.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverStart } from '../scripts/bench/server';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './support/credentials';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const languages = (process.env.E2E_LANGUAGES ?? 'en,ar').split(',').filter(Boolean);
const adminUrl = process.env.TEST_DATABASE_URL;
const postgresLanguages = new Set((process.env.E2E_POSTGRES_LANGUAGES ?? (adminUrl ? 'ar' : '')).split(',').filter(Boolean));
if (postgresLanguages.size > 0 && !adminUrl) {
  console.error('E2E_POSTGRES_LANGUAGES needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(1);
}

/** Runs one statement on the PostgreSQL server's admin database. */
async function adminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy within 60 s');
}

/** The database of one language's run: '' for the embedded one in DATA_DIR, or a new one on the PostgreSQL server. */
async function languageDatabase(language: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresLanguages.has(language) || !adminUrl) return { url: '', drop: () => Promise.resolve() };
  const name = `tonnage_e2e_${language}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminStatement(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminStatement(`drop database if exists ${name} with (force)`) };
}

async function runLanguage(language: string): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tonnage-e2e-${language}-`));
  const database = await languageDatabase(language);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let passed: boolean;
  const start = serverStart(root);
  const server = spawn('node', [...start.flags, 'server/dist/main.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      DATABASE_URL: database.url,
      // The embedded database seeds the demo season on its own; a server database is seeded when asked.
      SEED_DEMO: database.url ? '1' : '',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await waitForHealth(baseUrl, server);
    console.info(`\n=== e2e in ${language} against ${baseUrl} on ${database.url ? 'PostgreSQL' : 'the embedded database'}`);
    const specs =
      process.argv.slice(2).length > 0
        ? process.argv.slice(2)
        : readdirSync(path.join(root, 'e2e', 'specs'))
            .filter((name) => name.endsWith('.spec.ts'))
            .sort()
            .map((name) => path.join('e2e', 'specs', name));
    const result = spawnSync('node', ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_LANGUAGE: language, E2E_DATA_DIR: dataDir },
    });
    passed = result.status === 0;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
  }
  try {
    // What the browser did through every flow leaves the ledger whole: `ledger:check` on the run's database.
    const check = spawnSync('node', ['--import', 'tsx', 'server/src/ledger/ledger.check.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
    });
    console.info(`=== ledger:check after the e2e run in ${language}: ${check.status === 0 ? 'clean' : `exit ${check.status}`}`);
    return passed && check.status === 0;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

// The web app and the server as `npm start` builds and runs them.
for (const step of ['scripts/build-web-if-needed.mjs', 'server/build.mjs']) {
  const build = spawnSync('node', [step], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
let ok = true;
for (const language of languages) ok = (await runLanguage(language)) && ok;
process.exit(ok ? 0 : 1);
