// Builds the web app when web/dist is missing or older than its sources, so `npm start` is quick after the first run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'web', 'dist', 'index.html');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'packages/contracts/src', 'package.json', 'web/package.json'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stat.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt >= changedAt && process.env.FORCE_WEB_BUILD !== '1') {
  console.info('web app is up to date');
} else {
  console.info('building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
