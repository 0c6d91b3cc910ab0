import { existsSync } from 'node:fs';
import path from 'node:path';
import { ExportMessages, ListMessages, SocketEvents, permissionFlag, type TConsignmentList, type TExportJob, type TExportJobList, type TExportStart } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../identity/users.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { makeCargoWorld, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { consignments, saleOrders } from '../procurement/procurement.schema';
import { exportJobs } from './export-jobs.schema';
import { MAX_ATTEMPTS } from './export-runner';

/*
 * Exports of issue 16 through the real routes, on the engine of the run: a list streamed as .xlsx (headers in the
 * user's language, numbers with 3 decimals, the frozen header, right-to-left in Arabic, every row of the list in the
 * user's scope), the rollover to a second sheet past the sheet limit (40 rows here), the background job from the
 * queue to the download with its progress (its events), cancel and expiry, a restart's interrupted job, the
 * authorization of every job route, and bad input. The threshold is 50 rows here; consignments are the list.
 */

const SHEET_ROWS = 40;
const THRESHOLD = 50;
const MINE = 30;
const THEIRS = 35;

let t: TestApp;
let agencyId: number;
let otherAgencyId: number;
let mine: CargoWorld;
let theirs: CargoWorld;
const headers: Record<'admin' | 'managerA' | 'managerB' | 'viewer' | 'stranger' | 'superAdmin' | 'noFlag', Record<string, string>> = {
  admin: {},
  managerA: {},
  managerB: {},
  viewer: {},
  stranger: {},
  superAdmin: {},
  noFlag: {},
};
let viewerRoleId: number;
const events: { userId: number; event: string; job: TExportJob }[] = [];

async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, who: Record<string, string>, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: who, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const json = response.headers['content-type']?.toString().includes('json') ? response.json<T>() : (undefined as T);
  return { status: response.statusCode, body: json, raw: response };
}

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

const dataRows = (sheet: ExcelJS.Worksheet) => sheet.actualRowCount - 1;
const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map(String);
/** The text of a cell (the LC numbers are text cells). */
const textOf = (sheet: ExcelJS.Worksheet, row: number, column: number) => sheet.getRow(row).getCell(column).text;

/** Waits until the job is no longer under way (the runner works in the background) and answers it. */
async function settled(id: number, who: Record<string, string>): Promise<TExportJob> {
  for (let i = 0; i < 400; i += 1) {
    const job = await call<TExportJob>('GET', `/api/export-jobs/${id}`, who);
    expect(job.status).toBe(200);
    if (job.body.status !== 'queued' && job.body.status !== 'running') return job.body;
    await t.context.exports.jobs.poll();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`export job ${id} did not finish`);
}

