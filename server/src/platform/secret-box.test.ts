import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, resolveAppSecret } from './config';
import { openSecret, sealSecret } from './secret-box';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-secret-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('sealSecret / openSecret (AES-256-GCM)', () => {
  const params = { secret: SECRET, purpose: 'smtp-password', context: 'agency:1' };

  it('round-trips, with a fresh IV each time and no plaintext in the result', () => {
    const one = sealSecret({ ...params, plaintext: 'pässword ✓' });
    const two = sealSecret({ ...params, plaintext: 'pässword ✓' });
    expect(one).not.toBe(two);
    expect(one).not.toContain('pässword');
    expect(openSecret({ ...params, sealed: one })).toBe('pässword ✓');
    expect(openSecret({ ...params, sealed: two })).toBe('pässword ✓');
  });

  it('refuses another secret, purpose or context, and any tampering', () => {
    const sealed = sealSecret({ ...params, plaintext: 'secret' });
    expect(() => openSecret({ ...params, secret: `${SECRET}x`, sealed })).toThrow();
    expect(() => openSecret({ ...params, purpose: 'other', sealed })).toThrow();
    expect(() => openSecret({ ...params, context: 'agency:2', sealed })).toThrow();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3] ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openSecret({ ...params, sealed: [parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.') })).toThrow();
    expect(() => openSecret({ ...params, sealed: 'plain text' })).toThrow(/not a sealed secret/);
  });
});

describe('APP_SECRET', () => {
  it('is read from the environment (at least 32 characters)', () => {
    expect(loadConfig({ APP_SECRET: SECRET }).appSecret).toBe(SECRET);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/);
    const dataDir = tempDir();
    expect(resolveAppSecret({ appSecret: SECRET, dataDir })).toBe(SECRET);
    expect(() => statSync(path.join(dataDir, 'app-secret'))).toThrow();
  });

  it('without the variable, is generated once into <dataDir>/app-secret (mode 600) and kept', () => {
    const dataDir = tempDir();
    const first = resolveAppSecret({ appSecret: undefined, dataDir });
    const file = path.join(dataDir, 'app-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAppSecret({ appSecret: undefined, dataDir })).toBe(first);
  });

  it('reads a file another process wrote, and refuses a too-short one', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'app-secret'), `${SECRET}\n`, { mode: 0o600 });
    expect(resolveAppSecret({ appSecret: undefined, dataDir })).toBe(SECRET);
    const shortDir = tempDir();
    writeFileSync(path.join(shortDir, 'app-secret'), 'short\n');
    expect(() => resolveAppSecret({ appSecret: undefined, dataDir: shortDir })).toThrow(/shorter than 32 characters/);
  });
});
