import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

const t = texts.reports;

/** Opens a report of the demo agency (the signed-in admin's) with a query, and waits for its rows. */
async function open(page: Page, key: string, query = ''): Promise<void> {
  const agency = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
  assert.ok(agency, `an agency in ${page.url()}`);
  await page.goto(`/agencies/${agency}/${key}${query}`);
  await page.getByTestId(`report-${key}`).waitFor().catch(async (error: unknown) => {
    await screenshot(page, `report-failed-${key}`);
    throw error;
  });
}

const firstRow = (page: Page) => page.locator('[data-testid="report-table"] tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });

/**
 * The sale order, LC wise, consignee cargo stats and consignee stock reports (issue 16) on the demo agency as its
 * admin: each opens at its route with its title, rows, totals and headers in the run's language, right to left in
 * Arabic; the consignee stock report asks for its consignee first, then answers for the one picked.
 */
describe(`sale order, LC and consignee reports (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('each report opens with rows and totals; the consignee stock asks for its consignee', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    const reports = [
      { key: 'so-report', title: t.so.title, total: 'delivered', shot: 'report-so' },
      { key: 'lc-wise-report', title: t.lcWise.title, total: 'toWarehouses', shot: 'report-lc-wise' },
      { key: 'consignee-cargo-stats', title: t.cargoStats.title, total: 'received', shot: 'report-consignee-cargo-stats', query: '?sortBy=lent&sortOrder=desc' },
    ];
    let lender = '';
    for (const report of reports) {
      await open(page, report.key, report.query);
      await firstRow(page);
      assert.equal(await page.getByTestId('report-title').textContent(), report.title);
      await page.getByTestId('report-totals').getByText(t.totals, { exact: true }).waitFor();
      assert.match((await page.getByTestId(`report-total-${report.total}`).textContent()) ?? '', /\d+\.\d{3}/);
      assert.equal(await page.getByTestId(`report-${report.key}`).evaluate((e) => getComputedStyle(e).direction), isArabic ? 'rtl' : 'ltr');
      if (report.key === 'consignee-cargo-stats') lender = (await page.getByTestId('report-cell-consignee').first().textContent()) ?? '';
      await screenshot(page, report.shot);
    }
    assert.ok(lender, 'a consignee that lent');

    await open(page, 'consignee-stock-report');
    assert.equal(await page.getByTestId('report-title').textContent(), t.consigneeStock.title);
    const prompt = (await page.getByTestId('report-required').textContent()) ?? '';
    assert.ok(prompt.includes(fill(t.chooseFirst, { filters: t.cargoStats.consignee })), prompt);
    assert.equal(await page.getByTestId('report-export').count(), 0);
    await screenshot(page, 'report-consignee-stock-ask');
    await pick(page, 'report-filter-consignee', lender, lender.slice(0, 4));
    await page.waitForURL(/consigneeId=\d+/);
    await firstRow(page);
    assert.match((await page.getByTestId('report-total-lent').textContent()) ?? '', /\d+\.\d{3}/);
    assert.notEqual(await page.getByTestId('report-total-lent').textContent(), '0.000');
    await page.getByTestId('report-export').waitFor();
    await page.getByTestId('report-title').hover();
    await screenshot(page, 'report-consignee-stock');
    await context.close();
  });
});
