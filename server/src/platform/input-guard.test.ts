import { randomBytes } from 'node:crypto';
import { Headers, INVALID_ID, TEXT_NOT_ALLOWED, resourceByKey, type TDocument } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoAgency } from '../seed/first-run';
import { bearer, loginAs } from '../test/fixtures';
import { createDemoTestApp, type TestApp } from '../test/harness';
import { sampleInput } from '../test/resource-samples';
import { queryRows } from './db/client';

/*
 * The findings of the penetration test's "bad input never answers 500", one by one, on the demo season: each was
 * a 500 before the text contract, the id contract in every body and the input guard.
 */

let t: TestApp;
let agencyId: number;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createDemoTestApp();
  agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  admin = { ...bearer(await loginAs(t.app, 'demo.admin', 'Demo#Pass1')), [Headers.agencyId]: String(agencyId) };
  superAdmin = bearer(await loginAs(t.app, t.config.adminUsername, 'Admin#Pass1'));
});
afterAll(async () => {
  await t.close();
});

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row?.n ?? -1;
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, body?: unknown) {
  const response = await t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  return { status: response.statusCode, body: response.json<{ message?: string; details?: Record<string, string> }>() };
}

function multipart(fileName: string) {
  const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const bytes = Buffer.from(`%PDF-1.4 ${randomBytes(8).toString('hex')}`);
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('text the database cannot store', () => {
  it('refuses a NUL in the unauthenticated sign-in and forgotten-password bodies with a 400', async () => {
    const before = await count('login_throttle');
    for (const body of [{ username: 'demo.admin\u0000', password: 'Demo#Pass1' }, { username: 'demo.admin', password: 'x\u0000' }]) {
      expect(await call('POST', '/api/auth/login', {}, body)).toMatchObject({ status: 400, body: { message: TEXT_NOT_ALLOWED } });
    }
    expect(await call('POST', '/api/auth/forgotPassword', {}, { username: 'demo\u0000admin' })).toMatchObject({ status: 400, body: { message: TEXT_NOT_ALLOWED } });
    expect(await count('login_throttle')).toBe(before);
  });

  it('refuses a lone surrogate in a BL number, and a NUL in a list search, path or nested body', async () => {
    const bl = await call('POST', '/api/shipments', admin, { consignmentId: 1, voyageId: 1, blNumber: 'BL-\uD800', blQuantity: '1', blConsigneeId: 1 });
    expect(bl).toMatchObject({ status: 400, body: { message: TEXT_NOT_ALLOWED } });
    expect((await call('POST', '/api/shipments', admin, { blNumber: 'BL-\uDC00x' })).body.message).toBe(TEXT_NOT_ALLOWED);
    expect((await call('GET', '/api/consignments?search=abc%00def', admin)).body.message).toBe(TEXT_NOT_ALLOWED);
    expect((await call('GET', '/api/roles/1%00', admin)).status).toBe(400);
    expect((await call('PUT', '/api/roles/1/permissions', admin, { permissions: ['x\u0000'] })).body.message).toBe(TEXT_NOT_ALLOWED);
    // A well-formed pair (an emoji) and Arabic are text like any other.
    expect((await call('GET', `/api/consignments?search=${encodeURIComponent('عقد 📦')}`, admin)).status).toBe(200);
  });

  it('refuses an uploaded file named with a NUL, storing nothing', async () => {
    const before = await count('stored_files');
    const body = multipart('invoice\u0000.pdf');
    const response = await t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=documents', headers: { ...admin, 'content-type': body.contentType }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(TEXT_NOT_ALLOWED);
    expect(await count('stored_files')).toBe(before);
  });
});

describe('ids beyond the integer range', () => {
  it('refuses a master-data reference beyond any id with the field’s message, not a 500', async () => {
    const berth = resourceByKey('berth');
    for (const portId of [99999999999, 2147483648]) {
      const response = await call('POST', '/api/berth', admin, { ...sampleInput(berth, 1, { port: 1 }), portId });
      expect(response).toMatchObject({ status: 400, body: { details: { portId: 'Please select port!' } } });
    }
    expect((await call('GET', '/api/berth?portId=99999999999', admin)).body.message).toBe(INVALID_ID);
  });

  it('refuses a user’s role and assignment ids beyond any id, and a role read by one', async () => {
    const user = { username: 'range.check', email: 'range.check@example.test', firstName: 'Range', kind: 'agencyUser', password: 'Range#Pass1' };
    for (const extra of [{ roleId: 99999999999 }, { roleId: 2147483648 }, { locationIds: [2147483648] }, { consigneeIds: [99999999999] }, { cityId: 99999999999 }]) {
      const response = await call('POST', '/api/users', admin, { ...user, ...extra });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(Object.values(response.body.details ?? {})).toContain(INVALID_ID);
    }
    expect(await call('GET', '/api/roles/2147483648', admin)).toMatchObject({ status: 400, body: { message: INVALID_ID } });
    expect((await call('GET', '/api/users?roleId=99999999999', admin)).body.message).toBe(INVALID_ID);
    expect((await call('GET', '/api/locations?ids=1,2147483648', admin)).status).toBe(400);
    expect((await call('GET', '/api/weightMachine/location?locationId=99999999999', admin)).status).toBe(400);
  });

  it('refuses an agency header that is not an id', async () => {
    for (const header of ['99999999999', '2147483648', '1e3', '1.5', 'abc']) {
      expect(await call('GET', '/api/roles', { ...superAdmin, [Headers.agencyId]: header })).toMatchObject({ status: 400, body: { message: 'Invalid agency id.' } });
    }
  });
});

describe('the super admin attaching a document', () => {
  it('attaches in the agency of the header, and asks for one without it', async () => {
    const inAgency = { ...superAdmin, [Headers.agencyId]: String(agencyId) };
    const body = multipart('Survey report.pdf');
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=documents', headers: { ...inAgency, 'content-type': body.contentType }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { path } = uploaded.json<{ path: string }>();

    const [consignment] = await queryRows<{ id: number }>(t.database.db, sql`select id from consignments where agency_id = ${agencyId} and status = 'Active' order by id limit 1`);
    const url = `/api/consignments/${consignment?.id ?? 0}/documents`;
    expect(await call('POST', url, superAdmin, { path })).toMatchObject({ status: 400, body: { message: 'Please select an agency.' } });
    const attached = await call('POST', url, inAgency, { path, title: 'Survey' });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    expect(attached.body).toMatchObject({ title: 'Survey', fileName: 'Survey report.pdf' });
    const list = await t.app.inject({ method: 'GET', url, headers: inAgency });
    expect(list.json<{ rows: TDocument[] }>().rows.map((row) => row.title)).toContain('Survey');
    const onOrder = await call('POST', '/api/saleOrder/1/documents', superAdmin, { path });
    expect(onOrder.status).toBe(400);
  });
});
