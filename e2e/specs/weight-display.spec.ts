import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

const t = texts.weightDisplay;

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * The live weight display (spec 2.14) on the demo agency: full screen, the 'Select Weight Machine' dialog, the
 * register call and the display's own socket. The demo's WB-JGT-01 streams from the simulator `npm start` runs beside
 * the server (trucks of 32,540 and 14,220 kg), so the display shows a live weight, stable or in motion.
 */
describe(`live weight display (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('chooses a weighbridge of a terminal and shows its live weight and the clock', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agencyId, `no agency in ${page.url()}`);

    await page.goto(`/agencies/${agencyId}/display-weight`);
    await page.getByTestId('weight-screen').waitFor();
    assert.equal(await page.getByTestId('sidebar').count(), 0, 'the display is full screen');
    assert.equal(await page.getByTestId('weight-screen-title').textContent(), t.defaultTitle);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t.settings, { exact: true }).waitFor();

    await pick(page, 'weight-display-location', 'Jeddah Grain Terminal');
    await pick(page, 'weight-display-machine', 'WB-JGT-01');
    await dialog.getByRole('button', { name: t.submit }).click();
    await dialog.waitFor({ state: 'hidden' });

    assert.equal(await page.getByTestId('weight-screen-title').textContent(), 'Jeddah Grain Terminal');
    await page.getByText(fill(t.machine, { serial: 'WB-JGT-01' })).waitFor();
    // A truck on the deck within one simulated cycle (26 s per truck): tonnes with 3 decimals, kg = tonnes x 1000.
    await page.waitForFunction(() => /^[1-9][\d,]*\.\d{3}/.test(document.querySelector('[data-testid="weight-tons"]')?.textContent ?? ''), undefined, { timeout: 40_000, polling: 200 });
    const tons = Number(((await page.getByTestId('weight-tons').textContent()) ?? '').replace(/[^\d.]/g, ''));
    assert.ok(tons > 0.2, `a truck's weight, got ${tons} t`);
    const signal = (await page.getByTestId('weight-signal').textContent()) ?? '';
    assert.ok(signal.includes(t.status.live) || signal.includes(t.status.motion), `stable or in motion, got "${signal}"`);
    // DD MMM YYYY and hh:mm A in the page's language (Arabic month names and ص/م in Arabic).
    const clock = isArabic ? /^\d{2} \S+ \d{4}\s*\d{2}:\d{2} [صم]$/ : /^\d{2} [A-Z][a-z]{2} \d{4}\s*\d{2}:\d{2} (AM|PM)$/;
    assert.match((await page.getByTestId('weight-clock').textContent()) ?? '', clock);
    await screenshot(page, 'weight-display');

    // The choice is remembered on this terminal.
    await page.reload();
    await page.getByTestId('weight-screen').waitFor();
    assert.equal(await page.getByTestId('weight-screen-title').textContent(), 'Jeddah Grain Terminal');
    await context.close();
  });
});
