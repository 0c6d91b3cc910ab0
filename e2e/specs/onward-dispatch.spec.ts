import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { message, texts } from '../support/texts';

after(closeBrowser);

/** An antd number field by its test id (the id sits on the input itself or on its wrapper). */
const numberInput = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** Picks the option of an open select whose text contains every one of `parts`. */
async function pickWith(page: Page, testId: string, parts: readonly string[]): Promise<void> {
  await page.getByTestId(testId).click();
  let options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  for (const part of parts) options = options.filter({ hasText: part });
  await options.first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/**
 * Onward movements on the demo agency (issue 13): the Madinah mill sends wheat on to the Makkah bakery store with a
 * Consignee Out (its consignee loading slip printed), the store receives that slip with a Customer In; a dispatch
 * group at the terminal takes two trucks on one screen; a past Warehouse In opens in its correction screen with the
 * figures it would repost.
 */
describe(`onward dispatch (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('sends a consignee out to a customer, receives it there, groups trucks of one dispatch and opens a correction', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agencyId, `no agency in ${page.url()}`);
    const go = (route: string) => page.goto(`/agencies/${agencyId}/${route}`);

    // ---- Consignee Out: 5 MT of the mill's wheat to the bakery store on MED 5502.
    await go('consignee-out/add');
    await page.getByTestId('consignee-out-form').waitFor();
    await pick(page, 'co-location', 'HFM Madinah Mill');
    await pick(page, 'co-position', 'Hejaz Flour Mills');
    await pick(page, 'co-to-location', 'Makkah Central Bakery Store');
    await pick(page, 'co-truck', 'MED 5502', 'MED 5502');
    await pick(page, 'co-driver', 'Ahmed Al-Johani', 'Ahmed');
    await page.getByTestId('co-wbt').fill('HFM-E2E-0001');
    await numberInput(page, 'co-quantity').fill('5.000');
    await screenshot(page, 'consignee-out-form');
    await page.getByTestId('co-save').click();
    await page.getByText(message('Consignee Out created successfully')).waitFor();
    await page.waitForURL(/\/consignee-out(\?|$)/);
    await page.locator('tr', { hasText: 'HFM-E2E-0001' }).first().waitFor();

    // Its consignee loading slip, printed in English and Arabic side by side.
    await go('consigneeLoadingSlips');
    const slipRow = page.locator('tr', { hasText: 'MED 5502' }).filter({ hasText: 'Makkah Central Bakery Store' }).first();
    await slipRow.waitFor();
    await screenshot(page, 'consignee-loading-slips');

    // ---- Customer In: the store receives the consignee slip (4.990 MT, 10 kg lost).
    await go('customer-in/add');
    await page.getByTestId('delivery-in-form').waitFor();
    await pickWith(page, 'delivery-in-slip', [texts.receiving.slipKinds.consigneeLoadingSlip, 'MED 5502']);
    assert.equal(await page.getByTestId('delivery-in-slip-quantity').textContent(), '5.000 MT');
    await page.getByTestId('delivery-in-wbt').fill('MAKKAH-E2E-1');
    await numberInput(page, 'delivery-in-quantity').fill('4.990');
    await page.getByTestId('delivery-in-transit-loss').getByText('0.010 MT').waitFor();
    await page.getByTestId('delivery-in-save').click();
    await page.getByText(message('Customer In created successfully')).waitFor();
    await page.waitForURL(/\/customer-in(\?|$)/);
    await page.locator('tr', { hasText: 'MAKKAH-E2E-1' }).first().waitFor();

    // The received Consignee Out is refused its reversal.
    await go('consignee-out');
    const outRow = page.locator('tr', { hasText: 'HFM-E2E-0001' }).first();
    await outRow.getByTestId('co-reverse').click();
    await page.getByTestId('co-reverse-reason').fill(isArabic ? 'عميل خاطئ' : 'Wrong customer');
    await page.getByTestId('co-reverse-ok').click();
    await page.getByTestId('co-reverse-error').getByText(message('This Consignee Out delivered on Customer In. Please revert Customer In transaction first.')).waitFor();
    await screenshot(page, 'consignee-out-reverse-refused');

    // ---- A dispatch group at the terminal: the order once, then two trucks committed on the same screen.
    await go('warehouse-out-grouped/add');
    await page.getByTestId('group-form').waitFor();
    await pick(page, 'group-warehouse', 'Jeddah Grain Terminal');
    await pick(page, 'group-position', 'Arabian Milling Company');
    await page.getByText(texts.warehouseDispatch.destinations.consignee).click();
    await pick(page, 'group-to-location', 'AMC Riyadh Mill');
    await numberInput(page, 'group-planned-trucks').fill('2');
    await numberInput(page, 'group-planned-quantity').fill('2.000');
    await page.getByTestId('group-save').click();
    await page.getByText(message('Dispatch group created successfully')).waitFor();
    await page.getByTestId('group-trucks').waitFor();
    for (const [plate, driver] of [
      ['JED 4821', 'Mohammed Al-Sulami'],
      ['JED 7310', 'Imran Khan'],
    ] as const) {
      await pick(page, 'group-truck', plate, plate);
      await pick(page, 'group-driver', driver, driver.split(' ')[0]);
      await numberInput(page, 'group-quantity').fill('1.000');
      await page.getByTestId('group-add-truck-save').click();
      await page.getByTestId('group-trucks').locator('tr', { hasText: plate }).waitFor();
    }
    await page.getByTestId('group-committed').getByText('2.000').waitFor();
    await screenshot(page, 'warehouse-out-group');

    // ---- The correction of a past Warehouse In: its current figures, a reason required.
    await go('warehouse-in');
    await page.getByTestId('warehouseIn-correct').first().click();
    await page.getByTestId('in-correction-form').waitFor();
    assert.match((await page.getByTestId('correction-current-received').textContent()) ?? '', /\d+\.\d{3}/);
    await page.getByTestId('correction-save').click();
    await page.getByText(message('Reason is Required!')).first().waitFor();
    await screenshot(page, 'warehouse-in-correction');

    await context.close();
  });
});
