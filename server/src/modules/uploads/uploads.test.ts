import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Messages, SESSION_COOKIE, type TApiError, type TUploadResponse } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../identity/files.schema';
import { createSession } from '../../identity/sessions.service';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { detectFileType } from './uploads.service';

const MB = 1024 * 1024;
let t: TestApp;
let agencyA: number;
let agencyB: number;
const tokens = { superAdmin: '', userA: '', otherUserA: '', userB: '', adminA: '' };
type Who = keyof typeof tokens | 'anonymous';

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

// --- file contents, built by their signatures ---------------------------------------------------------------
function padded(head: Buffer, size: number, fill = 0x20): Buffer {
  const bytes = Buffer.alloc(Math.max(size, head.length), fill);
  head.copy(bytes);
  return bytes;
}
const png = (size = 256) => padded(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), size, 0);
const jpeg = (size = 256) => padded(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), size, 0);
const pdf = (size = 256) => padded(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'), size);
const zip = (...entries: string[]) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), ...entries.map((e) => Buffer.from(`\0\0${e}\0\0`, 'latin1'))]);
const cfb = (stream: string) => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from(`Root Entry\0${stream}\0`, 'utf16le')]);
const text = (value: string) => Buffer.from(value, 'utf8');

// --- requests -------------------------------------------------------------------------------------------------
function multipart(fileName: string, bytes: Buffer, options: { field?: string; contentType?: string } = {}) {
  const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(who: Who, directory: string, fileName: string, bytes: Buffer, extra: { headers?: Record<string, string>; field?: string } = {}) {
  const body = multipart(fileName, bytes, extra.field ? { field: extra.field } : {});
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/file?directory=${directory}`,
    headers: { ...(who === 'anonymous' ? {} : bearer(tokens[who])), 'content-type': body.contentType, ...extra.headers },
    payload: body.payload,
  });
}

function download(who: Who, key: string) {
  return t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers: who === 'anonymous' ? {} : bearer(tokens[who]) });
}

async function uploaded(who: Who, directory: string, fileName: string, bytes: Buffer): Promise<TUploadResponse> {
  const response = await upload(who, directory, fileName, bytes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TUploadResponse>();
}

async function storedFileCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
  return row?.n ?? 0;
}

function filesOnDisk(): string[] {
  const root = path.join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Runs a refused upload and checks that nothing was stored, in the table or on disk. */
async function refused(status: number, message: string, run: () => ReturnType<typeof upload>): Promise<void> {
  const rows = await storedFileCount();
  const files = filesOnDisk().length;
  const response = await run();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<TApiError>().message).toBe(message);
  expect(await storedFileCount()).toBe(rows);
  expect(filesOnDisk()).toHaveLength(files);
}

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://tonnage.test' } });
  agencyA = (await makeAgency(t.database.db)).id;
  agencyB = (await makeAgency(t.database.db)).id;
  tokens.superAdmin = await tokenFor((await makeUser(t.database.db, { kind: 'superAdmin' })).id);
  // Users holding some permission: one without any keeps only the profile folder (no-permission.test.ts).
  const roleA = await makeRole(t.database.db, { agencyId: agencyA, permissions: ['canViewDashboard'] });
  const roleB = await makeRole(t.database.db, { agencyId: agencyB, permissions: ['canViewDashboard'] });
  tokens.userA = await tokenFor((await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: roleA.id })).id);
  tokens.otherUserA = await tokenFor((await makeUser(t.database.db, { kind: 'companyAdmin', agencyId: agencyA, roleId: roleA.id })).id);
  tokens.adminA = await tokenFor((await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyA })).id);
  tokens.userB = await tokenFor((await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyB, roleId: roleB.id })).id);
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/uploads/file then GET /api/files/<path>', () => {
  it('stores an image and serves the same bytes back', async () => {
    const bytes = png(4096);
    const body = await uploaded('userA', 'profile', 'my face.png', bytes);
    expect(body.path).toMatch(/^profile\/2026\/11\/[0-9a-f-]{36}\.png$/);
    expect(body).toEqual({
      path: body.path,
      url: `https://tonnage.test/api/files/${body.path}`,
      name: 'my face.png',
      size: 4096,
      mimeType: 'image/png',
      message: 'my face.png file uploaded successfully',
    });
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.path, body.path));
    expect(row).toMatchObject({ agencyId: null, directory: 'profile', originalName: 'my face.png', mimeType: 'image/png', size: 4096 });

    const file = await download('userB', body.path); // profile pictures belong to no agency
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(bytes);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(file.headers['content-disposition']).toBe(`inline; filename="my face.png"; filename*=UTF-8''my%20face.png`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps agency files to their agency: another agency's user gets 403", async () => {
    const bytes = pdf(10_000);
    const body = await uploaded('userA', 'documents', 'BL 0042.pdf', bytes);
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.path, body.path));
    expect(row?.agencyId).toBe(agencyA);

    expect((await download('otherUserA', body.path)).rawPayload).toEqual(bytes);
    expect((await download('superAdmin', body.path)).statusCode).toBe(200);
    const foreign = await download('userB', body.path);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<TApiError>().message).toBe(Messages.forbidden);
    expect((await download('anonymous', body.path)).statusCode).toBe(401);
  });

  it('serves a file to the session cookie, so that it can be a plain link', async () => {
    const body = await uploaded('userA', 'images', 'truck.jpg', jpeg());
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${body.path}`, headers: { cookie: `${SESSION_COOKIE}=${tokens.userA}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('files a super admin upload under the chosen agency, and asks for one when none is chosen', async () => {
    const chosen = await upload('superAdmin', 'drivers', 'licence.pdf', pdf(), { headers: { 'x-agency-id': String(agencyB) } });
    expect(chosen.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.path, chosen.json<TUploadResponse>().path));
    expect(row?.agencyId).toBe(agencyB);
    await refused(400, 'Please select an agency.', () => upload('superAdmin', 'documents', 'a.pdf', pdf()));
  });

  it('answers 404 for unknown keys and keys that try to leave the storage', async () => {
    expect((await download('superAdmin', 'documents/2026/11/00000000-0000-0000-0000-000000000000.pdf')).statusCode).toBe(404);
    expect((await download('superAdmin', '..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await download('superAdmin', 'documents/%2E%2E/%2E%2E/x.pdf')).statusCode).toBe(404);
  });

  it('answers 401 to an upload without a token', async () => {
    await refused(401, Messages.tokenExpired, () => upload('anonymous', 'documents', 'a.pdf', pdf()));
  });
});

describe('help files', () => {
  it('are published by super admins only, and readable by every signed-in user', async () => {
    await refused(403, Messages.forbidden, () => upload('adminA', 'help', 'guide.pdf', pdf()));
    const body = await uploaded('superAdmin', 'help', 'guide.pdf', pdf());
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.path, body.path));
    expect(row?.agencyId).toBeNull();
    expect((await download('userB', body.path)).statusCode).toBe(200);
  });

  it('placed in storage without a row (by an operator) are readable under help/ only', async () => {
    const bytes = pdf(2048);
    await t.context.storage.put('help/modules/Warehouse In.pdf', bytes, 'application/pdf');
    const response = await download('userA', 'help/modules/Warehouse%20In.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(bytes);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="Warehouse In.pdf"');

    await t.context.storage.put('documents/2026/11/orphan.pdf', bytes, 'application/pdf');
    expect((await download('superAdmin', 'documents/2026/11/orphan.pdf')).statusCode).toBe(404);
    expect((await download('anonymous', 'help/modules/Warehouse%20In.pdf')).statusCode).toBe(401);
  });
});

