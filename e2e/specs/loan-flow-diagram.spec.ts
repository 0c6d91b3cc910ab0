import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { message, texts } from '../support/texts';

after(closeBrowser);

const TERMINAL = 'Jeddah Grain Terminal';
const LENDER = 'Arabian Milling Company';
const SM = 'Red Sea Grain Logistics';
const OTHER_CONSIGNEE = 'Hejaz Flour Mills';
const CUSTOMER = 'Makkah Bakeries Cooperative';
const LC = 'LC-NCB-2026-0412';

/** Picks the option of an open select whose text contains every one of `parts`. */
async function pickWith(page: Page, testId: string, parts: readonly string[]): Promise<void> {
  await page.getByTestId(testId).click();
  let options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  for (const part of parts) options = options.filter({ hasText: part });
  await options.first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/**
 * Picks the option of an open select that holds every one of `parts` and the first of `places` that has one (the
 * options are listed once loaded); answers that place.
 */
async function pickAtFirstPlace(page: Page, testId: string, places: readonly string[], parts: readonly string[]): Promise<string> {
  await page.getByTestId(testId).click();
  let options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  for (const part of parts) options = options.filter({ hasText: part });
  await options.first().waitFor();
  for (const place of places) {
    const option = options.filter({ hasText: place });
    if ((await option.count()) === 0) continue;
    await option.first().click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    return place;
  }
  throw new Error(`no option of ${testId} with ${parts.join(', ')} at ${places.join(' or ')}`);
}

/** The Loan Statement line of the lender and the SM on the wheat LC (every line with a loan shows, also a fully returned one). */
async function balanceLine(page: Page, go: (route: string) => Promise<unknown>) {
  await go('loan-report');
  await page.getByTestId('report-loan-report').waitFor();
  const row = page.getByTestId('report-table').locator('tr', { hasText: LENDER }).filter({ hasText: SM }).filter({ hasText: LC }).first();
  await row.waitFor();
  return row;
}

/**
 * A flow diagram of the help area, end to end on the demo agency (issue 14): the consignee lends wheat to its shipment
 * manager in the same warehouse, the shipment manager sells part of it to a customer, then gives the loan back with an
 * ownership transfer (another consignee hands it cargo) and a swap (that cargo for the lender's own in another silo),
 * returning the rest of the loaned cargo in place and the swapped cargo from its other stock. The loan balance of the
 * line ends at zero outstanding.
 */
describe(`loan flow diagram (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('lends to the SM, sells, transfers, swaps and returns the loan until nothing is outstanding', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agencyId, `no agency in ${page.url()}`);
    const go = (route: string) => page.goto(`/agencies/${agencyId}/${route}`);
    const openArea = texts.warehouseDispatch.openArea;

    // ---- 1. Consignee to SM: the mill lends 9 MT of its wheat in Silo A1 to its shipment manager.
    await go('warehouse/consignee-to-sm/add');
    await page.getByTestId('loan-form').waitFor();
    await pick(page, 'loan-warehouse', TERMINAL);
    await pickWith(page, 'loan-position', ['Silo A1', LENDER, LC]);
    await page.getByTestId('loan-quantity').fill('9');
    await screenshot(page, 'flow-loan-form');
    await page.getByTestId('loan-save').click();
    await page.getByText(message('Consignee to SM created successfully')).waitFor();
    await page.waitForURL(/\/warehouse\/consignee-to-sm(\?|$)/);
    let line = await balanceLine(page, go);
    assert.equal(await line.getByTestId('report-cell-closing').textContent(), '9.000');

    // ---- 2. Consignee to Customer: the shipment manager sells 3 MT of the borrowed wheat to the bakery cooperative.
    await go('warehouse/consignee-to-customer/add');
    await page.getByTestId('sale-form').waitFor();
    await pick(page, 'sale-warehouse', TERMINAL);
    await pick(page, 'sale-seller', SM);
    await pickWith(page, 'sale-position', ['Silo A1', SM, LC]);
    await pick(page, 'sale-customer', CUSTOMER);
    await page.getByTestId('sale-quantity').fill('3');
    await screenshot(page, 'flow-sale-form');
    await page.getByTestId('sale-save').click();
    await page.getByText(message('Consignee to Customer created successfully')).waitFor();
    await page.waitForURL(/\/warehouse\/consignee-to-customer(\?|$)/);

    // ---- 3. Ownership Transfer: the other mill of the same manager hands it 3 MT at the terminal.
    await go('ownershipTransfer/add');
    await page.getByTestId('ownership-transfer-form').waitFor();
    await pick(page, 'ot-location', TERMINAL);
    // Where the demo's swap left the other mill's wheat of the LC depends on the hour the demo season was made (which
    // terminal position of the lender was largest then): the open area, else Silo B1 (not the loan's Silo A1 or the
    // swap's Silo A2 below).
    const handedAt = await pickAtFirstPlace(page, 'ot-position', [openArea, 'Silo B1'], [OTHER_CONSIGNEE, LC]);
    await pick(page, 'ot-new-owner', SM);
    await page.getByTestId('ot-quantity').fill('3');
    await page.getByTestId('ot-save').click();
    await page.getByText(message('Ownership Transfer created successfully')).waitFor();
    await page.waitForURL(/\/ownershipTransfer(\?|$)/);

    // ---- 4. Swap Cargo: those 3 MT for 3 MT of the lender's wheat in Silo A2.
    await go('swapCargo/add');
    await page.getByTestId('swap-cargo-form').waitFor();
    await pick(page, 'swp-a-location', TERMINAL);
    await pickWith(page, 'swp-a-position', [handedAt, SM, LC]);
    await pick(page, 'swp-b-location', TERMINAL);
    await pickWith(page, 'swp-b-position', ['Silo A2', LENDER, LC]);
    await page.getByTestId('swp-quantity').fill('3');
    await screenshot(page, 'flow-swap-form');
    await page.getByTestId('swp-save').click();
    await page.getByText(message('Cargo Swap created successfully')).waitFor();
    await page.waitForURL(/\/swapCargo(\?|$)/);

    // ---- 5. SM to Consignee: 6 MT back in place from the loaned cargo, then 3 MT from its cargo in Silo A2.
    await go('warehouse/sm-to-consignee/add');
    await page.getByTestId('loan-return-form').waitFor();
    await pickWith(page, 'loan-return-loan', [TERMINAL, LENDER, SM, LC]);
    await page.getByTestId('loan-return-quantity').fill('6');
    await page.getByTestId('loan-return-save').click();
    await page.getByText(message('SM to Consignee created successfully')).waitFor();
    await page.waitForURL(/\/warehouse\/sm-to-consignee(\?|$)/);

    await go('warehouse/sm-to-consignee/add');
    await page.getByTestId('loan-return-form').waitFor();
    await pickWith(page, 'loan-return-loan', [TERMINAL, LENDER, SM, LC]);
    await page.getByTestId('loan-return-from-other').click();
    await pickWith(page, 'loan-return-source', [TERMINAL, 'Silo A2', LC]);
    await page.getByTestId('loan-return-source-usable').getByText('3.000').waitFor();
    await page.getByTestId('loan-return-quantity').fill('3');
    await screenshot(page, 'flow-loan-return-other-cargo');
    await page.getByTestId('loan-return-save').click();
    await page.getByText(message('SM to Consignee created successfully')).waitFor();
    await page.waitForURL(/\/warehouse\/sm-to-consignee(\?|$)/);

    // ---- The loan balance: the 9 MT loan is fully returned, nothing outstanding on the line.
    line = await balanceLine(page, go);
    await line.getByTestId('report-cell-closing').getByText('0.000').waitFor();
    await screenshot(page, 'flow-loan-balance');
    await context.close();
  });
});
