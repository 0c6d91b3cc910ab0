import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Headers, ListMessages, ProcurementMessages, SocketEvents, ZRecordTrail, defineTransaction, permissionFlag, sortQuery, PAGING_KEYS, ZExportLang } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type ModuleContext } from '../app';
import { recordAudit } from '../platform/audit/audit';
import { auditLog } from '../platform/audit/audit.schema';
import { fixedClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import type { DataScope } from '../identity/data-scope';
import { conflict } from '../platform/errors';
import { cursorSource, rawStatement } from '../platform/db/cursor';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../test/fixtures';
import { createTestDatabase } from '../test/harness';
import type { Actor } from './actor';
import { Committed, registerTransaction } from './index';
import { cargoRoute, JsonText } from './route';

/*
 * The transaction kit on a tiny declaration ("probe", guarded by the SaleOrder flags) registered on a test app: the
 * generated routes' permissions per operation, the agency, the actor with its data scope, the audit row and the
 * realtime event after the commit only, the export, and the sort allow-list.
 */

const PROBE_SORT = ['name', 'createdAt'] as const;
const ZProbeInput = z.object({ name: z.string().min(1, 'Please input a name!'), fail: z.boolean().optional(), quiet: z.boolean().optional() });
/** The update's own body (a rename only): the generated update validates with it, not with the input. */
const ZProbeEdit = z.object({ name: z.string().min(1, 'Please rename the probe!') });
const ZProbeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().default(20),
  ...sortQuery(PROBE_SORT, { field: 'createdAt', order: 'desc' }),
});
const ZProbeRow = ZRecordTrail.extend({ id: z.number(), name: z.string() });
const ZScope = z.object({ shipmentManagerIds: z.array(z.number()).nullable(), consigneeIds: z.array(z.number()).nullable(), locationIds: z.array(z.number()).nullable() });
const ZProbeList = z.object({ rows: z.array(ZProbeRow), count: z.number(), actor: z.object({ agencyId: z.number(), userId: z.number(), lang: z.enum(['en', 'ar']), scope: ZScope }) });

