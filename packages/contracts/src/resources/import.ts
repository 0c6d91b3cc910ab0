import { z } from 'zod';
import { ZApiError } from '../api-error';

/**
 * Import of a resource from Excel or CSV (`POST /api/<key>/import`, multipart field `file`).
 *
 * All or nothing: when any row is wrong nothing is imported and the answer is 400 with
 * `{message: 'Nothing was imported: N rows have errors.', code: 'VALIDATION', details, rows}`, where `rows` lists
 * every wrong row by its spreadsheet row number (the header is row 1) with one message per field, and `details`
 * holds the same messages keyed `<row>.<field>`. Errors of the whole file (type, size, too many rows, header row)
 * answer 400 (413 for the size) in the usual `{message, code, details}` shape without `rows`.
 */

/** At most this many data rows are imported from one file. */
export const IMPORT_MAX_ROWS = 5000;
/** At most this many megabytes are read from one file. */
export const IMPORT_MAX_MB = 5;

/** One wrong row of an import: its spreadsheet row number and a message per field name (`_` for the whole row). */
export const ZImportRowError = z.object({
  row: z.number().int().positive(),
  errors: z.record(z.string(), z.string()),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

/** The 400 of an import: the usual error body, plus `rows` when rows are wrong (then nothing was imported). */
export const ZImportError = ZApiError.extend({
  rows: z.array(ZImportRowError).optional(),
});
export type TImportError = z.infer<typeof ZImportError>;

/** The 200 of an import: every row was inserted in one transaction. */
export const ZImportResult = z.object({
  imported: z.number().int().nonnegative(),
  message: z.string(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** The query of `GET /api/<key>/import-template.xlsx`: the language of the header row. */
export const ZImportTemplateQuery = z.object({ lang: z.enum(['en', 'ar']).default('en') });

/** "Nothing was imported: 3 rows have errors." */
export const importRejectedMessage = (rows: number) => `Nothing was imported: ${rows} ${rows === 1 ? 'row has' : 'rows have'} errors.`;
