import {
  LC_RECONCILIATION_API,
  LC_RECONCILIATION_MODULE,
  RECONCILIATION_BREAKS,
  RECONCILIATION_TEXTS,
  ZLcReconciliationBreaksQuery,
  ZLcReconciliationExportQuery,
  ZLcReconciliationQuery,
  ZLcReconciliationSlipsQuery,
  ZReconciliationBreaks,
  ZReconciliationSlips,
  ZReconciliationView,
  type PermissionRequirement,
  type TReconciliationBreak,
  type TReconciliationRecordLink,
  type TReconciliationSlip,
} from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { cargoRoute, registerExportRoutes, type Actor } from '../../kit';
import type { Db } from '../../platform/db/client';
import { cursorSource, rawStatement } from '../../platform/db/cursor';
import { EXCEL_FORMATS, type ExcelColumn, type ExcelLang } from '../../platform/excel';
import { wallClockTime } from '../../platform/time-zone';
import type { ModuleContext } from '../module-context';
import { reconciliationBreaks, reconciliationSlips, reconciliationStatements, reconciliationView } from './lc-reconciliation.queries';

/*
 * The LC/PO reconciliation's routes (issue 16; docs/decisions.md "The LC/PO reconciliation"), with the LC wise
 * report's flags: `GET /api/reports/lc-reconciliation?consignmentId=` (the chain, its figures and its breaks counted),
 * `GET .../slips` and `GET .../breaks` (a page of the slips, of the breaks), and the export kit's `GET .../export.xlsx` / `POST .../export` (one sheet: the
 * chain's steps and figures, the breaks, every slip).
 */

const permission = (action: 'view' | 'export'): PermissionRequirement => ({ anyOf: [{ module: LC_RECONCILIATION_MODULE, action }] });
const tags = ['reports'];

type ExportQuery = Omit<z.output<typeof ZLcReconciliationExportQuery>, 'lang'>;

/** A line of the export: a step, a figure, a break or a slip, in one set of columns. */
interface Line {
  section: 'step' | 'figure' | 'break' | 'slip';
  /** A text key under `RECONCILIATION_TEXTS[lang]` (`steps.bl`), or a literal (a slip's truck). */
  item: { key: string } | { text: string };
  record: { kind: TReconciliationRecordLink['kind']; number: string } | { text: string } | null;
  slip: string | null;
  blNumber: string | null;
  at: string | null;
  quantity: string | null;
  received: string | null;
  loss: string | null;
  reference: string | null;
  note: { keys: string[]; text: string | null } | null;
}

