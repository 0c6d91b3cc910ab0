import { fieldMessages, permissionFlag, resourceByKey, resourceRegistry, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { referencesOf, sampleInput, sampleReferences, sampleReferring, withUploadedImages } from '../../test/resource-samples';
import { exportColumns } from './master-data.export';

/**
 * The generic suite: every entry of the resource registry gets the same checks, so a new declaration is tested
 * the moment it is added. Entity rules are tested at the end of the file.
 */
let t: TestApp;
let agencyA: number;
let agencyB: number;
let adminA: string;
let adminB: string;
let serial = 1000;
const userTokens = new Map<string, string>();

type Json = Record<string, unknown>;

function headers(token: string, agencyId: number = agencyA) {
  return { ...bearer(token), 'x-agency-id': String(agencyId) };
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json, agencyId?: number) {
  return t.app.inject({ method, url, headers: headers(token, agencyId), ...(payload ? { payload } : {}) });
}

interface RowOptions {
  token?: string;
  agencyId?: number;
  /** Reference ids by resource key to use instead of new rows. */
  shared?: Record<string, number>;
}

/** A valid body of the n-th sample (its references made first, in the agency; its images uploaded there). */
async function sampleBody(resource: ResourceDef, n: number, options: RowOptions = {}): Promise<Json> {
  const refs = await sampleReferences(resource, async (target, shared) => (await createRow(target, { ...options, shared })).id, options.shared);
  return withUploadedImages(t.database.db, { resource, agencyId: options.agencyId ?? agencyA, input: sampleInput(resource, n, refs) });
}

/** Creates one row of a resource through the API (its references first) and returns it. */
async function createRow(resource: ResourceDef, options: RowOptions & { n?: number; overrides?: Json } = {}): Promise<TResourceRow> {
  serial += 1;
  const n = options.n ?? serial;
  const { token, agencyId, shared } = options;
  const body = { ...(await sampleBody(resource, n, { ...(token ? { token } : {}), ...(agencyId ? { agencyId } : {}), shared: shared ?? {} })), ...options.overrides };
  const response = await call('POST', `/api/${resource.key}`, options.token ?? adminA, body, options.agencyId);
  if (response.statusCode !== 201) throw new Error(`create ${resource.key}: ${response.statusCode} ${response.body}`);
  return response.json<TResourceRow>();
}

async function tokenWith(flags: string[]): Promise<string> {
  const key = flags.join(',');
  const cached = userTokens.get(key);
  if (cached) return cached;
  const role = await makeRole(t.database.db, { agencyId: agencyA, permissions: flags });
  const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: role.id });
  const token = await loginAs(t.app, user.username);
  userTokens.set(key, token);
  return token;
}

async function rowCount(resource: ResourceDef): Promise<number> {
  const response = await call('GET', `/api/${resource.key}?limit=100`, adminA);
  return response.json<{ count: number }>().count;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).toLowerCase().localeCompare(String(b).toLowerCase(), 'en', { sensitivity: 'base' });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Agency A' })).id;
  agencyB = (await makeAgency(db, { name: 'Agency B' })).id;
  adminA = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).username);
  adminB = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
});
afterAll(async () => {
  await t.close();
});

