import {
  builderApi,
  builderDataset,
  builderMeasureHeader,
  builderText,
  ZBuilderExportQuery,
  ZBuilderResult,
  ZBuilderRoles,
  ZBuilderRunBody,
  ZBuilderSaveBody,
  ZBuilderSaved,
  ZBuilderSavedList,
  ZBuilderSavedRunBody,
  ZIdParams,
  type PermissionRequirement,
  type TBuilderColumn,
  type TBuilderDefinition,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Committed, cargoRoute, registerExportRoutes } from '../../kit';
import { cursorSource, rawStatement } from '../../platform/db/cursor';
import { EXCEL_FORMATS, excelDate, type CellValue, type ExcelColumn, type ExcelLang } from '../../platform/excel';
import type { ModuleContext } from '../module-context';
import { exportRow, exportStatement, resultColumns, runDefinition } from './report-builder.compile';
import { createSaved, deleteSaved, getSaved, listSaved, shareableRoles, updateSaved } from './report-builder.service';

/*
 * The report builder's API (issue 16, menu entry `reportBuilder`, module ReportBuilder): run a definition, the saved
 * reports (list, open, save, change, delete, run), and the Excel export of a definition through the export kit. The
 * builder's view flag reads and saves; its export flag downloads.
 */

const VIEW: PermissionRequirement = { anyOf: [{ module: 'ReportBuilder', action: 'view' }] };
const EXPORT: PermissionRequirement = { anyOf: [{ module: 'ReportBuilder', action: 'export' }] };
const tags = ['report-builder'];
type Row = Record<string, string | number | null>;

/** A result column's header in a language: the field's text (and the aggregation's, for a measure). */
export function builderHeader(definition: TBuilderDefinition, column: TBuilderColumn, lang: ExcelLang): string {
  const field = builderDataset(definition.dataset)?.fields.find((f) => f.label === column.label);
  if (column.kind === 'measure' && field && column.agg) return builderMeasureHeader(field, column.agg, lang);
  return builderText(column.label, lang);
}

/** The export's columns of a definition (a pivot in its long form: see `exportStatement`). */
function excelColumns(definition: TBuilderDefinition, lang: ExcelLang): ExcelColumn<Row>[] {
  const flat = definition.pivot ? { ...definition, dimensions: [...definition.dimensions, definition.pivot.field], pivot: undefined } : definition;
  const codes = new Map((builderDataset(definition.dataset)?.fields ?? []).filter((f) => f.codes).map((f) => [f.key, new Set(f.codes)]));
  return resultColumns(flat).map((c) => {
    const value = (row: Row): CellValue => {
      const v = row[c.key];
      if (v === null || v === undefined) return null;
      if (c.type === 'tonnes' || c.type === 'count') return Number(v);
      if (c.type === 'date') return excelDate(String(v));
      if (codes.get(c.key)?.has(String(v))) return builderText(`reportBuilder.values.${String(v)}`, lang);
      return String(v);
    };
    const numFmt = c.type === 'tonnes' ? EXCEL_FORMATS.tonnes : c.type === 'date' ? EXCEL_FORMATS.date : undefined;
    return { key: c.key, header: builderHeader(flat, c, lang), value, ...(numFmt ? { numFmt } : {}), width: c.type === 'text' ? 28 : 18 };
  });
}

export function registerReportBuilderRoutes(api: FastifyInstance, context: ModuleContext): void {
  cargoRoute(api, context, {
    method: 'POST',
    url: builderApi.run,
    permission: VIEW,
    tags,
    summary: 'Runs a report definition: one page of its rows and the totals of every row (one statement)',
    body: ZBuilderRunBody,
    response: ZBuilderResult,
    work: (tx, actor, { body }) => runDefinition(tx, actor, body.definition, body),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: builderApi.reports,
    permission: VIEW,
    tags,
    summary: 'The saved reports the user sees: their own and those shared with their role',
    response: ZBuilderSavedList,
    work: async (tx, actor) => ({ rows: await listSaved(tx, actor) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: builderApi.roles,
    permission: VIEW,
    tags,
    summary: 'The roles of the agency a saved report can be shared with (id and name)',
    response: ZBuilderRoles,
    work: async (tx, actor) => ({ rows: await shareableRoles(tx, actor) }),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: builderApi.reports,
    permission: VIEW,
    tags,
    summary: 'Saves a report definition under a name, shared with roles',
    body: ZBuilderSaveBody,
    response: ZBuilderSaved,
    status: 201,
    work: async (tx, actor, { body }) => new Committed(await createSaved(tx, actor, body), { statsChanged: false }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: `${builderApi.reports}/:id`,
    permission: VIEW,
    tags,
    summary: 'One saved report (404 unless the user sees it)',
    params: ZIdParams,
    response: ZBuilderSaved,
    work: (tx, actor, { params }) => getSaved(tx, actor, params.id),
  });

  cargoRoute(api, context, {
    method: 'PUT',
    url: `${builderApi.reports}/:id`,
    permission: VIEW,
    tags,
    summary: 'Changes a saved report of the user (name, definition, roles)',
    params: ZIdParams,
    body: ZBuilderSaveBody,
    response: ZBuilderSaved,
    work: async (tx, actor, { params, body }) => new Committed(await updateSaved(tx, actor, params.id, body), { statsChanged: false }),
  });

  cargoRoute(api, context, {
    method: 'DELETE',
    url: `${builderApi.reports}/:id`,
    permission: VIEW,
    tags,
    summary: 'Deletes a saved report of the user',
    params: ZIdParams,
    response: z.object({ id: z.number() }),
    work: async (tx, actor, { params }) => {
      await deleteSaved(tx, actor, params.id);
      return new Committed({ id: params.id }, { statsChanged: false });
    },
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: `${builderApi.reports}/:id/run`,
    permission: VIEW,
    tags,
    summary: 'Runs a saved report the user sees: one page and the totals',
    params: ZIdParams,
    body: ZBuilderSavedRunBody,
    response: ZBuilderResult,
    work: async (tx, actor, { params, body }) => {
      const saved = await getSaved(tx, actor, params.id);
      return runDefinition(tx, actor, saved.definition, body);
    },
  });

  // The export kit: `GET /api/report-builder/export.xlsx?definition=<json>&lang=` and `POST .../export` (now or a job).
  registerExportRoutes(api, context, {
    base: builderApi.base,
    tags,
    summary: 'A report builder result',
    dataset: {
      key: 'report:reportBuilder',
      fileName: 'report-builder.xlsx',
      sheetName: { en: 'Report', ar: 'التقرير' },
      permission: EXPORT,
      query: ZBuilderExportQuery,
      columns: (lang: ExcelLang, _timeZone: string, query: { definition: TBuilderDefinition }) => excelColumns(query.definition, lang),
      source: (_tx, actor, query: { definition: TBuilderDefinition }) => {
        const { statement, columns } = exportStatement(actor, query.definition);
        return cursorSource(rawStatement<Record<string, unknown>>(statement), (_batchTx, raw) => raw.map((r) => exportRow(columns, r)));
      },
    },
  });
}

