import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { downloadSheet } from '../support/downloads';
import { texts } from '../support/texts';

after(closeBrowser);

const t = texts.reports.lcReconciliation;

/**
 * The LC/PO reconciliation (issue 16) on the demo agency as its admin: opened from the LC/PO list's button, the chain
 * strip with its quantities, the breaks with links to their records, the slips, print and the export, in the run's
 * language and direction.
 */
describe(`LC/PO reconciliation (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('opens from the LC/PO list and shows the chain, its breaks and its slips', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    const agency = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agency);
    await page.goto(`/agencies/${agency}/consignments`);
    const button = page.getByTestId('consignment-reconciliation').first();
    await button.waitFor();
    assert.match((await button.getAttribute('href')) ?? '', /lc-reconciliation\?consignmentId=\d+$/);
    await button.click();
    await page.getByTestId('reconciliation-steps').waitFor();

    // The demo's first LC/PO: trucks on the road and losses above the allowance.
    await page.goto(`/agencies/${agency}/lc-reconciliation?consignmentId=1`);
    await page.getByTestId('reconciliation-steps').waitFor();
    assert.equal(await page.getByTestId('report-title').textContent(), t.title);
    assert.equal(await page.getByTestId('report-lc-reconciliation').evaluate((e) => getComputedStyle(e).direction), isArabic ? 'rtl' : 'ltr');
    assert.match((await page.getByTestId('reconciliation-step-bl-quantity').textContent()) ?? '', /^\d{1,3}(,\d{3})*\.\d{3}$/);
    await page.getByTestId('reconciliation-breaks').getByText(t.breakKinds.slipNotReceived).first().waitFor();
    await page.locator('[data-testid="reconciliation-slips"] tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'lc-reconciliation');

    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByTestId('report-print').isVisible(), false);
    await screenshot(page, 'lc-reconciliation-print');
    await page.emulateMedia({ media: 'screen' });

    const { sheet } = await downloadSheet(page.getByTestId('report-export'));
    assert.equal(sheet.getRow(1).getCell(1).value, t.section);
    assert.equal(sheet.getRow(2).getCell(2).value, t.steps.bl);
    assert.equal(Boolean(sheet.views[0]?.rightToLeft), isArabic);

    // A break's record opens its page.
    await page.getByTestId('reconciliation-break-record').first().click();
    await page.waitForURL(/loadingSlips\/\d+\/print|warehouse-in\/\d+\/edit|consignee-in\/\d+\/edit|customer-in\/\d+\/edit/);
    await context.close();
  });
});
