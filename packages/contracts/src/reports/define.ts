import { z } from 'zod';
import { ZPageSize } from '../cargo';
import { MAX_RECORD_ID } from '../ids';
import { sortQuery, ZExportLang, type SortOrder } from '../list-query';
import type { PermissionRequirement, TransactionFilter } from '../transactions/define';

/*
 * The report kit (issue 16): a report is declared once here, shared by the server (which mounts
 * `GET /api/reports/<key>` and `GET /api/reports/<key>/export.xlsx` from it) and the web (one `ReportPage` renders
 * any declaration). A report answers one question as a table of grouped rows with a totals row; the server filters,
 * groups, sorts, pages and totals in the database.
 */

/**
 * How a report cell shows its value: `text`; `tonnes` (MT with 3 decimals, a string on the wire, a number in Excel;
 * null where there is no figure, e.g. a weight not taken);
 * `date` (YYYY-MM-DD); `count` (a whole number); `id` (a key the page needs, e.g. for a drill-down: never shown nor
 * exported).
 */
export type ReportColumnKind = 'text' | 'tonnes' | 'date' | 'count' | 'id';

/** A column of a report: its i18n label, kind, and whether it sorts (by its own key) and sums into the totals row. */
export interface ReportColumn {
  /** The row property (the server's SQL names its output column the same). */
  key: string;
  /** i18n key of the header (web locale section; the export's header in English and Arabic). */
  label: string;
  kind: ReportColumnKind;
  /** Sortable (the server's allow-list is the sortable columns). */
  sort?: boolean;
  /** Summed into the totals row (tonnes and counts). */
  total?: boolean;
  /** A text column whose values are keys: shown as the text `<values>.<value>` (e.g. `reports.posting`), also in the export. */
  values?: string;
  /**
   * Shown (on the page and in the export) only while a `choice` filter has one of these values, e.g. a grouping's
   * own columns: the statement gives the column null otherwise.
   */
  showWhen?: { param: string; values: readonly string[] };
}

/** One option of a `choice` filter: its query value and i18n label. */
export interface ReportChoiceOption {
  value: string;
  label: string;
}

/**
 * A filter of the report page: one of the transaction list's filter controls, the LC/PO or sale order picker, an
 * on/off switch, one date (`date`: e.g. the stock "at" a date; empty means the server's default, said by
 * `placeholder`), or a choice among a few values (e.g. a grouping: by port loading, day, transporter or destination;
 * its query field is `reportChoice`). A `required` filter must be chosen before the report answers (its query field
 * refuses an absent value with a 400; the page asks for it instead of loading).
 */
export type ReportFilter = (
  | TransactionFilter
  | { kind: 'consignment'; param: string; label: string }
  | { kind: 'saleOrder'; param: string; label: string }
  | { kind: 'flag'; param: string; label: string; default: boolean }
  | { kind: 'date'; param: string; label: string; placeholder?: string }
  | { kind: 'choice'; param: string; label: string; options: readonly ReportChoiceOption[]; default: string }
) & { required?: boolean };

/** A report as both sides know it. */
export interface ReportDeclaration<Filters extends z.ZodRawShape = z.ZodRawShape> {
  /** Key, menu entry and web route (the spec's path, e.g. `current-stock-report`); the API is `/reports/<key>`. */
  key: string;
  /** The permission module of the menu entry (view to read, export to download). */
  permissionModule: string;
  /** i18n key of the title. */
  title: string;
  /** The menu entry that guards the page when the route has none of its own (e.g. a variant of another report's page). */
  menuEntry?: string;
  /** The filters' query fields (zod, with the spec's messages): a bad value answers 400 naming the field. */
  filters: Filters;
  /** A check across fields (e.g. a period in order), run after each field parsed. */
  check?(value: z.output<z.ZodObject<Filters>>, ctx: z.RefinementCtx): void;
  /** The filter controls of the page, in order (bound to the same query parameters). */
  filterControls: readonly ReportFilter[];
  columns: readonly ReportColumn[];
  defaultSort: { key: string; order: SortOrder };
  /** The file name of the export and its sheet's name per language. */
  exportFile: string;
  exportSheet: { en: string; ar: string };
}

/** The API path of a report (below `/api`). */
export const reportApi = (report: Pick<ReportDeclaration, 'key'>): string => `/reports/${report.key}`;

/** What a report's routes ask: view to read the page, export to download. */
export function reportPermission(report: Pick<ReportDeclaration, 'permissionModule'>, operation: 'view' | 'export'): PermissionRequirement {
  return { anyOf: [{ module: report.permissionModule, action: operation }] };
}

/** The sortable columns' keys (the `sortBy` allow-list). */
export function reportSortFields(report: Pick<ReportDeclaration, 'columns'>): [string, ...string[]] {
  const fields = report.columns.filter((c) => c.sort).map((c) => c.key);
  if (fields.length === 0) throw new Error('a report needs a sortable column');
  return fields as [string, ...string[]];
}

/**
 * The filters' query fields a report cannot answer without (their field refuses an absent value, e.g. the consignee
 * of the consignee stock report): the server answers 400 without them, the page asks for them first.
 */
export function reportRequiredFilters(report: Pick<ReportDeclaration, 'filters'>): string[] {
  return Object.entries(report.filters)
    .filter(([, field]) => !z.safeParse(field, undefined).success)
    .map(([param]) => param);
}

