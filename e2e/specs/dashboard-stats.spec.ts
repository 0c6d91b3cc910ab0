import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { STATS_GROUPS } from '@tonnage/contracts';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.dashboardStats;
const DAY = 86_400_000;
/** A business date in the demo agency's zone (Asia/Riyadh, UTC+3). */
const riyadhDay = (at: number) => new Date(at + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * The dashboard's IN/OUT Stats tab (spec 2.13, 9) on the demo agency: it opens on today's figures, and a period
 * covering the demo season shows trips out of the port, the warehouses and the consignee locations, and what of
 * them arrived, in 12 cards of three groups; in Arabic the page mirrors.
 */
describe(`dashboard IN/OUT stats (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('shows today first, then the season’s trips out and in, in three groups of cards', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/dashboard/stats') asked.push(url);
    });
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('dashboard-tab-stats').click();
    await page.getByTestId('stats-cards').waitFor();
    // The first call names no dates: the server's today in the agency's zone (spec 9), shown in the range picker.
    assert.equal(asked[0]?.searchParams.get('startDate'), null);
    const today = riyadhDay(Date.now());
    const range = page.getByTestId('stats-filter-period').locator('input');
    const [day, month, year] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    const shown = await range.first().inputValue();
    assert.ok(shown.startsWith(day) && shown.endsWith(year), `today in the picker: ${shown} (${today}, month ${month})`);

    // A period covering the demo season (dated relative to now).
    const start = riyadhDay(Date.now() - 365 * DAY);
    await range.first().click();
    await range.first().fill(start);
    await range.first().press('Enter');
    await range.nth(1).fill(today);
    await range.nth(1).press('Enter');
    // The cards show the answer for that period (the previous figures stay while it loads).
    await page.locator(`[data-testid="stats-cards"][data-start="${start}"][data-end="${today}"]`).waitFor({ timeout: 20_000 });
    const last = asked.at(-1);
    assert.equal(last?.searchParams.get('startDate'), start);
    assert.equal(last?.searchParams.get('endDate'), today);

    for (const group of STATS_GROUPS) {
      const card = page.getByTestId(`stats-group-${group}`);
      await card.getByText(t.groups[group], { exact: true }).first().waitFor();
      const out = page.getByTestId(`stats-${group}-outQty`);
      assert.ok(Number(await out.getAttribute('data-value')) > 0, `${group} OUT is not zero`);
      assert.match((await out.textContent()) ?? '', new RegExp(t.out[group]));
      assert.equal(await page.getByTestId(`stats-group-${group}`).locator('[data-testid^="stats-"][data-value]').count(), 4);
    }
    const portIn = ['warehouseInQty', 'consigneeInQty', 'customerInQty'].map((figure) => page.getByTestId(`stats-port-${figure}`).getAttribute('data-value'));
    assert.ok((await Promise.all(portIn)).some((value) => Number(value) > 0), 'some port trips arrived');
    assert.match((await page.getByTestId('stats-port-outQty').textContent()) ?? '', /\d+\.\d{3}/);
    assert.equal(await page.getByTestId('stats-cards').evaluate((element) => getComputedStyle(element).direction), isArabic ? 'rtl' : 'ltr');
    // Out of the date inputs, so the picture shows the dates as the picker formats them.
    await page.getByTestId('dashboard-panel-stats').locator('.ant-card-head').first().click();
    await screenshot(page, 'dashboard-stats');
    await context.close();
  });
});
