// Each dashboard call alone, one at a time, in-process (the app's own routes through `inject`), on a database the
// dashboard benchmark kept (`BENCH_KEEP_DATABASE=1 npm run bench -- --dashboard`): where a call spends its time
// without the other users' calls beside it. Prints the median and the highest of `BENCH_CALLS_REPEAT` (7) draws per
// route, for an agency admin and a shipment manager's admin of the benchmark's big agency. With the stats route in the
// filter (or none), the IN/OUT Stats call is also timed over longer periods ending on the benchmark's busiest day: the
// last 7 and 30 days and the whole season.
//
//   node --import tsx scripts/bench/dashboard-calls.ts postgres://postgres@127.0.0.1:5432/<kept database> [route filter]
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../server/src/platform/db/client';
import { createTestApp } from '../../server/src/test/harness';
import { loginAs } from '../../server/src/test/fixtures';
import { mulberry32, poolsOf, REQUESTS } from './dashboard';

const [url, filter] = process.argv.slice(2);
if (!url) {
  console.error('usage: node --import tsx scripts/bench/dashboard-calls.ts <database url> [route filter]');
  process.exit(2);
}
const repeat = Number(process.env.BENCH_CALLS_REPEAT ?? 7);
const STATS_ROUTE = '/api/dashboard/stats';

const database = await openDatabase({ url, poolSize: 2 });
const t = await createTestApp({ database });
try {
  const users = await queryRows<{ username: string; agencyId: number; companyId: number | null }>(
    database.db,
    sql`select username, agency_id as "agencyId", company_id as "companyId" from users where username in ('bench.dashboard.admin.0', 'bench.dashboard.manager.0')`,
  );
  if (users.length !== 2) throw new Error('the benchmark users are missing: keep a database of `npm run bench -- --dashboard`');
  console.log('| call | user | median | highest | size |');
  console.log('|---|---|---|---|---|');
  for (const user of users.sort((a, b) => a.username.localeCompare(b.username))) {
    const agencyId = Number(user.agencyId);
    const managerId = user.companyId === null ? null : Number(user.companyId);
    const pools = await poolsOf(database.db, agencyId, managerId);
    const headers = { authorization: `Bearer ${await loginAs(t.app, user.username)}`, 'x-agency-id': String(agencyId) };
    for (const [route, kind] of Object.entries(REQUESTS)) {
      if (filter && !route.includes(filter)) continue;
      const random = mulberry32(11);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < repeat; i += 1) {
        const params = kind.params(pools, random);
        if (params === null) break;
        const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
        const started = performance.now();
        const response = await t.app.inject({ method: 'GET', url: `${route.slice('GET '.length)}${query ? `?${query}` : ''}`, headers });
        times.push(performance.now() - started);
        bytes = response.rawPayload.byteLength;
        if (response.statusCode !== 200 && managerId === null) throw new Error(`${route} ${query} answered ${response.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
      console.log(`| \`${route.slice('GET '.length)}\` | ${managerId === null ? 'admin' : 'manager'} | ${median.toFixed(1)} ms | ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms | ${(bytes / 1024).toFixed(1)} KiB |`);
    }
    if (filter && !STATS_ROUTE.includes(filter)) continue;
    const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const periods: [string, string, string][] = [
      ['the last 7 days', daysBefore(pools.statsDay, 6), pools.statsDay],
      ['the last 30 days', daysBefore(pools.statsDay, 29), pools.statsDay],
      ['the whole season', pools.seasonDays.first, pools.seasonDays.last],
    ];
    for (const [label, startDate, endDate] of periods) {
      const times: number[] = [];
      for (let i = 0; i < repeat; i += 1) {
        const started = performance.now();
        const response = await t.app.inject({ method: 'GET', url: `${STATS_ROUTE}?startDate=${startDate}&endDate=${endDate}`, headers });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${STATS_ROUTE} ${startDate}..${endDate} answered ${response.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
      console.log(`| \`${STATS_ROUTE}\`, ${label} (${startDate} to ${endDate}) | ${managerId === null ? 'admin' : 'manager'} | ${median.toFixed(1)} ms | ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms | |`);
    }
  }
} finally {
  await t.close();
  await database.close();
}
