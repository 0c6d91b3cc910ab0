import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedQueryError, openDatabase, queryRows, type Database } from './client';
import { EmbeddedDatabaseInUseError } from './embedded-lock';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(async () => {
  await database.close();
});

describe('embedded database guard', () => {
  it('fails at once, instead of hanging, when code in a transaction queries the root database', async () => {
    const outcome = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await database.db.execute(sql`select 2`);
      })
      .then(
        () => 'committed',
        (error: unknown) => (error instanceof Error ? error.cause : error),
      );
    expect(outcome).toBeInstanceOf(NestedQueryError);
  });

  it('lets concurrent transactions and queries of other requests simply wait their turn', async () => {
    const results = await Promise.all([
      database.db.transaction(async (tx) => (await queryRows<{ n: number }>(tx, sql`select 1 as n`))[0]?.n),
      queryRows<{ n: number }>(database.db, sql`select 2 as n`).then((rows) => rows[0]?.n),
      database.db.transaction(async (tx) => (await queryRows<{ n: number }>(tx, sql`select 3 as n`))[0]?.n),
    ]);
    expect(results).toEqual([1, 2, 3]);
  });
});

describe('embedded database lock', () => {
  it('refuses a folder another live process has open, takes over a lock left by a dead one, and releases on close', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tonnage-lock-'));
    const dir = path.join(root, 'pglite');
    const lockFile = path.join(root, 'pglite.lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile, String(other.pid));
      await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(EmbeddedDatabaseInUseError);
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
      const opened = await openDatabase({ pgliteDir: dir });
      expect(existsSync(lockFile)).toBe(true);
      await opened.close();
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      other.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    }
  });
});
