import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

const t = texts.reports;

/** Opens a report of the demo agency (the signed-in admin's). */
async function open(page: Page, key: string, search = ''): Promise<void> {
  const agency = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
  assert.ok(agency, `an agency in ${page.url()}`);
  await page.goto(`/agencies/${agency}/${key}${search}`);
  await page.getByTestId(`report-${key}`).waitFor();
}

const rows = (page: Page) => page.locator('[data-testid="report-table"] tbody tr.ant-table-row');

async function headers(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid="report-table"] thead th').allTextContents()).map((h) => h.trim()).filter((h) => h !== '');
}

/**
 * The loading reports (issue 16) on the demo agency as its admin, in the run's language: Port Loading per port
 * loading and grouped by transporter, Warehouse Loading, Consignee Warehouse Loading, and Vessel Delivery Detail,
 * which asks for a voyage first. Each opens with rows, its totals row and headers; screenshots of each.
 */
describe(`loading reports (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('Port Loading, Warehouse Loading, Consignee Warehouse Loading, Vessel Delivery Detail', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);

    await open(page, 'port-loading-report');
    await rows(page).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('report-title').textContent(), t.portLoading.title);
    assert.equal((await headers(page))[0], t.portLoading.loadingDate);
    await page.getByTestId('report-totals').getByText(t.totals, { exact: true }).waitFor();
    assert.equal(await page.getByTestId('report-port-loading-report').evaluate((e) => getComputedStyle(e).direction), isArabic ? 'rtl' : 'ltr');
    await screenshot(page, 'report-port-loading');
    // A voyage with port loadings, for the delivery detail below ("VESSEL / V-1").
    const voyage = ((await page.getByTestId('report-cell-voyage').first().textContent()) ?? '').split(' / ');
    await page.getByTestId('report-filter-groupBy').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: t.portLoading.byTransporter }).first().click();
    await page.waitForURL(/groupBy=transporter/);
    await page.waitForFunction((first) => document.querySelector('[data-testid="report-table"] thead th')?.textContent?.trim() === first, t.portLoading.transporter);
    assert.ok((await headers(page)).indexOf(t.portLoading.loadingDate) < 0, 'no loading date column by transporter');
    await screenshot(page, 'report-port-loading-by-transporter');

    await open(page, 'reports/warehouse-loading');
    await rows(page).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('report-title').textContent(), t.warehouseLoading.title);
    assert.match((await page.getByTestId('report-total-quantity').textContent()) ?? '', /\d+\.\d{3}/);
    await screenshot(page, 'report-warehouse-loading');

    await open(page, 'consignee-warehouse-loading-report');
    await rows(page).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('report-title').textContent(), t.consigneeWarehouseLoading.title);
    assert.match((await page.getByTestId('report-total-tripsIn').textContent()) ?? '', /^\d+$/);
    await screenshot(page, 'report-consignee-warehouse-loading');

    await open(page, 'vessel-delivery-detail-report');
    assert.ok(((await page.getByTestId('report-required').textContent()) ?? '').includes(fill(t.chooseFirst, { filters: t.voyage })));
    assert.equal(await page.getByTestId('report-table').count(), 0);
    await screenshot(page, 'report-vessel-delivery-ask');
    await pick(page, 'report-filter-voyage', String(voyage[1]), String(voyage[1]));
    await page.waitForURL(/voyageId=\d+/);
    await page.getByTestId('report-totals').getByText(t.totals, { exact: true }).waitFor();
    await rows(page).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('report-title').textContent(), t.vesselDelivery.title);
    await page.mouse.move(0, 0);
    await screenshot(page, 'report-vessel-delivery');
    // The weights and what was received, at the table's far end.
    await page.locator('[data-testid="report-table"] .ant-table-content').evaluate((e, rtl) => {
      e.scrollLeft = rtl ? -e.scrollWidth : e.scrollWidth;
    }, isArabic);
    await screenshot(page, 'report-vessel-delivery-weights');
    await context.close();
  });
});
