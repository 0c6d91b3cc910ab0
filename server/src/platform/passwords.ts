import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { isStrongPassword } from '@tonnage/contracts';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
/** 2 is Argon2id in @node-rs/argon2's (const) Algorithm enum. */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against its argon2 hash; false on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of one verification, so that unknown usernames answer as slowly as wrong passwords. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** A random password that satisfies the product's password rule (spec section 5). */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    let body = '';
    for (let i = 0; i < 14; i++) body += alphabet[randomInt(alphabet.length)];
    const candidate = `${body.slice(0, 7)}!${body.slice(7)}#`;
    if (isStrongPassword(candidate)) return candidate;
  }
}
