import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { Download, Locator } from 'playwright-core';

/** A download's bytes. */
export async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Clicks what downloads an .xlsx and reads the workbook's first sheet; answers it with the file's suggested name. */
export async function downloadSheet(trigger: Locator): Promise<{ name: string; sheet: ExcelJS.Worksheet }> {
  const download = trigger.page().waitForEvent('download');
  await trigger.click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await bytesOf(file)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.ok(sheet, 'the workbook has a sheet');
  return { name: file.suggestedFilename(), sheet };
}
