import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { downloadSheet } from '../support/downloads';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.reports;

/** Opens a report of the demo agency (the signed-in admin's) and waits for its rows. */
async function open(page: Page, key: string): Promise<void> {
  const agency = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
  assert.ok(agency, `an agency in ${page.url()}`);
  await page.goto(`/agencies/${agency}/${key}`);
  await page.getByTestId(`report-${key}`).waitFor();
  await page.locator('[data-testid="report-table"] tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
}

/** How many rows the pager says the report has ('42 rows'). */
async function rowCount(page: Page): Promise<number> {
  const text = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? 'NaN');
}

/**
 * The reports (issue 16) on the demo agency as its admin: Current Stocks and the Loan Statement open with rows, their
 * totals row and headers in the run's language; a filter narrows Current Stocks; the export downloads the same rows
 * (numbers with 3 decimals, right to left in Arabic); a loan line opens to its movements.
 */
describe(`reports (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('Current Stocks: rows, totals, a place filter, the export', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await open(page, 'current-stock-report');
    assert.equal(await page.getByTestId('report-title').textContent(), t.currentStockTitle);
    await page.getByTestId('report-totals').getByText(t.totals, { exact: true }).waitFor();
    assert.match((await page.getByTestId('report-total-onHand').textContent()) ?? '', /\d+\.\d{3}/);
    assert.equal(await page.getByTestId('report-current-stock-report').evaluate((e) => getComputedStyle(e).direction), isArabic ? 'rtl' : 'ltr');
    const all = await rowCount(page);
    assert.ok(all > 1, `several positions (${all})`);

    // The place filter: the first row's place.
    const place = (await page.getByTestId('report-cell-location').first().textContent()) ?? '';
    await pick(page, 'report-filter-location', place, place.slice(0, 4));
    await page.waitForURL(/locationId=\d+/);
    await page.waitForFunction(
      (name) => Array.from(document.querySelectorAll('[data-testid="report-cell-location"]')).every((cell) => cell.textContent === name),
      place,
    );
    const narrowed = await rowCount(page);
    assert.ok(narrowed >= 1 && narrowed <= all, `the filter narrows (${narrowed} of ${all})`);
    await screenshot(page, 'report-current-stock');
    // Print: the report alone (title, filters as set, table, totals), without the sidebar, the buttons or the pager.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByTestId('sidebar').evaluate((e) => getComputedStyle(e).visibility), 'hidden');
    assert.equal(await page.getByTestId('report-print').isVisible(), false);
    assert.equal(await page.locator('.report-sheet .ant-pagination').isVisible(), false);
    assert.equal(await page.getByTestId('report-totals').evaluate((e) => getComputedStyle(e).visibility), 'visible');
    await screenshot(page, 'report-current-stock-print');
    await page.emulateMedia({ media: 'screen' });

    const { sheet } = await downloadSheet(page.getByTestId('report-export'));
    assert.equal(sheet.getRow(1).getCell(1).value, t.place);
    assert.equal(sheet.rowCount - 1, narrowed);
    assert.equal(Boolean(sheet.views[0]?.rightToLeft), isArabic);
    assert.equal(sheet.getRow(2).getCell(7).numFmt, '0.000');
    assert.equal(typeof sheet.getRow(2).getCell(7).value, 'number');
    for (let i = 2; i <= sheet.rowCount; i += 1) assert.equal(sheet.getRow(i).getCell(1).value, place);
    await context.close();
  });

  it('Loan Statement: lines, totals, a line’s movements', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await open(page, 'loan-report');
    assert.equal(await page.getByTestId('report-title').textContent(), t.loanTitle);
    await page.getByTestId('report-totals').waitFor();
    assert.match((await page.getByTestId('report-total-closing').textContent()) ?? '', /\d+\.\d{3}/);
    await page.locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('loan-movements').locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'report-loan');
    await context.close();
  });

  it('Vessel report: voyages, totals, the Excel export', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await open(page, 'vessel-report');
    assert.equal(await page.getByTestId('report-title').textContent(), t.vesselTitle);
    assert.match((await page.getByTestId('report-total-outturn').textContent()) ?? '', /\d+\.\d{3}/);
    const voyages = await rowCount(page);
    await screenshot(page, 'report-vessel');
    const { sheet } = await downloadSheet(page.getByTestId('report-export'));
    assert.equal(sheet.getRow(1).getCell(1).value, t.vessel);
    assert.equal(sheet.rowCount - 1, voyages);
    assert.equal(Boolean(sheet.views[0]?.rightToLeft), isArabic);
    await context.close();
  });
});
