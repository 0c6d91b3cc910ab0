import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

const t = texts.dashboardPartners;

/** The trips and MT of a 'Trips In / (Qty. MT)' cell: `12 / (345.000 MT)`. */
async function tripsOf(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(/^(\d+)/.exec(text.trim())?.[1] ?? 'NaN');
}

/** Waits until no table is still fading in from its loading state (so a screenshot shows the rows as they stay). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-blur, .ant-spin-spinning').length === 0);
  await page.waitForTimeout(400);
}

/**
 * The dashboard's Consignee and Customer tabs (spec 2.13) on the demo season, as the demo admin: nothing is asked
 * before a partner is picked; a consignee with cargo received at its mill, its trips in and the in-quantity detail,
 * its trips out and the out-quantity detail; the bakery's customer, its trips in and in-quantity. In Arabic the tab
 * reads right to left.
 */
describe(`dashboard consignee and customer tabs (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('a consignee’s mill: the table and chart, trips in then in quantity, trips out then out quantity', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('dashboard-tab-consignee').click();
    const panel = page.getByTestId('dashboard-panel-consignee');
    await page.getByTestId('dashboard-consignee-pick').getByText(t.consignee.pick).waitFor();
    assert.equal(await panel.evaluate((element) => getComputedStyle(element).direction), isArabic ? 'rtl' : 'ltr');

    // Hejaz Flour Mills: cargo received at its Madinah mill from the port, a loan delivered back, a Consignee Out to the bakery.
    await pick(page, 'dashboard-consignee-filters-consigneeId', 'Hejaz Flour Mills');
    const table = page.getByTestId('dashboard-consignee-table');
    const mill = table.locator('tr', { hasText: 'HFM Madinah Mill' });
    await mill.waitFor();
    await table.getByText(t.consignee.location).first().waitFor();
    await table.getByText(t.columns.tripsIn).first().waitFor();
    await table.getByText(t.columns.tripsOut).first().waitFor();
    await page.getByTestId('dashboard-consignee-chart-bar').first().waitFor();
    const tripsInCell = mill.locator('[data-testid^="dashboard-consignee-trips-in-"]');
    const trips = await tripsOf(page, (await tripsInCell.getAttribute('data-testid')) ?? '');
    assert.ok(trips > 0, 'the mill received trucks in the demo season');

    // Level 1: the trucks received at the mill (and any still on the road to it).
    await tripsInCell.click();
    const tripsIn = page.getByTestId('dashboard-consignee-tripsIn');
    await tripsIn.getByText(fill(t.tripsInTitle, { name: 'HFM Madinah Mill' })).waitFor();
    await tripsIn.getByText(t.received).first().waitFor();
    assert.equal(await tripsIn.getByText(t.received).count(), trips);
    // A short list comes in one page: the footer says all its trucks are shown.
    const rows = await tripsIn.locator('tbody tr.ant-table-row').count();
    assert.equal(await tripsIn.getByTestId('dashboard-consignee-tripsIn-shown').textContent(), fill(texts.dashboardShared.allTrucksShown, { count: rows.toLocaleString('en-US') }));
    // Level 2: the in quantity by source.
    await page.getByTestId('dashboard-consignee-tripsIn-more').click();
    const inQty = page.getByTestId('dashboard-consignee-inQty');
    await inQty.getByText(t.types.port).first().waitFor();
    await settled(page);
    await screenshot(page, 'dashboard-consignee-in');

    // Trips out replaces level 1 and closes level 2: the Consignee Out to the bakery's store.
    const tripsOutCell = mill.locator('[data-testid^="dashboard-consignee-trips-out-"]');
    const out = await tripsOf(page, (await tripsOutCell.getAttribute('data-testid')) ?? '');
    assert.ok(out > 0, 'a truck left the mill in the demo season');
    await tripsOutCell.click();
    const tripsOut = page.getByTestId('dashboard-consignee-tripsOut');
    await tripsOut.getByText('Makkah Central Bakery Store').first().waitFor();
    await inQty.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('dashboard-consignee-tripsIn').count(), 0);
    await page.getByTestId('dashboard-consignee-tripsOut-more').click();
    const outQty = page.getByTestId('dashboard-consignee-outQty');
    await outQty.getByText(t.types.consigneeOut).first().waitFor();
    await settled(page);
    await screenshot(page, 'dashboard-consignee-out');

    // Another consignee closes the panels.
    await pick(page, 'dashboard-consignee-filters-consigneeId', 'Arabian Milling Company');
    await outQty.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('dashboard-consignee-tripsOut').count(), 0);
    await table.locator('tr', { hasText: 'AMC Riyadh Mill' }).waitFor();
    await context.close();
  });

  it('a customer’s store: trips in only, then the in quantity', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('dashboard-tab-customer').click();
    await page.getByTestId('dashboard-customer-pick').getByText(t.customer.pick).waitFor();
    await pick(page, 'dashboard-customer-filters-customerId', 'Makkah Bakeries Cooperative');
    const table = page.getByTestId('dashboard-customer-table');
    const store = table.locator('tr', { hasText: 'Makkah Central Bakery Store' });
    await store.waitFor();
    assert.equal(await table.getByText(t.columns.tripsOut).count(), 0, 'no trips out on the Customer tab');
    const tripsInCell = store.locator('[data-testid^="dashboard-customer-trips-in-"]');
    assert.ok((await tripsOf(page, (await tripsInCell.getAttribute('data-testid')) ?? '')) > 0, 'the store received trucks');
    await tripsInCell.click();
    const tripsIn = page.getByTestId('dashboard-customer-tripsIn');
    await tripsIn.getByText(t.received).first().waitFor();
    await page.getByTestId('dashboard-customer-tripsIn-more').click();
    const inQty = page.getByTestId('dashboard-customer-inQty');
    await inQty.locator('tbody tr.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'dashboard-customer');
    await context.close();
  });
});