function textOf(lang: ExcelLang, key: string): string {
  let node: unknown = RECONCILIATION_TEXTS[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No reconciliation text ${key}`);
  return node;
}

function breakLine(b: TReconciliationBreak): Line {
  return {
    section: 'break',
    item: { key: `breakKinds.${b.kind}` },
    record: { kind: b.record.kind, number: b.record.number },
    slip: b.slip?.number ?? null,
    blNumber: b.blNumber,
    at: b.at,
    quantity: b.quantity,
    received: null,
    loss: null,
    reference: b.reference,
    note: b.note === null ? null : { keys: [], text: b.note },
  };
}

function slipLine(s: TReconciliationSlip): Line {
  return {
    section: 'slip',
    item: { text: `${s.truck} → ${s.destination}` },
    record: { kind: 'loadingSlip', number: s.slip.number },
    slip: s.ticket?.number ?? null,
    blNumber: s.blNumber,
    at: s.loadedAt,
    quantity: s.quantity,
    received: s.received,
    loss: s.loss,
    reference: s.allowedLoss,
    note: s.breaks.length === 0 ? null : { keys: s.breaks.map((k) => `breakKinds.${k}`), text: null },
  };
}

/** The export's columns in a language (date-times at the agency's wall-clock time). */
function lineColumns(lang: ExcelLang, timeZone: string): ExcelColumn<Line>[] {
  const t = (key: string) => textOf(lang, key);
  const tonnes = (key: keyof Line, label: string, value: (line: Line) => string | null): ExcelColumn<Line> => ({
    key,
    header: t(label),
    width: 16,
    numFmt: EXCEL_FORMATS.tonnes,
    value: (line) => {
      const v = value(line);
      return v === null ? null : Number(v);
    },
  });
  return [
    { key: 'section', header: t('section'), width: 12, value: (line) => t(`sections.${line.section}`) },
    { key: 'item', header: t('item'), width: 36, value: (line) => ('key' in line.item ? t(line.item.key) : line.item.text) },
    { key: 'record', header: t('record'), width: 24, value: (line) => (line.record === null ? null : 'text' in line.record ? line.record.text : `${t(`recordKinds.${line.record.kind}`)} ${line.record.number}`) },
    { key: 'slip', header: `${t('slip')} / ${t('ticket')}`, width: 14, value: (line) => line.slip },
    { key: 'blNumber', header: t('blNumber'), width: 14, value: (line) => line.blNumber },
    { key: 'at', header: t('at'), width: 18, numFmt: EXCEL_FORMATS.dateTime, value: (line) => (line.at ? wallClockTime(line.at, timeZone) : null) },
    tonnes('quantity', 'quantity', (line) => line.quantity),
    tonnes('received', 'received', (line) => line.received),
    tonnes('loss', 'loss', (line) => line.loss),
    tonnes('reference', 'reference', (line) => line.reference),
    { key: 'note', header: t('note'), width: 36, value: (line) => (line.note === null ? null : [...line.note.keys.map(t), ...(line.note.text ? [line.note.text] : [])].join('; ')) },
  ];
}

/**
 * The export's rows: the chain's steps and figures (from the view, a few rows passed as JSON), then the breaks and
 * every slip (the view's statements), as one ordered statement read through the export kit's cursor.
 */
async function exportSource(tx: Db, actor: Actor, query: ExportQuery) {
  const view = await reconciliationView(tx, actor, query.consignmentId);
  const head: Line[] = [
    ...view.steps.map(
      (s): Line => ({
        section: 'step',
        item: { key: `steps.${s.key}` },
        record: { text: String(s.count) },
        slip: null,
        blNumber: null,
        at: null,
        quantity: s.quantity,
        received: null,
        loss: null,
        reference: s.difference,
        note: null,
      }),
    ),
    ...Object.entries(view.figures).map(
      ([key, value]): Line => ({ section: 'figure', item: { key: `figures.${key}` }, record: null, slip: null, blNumber: null, at: null, quantity: value, received: null, loss: null, reference: null, note: null }),
    ),
  ];
  const key = { agencyId: actor.agencyId, consignmentId: query.consignmentId };
  const statement = sql`select 0 as part, x.n, x.data from jsonb_array_elements(${JSON.stringify(head)}::jsonb) with ordinality as x(data, n)
    union all select 1, row_number() over (order by b.kind_order, b.at, b.record_id), to_jsonb(b) from (${reconciliationStatements.breaks(key)}) b
    union all select 2, row_number() over (order by s.slip_number::bigint, s.slip_id), to_jsonb(s) from (${reconciliationStatements.slips(key)}) s
    order by 1, 2`;
  return cursorSource(rawStatement<{ part: number; data: unknown }>(statement), (_batchTx, rows) =>
    rows.map((row): Line => {
      if (Number(row.part) === 0) return row.data as Line;
      if (Number(row.part) === 1) return breakLine(reconciliationStatements.answerBreak(row.data));
      return slipLine(reconciliationStatements.answerSlip(row.data));
    }),
  );
}

/** Registers the reconciliation's routes (reports.routes.ts calls it). */
export function registerLcReconciliationRoutes(api: FastifyInstance, context: ModuleContext): void {
  // Every break kind has its text in both languages (throws at start otherwise).
  for (const lang of ['en', 'ar'] as const) for (const kind of RECONCILIATION_BREAKS) textOf(lang, `breakKinds.${kind}`);

  cargoRoute(api, context, {
    method: 'GET',
    url: LC_RECONCILIATION_API,
    permission: permission('view'),
    tags,
    summary: 'The reconciliation of one LC/PO: the chain BL to deliveries with its quantities, figures and breaks',
    querystring: ZLcReconciliationQuery,
    response: ZReconciliationView,
    work: (tx, actor, { query }) => reconciliationView(tx, actor, query.consignmentId),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: `${LC_RECONCILIATION_API}/slips`,
    permission: permission('view'),
    tags,
    summary: "A page of an LC/PO's port loading slips with their ticket, receipt, loss and breaks",
    querystring: ZLcReconciliationSlipsQuery,
    response: ZReconciliationSlips,
    work: (tx, actor, { query }) => reconciliationSlips(tx, actor, query),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: `${LC_RECONCILIATION_API}/breaks`,
    permission: permission('view'),
    tags,
    summary: "A page of an LC/PO's breaks, of one kind or all, in the view's order",
    querystring: ZLcReconciliationBreaksQuery,
    response: ZReconciliationBreaks,
    work: (tx, actor, { query }) => reconciliationBreaks(tx, actor, query),
  });

  registerExportRoutes(api, context, {
    base: LC_RECONCILIATION_API,
    tags,
    summary: 'The LC/PO reconciliation',
    dataset: {
      key: `report:${LC_RECONCILIATION_API.split('/').pop() ?? ''}`,
      fileName: 'lc-reconciliation.xlsx',
      sheetName: { en: RECONCILIATION_TEXTS.en.exportSheet, ar: RECONCILIATION_TEXTS.ar.exportSheet },
      permission: permission('export'),
      query: ZLcReconciliationExportQuery,
      columns: lineColumns,
      source: exportSource,
      check: async (tx, actor, query) => {
        await reconciliationStatements.consignmentOf(tx, actor, query.consignmentId);
      },
    },
  });
}
