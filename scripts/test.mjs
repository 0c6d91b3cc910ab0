// `npm test`: type check, lint, unit and API tests on PGlite, then the server tests again on PostgreSQL when
// TEST_DATABASE_URL is set. Ends with one "N passed, N failed" line over every test run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'node_modules', '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(title, command, args, env = {}) {
  console.info(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

// The Node from node_modules/.bin (pinned in package.json); scripts/runtime.test.ts fails on any other.
console.info(`Node ${process.version}`);

const totals = { passed: 0, failed: 0, skipped: 0 };
// The failed tests by name, repeated at the very end: a CI log that keeps only its tail still says what failed.
const failures = [];
function count(file, label) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) {
        const message = (test.failureMessages ?? [])[0]?.split('\n')[0] ?? '';
        failures.push(`${label} ${path.relative(root, suite.name)} > ${test.fullName}\n    ${message.slice(0, 300)}`);
      }
      if (suite.status === 'failed' && failed.length === 0) {
        failures.push(`${label} ${path.relative(root, suite.name)}\n    ${(suite.message ?? '').split('\n')[0].slice(0, 300)}`);
      }
    }
  } catch {
    totals.failed += 1;
    failures.push(`${label}: no test report at ${path.relative(root, file)}`);
  }
}

let ok = run('type check', 'npx', ['tsc', '-p', 'packages/contracts']) &&
  run('type check', 'npx', ['tsc', '-p', 'server']) &&
  run('type check', 'npx', ['tsc', '-p', 'web']) &&
  run('type check', 'npx', ['tsc', '-p', 'e2e']) &&
  run('type check', 'npx', ['tsc', '-p', 'scripts']) &&
  run('type check', 'npx', ['tsc', '-p', 'tsconfig.json']);
ok = run('lint', 'npx', ['eslint', '.', '--max-warnings=0']) && ok;

const pgliteReport = path.join(reports, 'pglite.json');
ok = run('unit and API tests on PGlite', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`], { TEST_DB: 'pglite' }) && ok;
count(pgliteReport, '[PGlite]');

if (process.env.TEST_DATABASE_URL) {
  const pgReport = path.join(reports, 'postgres.json');
  ok = run('server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`], { TEST_DB: 'postgres' }) && ok;
  count(pgReport, '[PostgreSQL]');
} else {
  console.info('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is left out (set it to postgres://postgres@127.0.0.1:5432/postgres).');
}

if (failures.length > 0) console.info(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.info(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
