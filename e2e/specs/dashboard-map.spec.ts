import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MAP_POINT_KINDS } from '@tonnage/contracts';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.dashboardMap;

/**
 * The dashboard's Map tab (spec 2.13) on the demo agency, offline: the base map is the country shapes the app ships,
 * the pins are inline SVG, and no request leaves the test server. Every legend kind has a pin in the demo season;
 * hovering a pin shows its name. In Arabic the page and the legend mirror, the map does not.
 */
describe(`dashboard map (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('draws the coast and a pin of every kind, shows a name on hover, and asks nothing of any other host', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.hostname !== '127.0.0.1') outside.push(request.url());
    });
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('dashboard-tab-map').click();
    const map = page.getByTestId('dashboard-map');
    await map.waitFor();

    // The base map: country outlines drawn as SVG paths in Leaflet's overlay pane.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="dashboard-map"] .leaflet-overlay-pane path').length > 100, undefined, { timeout: 20_000 });
    for (const kind of MAP_POINT_KINDS) {
      const pins = page.locator(`[data-testid="dashboard-map-pin"][data-kind="${kind}"]`);
      await pins.first().waitFor();
      assert.ok((await pins.count()) > 0, `a pin of ${kind}`);
      await page.getByTestId('dashboard-map-legend').getByText(t.kinds[kind], { exact: true }).waitFor();
    }
    // The map is a picture of the world: it never mirrors; the legend follows the page.
    assert.equal(await map.evaluate((element) => getComputedStyle(element).direction), 'ltr');
    assert.equal(await page.getByTestId('dashboard-map-legend').evaluate((element) => getComputedStyle(element).direction), isArabic ? 'rtl' : 'ltr');

    // The demo's customer at Tabuk, alone in the north-west: its name shows on hover.
    const tabuk = page.locator('[data-testid="dashboard-map-pin"][data-kind="customerHeadquarter"][aria-label="Tabuk Livestock Traders"]');
    await tabuk.hover();
    const tooltip = page.locator('.leaflet-tooltip');
    await tooltip.waitFor();
    assert.equal((await tooltip.textContent())?.trim(), 'Tabuk Livestock Traders');
    await screenshot(page, 'dashboard-map');

    assert.deepEqual(outside, [], 'every request goes to the test server');
    await context.close();
  });
});
