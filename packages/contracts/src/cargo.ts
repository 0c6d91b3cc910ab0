import { z } from 'zod';
import { textInput } from './text';
import { PAGE_SIZES, SEARCH_MIN_CHARS } from './constants';
import { Messages } from './errors';
import { INVALID_ID, MAX_RECORD_ID } from './ids';
import { tonnesToKg } from './quantity';

/**
 * Shared vocabulary of the cargo flows (procurement, shipping, vessel quantity approval, port loading and the
 * flows after them). Quantities cross the API as metric tonnes, decimal strings with 3 decimals ('1250.500');
 * the server keeps integer kilograms.
 */

/** The lifecycle of a business record: Active, or Reversed (kept, with who, when and why). */
export const RECORD_STATUSES = ['Active', 'Reversed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Where a port loading takes the cargo (spec section 3: transportation types). */
export const TRANSPORTATION_TYPES = ['warehouse', 'directDelivery', 'customerDelivery'] as const;
export type TransportationType = (typeof TRANSPORTATION_TYPES)[number];

/** Who trucks it (spec section 3: transporter options Self, a named company, Third Party). */
export const TRANSPORTER_KINDS = ['self', 'company', 'thirdParty'] as const;
export type TransporterKind = (typeof TRANSPORTER_KINDS)[number];

const TONNES_TEXT = /^\d{1,9}(\.\d{1,3})?$/;

/**
 * A quantity in MT from a form: a number or a decimal string with at most 3 decimals, greater than zero
 * ('Quantity must be greater than zero.'). Parsed to a canonical decimal string ('12.500'), never a float sum.
 */
export const ZTonnes = z
  .union([z.string(), z.number()], { error: Messages.quantityPositive })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!TONNES_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: /^-/.test(text) || Number(text) <= 0 ? Messages.quantityPositive : 'Please enter a quantity in MT with at most 3 decimals.' });
      return z.NEVER;
    }
    if (tonnesToKg(text) <= 0n) {
      ctx.addIssue({ code: 'custom', message: Messages.quantityPositive });
      return z.NEVER;
    }
    return text;
  });

/** A quantity in MT that may be zero (an out-turn can be nil). */
export const ZTonnesOrZero = z
  .union([z.string(), z.number()], { error: 'Please enter a quantity in MT.' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!TONNES_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a quantity in MT with at most 3 decimals.' });
      return z.NEVER;
    }
    return text;
  });

/** A calendar date as YYYY-MM-DD. */
export const ZDate = z
  .string({ error: 'Please select a date!' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select a date!')
  // A real calendar day: '2026-13-45' or '2026-02-30' is refused, not handed to the database.
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'Please select a date!');

/** Body of every reversal and document deletion: the required reason (spec section 5: 'Reason is Required!'). */
export const ZReasonBody = z.object({
  reason: z
    .string({ error: Messages.reasonRequired })
    .trim()
    .min(1, Messages.reasonRequired)
    .max(500, 'Maximum 500 characters'),
});
export type TReasonBody = z.infer<typeof ZReasonBody>;

/** Who created, changed and reversed a record, as every transaction screen shows it. */
export const ZRecordTrail = z.object({
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
});
export type TRecordTrail = z.infer<typeof ZRecordTrail>;

/** A document attached to a record (sale order, consignment, ...). `url` opens it (session cookie auth). */
export const ZDocument = z.object({
  id: z.number(),
  title: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  url: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

/** `POST .../documents`: a file uploaded first with POST /api/uploads/file?directory=documents, then attached. */
export const ZDocumentCreate = z.object({
  path: textInput({ error: Messages.uploadRequired }).trim().min(1, Messages.uploadRequired),
  title: textInput().trim().max(100, 'Maximum 100 characters').optional(),
});
export type TDocumentCreate = z.infer<typeof ZDocumentCreate>;

// ---------------------------------------------------------------- list queries of the cargo screens

/** An empty form or query value ('' or null) counts as absent. */
export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** An optional id filter from a query string. */
export const ZOptionalId = z.preprocess(emptyToUndefined, z.coerce.number({ error: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(MAX_RECORD_ID, INVALID_ID).optional());

/** An optional YYYY-MM-DD filter. */
export const ZOptionalDate = z.preprocess(emptyToUndefined, ZDate.optional());

/** Page size of a list: one of 20, 30, 40, 50, 100 (spec section 9), 20 by default. */
export const ZPageSize = z.coerce
  .number()
  .int()
  .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), 'Page size must be one of 20, 30, 40, 50, 100')
  .default(20);

/** A search is used only when longer than 2 characters (spec section 9); shorter ones are ignored. */
export const ZListSearch = textInput()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v !== undefined && v.length > SEARCH_MIN_CHARS ? v : undefined));

/** The status filter of a transaction list: Active by default, Reversed, or all. */
export const ZRecordStatusFilter = z.preprocess(emptyToUndefined, z.enum([...RECORD_STATUSES, 'all']).default('Active'));

/**
 * The list filters every warehouse flow shares (weighings, receipts, dispatch): its warehouse and truck, the status
 * (Active by default), inclusive days in the agency's time zone, a search, and the page. A flow spreads it into its
 * list query and adds its own filters and sort.
 */
export const WAREHOUSE_LIST_FILTERS = {
  warehouseId: ZOptionalId,
  truckId: ZOptionalId,
  status: ZRecordStatusFilter,
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
};