/** `GET /api/reports/<key>`: the filters, the page (1-based) and its size, the sort. */
export function reportQuerySchema<F extends z.ZodRawShape>(report: ReportDeclaration<F>) {
  const schema = z.object({
    ...report.filters,
    page: z.coerce.number({ error: 'The page must be a whole number from 1.' }).int('The page must be a whole number from 1.').min(1, 'The page must be a whole number from 1.').max(1_000_000, 'The page must be a whole number from 1.').default(1),
    limit: ZPageSize,
    ...sortQuery(reportSortFields(report), { field: report.defaultSort.key, order: report.defaultSort.order }),
  });
  return report.check ? schema.superRefine((value, ctx) => report.check?.(value as z.output<z.ZodObject<F>>, ctx)) : schema;
}

/** `GET /api/reports/<key>/export.xlsx`: the filters and the sort, every row, headers in `lang`. */
export function reportExportQuerySchema<F extends z.ZodRawShape>(report: ReportDeclaration<F>) {
  const schema = z.object({ ...report.filters, lang: ZExportLang, ...sortQuery(reportSortFields(report), { field: report.defaultSort.key, order: report.defaultSort.order }) });
  return report.check ? schema.superRefine((value, ctx) => report.check?.(value as z.output<z.ZodObject<F>>, ctx)) : schema;
}

const cellSchema = (kind: ReportColumnKind) => {
  switch (kind) {
    case 'tonnes':
      return z.string().nullable();
    case 'count':
      return z.number();
    case 'id':
      return z.number().nullable();
    case 'text':
    case 'date':
      return z.string().nullable();
  }
};

/** A row of a report: each column's value by its kind. */
export function reportRowSchema(report: Pick<ReportDeclaration, 'columns'>) {
  return z.object(Object.fromEntries(report.columns.map((c) => [c.key, cellSchema(c.kind)])));
}

/** The answer of `GET /api/reports/<key>`: one page of rows, how many rows match, and the totals of every matching row. */
export function reportPageSchema(report: Pick<ReportDeclaration, 'columns'>) {
  const totals = report.columns.filter((c) => c.total);
  return z.object({
    rows: z.array(reportRowSchema(report)),
    count: z.number(),
    totals: z.object(Object.fromEntries(totals.map((c) => [c.key, c.kind === 'count' ? z.number() : z.string()]))),
  });
}

export type ReportRow = Record<string, string | number | null>;
export interface ReportPage {
  rows: ReportRow[];
  count: number;
  totals: Record<string, string | number>;
}

/** Declares a report, checking at load that its sort, totals and filters make sense. */
export function defineReport<const F extends z.ZodRawShape>(report: ReportDeclaration<F>): ReportDeclaration<F> {
  const problems: string[] = [];
  const keys = new Set(report.columns.map((c) => c.key));
  if (keys.size !== report.columns.length) problems.push('duplicate column keys');
  const sortable = report.columns.find((c) => c.key === report.defaultSort.key);
  if (!sortable?.sort) problems.push(`default sort ${report.defaultSort.key} is not a sortable column`);
  for (const c of report.columns) {
    if (c.total && c.kind !== 'tonnes' && c.kind !== 'count') problems.push(`column ${c.key} sums but is ${c.kind}`);
    if (c.kind === 'id' && (c.sort || c.total)) problems.push(`id column ${c.key} neither sorts nor sums`);
  }
  for (const f of report.filterControls) {
    const params = f.kind === 'dateRange' ? [f.from, f.to] : [f.param];
    for (const p of params) if (!(p in report.filters)) problems.push(`filter control ${p} has no query field`);
    if (f.required && f.kind !== 'dateRange' && f.param in report.filters && z.object({ v: report.filters[f.param] as z.ZodType }).safeParse({}).success) problems.push(`required filter ${f.param} accepts no value`);
    if (f.kind === 'choice' && !f.options.some((o) => o.value === f.default)) problems.push(`choice ${f.param} defaults to no option`);
  }
  for (const c of report.columns) {
    if (!c.showWhen) continue;
    const choice = report.filterControls.find((f) => f.kind === 'choice' && f.param === c.showWhen?.param);
    if (choice?.kind !== 'choice') problems.push(`column ${c.key} shows by ${c.showWhen.param}, which is no choice`);
    else if (c.showWhen.values.some((v) => !choice.options.some((o) => o.value === v))) problems.push(`column ${c.key} shows by an unknown value`);
  }
  for (const c of report.columns) if (c.values && c.kind !== 'text') problems.push(`column ${c.key} has values but is ${c.kind}`);
  if (problems.length > 0) throw new Error(`Report ${report.key}: ${problems.join('; ')}`);
  return report;
}

/** The query field of a `choice` filter: one of `values`, `fallback` when absent; else 400 with `message`. */
export function reportChoice<const V extends readonly [string, ...string[]]>(values: V, fallback: V[number], message: string) {
  return z
    .preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, { error: message }).optional())
    .transform((v): V[number] => v ?? fallback);
}

/** The query field of a required id filter (e.g. one voyage): 400 with `message` when absent or bad; the page asks for it first. */
export function reportRequiredId(message: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message));
}

/**
 * The columns shown for a filter state (ids never; a `showWhen` column while its choice has one of its values, the
 * choice's default when the state has none): the page's table and the export's sheet.
 */
export function reportShownColumns(report: Pick<ReportDeclaration, 'columns' | 'filterControls'>, values: Readonly<Record<string, unknown>>): ReportColumn[] {
  const valueOf = (param: string): string | undefined => {
    const v = values[param];
    if (typeof v === 'string' && v !== '') return v;
    const choice = report.filterControls.find((f) => f.kind === 'choice' && f.param === param);
    return choice?.kind === 'choice' ? choice.default : undefined;
  };
  return report.columns.filter((c) => c.kind !== 'id' && (!c.showWhen || c.showWhen.values.includes(valueOf(c.showWhen.param) ?? '')));
}
