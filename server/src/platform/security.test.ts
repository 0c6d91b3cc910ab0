import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bearer, loginAs, makeUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { REDACTED, redactText, redactUrl } from './log-redaction';

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'superAdmin' })).username);
});
afterAll(async () => {
  await t.close();
});

/** A path of a registered route with its parameters filled in. */
function concrete(url: string): string {
  return url.replace(/\*$/, 'documents/2026/11/x.pdf').replace(/:[A-Za-z]+/g, '1');
}

describe('cross-site requests', () => {
  it('refuses every route that changes something when it carries only the session cookie or a query token', async () => {
    const failures: string[] = [];
    const changing = t.app.routeAccess.filter((r) => r.method !== 'GET' && r.access.kind !== 'public');
    expect(changing.length).toBeGreaterThan(40);
    for (const route of changing) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: `${concrete(route.url)}?token=${superToken}`,
        headers: { cookie: `${SESSION_COOKIE}=${superToken}` },
        payload: {},
      });
      if (response.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
    // The same token in the header passes the guard (the made-up ids and empty bodies then fail validation or lookups).
    const withHeader = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(superToken), payload: {} });
    expect(withHeader.statusCode).toBe(400);
  });

  it('treats a session cookie with a malformed escape as no session (401), never a 500', async () => {
    for (const value of ['%E0%A4%A', '%', 'abc%zz']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user-context', headers: { cookie: `${SESSION_COOKIE}=${value}` } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('keeps the public changing routes to those that need no session (sign-in and the password links)', () => {
    const open = t.app.routeAccess.filter((r) => r.method !== 'GET' && r.access.kind === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(['POST /api/auth/forgotPassword', 'POST /api/auth/login', 'PUT /api/auth/resetPassword/:token']);
  });

  it('gives the session cookie HttpOnly and SameSite, and Secure behind an https address', async () => {
    const user = await makeUser(t.database.db, { kind: 'superAdmin' });
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'Strong#Pass1' } });
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=(Lax|Strict)/);
    expect(cookie).not.toMatch(/Secure/);
    const secure = await createTestApp({ database: t.database, config: { publicUrl: 'https://tonnage.example' } });
    try {
      const response = await secure.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'Strong#Pass1' } });
      expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=(Lax|Strict).*; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('security headers', () => {
  it('puts a strict content security policy and the framing, sniffing and referrer headers on every response', async () => {
    const webDistDir = path.join(t.dataDir, 'web');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Tonnage</title>');
    const withWeb = await createTestApp({
      database: t.database,
      config: {
        webDistDir,
        publicUrl: 'https://tonnage.example',
        s3: { endpoint: 'https://minio.example:9000/path', bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true },
      },
    });
    try {
      const responses = [
        await withWeb.app.inject({ method: 'GET', url: '/agencies/1/dashboard' }),
        await withWeb.app.inject({ method: 'GET', url: '/api/health' }),
        await withWeb.app.inject({ method: 'GET', url: '/api/user-context' }),
        await withWeb.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
      for (const response of responses) {
        const policy = String(response.headers['content-security-policy']);
        const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
        expect(directives.get('default-src')).toEqual(["'self'"]);
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
        expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tonnage.example', 'https://minio.example:9000']);
        expect(directives.get('connect-src')).toEqual(["'self'", 'https://tonnage.example', 'wss://tonnage.example']);
        expect(directives.get('object-src')).toEqual(["'none'"]);
        expect(directives.get('base-uri')).toEqual(["'self'"]);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(directives.get('form-action')).toEqual(["'self'"]);
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('same-origin');
      }
    } finally {
      await withWeb.close();
    }
  });
});

describe('the server log', () => {
  it('never writes a token, password, reset token, cookie or authorization header', async () => {
    const lines: string[] = [];
    const { app } = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      database: t.database,
      clock: t.clock,
      mailer: t.mailer,
      realtime: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    const secrets = {
      queryToken: 'QueryTokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      header: 'HeaderTokenBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
      cookie: 'CookieTokenCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC',
      resetApi: 'ResetTokenDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD',
      resetPage: 'ResetTokenEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE',
      resetEncoded: 'ResetTokenFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
      password: 'Secret#Password99',
      upperQuery: 'QueryTokenGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG',
    };
    try {
      await app.inject({ method: 'GET', url: `/api/files/documents/2026/11/x.pdf?token=${secrets.queryToken}&inline=1` });
      await app.inject({ method: 'GET', url: `/api/reports/x.xlsx?TOKEN=Bearer%20${secrets.upperQuery}` });
      await app.inject({
        method: 'GET',
        url: '/api/user-context',
        headers: { authorization: `Bearer ${secrets.header}`, cookie: `${SESSION_COOKIE}=${secrets.cookie}` },
      });
      await app.inject({
        method: 'PUT',
        url: `/api/auth/resetPassword/${secrets.resetApi}`,
        payload: { password: secrets.password, confirmPassword: secrets.password },
      });
      await app.inject({ method: 'GET', url: `/resetpassword/${secrets.resetPage}` });
      await app.inject({ method: 'PUT', url: `/api/auth/%72esetPassword/${secrets.resetEncoded}`, payload: {} });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: secrets.password } });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    // The requests were logged (with their method and path), only without the secrets.
    expect(log).toContain('/api/files/documents/2026/11/x.pdf?token=[redacted]&inline=1');
    expect(log).toContain('/api/auth/resetPassword/[redacted]');
    expect(log).toContain('/resetpassword/[redacted]');
    expect(lines.filter((line) => line.includes('"url"')).length).toBeGreaterThanOrEqual(7);
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} reached the log`).toBe(false);
  });

  it('redacts secret query values in any letter case and spelling, and leaves other parameters alone', () => {
    expect(redactUrl('/api/x?page=2&token=abc&sort=name')).toBe(`/api/x?page=2&token=${REDACTED}&sort=name`);
    expect(redactUrl('/api/x?%74oken=abc&access_token=def&Password=ghi')).toBe(`/api/x?%74oken=${REDACTED}&access_token=${REDACTED}&Password=${REDACTED}`);
    expect(redactUrl('/api/auth/resetPassword/abc?x=1')).toBe(`/api/auth/resetPassword/${REDACTED}?x=1`);
    expect(redactUrl('/api/users?search=reset')).toBe('/api/users?search=reset');
    expect(redactText('GET /api/x?token=abc failed: Bearer def')).toBe(`GET /api/x?token=${REDACTED} failed: Bearer ${REDACTED}`);
  });
});