describe.each(resourceRegistry.map((resource) => [resource.key, resource] as const))('resource %s', (_key, resource) => {
  const url = `/api/${resource.key}`;

  it('creates, reads, updates, toggles and deletes a row, with audit rows', async () => {
    const created = await createRow(resource);
    expect(created.isActive).toBe(true);
    const read = await call('GET', `${url}/${created.id}`, adminA);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const changes = await sampleBody(resource, 5000 + created.id);
    const updated = await call('PUT', `${url}/${created.id}`, adminA, changes);
    expect(updated.statusCode).toBe(200);
    for (const [name, value] of Object.entries(changes)) {
      const field = resource.fields[name];
      if (field?.kind === 'secret') {
        // Written, never read back.
        expect([updated.json<Json>()[name], updated.json<Json>()[`${name}Set`]]).toEqual([null, true]);
        continue;
      }
      const expected = typeof value === 'string' && field?.kind === 'text' && field.upperCase ? value.toUpperCase() : value;
      expect(updated.json<Json>()[name]).toEqual(expected);
    }

    const off = await call('PUT', `${url}/${created.id}/toggle-status`, adminA);
    expect(off.statusCode).toBe(200);
    expect(off.json<{ row: TResourceRow; message: string }>().row.isActive).toBe(false);
    expect(off.json<{ message: string }>().message).toBe(`${resource.labels.one.en} deactivated successfully!`);
    const on = await call('PUT', `${url}/${created.id}/toggle-status`, adminA);
    expect(on.json<{ row: TResourceRow }>().row.isActive).toBe(true);

    const removed = await call('DELETE', `${url}/${created.id}`, adminA);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `${url}/${created.id}`, adminA)).statusCode).toBe(404);

    const [audits] = await t.database.db
      .select({ count: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, resource.key), eq(auditLog.entityId, String(created.id))));
    expect(audits?.count).toBe(5);
  });

  it('refuses invalid input with one message per field and changes nothing', async () => {
    const before = await rowCount(resource);
    const empty = await call('POST', url, adminA, {});
    expect(empty.statusCode).toBe(400);
    const details = empty.json<{ details: Record<string, string> }>().details;
    for (const [name, field] of Object.entries(resource.fields)) {
      // A required field with a default takes it when left out (a weighbridge's format and capture rules).
      if (field.required && field.default === undefined) expect(details[name], name).toBe(fieldMessages(field).required.en);
      if (field.default !== undefined) expect(details[name], name).toBeUndefined();
    }
    const valid = await sampleBody(resource, 7000);
    for (const [name, field] of Object.entries(resource.fields)) {
      const body = { ...valid };
      if (field.kind === 'text') body[name] = 'X'.repeat(field.max + 1);
      else if (field.kind === 'quantity' || field.kind === 'decimal' || field.kind === 'integer') body[name] = field.max + 1;
      else if (field.kind === 'latitude') body[name] = 91;
      else if (field.kind === 'longitude') body[name] = 181;
      else if (field.kind === 'reference') body[name] = 999_999;
      else continue;
      const response = await call('POST', url, adminA, body);
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ details: Record<string, string> }>().details[name], name).toBeTruthy();
    }
    expect(await rowCount(resource)).toBe(before);
  });

  it('refuses a duplicate of each unique field, in any letter case, with the field in details', async () => {
    const first = await createRow(resource);
    for (const [name, field] of Object.entries(resource.fields)) {
      if (!field.unique) continue;
      const value = first[name];
      const body = { ...(await sampleBody(resource, 8000 + first.id)), [name]: typeof value === 'string' ? value.toLowerCase() : value };
      const response = await call('POST', url, adminA, body);
      expect(response.statusCode, name).toBe(409);
      expect(response.json<{ details: Record<string, string> }>().details[name]).toBe(fieldMessages(field).duplicate.en);
    }
  });

  const referrers = resourceRegistry.flatMap((from) =>
    Object.entries(from.fields).flatMap(([name, field]) => (field.kind === 'reference' && field.resource === resource.key ? [{ from, name }] : [])),
  );
  if (referrers.length > 0) it('refuses to delete a row that another row refers to, naming the users', async () => {
    for (const { from, name } of referrers) {
      const target = await createRow(resource);
      // The referring rows share the target's own references (a truck rule on a truck names the truck's transporter).
      const referring = { shared: referencesOf(resource, target), overrides: sampleReferring(from, name, target.id) };
      await createRow(from, referring);
      await createRow(from, referring);
      const response = await call('DELETE', `${url}/${target.id}`, adminA);
      expect(response.statusCode).toBe(409);
      // The referring rows' own references may share the target too (a truck rule's truck has its transporter).
      const refused = response.json<{ message: string; code: string; details: Record<string, string> }>();
      expect(refused.code).toBe('RECORD_IN_USE');
      expect(refused.details[from.key]).toBe('2');
      expect(refused.message).toMatch(new RegExp(`^This record is used by .*\\b2 ${from.labels.many.en.toLowerCase()}\\b.*; deactivate it instead\\.$`));
      expect((await call('GET', `${url}/${target.id}`, adminA)).statusCode).toBe(200);
    }
  });

  describe('list', () => {
    const made: TResourceRow[] = [];
    beforeAll(async () => {
      const token = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
      for (let i = 0; i < 25; i += 1) made.push(await createRow(resource, { token, agencyId: agencyB, n: 100 + i }));
    });
    const list = async (query: string) => {
      const response = await call('GET', `${url}?${query}`, adminB, undefined, agencyB);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ rows: TResourceRow[]; count: number }>();
    };

    it('pages in the database with the total count', async () => {
      const all = await list('limit=100');
      const first = await list('page=1&limit=20');
      const second = await list('page=2&limit=20');
      expect(first.rows).toHaveLength(20);
      expect(first.count).toBe(all.count);
      expect(second.rows).toHaveLength(Math.min(20, all.count - 20));
      expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(first.rows.length + second.rows.length);
      expect(all.count).toBeGreaterThanOrEqual(made.length);
      const bad = await call('GET', `${url}?limit=25`, adminB, undefined, agencyB);
      expect(bad.statusCode).toBe(400);
    });

    const searchable = Object.entries(resource.fields).filter(([, f]) => f.searchable).map(([name]) => name);
    if (searchable.length > 0) it('searches from more than 2 characters, ignoring shorter searches', async () => {
      const all = await list('limit=100');
      const target = made[7];
      const field = searchable[0];
      if (!target || !field) throw new Error('no target');
      const term = String(target[field]);
      const found = await list(`limit=100&search=${encodeURIComponent(term)}`);
      expect(found.rows.map((r) => r.id)).toContain(target.id);
      expect(found.count).toBeLessThan(all.count);
      for (const row of found.rows) expect(searchable.some((name) => String(row[name]).toLowerCase().includes(term.toLowerCase()))).toBe(true);
      const short = await list(`limit=100&search=${encodeURIComponent(term.slice(0, 2))}`);
      expect(short.count).toBe(all.count);
    });

    const sortable = Object.entries(resource.fields).filter(([, f]) => f.sortable).map(([name]) => name);
    it('sorts by every sortable field both ways', async () => {
      for (const field of [...sortable, 'createdAt']) {
        for (const order of ['asc', 'desc'] as const) {
          const { rows } = await list(`limit=100&sortBy=${field}&sortOrder=${order}`);
          // A reference sorts by the referenced row's name.
          const shown = resource.fields[field]?.kind === 'reference' ? `${field}Name` : field;
          const values = rows.map((r) => r[shown]);
          const sorted = [...values].sort((a, b) => (order === 'asc' ? compare(a, b) : compare(b, a)));
          expect(values, `${field} ${order}`).toEqual(sorted);
        }
      }
      expect((await call('GET', `${url}?sortBy=notAField`, adminB, undefined, agencyB)).statusCode).toBe(400);
    });

    it('filters by status and by every filterable field', async () => {
      const target = made[3];
      if (!target) throw new Error('no target');
      await call('PUT', `${url}/${target.id}/toggle-status`, adminB, undefined, agencyB);
      const inactive = await list('limit=100&status=inactive');
      expect(inactive.rows.map((r) => r.id)).toEqual([target.id]);
      await call('PUT', `${url}/${target.id}/toggle-status`, adminB, undefined, agencyB);
      for (const [name, field] of Object.entries(resource.fields)) {
        const value = target[name];
        // Only a value filters: an empty optional reference has nothing to match.
        if (!field.filterable || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) continue;
        const ranged = field.kind === 'quantity' || field.kind === 'decimal' || field.kind === 'integer';
        const query = ranged ? `${name}Min=${String(value)}&${name}Max=${String(value)}` : `${name}=${encodeURIComponent(String(value))}`;
        const filtered = await list(`limit=100&${query}`);
        expect(filtered.rows.map((r) => r.id), name).toContain(target.id);
        for (const row of filtered.rows) expect(typeof value === 'string' ? String(row[name]).toLowerCase() : row[name], name).toEqual(typeof value === 'string' ? value.toLowerCase() : value);
      }
    });

    it('exports every matching row to Excel with localized headers, honouring the filters', async () => {
      const target = made[4];
      const field = searchable[0];
      if (!target || !field) throw new Error('no target');
      const term = String(target[field]);
      const query = `search=${encodeURIComponent(term)}&sortBy=createdAt&sortOrder=desc`;
      const expected = await list(`limit=100&${query}`);
      const response = await t.app.inject({ method: 'GET', url: `${url}/export.xlsx?${query}&lang=ar&token=${adminB}`, headers: { 'x-agency-id': String(agencyB) } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual([...exportColumns(resource).map((column) => column.label.ar), 'الحالة']);
      expect(sheet.actualRowCount - 1).toBe(expected.count);
      const firstColumn = exportColumns(resource)[0]?.name;
      if (!firstColumn) throw new Error('no column');
      const exported = [];
      for (let r = 2; r <= sheet.actualRowCount; r += 1) exported.push(sheet.getRow(r).getCell(1).value);
      expect(exported).toEqual(expected.rows.map((row) => row[firstColumn]));

      const all = await t.app.inject({ method: 'GET', url: `${url}/export.xlsx?lang=en`, headers: headers(adminB, agencyB) });
      const full = new ExcelJS.Workbook();
      await full.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
      expect((full.worksheets[0]?.actualRowCount ?? 0) - 1).toBe((await list('limit=100')).count);
    });
  });

  it('guards each route with the view, add and edit flags', async () => {
    const row = await createRow(resource);
    const body = await sampleBody(resource, 9000 + row.id);
    const view = await tokenWith([permissionFlag(resource.permissionModule, 'view')]);
    const add = await tokenWith([permissionFlag(resource.permissionModule, 'add')]);
    const none = await tokenWith([]);
    expect((await call('GET', url, view)).statusCode).toBe(200);
    expect((await call('GET', `${url}/${row.id}`, view)).statusCode).toBe(200);
    expect((await call('GET', url, none)).statusCode).toBe(403);
    expect((await call('GET', `${url}/export.xlsx`, none)).statusCode).toBe(403);
    expect((await call('POST', url, view, body)).statusCode).toBe(403);
    expect((await call('PUT', `${url}/${row.id}`, view, body)).statusCode).toBe(403);
    expect((await call('PUT', `${url}/${row.id}/toggle-status`, add)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${row.id}`, add)).statusCode).toBe(403);
    expect((await call('POST', url, add, body)).statusCode).toBe(201);
  });

  it('keeps agencies apart: a foreign row id is 404, a foreign agency header 403', async () => {
    const row = await createRow(resource);
    const body = await sampleBody(resource, 9500 + row.id, { token: adminB, agencyId: agencyB });
    expect((await call('GET', `${url}/${row.id}`, adminB, undefined, agencyB)).statusCode).toBe(404);
    expect((await call('PUT', `${url}/${row.id}`, adminB, body, agencyB)).statusCode).toBe(404);
    expect((await call('PUT', `${url}/${row.id}/toggle-status`, adminB, undefined, agencyB)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${row.id}`, adminB, undefined, agencyB)).statusCode).toBe(404);
    expect((await call('GET', url, adminB, undefined, agencyA)).statusCode).toBe(403);
    const listB = await call('GET', `${url}?limit=100`, adminB, undefined, agencyB);
    expect(listB.json<{ rows: TResourceRow[] }>().rows.map((r) => r.id)).not.toContain(row.id);
    expect((await call('GET', `${url}/${row.id}`, adminA)).json<TResourceRow>().isActive).toBe(true);
  });
});

