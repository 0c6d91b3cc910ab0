import { z } from 'zod';

/** The largest id a table holds (PostgreSQL `integer`); a larger number names no record. */
export const MAX_RECORD_ID = 2_147_483_647;

export const INVALID_ID = 'Invalid id';

/** A record id in a path or query string: digits only (no '1e3', no '1.5'), 1 to MAX_RECORD_ID, else `message`. */
export const recordIdText = (message: string = INVALID_ID) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= MAX_RECORD_ID, message);

export const ZRecordIdText = recordIdText();

/** `/:id` of every record route. */
export const ZIdParams = z.object({ id: ZRecordIdText });

/** A record id in a JSON body: a positive integer within the table's range, else `message`. */
export const recordId = (message: string = INVALID_ID) => z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);

/**
 * A required record id of a form or JSON body, the one helper of every flow: a positive integer within the table's
 * range, or its digits as text (a select may give '12'); absent, empty ('' or null) or anything else is refused with
 * `message`.
 */
export const requiredId = (message: string) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value === '' || value === null ? undefined : value), recordId(message));

/** `1,2,3` in a query string: at most 500 record ids (each as ZRecordIdText), else `message`. */
export const recordIdList = (message: string) =>
  z
    .string()
    .max(5000, message)
    .transform((value, ctx) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const ids = parts.map((part) => ZRecordIdText.safeParse(part));
      if (ids.length > 500 || ids.some((id) => !id.success)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return ids.flatMap((id) => (id.success ? [id.data] : []));
    });
