import { z } from 'zod';

/** The answer to text the database cannot store (Arabic in the web's common message map). */
export const TEXT_NOT_ALLOWED = 'Text contains characters that are not allowed.';

/** A UTF-16 surrogate without its partner: a high one not followed by a low one, or a low one not after a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a text holds a NUL (PostgreSQL text cannot store it) or an unpaired surrogate (not valid UTF-8, so the
 * driver would store a replacement character or fail): such text is refused, never stored altered.
 */
export function hasCharactersNotAllowed(value: string): boolean {
  return value.includes('\u0000') || UNPAIRED_SURROGATE.test(value);
}

/**
 * The one text contract of every input: a string without NUL or unpaired surrogates ('Text contains characters
 * that are not allowed.'); chain `.trim()`, `.max()` and the field's own rules after it as on `z.string()`.
 */
export const textInput = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasCharactersNotAllowed(value), TEXT_NOT_ALLOWED);
