import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { StorageKeys, type TConsigneeConsignments, type TSiloDetail, type TWarehouseDetail, type TWarehouseStats } from '@tonnage/contracts';
import { api, apiToken, closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { downloadSheet } from '../support/downloads';
import { texts } from '../support/texts';

after(closeBrowser);

/** '1,234.500 MT' as the page shows an MT string of the API. */
const mt = (value: string) => `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(value))} MT`;

/** Clicks an export and reads the downloaded workbook's first sheet. */
const downloadSheetOf = (page: Page, testId: string) => downloadSheet(page.getByTestId(testId));

const rowValues = (sheet: ExcelJS.Worksheet, index: number) => (sheet.getRow(index).values as unknown[]).slice(1);

/** The texts of the cells of a table's body rows. */
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => (cell.textContent ?? '').trim())));
}

/**
 * The dashboard's Warehouse tab (spec 2.13) on the demo season as the demo admin: the summary and its totals as the
 * API answers them, the pie chart, one drill-down path through a silo of the Jeddah Grain Terminal (silo, its
 * consignee's LC/POs in that silo, their trips in), and both Excel exports read back (values, and right-to-left in
 * Arabic).
 */
describe(`dashboard warehouse (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('shows the summary, drills down through a silo, and downloads both Excel exports', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    const token = await apiToken(credentials.demoAdmin);
    await page.getByTestId('dashboard-tab-warehouse').click();
    await page.getByTestId('warehouse-summary').locator('tbody tr.ant-table-row').first().waitFor();

    const agencyId = await page.evaluate((key) => Number(window.localStorage.getItem(key)), StorageKeys.selectedAgency);
    assert.ok(agencyId > 0, 'the demo admin works in the demo agency');
    const call = async <T>(path: string, query: Record<string, string | number> = {}) => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const { status, body } = await api<T>('GET', `/api/dashboard/warehouse/${path}?${search.toString()}`, { token, agencyId });
      assert.equal(status, 200, `${path} answers`);
      return body;
    };

    // The summary as the API answers it, row for row, and its totals.
    const stats = await call<TWarehouseStats>('get-warehouse-stats');
    assert.ok(stats.rows.length > 1, 'the demo season has stock in several warehouses');
    const shown = await tableRows(page, 'warehouse-summary');
    assert.deepEqual(
      shown,
      stats.rows.map((row) => [row.name, row.cargo, mt(row.quantity), mt(row.portQuantity), `${row.tripsIn} / (${mt(row.tripsInQty)})`, `${row.tripsOut} / (${mt(row.tripsOutQty)})`]),
    );
    const totals = await page.getByTestId('warehouse-summary').getByTestId('totals-row').locator('td').allTextContents();
    assert.deepEqual(
      totals.map((cell) => cell.trim()),
      [texts.dashboardShared.total, '', mt(stats.totals.quantity), mt(stats.totals.portQuantity), `${stats.totals.tripsIn} / (${mt(stats.totals.tripsInQty)})`, `${stats.totals.tripsOut} / (${mt(stats.totals.tripsOutQty)})`],
    );
    assert.equal(await page.getByTestId('warehouse-pie-slice').count(), stats.chartData.filter((slice) => Number(slice.quantity) > 0).length);
    assert.equal(await page.getByTestId('dashboard-panel-warehouse').evaluate((element) => getComputedStyle(element).direction), isArabic ? 'rtl' : 'ltr');
    await screenshot(page, 'dashboard-warehouse');

    // Level 1: the Jeddah Grain Terminal, with its silos.
    const jeddah = stats.rows.find((row) => row.name === 'Jeddah Grain Terminal');
    assert.ok(jeddah, 'the Jeddah Grain Terminal holds stock');
    await page.getByTestId(`warehouse-open-${jeddah.locationId}`).first().click();
    const detail = await call<TWarehouseDetail>('get-warehouse-detail', { locationId: jeddah.locationId });
    assert.ok(detail.isSilo);
    await page.getByTestId('warehouse-silo-table').locator('tbody tr.ant-table-row').first().waitFor();
    assert.deepEqual(
      (await tableRows(page, 'warehouse-consignee-table')).map((row) => row.slice(1)),
      detail.consignees.map((row) => [row.cargo, mt(row.quantity), mt(row.committedQty), mt(row.usableQty)]),
    );
    await page.getByTestId('warehouse-silo-chart').waitFor();

    // Level 2: the fullest silo and its consignees.
    const silo = [...detail.silos].filter((row) => row.siloId !== null).sort((a, b) => Number(b.quantity) - Number(a.quantity))[0];
    assert.ok(silo && silo.siloId !== null && Number(silo.quantity) > 0, 'a silo holds stock');
    await page.getByTestId(`warehouse-silo-${silo.siloId}`).click();
    const panel = page.getByTestId('warehouse-panel-silo');
    await panel.waitFor();
    const inSilo = await call<TSiloDetail>('get-silo-detail', { locationId: jeddah.locationId, siloId: silo.siloId });
    await panel.getByTestId('warehouse-silo-figures').getByText(mt(inSilo.silo.quantity)).first().waitFor();
    const holder = inSilo.consignees[0];
    assert.ok(holder, 'the silo has a consignee');
    await panel.locator('tbody tr.ant-table-row').first().waitFor();
    assert.deepEqual(
      (await tableRows(page, 'warehouse-silo-consignees')).map((row) => row.slice(1)),
      inSilo.consignees.map((row) => [row.cargo, mt(row.quantity), mt(row.committedQty), mt(row.usableQty)]),
    );

    // Level 3: that consignee's LC/POs in the silo; level 4: the trips in of the first.
    await panel.getByTestId(`warehouse-consignee-${holder.consigneeId}-${holder.cargoId}`).click();
    const lots = await call<TConsigneeConsignments>('get-consignee-consignments', { locationId: jeddah.locationId, siloId: silo.siloId, consigneeId: holder.consigneeId, cargoId: holder.cargoId });
    const lot = lots.rows[0];
    assert.ok(lot, 'the consignee has an LC/PO in the silo');
    const lotsPanel = page.getByTestId('warehouse-panel-consignments');
    await lotsPanel.getByText(lot.LCPONumber, { exact: true }).waitFor();
    await lotsPanel.getByTestId(`warehouse-lot-${lot.consignmentId}-tripsIn`).click();
    await page.getByTestId('warehouse-panel-tripsIn').locator('.ant-table-summary').waitFor();
    assert.deepEqual(
      await page.locator('[data-level][data-testid^="warehouse-panel-"]').evaluateAll((panels) => panels.map((p) => p.getAttribute('data-testid'))),
      ['warehouse-panel-warehouse', 'warehouse-panel-silo', 'warehouse-panel-consignments', 'warehouse-panel-tripsIn'],
    );
    await screenshot(page, 'dashboard-warehouse-silo');

    // Another silo hides the path below level 2.
    const other = detail.silos.find((row) => row.siloId !== null && row.siloId !== silo.siloId);
    if (other && other.siloId !== null) {
      await page.getByTestId(`warehouse-silo-${other.siloId}`).click();
      await page.getByTestId('warehouse-panel-consignments').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('warehouse-panel-tripsIn').count(), 0);
    }

    // The Excel exports: the summary's rows and totals, and the LC sheet; right-to-left in Arabic.
    const summary = await downloadSheetOf(page, 'warehouse-excel');
    assert.match(summary.name, /\.xlsx$/);
    assert.equal(summary.sheet.views[0]?.rightToLeft === true, isArabic);
    assert.equal(rowValues(summary.sheet, 1)[0], isArabic ? 'المستودع' : 'Warehouse');
    stats.rows.forEach((row, index) => {
      const values = rowValues(summary.sheet, index + 2);
      assert.equal(values[0], row.name);
      assert.equal(values[1], row.cargo);
      assert.equal(Number(values[2]).toFixed(3), row.quantity);
    });
    const totalRow = rowValues(summary.sheet, stats.rows.length + 2);
    assert.equal(totalRow[0], isArabic ? 'الإجمالي' : 'Total');
    assert.equal(Number(totalRow[2]).toFixed(3), stats.totals.quantity);

    const lc = await downloadSheetOf(page, 'warehouse-excel-lc');
    assert.equal(lc.sheet.views[0]?.rightToLeft === true, isArabic);
    assert.equal(rowValues(lc.sheet, 1)[0], isArabic ? 'المستودع' : 'Warehouse');
    const lcTotal = rowValues(lc.sheet, lc.sheet.rowCount);
    assert.equal(lcTotal[0], isArabic ? 'الإجمالي' : 'Total');
    assert.equal(Number(lcTotal[6]).toFixed(3), stats.totals.quantity, 'the LC sheet sums to the same stock');
    await context.close();
  });
});
