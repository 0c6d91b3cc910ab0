import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { StorageKeys, type TLoadingSlipInput, type TLoadingSlipSaved, type TPortLoading } from '@tonnage/contracts';
import { agencySocketConnected, api, apiToken, closeBrowser, credentials, isArabic, language, newContext, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

/** Kilograms of a quantity as the page shows it ('12,345.678 MT'; the unit and any isolation marks dropped). */
const shownKg = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 1000);
/** Kilograms as the page shows them. */
const shownMt = (kg: number) => `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(kg / 1000)} MT`;

// Unique per run, so the slip's WBT number never meets another's.
const wbtNumber = `WBT-LIVE-${language.toUpperCase()}${Date.now().toString(36).toUpperCase().slice(-6)}`;
// A small trip, well within the truck's capacity and the port loading's remainder.
const slipKg = 1250;

/**
 * Spec 4, the dashboard's live tabs: the demo admin has the dashboard open on the VESSEL tab when a loading slip is
 * posted through the API in another session (the demo agency's other user may only view). The slip leaves the
 * vessel for the Yanbu Open Yard (a warehouse), so the VESSEL tab shows 'Stats updated, Reload!' and the Warehouse
 * tab is flagged too; the click reloads the summary (loaded and in transit grew by the slip) and the banner goes.
 *
 * The trip: the demo's Al Safwa port loading of MEDU4417308 to the Yanbu Open Yard (no other spec uses it), truck
 * JED 4821 with Mohammed Al-Sulami (Al Safwa has no trip cap); the slip is reversed at the end, so the specs after
 * this one see the season as it was.
 */
describe(`dashboard live reload (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('shows the reload banner when another session posts a slip, and reloads the figures on click', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const connected = agencySocketConnected(page);
    await signIn(page, credentials.demoAdmin);
    const tab = page.getByTestId('dashboard-panel-vessel');
    await tab.waitFor();
    const totals = page.getByTestId('vessel-summary-totals');
    await totals.waitFor();
    const total = (field: 'loadedQuantity' | 'inTransitQuantity' | 'remainingQuantity') => totals.locator(`[data-total="${field}"]`);
    const before = {
      loaded: shownKg(await total('loadedQuantity').textContent()),
      inTransit: shownKg(await total('inTransitQuantity').textContent()),
      remaining: shownKg(await total('remainingQuantity').textContent()),
    };
    assert.ok(before.loaded > 0, 'the demo season has loaded cargo');
    assert.equal(await page.getByTestId('dashboard-reload-vessel').count(), 0, 'no banner before anything changed');
    await connected;

    // Another session of the agency posts the slip, the way the port loading screen does.
    const agencyId = await page.evaluate((key) => Number(window.localStorage.getItem(key)), StorageKeys.selectedAgency);
    assert.ok(agencyId > 0, 'the demo admin works in the demo agency');
    const token = await apiToken(credentials.demoAdmin);
    const loadings = await api<{ rows: TPortLoading[] }>('GET', '/api/portLoading?limit=100', { token, agencyId });
    assert.equal(loadings.status, 200, JSON.stringify(loadings.body));
    const portLoading = loadings.body.rows.find(
      (row) => row.blNumber === 'MEDU4417308' && row.toLocationName === 'Yanbu Open Yard' && row.transporterName === 'Al Safwa Transport' && row.status === 'Active',
    );
    assert.ok(portLoading?.transporterId, 'the demo season has an active Al Safwa port loading to the Yanbu Open Yard');
    assert.ok(Number(portLoading.remainingQuantity) * 1000 > slipKg, `room left: ${portLoading.remainingQuantity}`);
    const equipment = async (kind: 'truck' | 'driver', label: string) => {
      const { status, body } = await api<{ rows: { id: number; plateNumber?: string; name?: string }[] }>(
        'GET',
        `/api/${kind}?transporterId=${portLoading.transporterId}&status=active&limit=100`,
        { token, agencyId },
      );
      assert.equal(status, 200, JSON.stringify(body));
      const found = body.rows.find((row) => (kind === 'truck' ? row.plateNumber : row.name) === label);
      assert.ok(found, `${kind} ${label}`);
      return found.id;
    };
    const slip: TLoadingSlipInput = {
      truckId: await equipment('truck', 'JED 4821'),
      driverId: await equipment('driver', 'Mohammed Al-Sulami'),
      wbtNumber,
      quantity: String(slipKg / 1000),
    };
    // The slip's LC/PO in the summary, before (columns: vessel/voyage, LC/PO, port, quantity, loaded, in transit, ...).
    const lcRow = page.getByTestId('vessel-summary').locator('tbody tr.ant-table-row', { hasText: portLoading.lcPoNumber });
    assert.equal(await lcRow.count(), 1, `one summary row of ${portLoading.lcPoNumber}`);
    const cell = (index: number) => lcRow.locator('td').nth(index);
    const rowBefore = { loaded: shownKg(await cell(4).textContent()), inTransit: shownKg(await cell(5).textContent()) };
    const posted = await api<TLoadingSlipSaved>('POST', `/api/portLoading/${portLoading.id}/loadingSlips?lang=${language}`, { token, agencyId, body: slip });
    assert.equal(posted.status, 200, JSON.stringify(posted.body));

    // The admin's open VESSEL tab hears it: the banner, the figures not yet reloaded.
    const banner = page.getByTestId('dashboard-reload-vessel');
    await banner.waitFor();
    assert.equal((await page.getByTestId('dashboard-reload-vessel-button').textContent())?.trim(), texts.dashboard.reload);
    assert.equal(shownKg(await total('loadedQuantity').textContent()), before.loaded, 'nothing reloads before the click');
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).direction), isArabic ? 'rtl' : 'ltr');
    await screenshot(page, 'dashboard-live-banner');

    // The click reloads the tab's figures and the banner goes: the slip is loaded off the vessel and on the road.
    await page.getByTestId('dashboard-reload-vessel-button').click();
    await banner.waitFor({ state: 'detached' });
    await total('loadedQuantity').filter({ hasText: shownMt(before.loaded + slipKg) }).waitFor();
    assert.equal(shownKg(await total('inTransitQuantity').textContent()), before.inTransit + slipKg);
    assert.equal(shownKg(await total('remainingQuantity').textContent()), before.remaining - slipKg);
    assert.equal(shownKg(await cell(4).textContent()), rowBefore.loaded + slipKg, `${portLoading.lcPoNumber} loaded`);
    assert.equal(shownKg(await cell(5).textContent()), rowBefore.inTransit + slipKg, `${portLoading.lcPoNumber} in transit`);
    await screenshot(page, 'dashboard-live-reloaded');

    // Its destination is a warehouse: the Warehouse tab was flagged by the same commit, and its click clears it.
    await page.getByTestId('dashboard-tab-warehouse').click();
    const warehouseBanner = page.getByTestId('dashboard-reload-warehouse');
    await warehouseBanner.waitFor();
    await page.getByTestId('dashboard-reload-warehouse-button').click();
    await warehouseBanner.waitFor({ state: 'detached' });
    await page.getByTestId('dashboard-tab-vessel').click();
    await tab.waitFor();
    assert.equal(await page.getByTestId('dashboard-reload-vessel').count(), 0, 'the VESSEL flag stays cleared');

    // Leave the season as it was for the specs after this one.
    const reversed = await api('DELETE', `/api/loadingSlips/${posted.body.slip.id}/reverse`, { token, agencyId, body: { reason: 'E2E live dashboard check' } });
    assert.equal(reversed.status, 200, JSON.stringify(reversed.body));
    await context.close();
  });
});
