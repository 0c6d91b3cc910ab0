import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.reports;

/** Opens a report of the demo agency (the signed-in admin's) at `search`. */
async function open(page: Page, key: string, search = ''): Promise<void> {
  const agency = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
  assert.ok(agency, `an agency in ${page.url()}`);
  await page.goto(`/agencies/${agency}/${key}${search}`);
  await page.getByTestId(`report-${key}`).waitFor();
}

const firstRow = (page: Page) => page.locator('[data-testid="report-table"] tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });

/**
 * The stock and history reports (issue 16) on the demo agency as its admin, in the run's language: All Consignee
 * Stock (today and at a date), Warehouse Monthly Stats, Warehouse Vessel Detail, and the Consignee Cargo Report,
 * which asks for its consignee first and links to its closed seasons.
 */
describe(`stock and history reports (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('All Consignee Stock, Warehouse Monthly Stats, Warehouse Vessel Detail', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);

    await open(page, 'all-consignee-stock-report');
    await firstRow(page);
    assert.equal(await page.getByTestId('report-title').textContent(), t.allConsigneeStock.title);
    assert.match((await page.getByTestId('report-total-stock').textContent()) ?? '', /\d+\.\d{3}/);
    const types = await page.getByTestId('report-cell-ownerType').allTextContents();
    assert.ok(types.every((type) => Object.values(t.allConsigneeStock.ownerTypes).includes(type)), types.join());
    assert.equal(await page.getByTestId('report-all-consignee-stock-report').evaluate((e) => getComputedStyle(e).direction), isArabic ? 'rtl' : 'ltr');
    await screenshot(page, 'report-all-consignee-stock');
    // Before the season there is no stock.
    await open(page, 'all-consignee-stock-report', '?at=2020-01-01');
    await page.getByTestId('report-total-stock').filter({ hasText: '0.000' }).waitFor();

    await open(page, 'warehouse-monthly-report');
    await firstRow(page);
    assert.equal(await page.getByTestId('report-title').textContent(), t.warehouseMonthly.title);
    assert.match((await page.getByTestId('report-cell-month').first().textContent()) ?? '', /^\d{4}-\d{2}$/);
    await screenshot(page, 'report-warehouse-monthly');

    await open(page, 'warehouse-vessel-detail-report');
    await firstRow(page);
    assert.equal(await page.getByTestId('report-title').textContent(), t.warehouseVessel.title);
    await screenshot(page, 'report-warehouse-vessel-detail');
    await context.close();
  });

  it('Consignee Cargo Report: asks for the consignee, lists its movements, links to closed seasons', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await open(page, 'consignee-cargo-report');
    await page.getByTestId('report-required').waitFor();
    await screenshot(page, 'report-consignee-cargo-ask');
    await pick(page, 'report-filter-consignee', 'Arabian Milling Company', 'Arabian');
    await page.waitForURL(/consigneeId=\d+/);
    await firstRow(page);
    const movements = await page.getByTestId('report-cell-movement').allTextContents();
    assert.ok(movements.includes(t.posting.shipping), movements.join());
    await screenshot(page, 'report-consignee-cargo');
    await page.getByTestId('report-related').click();
    await page.waitForURL(/consignee-cargo-report-old\?consigneeId=\d+/);
    await page.getByTestId('report-consignee-cargo-report-old').waitFor();
    assert.equal(await page.getByTestId('report-title').textContent(), t.consigneeCargo.oldTitle);
    await page.getByTestId('report-table').waitFor();
    await screenshot(page, 'report-consignee-cargo-old');
    await context.close();
  });
});
