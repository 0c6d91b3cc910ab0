import { z } from 'zod';

/*
 * Sorting and Excel export of a list, shared by the master-data registry's lists and the transaction lists: one
 * parser of `sortBy`/`sortOrder` (an allow-list of columns per list) and one export language.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Texts of list queries the server answers with (Arabic in the web's common section). */
export const ListMessages = {
  sortByUnknown: 'This list cannot be sorted by this column.',
  sortOrderUnknown: 'The sort order must be asc or desc.',
} as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * `sortBy` (one of the list's sortable columns, else 400 'This list cannot be sorted by this column.') and
 * `sortOrder` (asc/desc), each with the list's default when absent or empty.
 */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F, defaults: { field: F[number]; order: SortOrder }) {
  return {
    sortBy: z.preprocess(blankToUndefined, z.enum(fields, { error: ListMessages.sortByUnknown }).default(defaults.field)),
    sortOrder: z.preprocess(blankToUndefined, z.enum(SORT_ORDERS, { error: ListMessages.sortOrderUnknown }).default(defaults.order)),
  };
}

/** The language of an export's headers and labels (`?lang=en|ar`), English by default. */
export const ZExportLang = z.enum(['en', 'ar']).default('en');
export type ExportLang = z.output<typeof ZExportLang>;

/** The part of a list query an export drops: it writes every matching row, not one page. */
export const PAGING_KEYS = { page: true, limit: true } as const;
