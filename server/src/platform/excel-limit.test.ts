import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { EXCEL_MAX_DATA_ROWS } from '@tonnage/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { writeWorkbook } from './excel';

/*
 * Excel's real sheet limit (1,048,576 rows, the header one of them): an export one row past it writes the whole
 * first sheet and goes on to a second sheet, header repeated. Written and read back as streams (over a million rows:
 * the slow test of the exports; the API tests use a small sheet limit). The sheets' names are read from the
 * workbook part itself: ExcelJS's streaming reader names a sheet only when it happens to have met that part first,
 * and otherwise calls it `Sheet1` (exceljs issues 2663, 3025), which once failed this test on CI.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-excel-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Excel writer at the real sheet limit', () => {
  it('fills a sheet to 1,048,576 rows and puts the next row on a second sheet', async () => {
    const file = path.join(dir, 'limit.xlsx');
    const stream = createWriteStream(file);
    const total = EXCEL_MAX_DATA_ROWS + 1;
    const written = await writeWorkbook<number>({
      stream,
      sheetName: 'Rows',
      lang: 'en',
      columns: [{ key: 'n', header: 'N', numFmt: '0.000', value: (n) => n }],
      rows: async (visit) => {
        for (let start = 1; start <= total; start += 10_000) {
          await visit(Array.from({ length: Math.min(10_000, total - start + 1) }, (_, i) => start + i));
        }
      },
    });
    await finished(stream);
    expect(written).toEqual({ rows: total, sheets: 2 });

    const zip = await JSZip.loadAsync(await readFile(file));
    const workbookPart = (await zip.file('xl/workbook.xml')?.async('string')) ?? '';
    expect([...workbookPart.matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)].map((m) => m[1])).toEqual(['Rows', 'Rows 2']);

    const sheets: { rows: number; last: unknown }[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
    for await (const sheet of reader) {
      let rows = 0;
      let last: unknown = null;
      for await (const row of sheet) {
        rows += 1;
        last = row.getCell(1).value;
      }
      sheets.push({ rows, last });
    }
    expect(sheets).toEqual([
      { rows: EXCEL_MAX_DATA_ROWS + 1, last: EXCEL_MAX_DATA_ROWS },
      { rows: 2, last: total },
    ]);
  }, 600_000);
});
