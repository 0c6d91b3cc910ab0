import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit key for one purpose, derived from the server secret with HKDF-SHA256 (a new purpose, a new key). */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from(`tonnage:${purpose}`, 'utf8'), 32));
}

export interface SecretBoxParams {
  /** The server secret (`resolveAppSecret`). */
  secret: string;
  /** What the key is for, e.g. 'smtp-password'; separates keys of different uses. */
  purpose: string;
  /**
   * Bound to the ciphertext but not stored in it (AES-GCM additional data), e.g. the agency id: a value copied
   * to another row does not decrypt there.
   */
  context: string;
}

/** Encrypts a value with AES-256-GCM; the result is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function sealSecret(params: SecretBoxParams & { plaintext: string }): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(params.secret, params.purpose), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(params.context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(params.plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Decrypts what `sealSecret` made with the same secret, purpose and context; throws when anything differs. */
export function openSecret(params: SecretBoxParams & { sealed: string }): string {
  const [version, iv, tag, ciphertext, ...rest] = params.sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
    throw new Error('not a sealed secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(params.secret, params.purpose), Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(params.context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
