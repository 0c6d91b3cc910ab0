import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { bytesOf } from '../support/downloads';

after(closeBrowser);

/** A real .xlsx workbook: the template's header row, then the given rows. */
async function workbook(header: string[], rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(isArabic ? 'أنواع البضائع' : 'Cargo types');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer): Promise<void> {
  // The upload's file input sits beside the drop area, inside the import page.
  await page
    .getByTestId('resource-import-page')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await page.getByTestId('resource-import-submit').click();
}

const suffix = isArabic ? 'AR' : 'EN';

describe(`master data: import from an Excel file (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('downloads the template, refuses a file with wrong rows naming each, then imports a good file', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = Number(/\/agencies\/(\d+)\//.exec(page.url())?.[1]);
    await page.goto(`/agencies/${agencyId}/cargoType`);
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('resource-import').click();
    await page.getByTestId('resource-import-page').waitFor();
    assert.match(page.url(), /\/cargoType\/import$/);

    // The template: one header row, in the run's language.
    const templateDownload = page.waitForEvent('download');
    await page.getByTestId('resource-import-template').click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await bytesOf(await templateDownload)) as unknown as ArrayBuffer);
    const headerRow = template.worksheets[0]?.getRow(1);
    assert.ok(headerRow, 'the template has a header row');
    const header = (headerRow.values as unknown[]).slice(1).map((value) => String(value));
    assert.deepEqual(
      header.map((h) => h.replace(/\s*\*$/, '')),
      isArabic ? ['الاسم', 'الرمز'] : ['Name', 'Code'],
    );

    // Row 3 repeats a demo cargo type's name, row 4 has a code with spaces: both named, nothing imported.
    await upload(
      page,
      'cargo-types-wrong.xlsx',
      await workbook(header, [
        [`E2E Sorghum ${suffix}`, `SORG-${suffix}`],
        ['Wheat', `WHT-${suffix}`],
        [`E2E Millet ${suffix}`, 'bad code!'],
      ]),
    );
    const errors = page.getByTestId('resource-import-error-table');
    await errors.waitFor();
    const lines = await errors.locator('tbody tr.ant-table-row').allTextContents();
    assert.equal(lines.length, 2, lines.join(' | '));
    assert.match(lines[0] ?? '', /^3/);
    assert.match(lines[1] ?? '', /^4/);
    await screenshot(page, 'import-refused');
    await page.goto(`/agencies/${agencyId}/cargoType`);
    await page.getByTestId('resource-search').fill(`Sorghum ${suffix}`);
    await page.getByTestId('resource-table').locator('.ant-empty').waitFor();

    // The corrected file goes in whole.
    await page.getByTestId('resource-import').click();
    await upload(
      page,
      'cargo-types.xlsx',
      await workbook(header, [
        [`E2E Sorghum ${suffix}`, `SORG-${suffix}`],
        [`E2E Millet ${suffix}`, `MILL-${suffix}`],
      ]),
    );
    const success = page.getByTestId('resource-import-success');
    await success.waitFor();
    assert.match((await success.textContent()) ?? '', /2/);
    await screenshot(page, 'import-done');
    await page.getByTestId('resource-import-back').click();
    await page.getByTestId('resource-search').fill('E2E M');
    await page.getByTestId('resource-table').locator('tbody tr.ant-table-row', { hasText: `MILL-${suffix}` }).waitFor();
    await context.close();
  });
});
