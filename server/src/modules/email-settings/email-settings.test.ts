import { createServer, type AddressInfo } from 'node:net';
import { Headers, Messages, type TApiError, type TEmailSettings, type TEmailSettingsInput } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAgency } from '../../platform/db/tenancy';
import { openSmtpPassword } from './agency-mailer';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { saveApprovalRule } from '../approvals/approval-rules.service';
import { notifyApprover, startApproval } from '../approvals/approvals.service';
import { createSession } from '../../identity/sessions.service';
import { agencyEmailSettings } from './email-settings.schema';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

const SMTP_USER = 'agency-mailer';
const SMTP_PASSWORD = 'Sm7p-Pa$$word-Secret';

/** A local SMTP server that demands a user name and password (AUTH over plain text, no TLS: test only). */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

/** A port nobody listens on: opened, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let agencyA: number;
let agencyB: number;
const tokens = { superAdmin: '', adminA: '', adminB: '', viewer: '', adder: '', editor: '', nobody: '' };
type Who = keyof typeof tokens | 'anonymous';
let resetUser: { username: string; email: string; id: number };

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

function call(who: Who, method: 'GET' | 'PUT' | 'POST', url: string, options: { payload?: object; agencyId?: number } = {}) {
  const headers: Record<string, string> = who === 'anonymous' ? {} : bearer(tokens[who]);
  if (options.agencyId !== undefined) headers[Headers.agencyId] = String(options.agencyId);
  return t.app.inject({ method, url, headers, ...(options.payload ? { payload: options.payload as Record<string, unknown> } : {}) });
}

const settingsBody = (overrides: Partial<TEmailSettingsInput> = {}): TEmailSettingsInput => ({
  host: '127.0.0.1',
  port: smtp.port,
  security: 'none',
  username: SMTP_USER,
  password: SMTP_PASSWORD,
  fromName: 'Alpha Shipping',
  fromEmail: 'ops@alpha.test',
  isActive: true,
  ...overrides,
});

async function storedRow(agencyId: number) {
  const [row] = await t.database.db.select().from(agencyEmailSettings).where(eq(agencyEmailSettings.agencyId, agencyId));
  return row;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db)).id;
  agencyB = (await makeAgency(db)).id;
  const role = async (permissions: string[]) => (await makeRole(db, { agencyId: agencyA, permissions })).id;
  const user = async (roleId: number) => tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId })).id);
  tokens.superAdmin = await tokenFor((await makeUser(db, { kind: 'superAdmin' })).id);
  tokens.adminA = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).id);
  tokens.adminB = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).id);
  tokens.viewer = await user(await role(['canViewEmailSettings']));
  tokens.adder = await user(await role(['canViewEmailSettings', 'canAddEmailSettings']));
  tokens.editor = await user(await role(['canViewEmailSettings', 'canEditEmailSettings']));
  tokens.nobody = await user(await role(['canViewDashboard']));
  const row = await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, username: 'reset.me', email: 'reset.me@alpha.test' });
  resetUser = { username: row.username, email: row.email, id: row.id };
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.server.close(resolve));
});

describe('e-mail settings: save and read', () => {
  it('answers 404 before any settings are saved', async () => {
    const response = await call('adminA', 'GET', '/api/email-settings');
    expect(response.statusCode).toBe(404);
    expect(response.json<TApiError>().message).toBe('E-mail settings are not configured for this agency yet.');
  });

  it('saves the settings and never returns the password, only that one is stored', async () => {
    const saved = await call('adder', 'PUT', '/api/email-settings', { payload: settingsBody() });
    expect(saved.statusCode).toBe(200);
    const expected = {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: SMTP_USER,
      hasPassword: true,
      fromName: 'Alpha Shipping',
      fromEmail: 'ops@alpha.test',
      isActive: true,
      updatedAt: t.clock.now().toISOString(),
    };
    expect(saved.json()).toEqual(expected);
    const read = await call('viewer', 'GET', '/api/email-settings');
    expect(read.json()).toEqual(expected);
    for (const body of [saved.body, read.body]) expect(body).not.toContain(SMTP_PASSWORD);
  });

  it('stores the password encrypted, bound to the agency', async () => {
    const row = await storedRow(agencyA);
    if (!row?.passwordEncrypted) throw new Error('no stored password');
    expect(row.passwordEncrypted).not.toContain(SMTP_PASSWORD);
    expect(row.passwordEncrypted).not.toContain(Buffer.from(SMTP_PASSWORD).toString('base64'));
    expect(row.passwordEncrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openSmtpPassword(t.config, { agencyId: agencyA, sealed: row.passwordEncrypted })).toBe(SMTP_PASSWORD);
    expect(() => openSmtpPassword(t.config, { agencyId: agencyB, sealed: row.passwordEncrypted ?? '' })).toThrow(/cannot be decrypted/);
    expect(() => openSmtpPassword({ ...t.config, appSecret: 'another-secret-another-secret-another' }, { agencyId: agencyA, sealed: row.passwordEncrypted ?? '' })).toThrow();
  });

  it('keeps the stored password when the field is omitted, replaces it when given and removes it when empty', async () => {
    const first = (await storedRow(agencyA))?.passwordEncrypted;
    const { password: _omitted, ...withoutPassword } = settingsBody({ fromName: 'Alpha Ops' });
    const kept = await call('editor', 'PUT', '/api/email-settings', { payload: withoutPassword });
    expect(kept.json<TEmailSettings>()).toMatchObject({ hasPassword: true, fromName: 'Alpha Ops' });
    expect((await storedRow(agencyA))?.passwordEncrypted).toBe(first);

    const removed = await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody({ password: '' }) });
    expect(removed.json<TEmailSettings>().hasPassword).toBe(false);
    expect((await storedRow(agencyA))?.passwordEncrypted).toBeNull();

    const replaced = await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody() });
    expect(replaced.json<TEmailSettings>().hasPassword).toBe(true);
    const again = (await storedRow(agencyA))?.passwordEncrypted;
    expect(again).not.toBe(first); // a fresh IV each time
    expect(openSmtpPassword(t.config, { agencyId: agencyA, sealed: again ?? '' })).toBe(SMTP_PASSWORD);
  });

  it.each([
    ['a port out of range', { port: 70000 }, 'port', 'Port must be between 1 and 65535.'],
    ['an empty host', { host: '  ' }, 'host', 'Please input the SMTP host!'],
    ['an invalid sender', { fromEmail: 'not-an-address' }, 'fromEmail', 'Please enter a valid email!'],
    ['an unknown security', { security: 'ssl' }, 'security', undefined],
  ])('refuses %s (400) and changes nothing', async (_label, overrides, field, message) => {
    const before = await storedRow(agencyA);
    const response = await call('adminA', 'PUT', '/api/email-settings', { payload: { ...settingsBody(), ...overrides } });
    expect(response.statusCode).toBe(400);
    const details = response.json<TApiError>().details ?? {};
    expect(details[field]).toBeDefined();
    if (message) expect(details[field]).toBe(message);
    expect(await storedRow(agencyA)).toEqual(before);
  });
});

describe('e-mail settings: test e-mail', () => {
  it('delivers a test e-mail through the saved server, signing in with the decrypted password', async () => {
    const before = smtp.received.length;
    const response = await call('editor', 'POST', '/api/email-settings/test', { payload: { to: 'someone@example.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Test e-mail sent to someone@example.test.' });
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.user).toBe(SMTP_USER);
    expect(mail?.from).toBe('ops@alpha.test');
    expect(mail?.to).toEqual(['someone@example.test']);
    expect(mail?.raw).toMatch(/^From: Alpha Shipping <ops@alpha\.test>\r?$/m);
    expect(mail?.raw).toMatch(/^Subject: Tonnage: test e-mail\r?$/m);
  });

  it('reports a refused sign-in as 400 "authentication failed"', async () => {
    await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody({ password: 'wrong-password' }) });
    const response = await call('editor', 'POST', '/api/email-settings/test', { payload: { to: 'someone@example.test' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>().message).toBe(`The SMTP server 127.0.0.1:${smtp.port} refused the user name or password: authentication failed.`);
    await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody() });
  });

  it('reports a server that is not there as 400 "connection refused"', async () => {
    const port = await closedPort();
    await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody({ port }) });
    const response = await call('editor', 'POST', '/api/email-settings/test', { payload: { to: 'someone@example.test' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>().message).toBe(`Could not connect to the SMTP server 127.0.0.1:${port}: connection refused.`);
    await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody() });
  });

  it('asks for saved settings first, and for a valid address', async () => {
    const none = await call('adminB', 'POST', '/api/email-settings/test', { payload: { to: 'someone@example.test' } });
    expect([none.statusCode, none.json<TApiError>().message]).toEqual([400, 'Please save the e-mail settings before sending a test e-mail.']);
    const bad = await call('adminA', 'POST', '/api/email-settings/test', { payload: { to: 'nobody' } });
    expect([bad.statusCode, bad.json<TApiError>().details]).toEqual([400, { to: 'Please enter a valid email!' }]);
  });

  it('says so when a stored password cannot be decrypted (copied from another agency)', async () => {
    const sealedForA = (await storedRow(agencyA))?.passwordEncrypted ?? null;
    await call('adminB', 'PUT', '/api/email-settings', { payload: settingsBody({ password: 'placeholder' }) });
    await inAgency(t.database.db, agencyB, (tx) =>
      tx.update(agencyEmailSettings).set({ passwordEncrypted: sealedForA }).where(eq(agencyEmailSettings.agencyId, agencyB)),
    );
    const response = await call('adminB', 'POST', '/api/email-settings/test', { payload: { to: 'someone@example.test' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<TApiError>().message).toMatch(/cannot be decrypted/);
  });
});

describe('agency mail goes through the agency’s settings', () => {
  it('sends the password-reset mail of an agency user to the agency’s SMTP server', async () => {
    const before = smtp.received.length;
    const captured = t.mailer.sent.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: resetUser.username } });
    expect(response.statusCode).toBe(200);
    await waitFor(() => smtp.received.length > before, 'the reset mail');
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([resetUser.email]);
    expect(mail?.user).toBe(SMTP_USER);
    expect(mail?.raw).toMatch(/^Subject: Tonnage: reset your password\r?$/m);
    expect(mail?.raw).toContain('/resetpassword/');
    expect(t.mailer.sent.length).toBe(captured);
  });

  it('falls back to the product mailer when the agency’s settings are inactive', async () => {
    await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody({ isActive: false }) });
    const before = smtp.received.length;
    const captured = t.mailer.sent.length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: resetUser.username } });
    await waitFor(() => t.mailer.sent.length > captured, 'the product mail');
    expect(t.mailer.sent.at(-1)?.to).toBe(resetUser.email);
    expect(smtp.received.length).toBe(before);
    await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody({ isActive: true }) });
  });

  it('sends approval requests to the approver through the agency’s SMTP server', async () => {
    const approver = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, email: 'approver@alpha.test', firstName: 'Nadia' });
    const now = t.clock.now();
    const outcome = await inAgency(t.database.db, agencyA, async (tx) => {
      await saveApprovalRule(tx, {
        agencyId: agencyA,
        kind: 'swapCargo',
        input: { kind: 'swapCargo', approvers: [{ order: 1, userId: approver.id }] },
        actorId: resetUser.id,
        now,
      });
      return startApproval(tx, { agencyId: agencyA, kind: 'swapCargo', transactionId: 77, createdBy: resetUser.id, now, pagePath: 'swapCargo' });
    });
    const before = smtp.received.length;
    expect(await notifyApprover(t.context, outcome.notice)).toBe(true);
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['approver@alpha.test']);
    expect(mail?.raw).toMatch(/^Subject: Tonnage: Cargo swap #77 awaits your approval\r?$/m);
    expect(mail?.raw).toContain(`/agencies/${agencyA}/swapCargo`);
  });
});

describe('e-mail settings: permissions and agency isolation', () => {
  it('asks for a session and the module permissions', async () => {
    expect((await call('anonymous', 'GET', '/api/email-settings')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/email-settings'],
      ['PUT', '/api/email-settings'],
      ['POST', '/api/email-settings/test'],
    ] as const) {
      const response = await call('nobody', method, url, method === 'GET' ? {} : { payload: method === 'PUT' ? settingsBody() : { to: 'a@b.test' } });
      expect([response.statusCode, response.json<TApiError>().message]).toEqual([403, Messages.forbidden]);
    }
  });

  it('lets view read only; add create only; edit replace and test', async () => {
    expect((await call('viewer', 'PUT', '/api/email-settings', { payload: settingsBody() })).statusCode).toBe(403);
    expect((await call('viewer', 'POST', '/api/email-settings/test', { payload: { to: 'a@b.test' } })).statusCode).toBe(403);
    expect((await call('adder', 'PUT', '/api/email-settings', { payload: settingsBody() })).statusCode).toBe(403);
    expect((await call('adder', 'POST', '/api/email-settings/test', { payload: { to: 'a@b.test' } })).statusCode).toBe(403);
    expect((await call('editor', 'PUT', '/api/email-settings', { payload: settingsBody() })).statusCode).toBe(200);
  });

  it('keeps each agency to its own settings', async () => {
    const ownB = (await call('adminB', 'GET', '/api/email-settings')).json<TEmailSettings>();
    expect(ownB.fromName).toBe('Alpha Shipping');
    await call('adminB', 'PUT', '/api/email-settings', { payload: settingsBody({ fromName: 'Bravo', password: '' }) });
    expect((await call('adminA', 'GET', '/api/email-settings')).json<TEmailSettings>()).toMatchObject({ fromName: 'Alpha Shipping', hasPassword: true });
    for (const [method, url] of [
      ['GET', '/api/email-settings'],
      ['PUT', '/api/email-settings'],
      ['POST', '/api/email-settings/test'],
    ] as const) {
      const response = await call('adminB', method, url, {
        agencyId: agencyA,
        ...(method === 'GET' ? {} : { payload: method === 'PUT' ? settingsBody() : { to: 'a@b.test' } }),
      });
      expect(response.statusCode).toBe(403);
    }
    const asSuper = await call('superAdmin', 'GET', '/api/email-settings', { agencyId: agencyB });
    expect(asSuper.json<TEmailSettings>()).toMatchObject({ fromName: 'Bravo', hasPassword: false });
  });
});
