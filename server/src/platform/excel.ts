import { PassThrough, type Writable } from 'node:stream';
import { EXCEL_MAX_DATA_ROWS } from '@tonnage/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The one Excel writer of the app: every export (master-data and transaction lists, the loan balance, the warehouse
 * dashboard's reports, the background export jobs) streams through it. Rows come in batches and are committed as
 * they come, one sheet at a time, so a large result never sits in memory whole; past a sheet's row limit the rows
 * go on to a second sheet (the header repeated), and so on.
 */

export type ExcelLang = 'en' | 'ar';
export type CellValue = string | number | Date | null;

/** A column of an export: its header in the asked language, a number format, and how a row fills it. */
export interface ExcelColumn<Row> {
  key: string;
  header: string;
  width?: number;
  /** Excel number format, e.g. '0.000' for MT or 'dd-mmm-yyyy' for a date. */
  numFmt?: string;
  value: (row: Row) => CellValue;
}

/** Number formats of the exports: quantities in MT with 3 decimals, dates, date-times. */
export const EXCEL_FORMATS = { tonnes: '0.000', date: 'dd-mmm-yyyy', dateTime: 'dd-mmm-yyyy hh:mm' } as const;


/** Visits every batch of rows, in order; the export writes each before the next is read. */
export type RowSource<Row> = (visit: (rows: Row[]) => Promise<void> | void) => Promise<void>;

/** A YYYY-MM-DD date as an Excel date (midnight UTC, so the day never shifts), or null. */
export function excelDate(text: string | null): Date | null {
  return text ? new Date(`${text.slice(0, 10)}T00:00:00Z`) : null;
}

/** Excel refuses sheet names over 31 characters: the n-th sheet (n > 1) is the name with " n", cut to fit. */
export function sheetTitle(name: string, index: number): string {
  const suffix = index > 1 ? ` ${index}` : '';
  return `${name.slice(0, 31 - suffix.length).trimEnd()}${suffix}`;
}

/** What a workbook was written with. */
export interface WrittenWorkbook {
  rows: number;
  sheets: number;
}

/** The part of ExcelJS's stream worksheet this writer waits on (see `settle`). */
interface BufferedPipe {
  _writableState?: { length?: unknown };
  once?: unknown;
}

/** Resolves on the emitter's next 'drain', or after `ms` (the zip may take up the data without a 'drain'), whichever comes first. */
function drainOrTimeout(emitter: NodeJS.EventEmitter, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      emitter.off('drain', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    emitter.once('drain', done);
  });
}

/** Bytes of a sheet's XML that may wait for the compressor before the next batch is written. */
const PENDING_XML_BYTES = 1 << 20;

/**
 * Waits until the compressor has taken up what the sheet wrote. ExcelJS's stream writer hands each sheet's XML to
 * the zip without back-pressure: written faster than it is deflated (or than the client reads the download), it
 * piles up in memory, some 60 MB per 100,000 rows. Its sheet stream (`stream.pipes`, a PassThrough into the zip
 * entry) is read here, and the writer waits for its 'drain' while more than 1 MB waits there. A sheet whose entry
 * the zip has not reached yet (the next sheet while the last one is still being deflated) has no pipe: the writer
 * waits for it. Without that structure (another ExcelJS), it only yields to the event loop once per batch.
 */
async function settle(sheet: ExcelJS.Worksheet): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const stream: unknown = Reflect.get(sheet, 'stream');
  if (typeof stream !== 'object' || stream === null) return;
  const pipes: unknown = Reflect.get(stream, 'pipes');
  if (!Array.isArray(pipes)) return;
  for (let waited = 0; pipes.length === 0 && waited < 600_000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
  for (const pipe of pipes as BufferedPipe[]) {
    const pending = () => {
      const length = pipe._writableState?.length;
      return typeof length === 'number' ? length : 0;
    };
    while (pending() > PENDING_XML_BYTES) await drainOrTimeout(pipe as NodeJS.EventEmitter, 50);
  }
}

/** What `writeWorkbook` writes: where, in which language, the columns, the rows, and the sheet limit. */
export interface WorkbookParams<Row> {
  stream: Writable;
  sheetName: string;
  lang: ExcelLang;
  columns: ExcelColumn<Row>[];
  rows: RowSource<Row>;
  /** Data rows per sheet before the next sheet begins (Excel's limit unless a test asks for fewer). */
  sheetRowLimit?: number;
  /** Told the rows written so far after each batch (a job's progress); a throw stops the export. */
  onProgress?: (rowsWritten: number) => Promise<void> | void;
}

/**
 * Streams the rows as .xlsx: per sheet a bold, frozen header row, right-to-left in Arabic (set when the sheet is
 * created), numbers as numbers in the column's format; each row committed as written. Past `sheetRowLimit` data
 * rows the sheet is committed and a second one begins ("<name> 2", the header again). Answers the rows and sheets.
 */
export async function writeWorkbook<Row>(params: WorkbookParams<Row>): Promise<WrittenWorkbook> {
  const { columns, lang } = params;
  const limit = Math.min(params.sheetRowLimit ?? EXCEL_MAX_DATA_ROWS, EXCEL_MAX_DATA_ROWS);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`sheetRowLimit must be a positive integer, got ${limit}`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: params.stream, useStyles: true, useSharedStrings: false });
  let sheets = 0;
  let written = 0;
  let onSheet = 0;
  const openSheet = () => {
    sheets += 1;
    onSheet = 0;
    const sheet = workbook.addWorksheet(sheetTitle(params.sheetName, sheets), { views: [{ rightToLeft: lang === 'ar', state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map(({ key, header, width, numFmt }) => ({ header, key, width: width ?? 22, ...(numFmt ? { style: { numFmt } } : {}) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return sheet;
  };
  let sheet = openSheet();
  await params.rows(async (rows) => {
    for (const row of rows) {
      if (onSheet === limit) {
        sheet.commit();
        sheet = openSheet();
      }
      const values: Record<string, CellValue> = {};
      for (const column of columns) values[column.key] = column.value(row);
      sheet.addRow(values).commit();
      onSheet += 1;
      written += 1;
    }
    await settle(sheet);
    await params.onProgress?.(written);
  });
  sheet.commit();
  await workbook.commit();
  return { rows: written, sheets };
}

/**
 * Answers a request with an .xlsx download written by `write` as it streams; a failure after the headers went
 * out is logged and ends the download (the client sees a broken file, never a half-written success).
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, fileName: string, write: (stream: Writable) => Promise<unknown>): FastifyReply {
  const stream = new PassThrough();
  write(stream).catch((error: unknown) => {
    request.log.error({ err: error }, 'excel export failed');
    stream.destroy(error instanceof Error ? error : new Error('excel export failed'));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}
