import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { InvalidStorageKeyError, createStorage, sanitizeKey, type FileStorage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

const BAD_KEYS = ['', '/etc/passwd', '../outside.txt', 'documents/../../outside.txt', 'documents/./a.pdf', 'a//b.pdf', 'a\\b.pdf', 'C:/x.pdf', 'a/\u0000.pdf', 'a/ b.pdf', 'documents/..'];

/** The behaviour every storage must have, whatever its backend. */
function behavesAsStorage(getStorage: () => FileStorage): void {
  it('stores bytes and gives them back with their content type and size', async () => {
    const storage = getStorage();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    await storage.put('images/2026/11/a.png', bytes, 'image/png');
    const found = await storage.get('images/2026/11/a.png');
    expect(found).not.toBeNull();
    expect(await readAll(found!.body)).toEqual(bytes);
    expect(found!.contentType).toBe('image/png');
    expect(found!.size).toBe(bytes.length);
  });

  it('overwrites an existing key', async () => {
    const storage = getStorage();
    await storage.put('documents/2026/11/b.txt', Buffer.from('first'), 'text/plain; charset=utf-8');
    await storage.put('documents/2026/11/b.txt', Buffer.from('second'), 'text/plain; charset=utf-8');
    const found = await storage.get('documents/2026/11/b.txt');
    expect((await readAll(found!.body)).toString()).toBe('second');
  });

  it('answers null for a missing key and for a folder', async () => {
    const storage = getStorage();
    expect(await storage.get('documents/2026/11/missing.pdf')).toBeNull();
    expect(await storage.get('images/2026/11')).toBeNull();
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    const storage = getStorage();
    await storage.put('documents/2026/11/c.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await storage.delete('documents/2026/11/c.pdf');
    expect(await storage.get('documents/2026/11/c.pdf')).toBeNull();
    await expect(storage.delete('documents/2026/11/c.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys that could escape the storage root', async () => {
    const storage = getStorage();
    for (const key of BAD_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });
}

describe('sanitizeKey', () => {
  it('keeps good keys unchanged and refuses bad ones', () => {
    expect(sanitizeKey('documents/2026/11/0b6f.pdf')).toBe('documents/2026/11/0b6f.pdf');
    expect(sanitizeKey('help/flow_diagrams/CMS complete flow.pdf')).toBe('help/flow_diagrams/CMS complete flow.pdf');
    for (const key of BAD_KEYS) expect(() => sanitizeKey(key), key).toThrow(InvalidStorageKeyError);
  });
});

describe('local disk storage', () => {
  let dataDir: string;
  let storage: FileStorage;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-storage-'));
    storage = createStorage(loadConfig({}, { dataDir }));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  behavesAsStorage(() => storage);

  it('keeps files under <dataDir>/uploads/<key>', async () => {
    await storage.put('profile/2026/11/d.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    const file = path.join(dataDir, 'uploads', 'profile', '2026', '11', 'd.jpg');
    expect(readFileSync(file)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  });

  it('never writes outside the uploads folder', async () => {
    await expect(storage.put('../escaped.txt', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(existsSync(path.join(dataDir, 'escaped.txt'))).toBe(false);
  });
});

describe('S3 storage (s3rver)', () => {
  let directory: string;
  let server: S3rver;
  let storage: FileStorage;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'tonnage-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'tonnage-test' }] });
    const { port } = await server.run();
    const config = loadConfig(
      {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'tonnage-test',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
      { dataDir: directory },
    );
    expect(config.s3?.bucket).toBe('tonnage-test');
    storage = createStorage(config);
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  behavesAsStorage(() => storage);

  it('writes to the bucket, not to the data dir', async () => {
    await storage.put('agency/2026/11/e.png', Buffer.from('png-bytes'), 'image/png');
    expect(existsSync(path.join(directory, 'uploads'))).toBe(false);
    const found = await storage.get('agency/2026/11/e.png');
    expect((await readAll(found!.body)).toString()).toBe('png-bytes');
  });
});