const probeTransaction = defineTransaction({
  key: 'probe',
  api: '/probe',
  route: 'probe',
  permissionModule: 'SaleOrder',
  labels: { title: 'probe.title', total: 'probe.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZProbeInput, updateInput: ZProbeEdit, listQuery: ZProbeListQuery, exportQuery: ZProbeListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang }), row: ZProbeRow, list: ZProbeList },
  sort: { fields: PROBE_SORT, default: { field: 'createdAt', order: 'desc' } },
  routes: { create: { status: 201, response: ZProbeRow }, reverse: { path: '/:id/probe-reverse', response: z.object({ message: z.string() }) } },
  event: 'vessel',
  reversal: { message: 'Probe reversed successfully' },
  list: { columns: [{ key: 'name', label: 'probe.name', kind: 'text', field: 'name', sort: 'name' }], filters: [], exportFile: 'probes.xlsx' },
});

/** The scope as plain (mutable) lists, as the list schema answers it. */
const plainScope = (scope: DataScope) => ({
  shipmentManagerIds: scope.shipmentManagerIds && [...scope.shipmentManagerIds],
  consigneeIds: scope.consigneeIds && [...scope.consigneeIds],
  locationIds: scope.locationIds && [...scope.locationIds],
});
const row = (id: number, name: string) => ({ id, name, status: 'Active' as const, createdAt: '2026-11-21T08:00:00.000Z', createdBy: 'Test', updatedAt: null, updatedBy: null, reversedAt: null, reversedBy: null, reverseReason: null });

let app: FastifyInstance;
let context: ModuleContext;
let drop: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-kit-'));
const events: { agencyId: number; event: string; payload: unknown; auditRowsAtEmit: Promise<number> }[] = [];
const received: { operation: string; actor: Actor }[] = [];
let agencyId = 0;
const tokens: Record<'viewer' | 'writer' | 'scoped' | 'none' | 'superAdmin', string> = { viewer: '', writer: '', scoped: '', none: '', superAdmin: '' };

async function probeAuditRows(): Promise<number> {
  const rows = await context.database.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.entity, 'probe'), eq(auditLog.agencyId, agencyId)));
  return rows.length;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = () => database.drop();
  const config = loadConfig({}, { dataDir, logLevel: 'silent' });
  const built = await buildApp({ config, database: database.database, clock: fixedClock(new Date('2026-11-21T08:00:00Z')), realtime: false, logger: false });
  app = built.app;
  context = built.context;
  // The app is built without Socket.IO: a realtime that records what would be sent to an agency.
  context.realtime = {
    emitToUser: () => undefined,
    emitLocal: () => undefined,
    endSessions: () => undefined,
    endAgencySessions: () => undefined,
    close: () => Promise.resolve(),
    emitToAgency: (agency, event, payload) => {
      events.push({ agencyId: agency, event, payload, auditRowsAtEmit: probeAuditRows() });
    },
  };
  await app.register(
    (api, _options, done) => {
      registerTransaction(api, context, probeTransaction, {
        list: (_tx, actor) => {
          received.push({ operation: 'list', actor });
          return Promise.resolve({ rows: [row(1, 'one')], count: 1, actor: { agencyId: actor.agencyId, userId: actor.userId, lang: actor.lang, scope: plainScope(actor.scope) } });
        },
        exportSource: (_tx, actor) => {
          received.push({ operation: 'export', actor });
          return cursorSource(rawStatement<{ id: number; name: string }>(sql`select * from (values (1, 'first'), (2, 'second')) as probe (id, name) order by id`), (_batch, rows) =>
            rows.map((probe) => row(probe.id, probe.name)),
          );
        },
        exportColumns: (lang) => [{ key: 'name', header: lang === 'ar' ? 'الاسم' : 'Name', width: 20, value: (probe) => probe.name }],
        exportSheet: { en: 'Probes', ar: 'مسابير' },
        get: (_tx, actor, id) => {
          received.push({ operation: 'get', actor });
          return Promise.resolve(row(id, 'got'));
        },
        create: async (tx, actor, input) => {
          received.push({ operation: 'create', actor });
          await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'probe', entityId: 7, after: input, at: actor.now });
          if (input.fail) throw conflict(ProcurementMessages.alreadyReversed);
          return input.quiet ? new Committed(row(7, input.name), { statsChanged: false }) : row(7, input.name);
        },
        update: (_tx, actor, id, input) => {
          received.push({ operation: 'update', actor });
          return Promise.resolve(row(id, input.name));
        },
        reverse: (_tx, actor) => {
          received.push({ operation: 'reverse', actor });
          return Promise.resolve(undefined);
        },
      });
      // The same rows answered through the response schema, and as the database wrote them (`JsonText`).
      const spec = { method: 'GET' as const, permission: { anyOf: [{ module: 'SaleOrder' as const, action: 'view' as const }] }, tags: ['probe'], summary: 'rows', response: z.array(z.object({ id: z.number(), name: z.string() })) };
      cargoRoute(api, context, { ...spec, url: '/rows-probe/encoded', work: () => Promise.resolve([{ name: 'b', id: 2, unlisted: true }]) });
      cargoRoute(api, context, { ...spec, url: '/rows-probe/as-built', work: () => Promise.resolve(new JsonText('[{"name":"b","id":2,"unlisted":true}]')) });
      done();
    },
    { prefix: '/api' },
  );
  await app.ready();

  const db = database.database.db;
  const agency = await makeAgency(db);
  agencyId = agency.id;
  const viewerRole = await makeRole(db, { agencyId, permissions: [permissionFlag('SaleOrder', 'view')] });
  const writerRole = await makeRole(db, { agencyId, permissions: ['view', 'add', 'edit', 'reverse'].map((action) => permissionFlag('SaleOrder', action as 'view')) });
  const noneRole = await makeRole(db, { agencyId, permissions: [permissionFlag('Shipping', 'view')] });
  const users = {
    viewer: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: viewerRole.id }),
    writer: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: writerRole.id }),
    scoped: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: writerRole.id, consigneeIds: [42, 41], locationIds: [9] }),
    none: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: noneRole.id }),
    superAdmin: await makeUser(db, { kind: 'superAdmin' }),
  };
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await loginAs(app, users[name].username);
});

afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
const body = { name: 'probe' };
const calls: Record<'list' | 'export' | 'get' | 'create' | 'update' | 'reverse', Call> = {
  list: { method: 'GET', url: '/api/probe' },
  export: { method: 'GET', url: '/api/probe/export.xlsx' },
  get: { method: 'GET', url: '/api/probe/5' },
  create: { method: 'POST', url: '/api/probe', payload: body },
  update: { method: 'PUT', url: '/api/probe/5', payload: body },
  reverse: { method: 'DELETE', url: '/api/probe/5/probe-reverse', payload: { reason: 'Typo' } },
};

