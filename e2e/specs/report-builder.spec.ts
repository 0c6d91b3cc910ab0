import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, language, newContext, pick, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.reportBuilder;

/** Chooses an option of a multiple select and closes its dropdown. */
async function pickMany(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

async function firstRow(page: Page): Promise<void> {
  await page.locator('[data-testid="builder-table"] tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
}

/**
 * The report builder (issue 16) as the demo agency's admin: a report of ledger movements grouped by account kind
 * with a bar chart is built and run (rows, totals, the chart, the page's direction), saved under a name, and re-run
 * when opened again from its address: the same figures; then a pivot of loading slips (destination by slip state).
 */
describe(`report builder (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('builds, runs, saves and re-runs a report', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    const agency = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agency, `an agency in ${page.url()}`);
    await page.goto(`/agencies/${agency}/reportBuilder`);
    await page.getByTestId('builder-empty').waitFor();
    assert.equal(await page.getByTestId('builder-title').textContent(), t.title);
    assert.equal(await page.getByTestId('report-builder').evaluate((e) => getComputedStyle(e).direction), isArabic ? 'rtl' : 'ltr');

    await pick(page, 'builder-dataset', t.datasets.ledgerMovements);
    await pickMany(page, 'builder-dimensions', t.fields.accountKind);
    await pick(page, 'builder-measure-field-0', t.fields.quantityIn);
    await page.getByTestId('builder-add-measure').click();
    await pick(page, 'builder-measure-field-1', t.fields.entries);
    await pick(page, 'builder-chart', t.chartBar);
    await page.getByTestId('builder-run').click();
    await firstRow(page);
    await page.getByTestId('builder-bar-chart').waitFor();
    const kinds = await page.getByTestId('builder-cell-accountKind').allTextContents();
    assert.ok(kinds.includes(t.values.ON_HAND), `the account kinds in the run's language (${kinds.join(', ')})`);
    const total = (await page.getByTestId('builder-total-quantityIn_sum').textContent()) ?? '';
    assert.match(total, /^[\d,]+\.\d{3}$/);
    const entries = (await page.getByTestId('builder-total-entries_count').textContent()) ?? '';
    assert.ok(Number(entries) > 0, `entries counted (${entries})`);
    await screenshot(page, 'report-builder-run');

    const name = `${language === 'ar' ? 'حركات حسب النوع' : 'Movements by kind'} ${Date.now()}`;
    await page.getByTestId('builder-save').click();
    await page.getByTestId('builder-save-name').fill(name);
    await page.getByTestId('builder-save-confirm').click();
    await page.waitForURL(/report=\d+/);
    const address = page.url();

    // Opened again from its address: the saved definition runs as saved.
    await page.goto('about:blank');
    await page.goto(address);
    await firstRow(page);
    await page.getByTestId('builder-bar-chart').waitFor();
    assert.equal(await page.getByTestId('builder-saved').textContent(), name);
    assert.equal(await page.getByTestId('builder-total-quantityIn_sum').textContent(), total);
    assert.equal(await page.getByTestId('builder-total-entries_count').textContent(), entries);
    assert.deepEqual(await page.getByTestId('builder-cell-accountKind').allTextContents(), kinds);
    await screenshot(page, 'report-builder-saved');

    // A pivot: loading slips per destination, a column per slip state, row and column totals.
    await page.getByTestId('builder-new').click();
    await page.getByTestId('builder-empty').waitFor();
    await pick(page, 'builder-dataset', t.datasets.loadingSlips);
    await pickMany(page, 'builder-dimensions', t.fields.destination);
    await pick(page, 'builder-pivot', t.fields.slipState);
    await page.getByTestId('builder-run').click();
    await page.locator('[data-testid="builder-table"] thead th', { hasText: t.values.received }).first().waitFor();
    await firstRow(page);
    const headers = await page.locator('[data-testid="builder-table"] thead th').allTextContents();
    assert.ok(headers.includes(t.values.received), `a column per slip state (${headers.join(' | ')})`);
    assert.match((await page.getByTestId('builder-total-quantity_sum').textContent()) ?? '', /^[\d,]+\.\d{3}$/);
    await screenshot(page, 'report-builder-pivot');
    await context.close();
  });
});