describe('entity rules', () => {
  it('cargo type: codes are stored upper-case and must be letters, digits and dashes', async () => {
    const row = await createRow(resourceByKey('cargoType'), { overrides: { name: 'Wheat rules', code: 'wht-1' } });
    expect(row.code).toBe('WHT-1');
    const bad = await call('POST', '/api/cargoType', adminA, { name: 'Barley rules', code: 'BAR LEY' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: Record<string, string> }>().details.code).toBe('Code may hold letters, digits and dashes only.');
  });

  it('port: a UN/LOCODE and an ISO country code, coordinates in range', async () => {
    const row = await createRow(resourceByKey('port'), { overrides: { name: 'Jeddah rules', code: 'sajed', countryCode: 'sa', latitude: 21.481, longitude: 39.1725 } });
    expect([row.code, row.countryCode, row.latitude, row.longitude]).toEqual(['SAJED', 'SA', 21.481, 39.1725]);
    const bad = await call('POST', '/api/port', adminA, { name: 'Nowhere', code: 'S1', countryCode: 'S1', latitude: 95 });
    expect(bad.statusCode).toBe(400);
    const details = bad.json<{ details: Record<string, string> }>().details;
    expect(details.code).toContain('UN/LOCODE');
    expect(details.countryCode).toContain('ISO country code');
    expect(details.latitude).toBe('Latitude is out of range');
  });

  it('berth: its port must be an active port of the agency; the list names the port; a used port cannot be deleted', async () => {
    const port = await createRow(resourceByKey('port'));
    const foreignPort = await createRow(resourceByKey('port'), { token: adminB, agencyId: agencyB });
    const foreign = await call('POST', '/api/berth', adminA, { name: 'Berth F', portId: foreignPort.id, maxDraft: 12.5 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ details: Record<string, string> }>().details.portId).toBe('Please select port!');
    const berths = [];
    for (const name of ['Berth 1', 'Berth 2', 'Berth 3']) berths.push(await createRow(resourceByKey('berth'), { overrides: { name: `${name} of ${port.id}`, portId: port.id } }));
    expect(berths[0]?.portIdName).toBe(port.name);
    const refused = await call('DELETE', `/api/port/${port.id}`, adminA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This record is used by 3 berths; deactivate it instead.');
    await call('PUT', `/api/port/${port.id}/toggle-status`, adminA);
    const inactive = await call('POST', '/api/berth', adminA, { name: `Berth 4 of ${port.id}`, portId: port.id, maxDraft: 10 });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json<{ message: string }>().message).toBe('This port is inactive; please select an active one.');
    // A berth keeps its (now inactive) port when edited.
    const kept = await call('PUT', `/api/berth/${berths[0]?.id}`, adminA, { name: `Berth 1b of ${port.id}`, portId: port.id, maxDraft: 11 });
    expect(kept.statusCode).toBe(200);
  });

  it('truck: quantities in MT keep exactly 3 decimals; more are refused', async () => {
    const row = await createRow(resourceByKey('truck'), { overrides: { plateNumber: 'abc 1234', tareWeight: 14.355, capacity: 38.005 } });
    expect([row.plateNumber, row.tareWeight, row.capacity]).toEqual(['ABC 1234', 14.355, 38.005]);
    const bad = await call('POST', '/api/truck', adminA, { plateNumber: 'ABC 9999', transporterId: row.transporterId, tareWeight: 14.3555, capacity: 0 });
    expect(bad.statusCode).toBe(400);
    const details = bad.json<{ details: Record<string, string> }>().details;
    expect(details.tareWeight).toBe('Tare weight (MT): at most 3 decimals');
    expect(details.capacity).toBe('Capacity (MT) must be at least 0.001');
    const duplicate = await call('POST', '/api/truck', adminA, { plateNumber: 'Abc 1234', transporterId: row.transporterId, tareWeight: 10, capacity: 30 });
    expect(duplicate.statusCode).toBe(409);
  });

  it('companies: one table, each type sees only its own rows and cannot change a row\'s type', async () => {
    const consignee = await createRow(resourceByKey('consignee'), { overrides: { name: 'Jizan Feed Mills' } });
    expect((await call('GET', `/api/customer/${consignee.id}`, adminA)).statusCode).toBe(404);
    expect((await call('PUT', `/api/customer/${consignee.id}/toggle-status`, adminA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/customer/${consignee.id}`, adminA)).statusCode).toBe(404);
    const update = await call('PUT', `/api/customer/${consignee.id}`, adminA, { name: 'Hijacked' });
    expect(update.statusCode).toBe(404);
    const customers = await call('GET', '/api/customer?limit=100&status=all', adminA);
    expect(customers.json<{ rows: TResourceRow[] }>().rows.map((r) => r.id)).not.toContain(consignee.id);
    const search = await call('GET', '/api/customer?limit=100&search=Jizan%20Feed', adminA);
    expect(search.json<{ count: number }>().count).toBe(0);
    // The same name is free in another type; a type is not an API field, so it cannot be changed.
    const customer = await createRow(resourceByKey('customer'), { overrides: { name: 'Jizan Feed Mills', companyTypeId: 3 } });
    expect(customer.companyTypeId).toBeUndefined();
    expect((await call('GET', `/api/consignee/${customer.id}`, adminA)).statusCode).toBe(404);
    const moved = await call('PUT', `/api/customer/${customer.id}`, adminA, { name: 'Jizan Feed Mills', companyTypeId: 3 });
    expect(moved.statusCode).toBe(200);
    expect((await call('GET', `/api/consignee/${customer.id}`, adminA)).statusCode).toBe(404);
    expect((await call('GET', `/api/customer/${customer.id}`, adminA)).statusCode).toBe(200);
    const duplicate = await call('POST', '/api/consignee', adminA, { name: 'JIZAN feed mills' });
    expect(duplicate.statusCode).toBe(409);
  });

  it('consignee: its shipment manager must be a shipment manager, which cannot be deleted while used', async () => {
    const customer = await createRow(resourceByKey('customer'));
    const wrong = await call('POST', '/api/consignee', adminA, { name: 'Consignee Under Customer', shipmentManagerId: customer.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ details: Record<string, string> }>().details.shipmentManagerId).toBe('Please select shipment manager!');
    const manager = await createRow(resourceByKey('shipmentManager'), { overrides: { name: 'Coastal SM' } });
    const consignee = await createRow(resourceByKey('consignee'), { overrides: { shipmentManagerId: manager.id } });
    expect(consignee.shipmentManagerIdName).toBe('Coastal SM');
    const refused = await call('DELETE', `/api/shipmentManager/${manager.id}`, adminA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This record is used by 1 consignee; deactivate it instead.');
  });

  it('driver: the licence expiry is an ISO date, refused when not a real date', async () => {
    const driver = await createRow(resourceByKey('driver'), { overrides: { licenceExpiry: '2028-02-29', licenceNumber: 'dl 77' } });
    expect([driver.licenceExpiry, driver.licenceNumber]).toEqual(['2028-02-29', 'DL 77']);
    const base = { name: 'Date Driver', transporterId: driver.transporterId, licenceNumber: 'DL 78' };
    for (const licenceExpiry of ['2027-02-29', '14-Mar-2028', '2028-03-14T00:00:00Z', 20280314]) {
      const bad = await call('POST', '/api/driver', adminA, { ...base, licenceExpiry });
      expect(bad.statusCode, String(licenceExpiry)).toBe(400);
      expect(bad.json<{ details: Record<string, string> }>().details.licenceExpiry).toBe('Please enter a valid licence expiry!');
    }
    const filtered = await call('GET', '/api/driver?licenceExpiry=2028-02-29&limit=100', adminA);
    expect(filtered.json<{ rows: TResourceRow[] }>().rows.map((r) => r.id)).toEqual([driver.id]);
    const sorted = await call('GET', '/api/driver?sortBy=licenceExpiry&sortOrder=desc&limit=100', adminA);
    const dates = sorted.json<{ rows: TResourceRow[] }>().rows.map((r) => String(r.licenceExpiry));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('destination: needs its coordinates', async () => {
    const bad = await call('POST', '/api/destination', adminA, { name: 'Riyadh Dry Port' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: Record<string, string> }>().details).toMatchObject({ latitude: 'Please input latitude!', longitude: 'Please input longitude!' });
  });
});

describe('OpenAPI', () => {
  it('documents every resource route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const resource of resourceRegistry) {
      expect(paths).toEqual(expect.arrayContaining([`/api/${resource.key}`, `/api/${resource.key}/{id}`, `/api/${resource.key}/{id}/toggle-status`, `/api/${resource.key}/export.xlsx`]));
    }
  });
});
