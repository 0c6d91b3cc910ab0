import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sleep } from './stats';

/** A throw-away database on the local PostgreSQL server. */
export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates `tonnage_bench_<random>` next to the admin URL's database. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `tonnage_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface ServerOptions {
  rootDir: string;
  databaseUrl: string;
  adminPassword: string;
  demoPassword: string;
  /** How long to wait for /api/health. */
  startTimeoutMs: number;
}

/** The real server, started as a child process as `npm start` runs it (`node server/dist/main.mjs`, built first). */
export interface ServerProcess {
  baseUrl: string;
  pid: number | undefined;
  /** The last lines the server wrote, for error reports. */
  output(): string;
  stop(): Promise<void>;
}

/** Environment variables of the parent that must not reach the bench server (remote services, proxies). */
const STRIPPED_ENV = /^(S3_|SMTP_|PUBLIC_URL$|TRUST_PROXY$|APP_VERSION$|HOST$|PORT$|DATA_DIR$|DATABASE_URL$|ADMIN_|DEMO_|SEED_DEMO$|LOG_LEVEL$|NODE_OPTIONS$)/;

/**
 * How `npm start` runs the built server (server/package.json's start script): the environment it sets (glibc's
 * `MALLOC_ARENA_MAX`) and the Node flags (the heap limits), docs/decisions.md "The built server"; so the benchmarks
 * and the browser tests run the server exactly as it is deployed.
 */
export function serverStart(rootDir: string): { env: Record<string, string>; flags: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(rootDir, 'server', 'package.json'), 'utf8')) as { scripts?: { start?: unknown } };
  const start = manifest.scripts?.start;
  const match = typeof start === 'string' ? /(?:^|&&\s*)((?:[A-Z_]+=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/main\.mjs\s*$/.exec(start) : null;
  if (!match) throw new Error(`server/package.json's start script does not end with "[VAR=value ...] node [--flags] dist/main.mjs": ${String(start)}`);
  const env = Object.fromEntries((match[1] ?? '').split(/\s+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return { env, flags: (match[2] ?? '').split(/\s+/).filter(Boolean) };
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-bench-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!STRIPPED_ENV.test(key)) env[key] = value;
  Object.assign(env, {
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: options.adminPassword,
    SEED_DEMO: '1',
    DEMO_PASSWORD: options.demoPassword,
    // The weighbridge benchmark starts its own simulators and points the demo's bridges at them.
    DEMO_WEIGHBRIDGES: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  // The server as `npm start` runs it: built (server/build.mjs), then plain Node.
  const built = spawnSync(process.execPath, [path.join('server', 'build.mjs')], { cwd: options.rootDir, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server build failed: ${built.stderr || built.stdout}`);
  const start = serverStart(options.rootDir);
  Object.assign(env, start.env);
  const child: ChildProcess = spawn(process.execPath, [...start.flags, path.join('server', 'dist', 'main.mjs')], {
    cwd: options.rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: string | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${String(code)}`;
      resolve();
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exitPromise.then(() => false), sleep(8_000).then(() => true)]);
      if (timedOut && exited === null) {
        child.kill('SIGKILL');
        await Promise.race([exitPromise, sleep(2_000)]);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const server: ServerProcess = { baseUrl, pid: child.pid, output: () => lines.join('\n'), stop };

  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the server exited (${String(exited)}) before answering /api/health:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${options.startTimeoutMs / 1000} s:\n${server.output()}`);
    }
    await sleep(200);
  }
}
