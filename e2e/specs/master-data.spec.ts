import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

/** Opens an antd select, optionally types to search, and picks the option containing `option`. */
async function pick(page: Page, testId: string, option: string, typed?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/** Answers the open confirmation with its OK button (earlier, closed ones may still be in the page). */
async function confirm(page: Page): Promise<void> {
  const button = page.locator('.ant-popconfirm-buttons button:last-child').filter({ visible: true });
  await button.click();
  await button.waitFor({ state: 'hidden' });
}

function agencyIdOf(page: Page): number {
  const match = /\/agencies\/(\d+)\//.exec(page.url());
  assert.ok(match?.[1], `no agency in ${page.url()}`);
  return Number(match[1]);
}

/** Opens the list of a resource route and waits for its table. */
async function openList(page: Page, agencyId: number, route: string): Promise<void> {
  await page.goto(`/agencies/${agencyId}/${route}`);
  await page.getByTestId('resource-table').waitFor();
}

/** Types a search and waits until every row shown contains `expected`. */
async function searchFor(page: Page, text: string, expected = text): Promise<void> {
  await page.getByTestId('resource-search').fill(text);
  await page.waitForFunction(
    (wanted) => {
      const rows = Array.from(document.querySelectorAll('[data-testid=resource-table] tbody tr.ant-table-row'));
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(wanted));
    },
    expected,
  );
}

const row = (page: Page, text: string) => page.getByTestId('resource-table').locator('tbody tr.ant-table-row', { hasText: text });
const label = (entry: { en: string; ar: string }) => (isArabic ? entry.ar : entry.en);
const berthName = isArabic ? 'رصيف الاختبار 7' : 'E2E Berth 7';
const plate = 'E2E 145';
const transporterName = isArabic ? 'ناقلات الاختبار' : 'E2E Haulage';
const driverName = isArabic ? 'سائق الاختبار' : 'E2E Driver';

