import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The one Excel writer of the app: every list export (master data and transaction lists) streams through it, rows
 * read in batches and written as they come, so a large list never sits in memory whole.
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

/** Reads `fetch(limit, offset)` page after page until a short page: the batches of an export. */
export async function forEachBatch<Row>(fetch: (limit: number, offset: number) => Promise<Row[]>, visit: (rows: Row[]) => Promise<void> | void, batchSize = 1000): Promise<void> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await fetch(batchSize, offset);
    if (rows.length > 0) await visit(rows);
    if (rows.length < batchSize) return;
  }
}

/** A YYYY-MM-DD date as an Excel date (midnight UTC, so the day never shifts), or null. */
export function excelDate(text: string | null): Date | null {
  return text ? new Date(`${text.slice(0, 10)}T00:00:00Z`) : null;
}

/** Streams one sheet: a bold frozen header row (right-to-left in Arabic), then every row the source gives. */
export async function writeWorkbook<Row>(params: { stream: Writable; sheetName: string; lang: ExcelLang; columns: ExcelColumn<Row>[]; rows: RowSource<Row> }): Promise<void> {
  const { columns } = params;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: params.stream, useStyles: true, useSharedStrings: false });
  // Excel refuses sheet names over 31 characters.
  const sheet = workbook.addWorksheet(params.sheetName.slice(0, 31), { views: [{ rightToLeft: params.lang === 'ar', state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ key, header, width, numFmt }) => ({ header, key, width: width ?? 22, ...(numFmt ? { style: { numFmt } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  await params.rows((rows) => {
    for (const row of rows) {
      const values: Record<string, CellValue> = {};
      for (const column of columns) values[column.key] = column.value(row);
      sheet.addRow(values).commit();
    }
  });
  sheet.commit();
  await workbook.commit();
}

/**
 * Answers a request with an .xlsx download written by `write` as it streams; a failure after the headers went
 * out is logged and ends the download (the client sees a broken file, never a half-written success).
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, fileName: string, write: (stream: Writable) => Promise<void>): FastifyReply {
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
