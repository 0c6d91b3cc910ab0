import { z } from 'zod';
import { emptyToUndefined } from './cargo';
import { MAX_RECORD_ID } from './ids';

/*
 * The dashboard's trucks lists, read a page at a time (the Consignee and Customer tabs' trips in and out, the
 * Warehouse tab's LC/PO trips in and out): newest first, by the date to the millisecond, then the trip. A page is at
 * most `limit` rows after `before`, the last row the client holds; a client that asks for no page (the spec's) gets
 * the answer the spec shows. A partner list's `type` (the spec's filter by move type) keeps the rows of that type
 * within the page it cuts, as it does within the newest 1,000 without one: our client sends none.
 */

export const TripListMessages = {
  pageSizeInvalid: 'Please give a page size from 1 to 1,000.',
  listPositionInvalid: 'Please give a valid list position.',
} as const;

/** At most this many trucks in one answer: the largest page, and the newest a client asking for no page gets from a partner's list. */
export const TRIP_LIST_LIMIT = 1_000;
/** Our client's page: the first rows of a drill-down, then as many more each time the table is scrolled to its end. */
export const TRIP_PAGE_SIZE = 100;

/** A position in a trucks list (`before`, parsed): the millisecond and the trip of the last row held. */
export interface TripListPosition {
  at: Date;
  tripId: number;
}

/** A trucks list's position after a row (the `before` of the next page): its date (ISO, to the millisecond) and trip. */
export function tripListCursor(row: { date: string; tripId: number | null }): string {
  return `${row.date}_${row.tripId ?? 0}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,10})$/;

/** `tripListCursor`'s text read back; undefined when it is not one (a date that does not exist, a trip out of range). */
export function parseTripListCursor(value: string): TripListPosition | undefined {
  const match = CURSOR.exec(value);
  if (!match) return undefined;
  const [, date = '', trip = ''] = match;
  const at = new Date(date);
  const tripId = Number(trip);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== date || tripId > MAX_RECORD_ID) return undefined;
  return { at, tripId };
}

/**
 * A trucks list's page, in its query string:
 * - `limit`: at most this many rows (1 to 1,000), more only when the last row's millisecond and trip repeat;
 * - `before`: the last row the client holds, as `tripListCursor` writes it (`<date>_<tripId>`): the page lists the rows
 *   after it (an earlier millisecond, or the same one and a lower trip).
 */
export const tripPageShape = {
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: TripListMessages.pageSizeInvalid })
      .int(TripListMessages.pageSizeInvalid)
      .min(1, TripListMessages.pageSizeInvalid)
      .max(TRIP_LIST_LIMIT, TripListMessages.pageSizeInvalid)
      .optional(),
  ),
  before: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: TripListMessages.listPositionInvalid })
      .transform((value, ctx) => {
        const position = parseTripListCursor(value);
        if (position === undefined) {
          ctx.addIssue({ code: 'custom', message: TripListMessages.listPositionInvalid });
          return z.NEVER;
        }
        return position;
      })
      .optional(),
  ),
};
