import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.dashboardVessel;

/**
 * The dashboard's VESSEL tab (spec 2.13) on the demo season, as the demo admin: the summary per vessel/voyage and
 * LC/PO with its totals and the chart of loaded versus remaining, then the three drill-down levels (vessel detail
 * with its nine cards and LC table, the BL's port loadings, a port loading's destinations and transporter chart).
 * Opening a panel hides those at its level or deeper. In Arabic the tab mirrors.
 */
describe(`dashboard vessel tab (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('shows the summary and chart, and drills down three levels', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    // The default tab is VESSEL.
    const tab = page.getByTestId('dashboard-panel-vessel');
    await tab.waitFor();
    await tab.getByText(texts.dashboard.panels.vessel, { exact: true }).waitFor();
    const summary = page.getByTestId('vessel-summary');
    const openLinks = summary.locator('[data-testid^="vessel-open-"]');
    await openLinks.first().waitFor();
    assert.ok((await openLinks.count()) >= 6, 'a row per BL of the season');
    await page.getByTestId('vessel-summary-totals').waitFor();
    const chart = page.getByTestId('vessel-chart');
    await chart.waitFor();
    assert.ok(((await chart.textContent()) ?? '').includes(t.chart.remaining));
    assert.equal(await tab.evaluate((element) => getComputedStyle(element).direction), isArabic ? 'rtl' : 'ltr');

    // Level 1: the demo's MV Desert Falcon has cargo loaded, delivered and in transit (named, not taken by its place in
    // the list: other specs add voyages to the same database).
    await summary.locator('tr', { hasText: 'MV Desert Falcon' }).locator('[data-testid^="vessel-open-"]').first().click();
    const level1 = page.getByTestId('vessel-level-1');
    await level1.getByTestId('vessel-cards').waitFor();
    assert.equal(await level1.locator('[data-testid^="vessel-card-"]').count(), 9);
    await level1.getByText(t.detail.cards.totalDifferenceQuantity, { exact: true }).waitFor();
    const lcLinks = level1.locator('[data-testid^="vessel-lc-all-"]');
    await lcLinks.first().waitFor();

    // Level 2: the port loadings of AMC's BL (LC-NCB-2026-0412: to the terminal and to the Riyadh mill).
    await level1.locator('tr', { hasText: 'LC-NCB-2026-0412' }).locator('[data-testid^="vessel-lc-all-"]').first().click();
    const level2 = page.getByTestId('vessel-level-2');
    const portLinks = level2.locator('[data-testid^="vessel-port-open-"]');
    await portLinks.first().waitFor();

    // Level 3: a port loading's destinations and its transporter chart.
    await portLinks.first().click();
    const level3 = page.getByTestId('vessel-level-3');
    await level3.getByTestId('vessel-port-table').waitFor();
    await level3.getByTestId('vessel-transporter-chart').waitFor();
    await screenshot(page, 'dashboard-vessel');

    // Another BL at level 2 hides level 3; another vessel at level 1 hides levels 2 and 3.
    await lcLinks.last().click();
    await level3.waitFor({ state: 'detached' });
    await level2.waitFor();
    await openLinks.first().click();
    await level2.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('vessel-level-1').count(), 1);
    await context.close();
  });
});
