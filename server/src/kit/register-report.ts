import {
  kgToTonnes,
  reportApi,
  reportExportQuerySchema,
  reportPageSchema,
  reportPermission,
  reportQuerySchema,
  reportShownColumns,
  reportText,
  type ReportColumn,
  type ReportDeclaration,
  type ReportPage,
  type ReportRow,
  type SortOrder,
} from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { queryRows, type Db } from '../platform/db/client';
import { cursorSource, rawStatement } from '../platform/db/cursor';
import { EXCEL_FORMATS, excelDate, type CellValue, type ExcelColumn, type ExcelLang } from '../platform/excel';
import type { Actor } from './actor';
import { registerExportRoutes } from './export';
import { cargoRoute, type KitContext } from './route';

/*
 * The report kit's server side (docs/architecture.md, "The report kit"): from a report's declaration (contracts) and
 * one SQL statement of its rows, `GET /api/reports/<key>` (a page and the totals of every matching row) and
 * `GET|POST /api/reports/<key>/export[.xlsx]` (every row, streamed, or a background job), each through the kit's route wrappers: the menu entry's
 * permission (view, export), the agency, the actor with its data scope, one transaction.
 *
 * The report's statement gives one row per group, its output columns named as the declaration's columns (tonnes as
 * bigint kilograms, dates as YYYY-MM-DD text). The kit wraps it: the page is `select * from (<rows>) r order by
 * <sort>, <tie-break> limit <size> offset <start>`, the totals `select count(*), sum(<each total column>) from
 * (<rows>) r`: two statements, every filter, group, sum, sort and page in the database. The export is the export
 * kit's (kit/export.ts): the same ordered statement read through a server-side cursor, downloaded at once or run as a
 * background job past the threshold.
 */

/** The query of a report as its route parsed it (filters, page, size, sort). */
export type ReportQuery<F extends z.ZodRawShape> = z.output<z.ZodObject<F>> & { page: number; limit: number; sortBy: string; sortOrder: SortOrder };
/** The filters and sort of a report (no paging): what the report's statement reads. */
export type ReportFilters<F extends z.ZodRawShape> = z.output<z.ZodObject<F>> & { sortBy: string; sortOrder: SortOrder };

/** What a report's module gives the kit. */
export interface ReportSource<F extends z.ZodRawShape> {
  /** The statement of every row matching the filters within the actor's agency and data scope (one row per group). */
  rows: (actor: Actor, filters: ReportFilters<F>) => SQL;
  /** Columns that together tell rows apart, after the asked sort: a stable order for paging and the export. */
  tieBreak: readonly string[];
}

const registered = new WeakMap<FastifyInstance, Set<string>>();

/** The reports' keys registered on `api` so far. */
export function registeredReports(api: FastifyInstance): ReadonlySet<string> {
  return registered.get(api) ?? new Set();
}

const column = (name: string) => sql`r.${sql.identifier(name)}`;

/** `order by` of the asked sort (nulls last ascending, first descending), then the tie-break. */
function orderBy(report: ReportDeclaration, source: ReportSource<z.ZodRawShape>, sortBy: string, sortOrder: SortOrder): SQL {
  const keys = [sql`${column(sortBy)} ${sortOrder === 'desc' ? sql`desc nulls first` : sql`asc nulls last`}`, ...source.tieBreak.filter((k) => k !== sortBy).map((k) => sql`${column(k)} asc nulls last`)];
  if (!report.columns.some((c) => c.key === sortBy && c.sort)) throw new Error(`${report.key} does not sort by ${sortBy}`);
  return sql.join(keys, sql`, `);
}

/** A database row of the report's statement as the answer's row: tonnes as MT text, counts and ids as numbers. */
function answerRow(columns: readonly ReportColumn[], raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  for (const c of columns) {
    const value = raw[c.key];
    switch (c.kind) {
      case 'tonnes':
        row[c.key] = value === null || value === undefined ? null : kgToTonnes(BigInt(value as string | number | bigint));
        break;
      case 'count':
        row[c.key] = Number(value ?? 0);
        break;
      case 'id':
        row[c.key] = value === null || value === undefined ? null : Number(value);
        break;
      case 'text':
      case 'date':
        row[c.key] = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    }
  }
  return row;
}

/** One ordered page of a report's rows. */
async function pageRows(tx: Db, report: ReportDeclaration, source: ReportSource<z.ZodRawShape>, rows: SQL, sort: { sortBy: string; sortOrder: SortOrder }, limit: number, offset: number): Promise<ReportRow[]> {
  const raw = await queryRows<Record<string, unknown>>(
    tx,
    sql`select * from (${rows}) r order by ${orderBy(report, source, sort.sortBy, sort.sortOrder)} limit ${limit}::integer offset ${offset}::integer`,
  );
  return raw.map((r) => answerRow(report.columns, r));
}