describe(`master data: generic list and form (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('lists and searches ports, adds a berth and a truck, refuses to delete a port in use, toggles a berth', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = agencyIdOf(page);

    // Ports: the declared columns in the run's language, the demo ports, and a search.
    await openList(page, agencyId, 'port');
    await page.getByTestId('resource-list-title').filter({ hasText: label({ en: 'Ports', ar: 'الموانئ' }) }).waitFor();
    await page.getByTestId('resource-table').locator('thead').getByText(label({ en: 'UN/LOCODE', ar: 'رمز الأمم المتحدة للموقع' })).waitFor();
    await row(page, 'King Abdullah Port').waitFor();
    await searchFor(page, 'Jeddah');
    assert.equal(await page.getByTestId('resource-table').locator('tbody tr.ant-table-row').count(), 1);
    await row(page, 'SAJED').waitFor();
    await screenshot(page, 'master-data-ports');

    // The Excel export of what the list shows.
    const download = page.waitForEvent('download');
    await page.getByTestId('resource-export').click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'port.xlsx');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    assert.equal(Buffer.concat(chunks).subarray(0, 2).toString(), 'PK', 'an .xlsx file (a zip)');

    // A berth at Jeddah Islamic Port, picked in the reference select.
    await openList(page, agencyId, 'berth');
    await page.getByTestId('resource-add').click();
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('resource-submit').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    assert.match(page.url(), /\/berth\/add$/, 'an empty form is not saved');
    await page.getByTestId('resource-form-name').fill(berthName);
    await pick(page, 'resource-form-portId', 'Jeddah Islamic Port', 'Jeddah');
    await page.getByTestId('resource-form-maxDraft').fill('13.75');
    await screenshot(page, 'master-data-berth-form');
    await page.getByTestId('resource-submit').click();
    await page.getByText(fill(texts.resources.created, { name: label({ en: 'Berth', ar: 'رصيف' }) })).waitFor();
    await page.getByTestId('resource-table').waitFor();
    await searchFor(page, berthName);
    const berth = row(page, berthName);
    assert.equal(await berth.getByTestId('resource-cell-portId').textContent(), 'Jeddah Islamic Port');
    assert.match((await berth.getByTestId('resource-cell-maxDraft').textContent()) ?? '', /^13\.75 /);
    await screenshot(page, 'master-data-berths');

    // Deactivate and reactivate the berth.
    const toggle = berth.getByTestId('resource-status-toggle');
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    await toggle.click();
    await confirm(page);
    await page.getByText(fill(texts.resources.deactivated, { name: label({ en: 'Berth', ar: 'رصيف' }) })).waitFor();
    await berth.locator('[data-testid=resource-status-toggle][aria-checked=false]').waitFor();
    await toggle.click();
    await confirm(page);
    await berth.locator('[data-testid=resource-status-toggle][aria-checked=true]').waitFor();

    // Edit the berth: the form opens with its values, and the list shows the change.
    await berth.getByTestId('resource-edit').click();
    await page.getByTestId('resource-form').waitFor();
    assert.equal(await page.getByTestId('resource-form-name').inputValue(), berthName);
    await page.getByTestId('resource-form-portId').filter({ hasText: 'Jeddah Islamic Port' }).waitFor();
    await page.getByTestId('resource-form-maxDraft').fill('12.5');
    await page.getByTestId('resource-submit').click();
    await page.getByText(fill(texts.resources.updated, { name: label({ en: 'Berth', ar: 'رصيف' }) })).waitFor();
    await searchFor(page, berthName);
    await row(page, berthName).getByTestId('resource-cell-maxDraft').filter({ hasText: /^12\.50 / }).waitFor();

    // The port has berths: deleting it is refused with the server's message.
    await openList(page, agencyId, 'port');
    await searchFor(page, 'Jeddah');
    await row(page, 'Jeddah Islamic Port').getByTestId('resource-delete').click();
    await confirm(page);
    const refusal = page.getByTestId('resource-delete-refused');
    await refusal.waitFor();
    // Worded in the run's language from the resources' labels (the server's details carry the counts).
    assert.match((await refusal.textContent()) ?? '', isArabic ? /مستخدم في الأرصفة \(\d+\)/ : /used by \d+ berths/);
    await screenshot(page, 'master-data-delete-refused');
    await row(page, 'Jeddah Islamic Port').waitFor();

    // A transporter (a company type over the shared companies table), then a driver of it with a licence expiry.
    await openList(page, agencyId, 'transporter');
    await page.getByTestId('resource-list-title').filter({ hasText: label({ en: 'Transporters', ar: 'الناقلون' }) }).waitFor();
    await row(page, 'Al Safwa Transport').waitFor();
    await page.getByTestId('resource-add').click();
    await page.getByTestId('resource-form-name').fill(transporterName);
    await page.getByTestId('resource-form-city').fill('Jeddah');
    await page.getByTestId('resource-submit').click();
    await page.getByText(fill(texts.resources.created, { name: label({ en: 'Transporter', ar: 'ناقل' }) })).waitFor();
    await searchFor(page, transporterName);
    // The transporter is not a customer.
    await openList(page, agencyId, 'customer');
    await page.getByTestId('resource-search').fill(transporterName);
    await page.getByTestId('resource-table').locator('.ant-empty').waitFor();

    await openList(page, agencyId, 'driver');
    await page.getByTestId('resource-add').click();
    await page.getByTestId('resource-form-name').fill(driverName);
    await pick(page, 'resource-form-transporterId', transporterName);
    await page.getByTestId('resource-form-licenceNumber').fill('e2e-dl-145');
    // The picker shows DD-MMM-YYYY in the run's language and takes a typed ISO date too.
    const expiry = page.getByTestId('resource-form-licenceExpiry');
    await expiry.click();
    await expiry.fill('2028-03-14');
    await page.getByTestId('resource-form-name').click();
    await page.locator('.ant-picker-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
    assert.match(await expiry.inputValue(), /^14-.+-2028$/);
    await screenshot(page, 'master-data-driver-form');
    await page.getByTestId('resource-submit').click();
    await page.getByText(fill(texts.resources.created, { name: label({ en: 'Driver', ar: 'سائق' }) })).waitFor();
    await searchFor(page, 'E2E-DL-145');
    const driver = row(page, 'E2E-DL-145');
    assert.equal(await driver.getByTestId('resource-cell-transporterId').textContent(), transporterName);
    const shown = (await driver.getByTestId('resource-cell-licenceExpiry').textContent()) ?? '';
    if (isArabic) assert.match(shown, /^14-.+-2028$/);
    else assert.equal(shown, '14-Mar-2028');
    await screenshot(page, 'master-data-drivers');

    // A truck of that transporter with a tare of 14.5 MT, shown with 3 decimals.
    await openList(page, agencyId, 'Truck');
    await page.getByTestId('resource-add').click();
    await page.getByTestId('resource-form-plateNumber').fill(plate.toLowerCase());
    await pick(page, 'resource-form-transporterId', transporterName);
    await page.getByTestId('resource-form-tareWeight').fill('14.5');
    await page.getByTestId('resource-form-capacity').fill('40');
    await screenshot(page, 'master-data-truck-form');
    await page.getByTestId('resource-submit').click();
    await page.getByText(fill(texts.resources.created, { name: label({ en: 'Truck', ar: 'شاحنة' }) })).waitFor();
    await searchFor(page, plate);
    const truck = row(page, plate);
    assert.equal(await truck.getByTestId('resource-cell-transporterId').textContent(), transporterName);
    assert.equal(await truck.getByTestId('resource-cell-tareWeight').textContent(), '14.500 MT');
    assert.equal(await truck.getByTestId('resource-cell-capacity').textContent(), '40.000 MT');
    await screenshot(page, 'master-data-trucks');

    // An address the product does not have shows the 404 page.
    await page.goto(`/agencies/${agencyId}/no-such-screen`);
    await page.getByTestId('page-not-found').waitFor();

    await context.close();
  });
});