function call(operation: keyof typeof calls, headers: Record<string, string> = {}) {
  const { method, url, payload } = calls[operation];
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

describe('transaction kit: generated routes', () => {
  it('declares the permission of each operation at its route: 401 without a session, 403 without the flag', async () => {
    for (const operation of Object.keys(calls) as (keyof typeof calls)[]) {
      expect((await call(operation)).statusCode, operation).toBe(401);
      expect((await call(operation, bearer(tokens.none))).statusCode, operation).toBe(403);
      const asViewer = await call(operation, bearer(tokens.viewer));
      expect(asViewer.statusCode, operation).toBe(['list', 'export', 'get'].includes(operation) ? 200 : 403);
      const asWriter = await call(operation, bearer(tokens.writer));
      expect(asWriter.statusCode, operation).toBe(operation === 'create' ? 201 : 200);
    }
    const access = app.routeAccess.filter((route) => route.url.startsWith('/api/probe'));
    expect(access.map((route) => `${route.method} ${route.url} ${route.access.kind === 'permission' ? route.access.permission : ''}`).sort()).toEqual(
      [
        'DELETE /api/probe/:id/probe-reverse canReverseSaleOrder',
        'GET /api/probe canViewSaleOrder',
        'GET /api/probe/:id canViewSaleOrder',
        'GET /api/probe/export.xlsx canViewSaleOrder',
        'POST /api/probe/export canViewSaleOrder',
        'POST /api/probe canAddSaleOrder',
        'PUT /api/probe/:id canEditSaleOrder',
      ].sort(),
    );
  });

  it('requires an agency: a super admin without one is refused before the handler runs', async () => {
    const before = received.length;
    const refused = await call('list', bearer(tokens.superAdmin));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Please select an agency.');
    expect(received.length).toBe(before);
    const chosen = await call('list', { ...bearer(tokens.superAdmin), [Headers.agencyId]: String(agencyId) });
    expect(chosen.statusCode).toBe(200);
  });

  it('hands the handler the actor: agency, user, language and the data scope (restricted or not, never absent)', async () => {
    const scoped = (await call('list', { ...bearer(tokens.scoped), 'accept-language': 'ar-SA' })).json<z.infer<typeof ZProbeList>>();
    expect(scoped.actor.agencyId).toBe(agencyId);
    expect(scoped.actor.lang).toBe('ar');
    expect(scoped.actor.scope).toEqual({ shipmentManagerIds: null, consigneeIds: [41, 42], locationIds: [9] });
    const open = (await call('list', bearer(tokens.writer))).json<z.infer<typeof ZProbeList>>();
    expect(open.actor.lang).toBe('en');
    expect(open.actor.scope).toEqual({ shipmentManagerIds: null, consigneeIds: null, locationIds: null });
    expect(open.actor.userId).not.toBe(scoped.actor.userId);
    const last = received.at(-1);
    expect(last?.actor.now.toISOString()).toBe('2026-11-21T08:00:00.000Z');
  });

  it('tells the handler what the user may do: the role’s flags, every flag for an admin', async () => {
    const actorOfCall = async (token: string, headers: Record<string, string> = {}) => {
      expect((await call('list', { ...bearer(token), ...headers })).statusCode).toBe(200);
      const actor = received.at(-1)?.actor;
      if (!actor) throw new Error('no actor');
      return actor;
    };
    const viewer = await actorOfCall(tokens.viewer);
    expect([viewer.can('SaleOrder', 'view'), viewer.can('SaleOrder', 'add'), viewer.can('ManualWeight', 'add')]).toEqual([true, false, false]);
    const writer = await actorOfCall(tokens.writer);
    expect([writer.can('SaleOrder', 'add'), writer.can('SaleOrder', 'reverse'), writer.can('Shipping', 'view')]).toEqual([true, true, false]);
    expect([writer.can('canEditSaleOrder'), writer.can('canViewShipping'), writer.userKind, writer.userCompanyId]).toEqual([true, false, 'agencyUser', null]);
    const admin = await actorOfCall(tokens.superAdmin, { [Headers.agencyId]: String(agencyId) });
    expect([admin.can('SaleOrder', 'add'), admin.can('ManualWeight', 'add')]).toEqual([true, true]);
  });

  it('announces a write after its commit, with the audit row committed; a refused write announces nothing and keeps no row', async () => {
    events.length = 0;
    const rowsBefore = await probeAuditRows();
    const created = await app.inject({ method: 'POST', url: '/api/probe', headers: bearer(tokens.writer), payload: { name: 'kept' } });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ name: string }>().name).toBe('kept');
    expect(events.map(({ agencyId: agency, event, payload }) => ({ agency, event, payload }))).toEqual([{ agency: agencyId, event: SocketEvents.events, payload: { statsUpdated: true, type: 'vessel' } }]);
    const [emitted] = events;
    expect(await emitted?.auditRowsAtEmit).toBe(rowsBefore + 1);

    events.length = 0;
    const refused = await app.inject({ method: 'POST', url: '/api/probe', headers: bearer(tokens.writer), payload: { name: 'dropped', fail: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(ProcurementMessages.alreadyReversed);
    expect(events).toEqual([]);
    expect(await probeAuditRows()).toBe(rowsBefore + 1);

    const quiet = await app.inject({ method: 'POST', url: '/api/probe', headers: bearer(tokens.writer), payload: { name: 'quiet', quiet: true } });
    expect(quiet.statusCode).toBe(201);
    expect(events).toEqual([]);
    expect(await probeAuditRows()).toBe(rowsBefore + 2);
  });

  it('validates the body with the declaration’s input schema (the update with its own) and answers the reversal message', async () => {
    const invalid = await app.inject({ method: 'POST', url: '/api/probe', headers: bearer(tokens.writer), payload: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Please input a name!');
    const invalidEdit = await app.inject({ method: 'PUT', url: '/api/probe/5', headers: bearer(tokens.writer), payload: { name: '' } });
    expect(invalidEdit.statusCode).toBe(400);
    expect(invalidEdit.body).toContain('Please rename the probe!');
    const noReason = await app.inject({ method: 'DELETE', url: '/api/probe/5/probe-reverse', headers: bearer(tokens.writer), payload: {} });
    expect(noReason.statusCode).toBe(400);
    const reversed = await call('reverse', bearer(tokens.writer));
    expect(reversed.json()).toEqual({ message: 'Probe reversed successfully' });
  });

  it('exports every row the handler visits as the declared file, headers in the asked language', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/export.xlsx?lang=ar', headers: bearer(tokens.viewer) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('probes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('مسابير');
    expect(sheet?.getRow(1).getCell(1).value).toBe('الاسم');
    expect([sheet?.getRow(2).getCell(1).value, sheet?.getRow(3).getCell(1).value]).toEqual(['first', 'second']);
    // Started with POST: two rows are far under the threshold, so it says to download them now.
    const started = await app.inject({ method: 'POST', url: '/api/probe/export?lang=ar', headers: bearer(tokens.viewer), payload: {} });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ mode: 'direct', count: 2 });
    expect((await app.inject({ method: 'POST', url: '/api/probe/export', headers: bearer(tokens.none), payload: {} })).statusCode).toBe(403);
  });

  it('answers JSON text the work wrote as it is, as JSON: no encoding through the schema, which still documents it', async () => {
    const headers = bearer(tokens.viewer);
    const encoded = await app.inject({ method: 'GET', url: '/api/rows-probe/encoded', headers });
    expect(encoded.body).toBe('[{"id":2,"name":"b"}]');
    const asBuilt = await app.inject({ method: 'GET', url: '/api/rows-probe/as-built', headers });
    expect(asBuilt.body).toBe('[{"name":"b","id":2,"unlisted":true}]');
    expect(asBuilt.headers['content-type']).toBe('application/json; charset=utf-8');
    const refused = await app.inject({ method: 'GET', url: '/api/rows-probe/as-built' });
    expect(refused.statusCode).toBe(401);
    // Its errors keep the app's encoding.
    expect(refused.body).toBe((await app.inject({ method: 'GET', url: '/api/rows-probe/encoded' })).body);
  });

  it('refuses a sort outside the declared allow-list', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/probe?sortBy=password', headers: bearer(tokens.viewer) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(ListMessages.sortByUnknown);
    expect((await app.inject({ method: 'GET', url: '/api/probe?sortBy=name&sortOrder=asc', headers: bearer(tokens.viewer) })).statusCode).toBe(200);
  });

  it('refuses to register a declaration whose module lacks a handler of an offered operation', () => {
    const bare = { register: (api: FastifyInstance) => registerTransaction(api, context, probeTransaction, {}) };
    expect(() => bare.register(app)).toThrow(/offers list/);
  });
});
