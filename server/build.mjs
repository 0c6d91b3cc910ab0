// Builds the server into one file, dist/main.mjs, that plain Node runs (`npm start`): our TypeScript and the
// contracts' bundled by esbuild, every npm package left to Node. Running the build instead of the sources through
// tsx keeps a smaller process (no compiler in memory, no source maps kept for every module: docs/benchmarks.md,
// section 11) and starts faster. The map (dist/main.mjs.map) is only read with `node --enable-source-maps`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: ['server/src/main.ts'],
  outfile: 'server/dist/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The contracts are a workspace package of TypeScript sources: bundled with the server, not left to Node.
  alias: { '@tonnage/contracts': './packages/contracts/src/index.ts' },
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.info(`server built: server/dist/main.mjs in ${Math.round(performance.now() - started)} ms`);
