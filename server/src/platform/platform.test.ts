import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Messages } from '@tonnage/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { installAccessControl } from '../identity/access';
import { fixedClock } from './clock';
import { installErrorHandling } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP platform', () => {
  it('reports health with the database kind and the version header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: t.database.kind });
    expect(response.headers['x-app-version']).toBe(t.config.appVersion);
  });

  it('answers unknown API paths with the JSON error shape and the version header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: Messages.notFound, code: 'NOT_FOUND' });
    expect(response.headers['x-app-version']).toBe(t.config.appVersion);
  });

  it('declares access on every API route, and only the sign-in flows are public', () => {
    const publicRoutes = t.app.routeAccess.filter((r) => r.access.kind === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/openapi.json',
        'GET /api/settings/public',
        'POST /api/auth/login',
        'POST /api/auth/forgotPassword',
        'PUT /api/auth/resetPassword/:token',
      ].sort(),
    );
    expect(t.app.routeAccess.length).toBeGreaterThan(publicRoutes.length);
  });

  it('refuses a route that declares no access', () => {
    const app = Fastify();
    installAccessControl(app, { db: t.database.db, clock: fixedClock() });
    expect(() => app.get('/api/forgotten', () => ({ ok: true }))).toThrow(/declares no access/);
    expect(() => app.get('/api/declared', { config: { access: { kind: 'public' } } }, () => ({ ok: true }))).not.toThrow();
  });

  it('hides the details of unexpected errors behind "Internal Server Error"', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/boom', () => {
      throw new Error('secret database detail');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: Messages.internal, code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
  });

  it('serves the web app for every non-API path when it is built', async () => {
    const webDistDir = path.join(t.dataDir, 'web-dist');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Tonnage</title><div id="root"></div>');
    const withWeb = await createTestApp({ database: t.database, config: { webDistDir } });
    const page = await withWeb.app.inject({ method: 'GET', url: '/agencies/4/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Tonnage</title>');
    const api = await withWeb.app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
    await withWeb.app.close();
  });

  it('sends the build’s compressed copy of a file to a browser that accepts it, the file itself to one that does not', async () => {
    const webDistDir = path.join(t.dataDir, 'web-dist-compressed');
    mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('tonnage '.repeat(400))});`;
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Tonnage</title>');
    writeFileSync(path.join(webDistDir, 'assets', 'app.js'), script);
    writeFileSync(path.join(webDistDir, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webDistDir, 'assets', 'app.js.gz'), gzipSync(script));
    const withWeb = await createTestApp({ database: t.database, config: { webDistDir } });
    const get = (encoding: string | null) => withWeb.app.inject({ method: 'GET', url: '/assets/app.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    await withWeb.app.close();
  });
});
