import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process has the embedded database open. */
export class EmbeddedDatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(`The embedded database in ${dir} is in use by process ${pid}; stop it first (two processes on one embedded database corrupt it).`);
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process: PGlite has no lock of its own, and a second process (a
 * second server, `npm run ledger:check` beside a running server) writing the same files corrupts them. The lock is a
 * file beside the folder holding the owner's pid, created exclusively; a lock left by a process that is gone is
 * taken over. Returns the release function.
 */
export function lockEmbeddedDatabase(dir: string): () => void {
  const file = path.join(path.dirname(path.resolve(dir)), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new EmbeddedDatabaseInUseError(dir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}