beforeAll(async () => {
  t = await createTestApp({ config: { exportJobRows: THRESHOLD, exportSheetRows: SHEET_ROWS, exportBatchRows: 10 } });
  // The app runs without Socket.IO: a realtime that records what the user's sockets would hear.
  t.context.realtime = {
    emitToAgency: () => undefined,
    emitLocal: () => undefined,
    endSessions: () => undefined,
    endAgencySessions: () => undefined,
    close: () => Promise.resolve(),
    emitToUser: (userId, event, payload) => {
      events.push({ userId, event, job: payload as TExportJob });
    },
  };
  const db = t.database.db;
  agencyId = (await makeAgency(db, { name: 'Export agency', timezone: 'Asia/Riyadh' })).id;
  otherAgencyId = (await makeAgency(db, { name: 'Other export agency' })).id;
  const adminUser = await makeUser(db, { kind: 'agencyAdmin', agencyId, firstName: 'Amal' });
  const writer: Writer = { agencyId, userId: adminUser.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  mine = await makeCargoWorld(db, writer);
  theirs = await makeCargoWorld(db, writer);
  // Consignments of two shipment managers, written set-based; quantities with kilograms (1.001, 2.002, ... MT).
  await inAgency(db, agencyId, async (tx) => {
    for (const [world, rows, prefix] of [
      [mine, MINE, 'MINE'],
      [theirs, THEIRS, 'THEIRS'],
    ] as const) {
      const [order] = await tx
        .insert(saleOrders)
        .values({ agencyId, number: `SO-${prefix}`, sellerId: world.sellerId, buyerId: world.buyerId, cargoTypeId: world.cargoTypeId, quantityKg: 10_000_000n, orderDate: '2026-11-01', createdBy: adminUser.id, createdAt: writer.now })
        .returning();
      await tx.execute(sql`
        insert into ${consignments} (agency_id, lc_number, sale_order_id, bl_consignee_id, shipment_manager_id, cargo_type_id, quantity_kg, created_by, created_at)
        select ${agencyId}, ${`LC-${prefix}-`} || lpad(g::text, 3, '0'), ${order?.id ?? 0}, ${world.consigneeId}, ${world.shipmentManagerId}, ${world.cargoTypeId}, g * 1001, ${adminUser.id}, ${writer.now.toISOString()}::timestamptz + g * interval '1 minute'
        from generate_series(1, ${rows}) as g`);
    }
  });
  const flags = [permissionFlag('Consignment', 'view')];
  const managerRole = await makeRole(db, { agencyId, permissions: flags, name: 'Managers' });
  const viewerRole = await makeRole(db, { agencyId, permissions: flags, name: 'Viewers' });
  viewerRoleId = viewerRole.id;
  const nothingRole = await makeRole(db, { agencyId, permissions: [permissionFlag('Shipping', 'view')], name: 'Shipping only' });
  const managerA = await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: managerRole.id, companyId: mine.shipmentManagerId });
  const managerB = await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: managerRole.id, companyId: theirs.shipmentManagerId });
  const viewer = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: viewerRole.id });
  const noFlag = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: nothingRole.id });
  const strangerRole = await makeRole(db, { agencyId: otherAgencyId, permissions: flags, name: 'Strangers' });
  const stranger = await makeUser(db, { kind: 'agencyUser', agencyId: otherAgencyId, roleId: strangerRole.id });
  const superAdmin = await makeUser(db, { kind: 'superAdmin' });
  const inOwn = { 'x-agency-id': String(agencyId) };
  headers.admin = { ...bearer(await loginAs(t.app, adminUser.username)), ...inOwn };
  headers.managerA = { ...bearer(await loginAs(t.app, managerA.username)), ...inOwn };
  headers.managerB = { ...bearer(await loginAs(t.app, managerB.username)), ...inOwn };
  headers.viewer = { ...bearer(await loginAs(t.app, viewer.username)), ...inOwn };
  headers.noFlag = { ...bearer(await loginAs(t.app, noFlag.username)), ...inOwn };
  headers.stranger = { ...bearer(await loginAs(t.app, stranger.username)), 'x-agency-id': String(otherAgencyId) };
  headers.superAdmin = { ...bearer(await loginAs(t.app, superAdmin.username)), 'x-agency-id': String(otherAgencyId) };
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe(`exports of a list (${testEngine})`, () => {
  it('streams the list as .xlsx: Arabic headers right-to-left, numbers with 3 decimals, the frozen header, every row of the user’s scope', async () => {
    const list = await call<TConsignmentList>('GET', '/api/consignments?status=all&limit=100&sortBy=quantity&sortOrder=asc', headers.managerA);
    expect(list.body.count).toBe(MINE);
    const response = await call('GET', '/api/consignments/export.xlsx?status=all&sortBy=quantity&sortOrder=asc&lang=ar', headers.managerA);
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toContain('spreadsheetml');
    const workbook = await workbookOf(response.raw.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['الإرساليات']);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('no sheet');
    expect(headerOf(sheet).slice(0, 3)).toEqual(['رقم الاعتماد/أمر الشراء', 'النوع', 'الرقم المرجعي']);
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(dataRows(sheet)).toBe(list.body.count);
    const quantityColumn = headerOf(sheet).indexOf('الكمية (طن متري)') + 1;
    const quantities = Array.from({ length: MINE }, (_, i) => sheet.getRow(i + 2).getCell(quantityColumn));
    expect(quantities.map((cell) => cell.value)).toEqual(Array.from({ length: MINE }, (_, i) => Number(((i + 1) * 1.001).toFixed(3))));
    expect(quantities.every((cell) => typeof cell.value === 'number' && cell.numFmt === '0.000')).toBe(true);
    // The rows are the list's, in its order, and none of the other shipment manager's.
    const numbers = Array.from({ length: MINE }, (_, i) => textOf(sheet, i + 2, 1));
    expect(numbers).toEqual(list.body.rows.map((row) => row.LCPONumber));
    expect(numbers.every((number) => number.startsWith('LC-MINE-'))).toBe(true);
  });

  it('writes English headers left-to-right for an English export', async () => {
    const response = await call('GET', '/api/consignments/export.xlsx?status=all&lang=en', headers.managerB);
    const [sheet] = (await workbookOf(response.raw.rawPayload)).worksheets;
    expect(sheet?.name).toBe('Consignments');
    expect(headerOf(sheet as ExcelJS.Worksheet)[0]).toBe('LC/PO number');
    expect(sheet?.views[0]).toMatchObject({ rightToLeft: false, state: 'frozen', ySplit: 1 });
    expect(dataRows(sheet as ExcelJS.Worksheet)).toBe(THEIRS);
  });

  it('goes on to a second sheet past the sheet limit, the header repeated', async () => {
    const response = await call('GET', '/api/consignments/export.xlsx?status=all&sortBy=quantity&sortOrder=desc&lang=en', headers.admin);
    const workbook = await workbookOf(response.raw.rawPayload);
    expect(workbook.worksheets.map((sheet) => [sheet.name, dataRows(sheet)])).toEqual([
      ['Consignments', SHEET_ROWS],
      ['Consignments 2', MINE + THEIRS - SHEET_ROWS],
    ]);
    const [first, second] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(headerOf(second)).toEqual(headerOf(first));
    expect(second.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The list's order runs on across the sheets.
    const list = await call<TConsignmentList>('GET', '/api/consignments?status=all&sortBy=quantity&sortOrder=desc&limit=100', headers.admin);
    const numbers = [first, second].flatMap((sheet) => Array.from({ length: dataRows(sheet) }, (_, i) => textOf(sheet, i + 2, 1)));
    expect(numbers).toEqual(list.body.rows.map((row) => row.LCPONumber));
  });

  it('answers "download now" up to the threshold, a background job past it', async () => {
    const small = await call<TExportStart>('POST', '/api/consignments/export?status=all&lang=ar', headers.managerA, {});
    expect(small.status).toBe(200);
    expect(small.body).toEqual({ mode: 'direct', count: MINE });
    const before = await t.database.db.select().from(exportJobs);
    expect(before).toEqual([]);
  });
});

describe(`background export jobs (${testEngine})`, () => {
  it('runs a large export as a job: queued, progress of the counted rows, done, downloaded by its user', async () => {
    events.length = 0;
    const started = await call<TExportStart>('POST', '/api/consignments/export?status=all&sortBy=quantity&sortOrder=asc&lang=ar', headers.admin, {});
    expect(started.status).toBe(202);
    if (started.body.mode !== 'job') throw new Error('not a job');
    expect(started.body.job).toMatchObject({ status: 'queued', dataset: 'transaction:consignment', fileName: 'consignments.xlsx', lang: 'ar', rowsWritten: 0 });
    const job = await settled(started.body.job.id, headers.admin);
    expect(job).toMatchObject({ status: 'done', totalRows: MINE + THEIRS, rowsWritten: MINE + THEIRS, sheets: 2, error: null });
    expect(job.fileBytes).toBeGreaterThan(1000);
    expect(new Date(job.expiresAt ?? 0).getTime() - new Date(job.finishedAt ?? 0).getTime()).toBe(t.config.exportKeepSeconds * 1000);
    // What the user's screens heard: running, the total counted, rows written on the way, done.
    const heard = events.filter((e) => e.event === SocketEvents.exportJob && e.job.id === job.id).map((e) => e.job);
    expect(heard.map((e) => e.status)).toContain('running');
    expect(heard.some((e) => e.status === 'running' && e.totalRows === MINE + THEIRS)).toBe(true);
    expect(heard.some((e) => e.status === 'running' && e.rowsWritten > 0 && e.rowsWritten < MINE + THEIRS)).toBe(true);
    expect(heard.at(-1)?.status).toBe('done');

    const listed = await call<TExportJobList>('GET', '/api/export-jobs', headers.admin);
    expect(listed.body.rows.map((row) => row.id)).toContain(job.id);
    const file = await call('GET', `/api/export-jobs/${job.id}/download`, headers.admin);
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-disposition']).toContain('consignments.xlsx');
    const workbook = await workbookOf(file.raw.rawPayload);
    expect(workbook.worksheets.map((sheet) => [sheet.name, dataRows(sheet)])).toEqual([
      ['الإرساليات', SHEET_ROWS],
      ['الإرساليات 2', MINE + THEIRS - SHEET_ROWS],
    ]);
    expect(workbook.worksheets[0]?.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(existsSync(path.join(t.dataDir, 'exports', String(agencyId), `${job.id}.xlsx`))).toBe(true);
  });

  it('keeps the user’s scope in a job asked for in the background, whatever its size', async () => {
    const started = await call<TExportStart>('POST', '/api/consignments/export?status=all&lang=en', headers.managerA, { background: true });
    expect(started.status).toBe(202);
    if (started.body.mode !== 'job') throw new Error('not a job');
    const job = await settled(started.body.job.id, headers.managerA);
    expect(job).toMatchObject({ status: 'done', totalRows: MINE, rowsWritten: MINE, sheets: 1 });
    const file = await call('GET', `/api/export-jobs/${job.id}/download`, headers.managerA);
    const [sheet] = (await workbookOf(file.raw.rawPayload)).worksheets;
    const numbers = Array.from({ length: MINE }, (_, i) => (sheet ? textOf(sheet, i + 2, 1) : ''));
    expect(numbers.every((number) => number.startsWith('LC-MINE-'))).toBe(true);
  });

  it('shows a job to its user only: another user, another agency, a super admin elsewhere get 404', async () => {
    const started = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.managerA, { background: true });
    if (started.body.mode !== 'job') throw new Error('not a job');
    const { id } = await settled(started.body.job.id, headers.managerA);
    for (const who of [headers.managerB, headers.viewer, headers.admin, headers.stranger, headers.superAdmin]) {
      expect((await call('GET', `/api/export-jobs/${id}`, who)).status).toBe(404);
      expect((await call('GET', `/api/export-jobs/${id}/download`, who)).status).toBe(404);
      expect((await call('DELETE', `/api/export-jobs/${id}`, who)).status).toBe(404);
      expect((await call<TExportJobList>('GET', '/api/export-jobs', who)).body.rows.map((row) => row.id)).not.toContain(id);
    }
    // A user of the agency whose role grants nothing of the list cannot start it.
    expect((await call('POST', '/api/consignments/export?status=all', headers.noFlag, {})).status).toBe(403);
    expect((await call('GET', `/api/export-jobs/${id}`, headers.managerA)).status).toBe(200);
    // Without a session, nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/export-jobs' })).statusCode).toBe(401);
  });

  it('refuses the download once the user lost the export’s permission', async () => {
    const started = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.viewer, { background: true });
    if (started.body.mode !== 'job') throw new Error('not a job');
    const { id } = await settled(started.body.job.id, headers.viewer);
    await t.database.db.update(roles).set({ permissions: [permissionFlag('Shipping', 'view')] }).where(eq(roles.id, viewerRoleId));
    try {
      expect((await call('GET', `/api/export-jobs/${id}/download`, headers.viewer)).status).toBe(403);
    } finally {
      await t.database.db.update(roles).set({ permissions: [permissionFlag('Consignment', 'view')] }).where(eq(roles.id, viewerRoleId));
    }
    expect((await call('GET', `/api/export-jobs/${id}/download`, headers.viewer)).status).toBe(200);
  });

  it('cancels a job under way, removes a finished one with its file, and expires old ones', async () => {
    const jobs = t.context.exports.jobs;
    await jobs.stop();
    try {
      const started = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.managerB, { background: true });
      if (started.body.mode !== 'job') throw new Error('not a job');
      const cancelled = await call<{ message: string; job: TExportJob | null }>('DELETE', `/api/export-jobs/${started.body.job.id}`, headers.managerB);
      expect(cancelled.body).toMatchObject({ message: ExportMessages.cancelled, job: { status: 'cancelled' } });
    } finally {
      jobs.start(t.context);
    }
    const started = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.managerB, { background: true });
    if (started.body.mode !== 'job') throw new Error('not a job');
    const done = await settled(started.body.job.id, headers.managerB);
    const file = path.join(t.dataDir, 'exports', String(agencyId), `${done.id}.xlsx`);
    expect(existsSync(file)).toBe(true);
    const removed = await call<{ message: string; job: TExportJob | null }>('DELETE', `/api/export-jobs/${done.id}`, headers.managerB);
    expect(removed.body).toEqual({ message: ExportMessages.removed, job: null });
    expect(existsSync(file)).toBe(false);
    expect((await call('GET', `/api/export-jobs/${done.id}`, headers.managerB)).status).toBe(404);

    // Past EXPORT_KEEP_HOURS the cleanup deletes the job and its file.
    const again = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.managerB, { background: true });
    if (again.body.mode !== 'job') throw new Error('not a job');
    const kept = await settled(again.body.job.id, headers.managerB);
    const keptFile = path.join(t.dataDir, 'exports', String(agencyId), `${kept.id}.xlsx`);
    expect(existsSync(keptFile)).toBe(true);
    const clock = t.clock;
    const now = clock.now();
    clock.set(new Date(now.getTime() + t.config.exportKeepSeconds * 1000 + 1000));
    try {
      await jobs.cleanup();
    } finally {
      clock.set(now);
    }
    expect(existsSync(keptFile)).toBe(false);
    expect((await call('GET', `/api/export-jobs/${kept.id}`, headers.managerB)).status).toBe(404);
  });

  it('runs again a job whose process stopped, and fails it after three tries', async () => {
    const db = t.database.db;
    const jobs = t.context.exports.jobs;
    await jobs.stop();
    let interrupted: number;
    let exhausted: number;
    try {
      const started = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.managerA, { background: true });
      const second = await call<TExportStart>('POST', '/api/consignments/export?status=all', headers.managerA, { background: true });
      if (started.body.mode !== 'job' || second.body.mode !== 'job') throw new Error('not a job');
      interrupted = started.body.job.id;
      exhausted = second.body.job.id;
      // As a process that stopped while writing them leaves them: running, the lease run out.
      const lapsed = new Date(t.clock.now().getTime() - 1000);
      await db.update(exportJobs).set({ status: 'running', attempts: 1, leaseUntil: lapsed }).where(eq(exportJobs.id, interrupted));
      await db.update(exportJobs).set({ status: 'running', attempts: MAX_ATTEMPTS, leaseUntil: lapsed }).where(eq(exportJobs.id, exhausted));
    } finally {
      jobs.start(t.context);
    }
    expect(await settled(interrupted, headers.managerA)).toMatchObject({ status: 'done', rowsWritten: MINE });
    const [row] = await db.select({ attempts: exportJobs.attempts }).from(exportJobs).where(eq(exportJobs.id, interrupted));
    expect(row?.attempts).toBe(2);
    expect(await settled(exhausted, headers.managerA)).toMatchObject({ status: 'failed', error: ExportMessages.interrupted });
    // A user has at most three exports under way.
    await jobs.stop();
    try {
      for (let i = 0; i < 3; i += 1) expect((await call('POST', '/api/consignments/export?status=all', headers.viewer, { background: true })).status).toBe(202);
      const refused = await call<{ message: string }>('POST', '/api/consignments/export?status=all', headers.viewer, { background: true });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ExportMessages.tooMany);
    } finally {
      jobs.start(t.context);
    }
    const waiting = (await call<TExportJobList>('GET', '/api/export-jobs', headers.viewer)).body.rows.filter((row) => row.status === 'queued' || row.status === 'running');
    for (const job of waiting) expect((await settled(job.id, headers.viewer)).status).toBe('done');
  });

  it('refuses bad input with a clear message and queues nothing', async () => {
    const count = async () => (await t.database.db.select({ id: exportJobs.id }).from(exportJobs)).length;
    const before = await count();
    const badSort = await call<{ message: string }>('POST', '/api/consignments/export?sortBy=password', headers.admin, { background: true });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe(ListMessages.sortByUnknown);
    const badBody = await call<{ message: string }>('POST', '/api/consignments/export', headers.admin, { background: 'yes' });
    expect(badBody.status).toBe(400);
    expect(typeof badBody.body.message).toBe('string');
    const extra = await call('POST', '/api/consignments/export', headers.admin, { background: true, everything: 1 });
    expect(extra.status).toBe(400);
    for (const id of ['abc', '0', '2147483648']) {
      expect((await call('GET', `/api/export-jobs/${id}`, headers.admin)).status).toBe(400);
      expect((await call('GET', `/api/export-jobs/${id}/download`, headers.admin)).status).toBe(400);
      expect((await call('DELETE', `/api/export-jobs/${id}`, headers.admin)).status).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});
