import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HELP_DOCUMENTS, HELP_LANGUAGES, helpDocumentPath } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../identity/sessions.service';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * The help area's documents (spec 2.10) as the help page reaches them: `<s3Url><key>` with s3Url `/api/files/`, the
 * spec's key in English and the `ar/` folder beside it in Arabic, served from the repository's `help/` (config
 * `helpDir`) to whoever can open the help page (any session), without a storage row.
 */

let t: TestApp;
const tokens = { agencyUser: '', noPermission: '', superAdmin: '' };

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

const get = (key: string, token?: string) => t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await createTestApp();
  const agencyId = (await makeAgency(t.database.db)).id;
  const role = await makeRole(t.database.db, { agencyId, permissions: ['canViewDashboard'] });
  const empty = await makeRole(t.database.db, { agencyId, permissions: [] });
  tokens.agencyUser = await tokenFor((await makeUser(t.database.db, { kind: 'agencyUser', agencyId, roleId: role.id })).id);
  tokens.noPermission = await tokenFor((await makeUser(t.database.db, { kind: 'agencyUser', agencyId, roleId: empty.id })).id);
  tokens.superAdmin = await tokenFor((await makeUser(t.database.db, { kind: 'superAdmin' })).id);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/files/help/<folder>/[ar/]<name>.pdf', () => {
  it('serves every document in both languages as the PDF the repository ships', async () => {
    const keys = HELP_DOCUMENTS.flatMap((document) => HELP_LANGUAGES.map((language) => helpDocumentPath(document, language)));
    expect(keys).toHaveLength(46);
    for (const key of keys) {
      const response = await get(key, tokens.agencyUser);
      expect(response.statusCode, key).toBe(200);
      expect(response.headers['content-type'], key).toBe('application/pdf');
      expect(response.rawPayload.equals(readFileSync(path.join(t.config.helpDir, ...key.split('/').slice(1)))), key).toBe(true);
    }
  });

  it('keeps the spec’s English paths and puts the Arabic beside them', async () => {
    const english = await get('help/flow_diagrams/cms-complete-flow.pdf', tokens.agencyUser);
    const arabic = await get('help/flow_diagrams/ar/cms-complete-flow.pdf', tokens.agencyUser);
    expect(english.statusCode).toBe(200);
    expect(arabic.statusCode).toBe(200);
    expect(english.rawPayload.equals(arabic.rawPayload)).toBe(false);
    expect(english.headers['content-disposition']).toContain('filename="cms-complete-flow.pdf"');
    expect((await get('help/modules/warehouse-in.pdf', tokens.agencyUser)).statusCode).toBe(200);
    expect((await get('help/reports/ar/loan-statement.pdf', tokens.agencyUser)).statusCode).toBe(200);
  });

  it('is open to whoever can open the help page: any session, also one whose role grants nothing; not without one', async () => {
    expect((await get('help/modules/shipping.pdf', tokens.noPermission)).statusCode).toBe(200);
    expect((await get('help/modules/shipping.pdf', tokens.superAdmin)).statusCode).toBe(200);
    expect((await get('help/modules/shipping.pdf')).statusCode).toBe(401);
  });

  it('serves only the listed documents from the repository: other help keys come from storage, or are not found', async () => {
    expect((await get('help/modules/unknown.pdf', tokens.agencyUser)).statusCode).toBe(404);
    expect((await get('help/modules/fr/shipping.pdf', tokens.agencyUser)).statusCode).toBe(404);
    expect((await get('help/manifest.json', tokens.agencyUser)).statusCode).toBe(404);
    expect((await get('help/../package.json', tokens.agencyUser)).statusCode).toBe(404);
    // An operator's own document under help/ is still served from storage.
    await t.context.storage.put('help/modules/Site rules.pdf', Buffer.from('%PDF-1.7 site rules'), 'application/pdf');
    expect((await get('help/modules/Site%20rules.pdf', tokens.agencyUser)).statusCode).toBe(200);
    // The shipped document wins over a copy left in storage under its key, so it follows the installed version.
    await t.context.storage.put('help/modules/shipping.pdf', Buffer.from('%PDF-1.7 an old copy'), 'application/pdf');
    const shipped = await get('help/modules/shipping.pdf', tokens.agencyUser);
    expect(shipped.rawPayload.subarray(0, 20).toString('latin1')).not.toContain('an old copy');
  });
});
