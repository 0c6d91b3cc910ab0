import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { bearer, loginAs, makeAgency, makeUser } from '../../test/fixtures';

let t: TestApp;
let superToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const agency = await makeAgency(t.database.db);
  const superAdmin = await makeUser(t.database.db, { kind: 'superAdmin' });
  const agencyAdmin = await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agency.id });
  superToken = await loginAs(t.app, superAdmin.username);
  adminToken = await loginAs(t.app, agencyAdmin.username);
});
afterAll(async () => {
  await t.close();
});

const pngOf = (bytes: number) => {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([header, Buffer.alloc(bytes - header.length)]);
};

function multipart(file: Buffer, name: string, token: string) {
  const boundary = '----tonnageboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('product settings', () => {
  it('are for super admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(adminToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(adminToken), payload: { loginMaxAttempts: 3 } })).statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(superToken) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ loginMaxAttempts: 5, loginBlockMinutes: 15, imageMaxMb: 5, documentMaxMb: 25, defaultLanguage: 'en' });
  });

  it('refuses values out of range and changes nothing', async () => {
    const bad = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(superToken), payload: { loginMaxAttempts: 1, imageMaxMb: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ details: Record<string, string> }>().details).sort()).toEqual(['imageMaxMb', 'loginMaxAttempts']);
    const read = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(superToken) });
    expect(read.json()).toMatchObject({ loginMaxAttempts: 5, imageMaxMb: 5 });
  });

  it('apply without a restart: the lockout count, the block time, the language and the upload limit', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(superToken),
      payload: { loginMaxAttempts: 3, loginBlockMinutes: 2, imageMaxMb: 1, defaultLanguage: 'ar' },
    });
    expect(put.statusCode).toBe(200);

    const user = await makeUser(t.database.db, { kind: 'superAdmin' });
    let last = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'Wrong#1x' } });
    expect(last.headers['x-ratelimit-remaining']).toBe('2');
    for (let i = 0; i < 2; i++) last = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'Wrong#1x' } });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('120');

    const publicInfo = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(publicInfo.json()).toMatchObject({ defaultLanguage: 'ar', loginMaxAttempts: 3 });

    const tooBig = await t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=profile', ...multipart(pngOf(1024 * 1024 + 10), 'me.png', superToken) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toBe('File must be smaller than 1MB!');
    const fits = await t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=profile', ...multipart(pngOf(1024 * 1024 - 10), 'me.png', superToken) });
    expect(fits.statusCode).toBe(200);
  });
});