/** How many rows match and the sums of the total columns, in one statement. */
async function totals(tx: Db, report: ReportDeclaration, rows: SQL): Promise<{ count: number; totals: ReportPage['totals'] }> {
  const summed = report.columns.filter((c) => c.total);
  const sums = summed.map((c) => sql`, coalesce(sum(${column(c.key)}), 0)::text as ${sql.identifier(c.key)}`);
  const [raw] = await queryRows<Record<string, string>>(tx, sql`select count(*)::text as "__count"${sql.join(sums, sql``)} from (${rows}) r`);
  const out: ReportPage['totals'] = {};
  for (const c of summed) out[c.key] = c.kind === 'count' ? Number(raw?.[c.key] ?? 0) : kgToTonnes(BigInt(raw?.[c.key] ?? '0'));
  return { count: Number(raw?.__count ?? 0), totals: out };
}

/** The text of a key-valued cell (`<values>.<value>`) in a language; the value itself when it has none. */
function reportValueText(values: string, value: string, lang: ExcelLang): string {
  try {
    return reportText(`${values}.${value}`, lang);
  } catch {
    return value;
  }
}

/**
 * The export's columns (ids left out, and a grouping's columns when the filters choose another): headers in the
 * language, tonnes as numbers with 3 decimals, dates as dates.
 */
export function reportExcelColumns(report: ReportDeclaration, lang: ExcelLang, filters: Readonly<Record<string, unknown>> = {}): ExcelColumn<ReportRow>[] {
  return reportShownColumns(report, filters)
    .map((c) => {
      const header = reportText(c.label, lang);
      const value = (row: ReportRow): CellValue => {
        const v = row[c.key];
        if (v === null || v === undefined) return null;
        if (c.kind === 'tonnes' || c.kind === 'count') return Number(v);
        if (c.kind === 'date') return excelDate(String(v));
        return c.values ? reportValueText(c.values, String(v), lang) : String(v);
      };
      const numFmt = c.kind === 'tonnes' ? EXCEL_FORMATS.tonnes : c.kind === 'date' ? EXCEL_FORMATS.date : undefined;
      return { key: c.key, header, value, ...(numFmt ? { numFmt } : {}), width: c.kind === 'text' ? 28 : 18 };
    });
}

/** Registers a declared report's page and export routes (see the file's comment). */
export function registerReport<F extends z.ZodRawShape>(api: FastifyInstance, context: KitContext, report: ReportDeclaration<F>, source: ReportSource<F>): void {
  const keys = registered.get(api) ?? new Set<string>();
  registered.set(api, keys);
  if (keys.has(report.key)) throw new Error(`Report ${report.key} is registered twice`);
  keys.add(report.key);
  const declaration = report as unknown as ReportDeclaration;
  const anySource = source as unknown as ReportSource<z.ZodRawShape>;
  // Every header has its English and Arabic text (throws at start otherwise).
  for (const lang of ['en', 'ar'] as const) for (const c of declaration.columns) if (c.kind !== 'id') reportText(c.label, lang);
  const base = reportApi(report);
  const tags = ['reports'];

  cargoRoute(api, context, {
    method: 'GET',
    url: base,
    permission: reportPermission(report, 'view'),
    tags,
    summary: `${report.key}: a page of rows and the totals`,
    querystring: reportQuerySchema(report),
    response: reportPageSchema(report),
    work: async (tx, actor, { query }) => {
      const { page, limit, ...filters } = query as unknown as ReportQuery<F>;
      const rows = source.rows(actor, filters as ReportFilters<F>);
      const pageOf = await pageRows(tx, declaration, anySource, rows, filters, limit, (page - 1) * limit);
      const summed = await totals(tx, declaration, rows);
      return { rows: pageOf, ...summed } satisfies ReportPage;
    },
  });

  // The export through the export kit: `GET <base>/export.xlsx` streamed from a cursor over the ordered statement,
  // and `POST <base>/export` answering "download now" or queuing a background job past the threshold.
  registerExportRoutes(api, context, {
    base,
    tags,
    summary: `The ${report.key} report`,
    dataset: {
      key: `report:${report.key}`,
      fileName: report.exportFile,
      sheetName: report.exportSheet,
      permission: reportPermission(report, 'export'),
      query: reportExportQuerySchema(report),
      columns: (lang: ExcelLang, _timeZone: string, filters: ReportFilters<F>) => reportExcelColumns(declaration, lang, filters),
      source: (_tx: Db, actor: Actor, filters: ReportFilters<F>) =>
        cursorSource(rawStatement<Record<string, unknown>>(sql`select * from (${source.rows(actor, filters)}) r order by ${orderBy(declaration, anySource, filters.sortBy, filters.sortOrder)}`), (_batchTx, raw) =>
          raw.map((r) => answerRow(declaration.columns, r)),
        ),
    },
  });
}
