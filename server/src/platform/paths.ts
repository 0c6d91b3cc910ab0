import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether a directory is the repository's root: its package.json is the workspace root "tonnage". */
function isRoot(dir: string): boolean {
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'tonnage';
  } catch {
    return false;
  }
}

/**
 * The repository's root, found upwards from this module: the same from the sources (`server/src/platform`, run by
 * tsx in development and tests) and from the built server (`server/dist/main.mjs`, one file where every module
 * shares one `import.meta.url`). Everything the server reads beside its code is named from here.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (isRoot(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no Tonnage root (package.json named "tonnage") above ${start}`);
  }
}

export const rootDir = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The server package: its migrations (`drizzle/`) and its build (`dist/`). */
export const serverDir = path.join(rootDir, 'server');