describe('file type comes from the content, never the name', () => {
  it('recognises every allowed document type', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['report.pdf', pdf(), 'pdf', 'application/pdf'],
      ['letter.docx', zip('[Content_Types].xml', '_rels/.rels', 'word/document.xml'), 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['stock.xlsx', zip('[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'), 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['old.doc', cfb('WordDocument'), 'doc', 'application/msword'],
      ['old.xls', cfb('Workbook'), 'xls', 'application/vnd.ms-excel'],
      ['trips.csv', text('truck,quantity\nABC-123,31.250\n'), 'csv', 'text/csv; charset=utf-8'],
      ['notes.txt', text('تم التسليم — delivered ✓\n'), 'txt', 'text/plain; charset=utf-8'],
      ['photo.jpeg', jpeg(), 'jpeg', 'image/jpeg'],
      ['photo.JPG', jpeg(), 'jpg', 'image/jpeg'],
    ];
    for (const [name, bytes, extension, mimeType] of cases) {
      const body = await uploaded('userA', 'documents', name, bytes);
      expect(body.path, name).toMatch(new RegExp(`\\.${extension}$`));
      expect(body.mimeType, name).toBe(mimeType);
      expect((await download('userA', body.path)).rawPayload, name).toEqual(bytes);
    }
  });

  it('refuses a text file renamed .png as an image, and stores it as the text it is where text is allowed', async () => {
    await refused(400, Messages.fileTypeNotAllowed, () => upload('userA', 'profile', 'avatar.png', text('definitely not an image')));
    const body = await uploaded('userA', 'documents', 'avatar.png', text('definitely not an image'));
    expect(body).toMatchObject({ mimeType: 'text/plain; charset=utf-8', name: 'avatar.png' });
    expect(body.path).toMatch(/\.txt$/);
  });

  it('takes a PNG named .pdf for the PNG it is', async () => {
    const body = await uploaded('userA', 'documents', 'scan.pdf', png());
    expect(body.mimeType).toBe('image/png');
    expect(body.path).toMatch(/\.png$/);
  });

  it('lets profile, agency and images folders take images only', async () => {
    for (const directory of ['profile', 'agency', 'images']) {
      await refused(400, Messages.fileTypeNotAllowed, () => upload('userA', directory, 'cv.pdf', pdf()));
      await refused(400, Messages.fileTypeNotAllowed, () => upload('userA', directory, 'list.csv', text('a,b\n')));
    }
    expect((await uploaded('userA', 'agency', 'logo.jpg', jpeg())).mimeType).toBe('image/jpeg');
  });

  it('refuses anything else', async () => {
    const others: [string, Buffer][] = [
      ['setup.exe', padded(Buffer.from('MZ\x90\x00', 'latin1'), 512, 0)],
      ['random.pdf', Buffer.from([0x01, 0x02, 0x00, 0xff, 0xfe])],
      ['bad-utf8.txt', Buffer.from([0x68, 0x69, 0xc3, 0x28])],
      ['archive.docx', zip('something.txt')],
      ['strange.xlsx', zip('[Content_Types].xml', 'ppt/presentation.xml')],
      ['mail.doc', cfb('__substg1.0_0037001F')],
      ['image.gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ];
    for (const [name, bytes] of others) {
      await refused(400, Messages.fileTypeNotAllowed, () => upload('userA', 'documents', name, bytes));
    }
  });
});

describe('size limits', () => {
  it('takes an image of exactly 5MB and refuses one byte more', async () => {
    expect((await upload('userA', 'profile', 'big.png', png(5 * MB))).statusCode).toBe(200);
    await refused(413, 'File must be smaller than 5MB!', () => upload('userA', 'profile', 'bigger.png', png(5 * MB + 1)));
    // An image is an image wherever it goes.
    await refused(413, 'File must be smaller than 5MB!', () => upload('userA', 'documents', 'bigger.png', png(8 * MB)));
  });

  it('takes a document of exactly 25MB and refuses larger ones, even far larger', async () => {
    expect((await upload('userA', 'documents', 'big.pdf', pdf(25 * MB))).statusCode).toBe(200);
    await refused(413, 'File must be smaller than 25MB!', () => upload('userA', 'documents', 'bigger.pdf', pdf(25 * MB + 1)));
    await refused(413, 'File must be smaller than 25MB!', () => upload('userA', 'documents', 'huge.csv', padded(text('a,b\n'), 30 * MB, 0x61)));
  });
});

describe('bad upload requests', () => {
  it("answers 'Upload file is required.' without a file", async () => {
    await refused(400, Messages.uploadRequired, () => upload('userA', 'documents', 'empty.pdf', Buffer.alloc(0)));
    await refused(400, Messages.uploadRequired, () => upload('userA', 'documents', 'a.pdf', pdf(), { field: 'attachment' }));
    await refused(400, Messages.uploadRequired, () =>
      t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=documents', headers: bearer(tokens.userA), payload: { file: 'x' } }),
    );
  });

  it('refuses an unknown or missing directory', async () => {
    await refused(400, 'Invalid upload directory.', () => upload('userA', '..%2Fetc', 'a.pdf', pdf()));
    const missing = await t.app.inject({ method: 'POST', url: '/api/uploads/file', headers: bearer(tokens.userA) });
    expect(missing.statusCode).toBe(400);
  });
});

describe('detectFileType', () => {
  it('accepts a truncated UTF-8 text that ends inside a character', () => {
    const cut = text('ملف').subarray(0, 5);
    expect(detectFileType({ bytes: cut, fileName: 'a.txt', truncated: true })?.extension).toBe('txt');
    expect(detectFileType({ bytes: cut, fileName: 'a.txt', truncated: false })).toBeNull();
  });
});
