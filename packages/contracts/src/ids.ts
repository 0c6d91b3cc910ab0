import { z } from 'zod';

/** The largest id a table holds (PostgreSQL `integer`); a larger number names no record. */
export const MAX_RECORD_ID = 2_147_483_647;

export const INVALID_ID = 'Invalid id';

/** A record id in a path or query string: digits only (no '1e3', no '1.5'), 1 to MAX_RECORD_ID. */
export const ZRecordIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, INVALID_ID)
  .transform(Number)
  .refine((id) => id <= MAX_RECORD_ID, INVALID_ID);

/** `/:id` of every record route. */
export const ZIdParams = z.object({ id: ZRecordIdText });

/** A record id in a JSON body: a positive integer within the table's range, else `message`. */
export const recordId = (message: string = INVALID_ID) => z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);
