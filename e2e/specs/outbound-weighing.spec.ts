import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, credentials, isArabic, newContext, pick, screenshot, signIn } from '../support/browser';
import { message, texts } from '../support/texts';

after(closeBrowser);

const t = texts.outboundWeighing;

/** The demo's WB-JGT-01 streams from the simulator `npm start` runs beside the server: trucks of 32,540 and 14,220 kg. */
const BRIDGE = 'WB-JGT-01';
const TRUCK = 'JED 4821';
/** A simulated truck cycle is 26 s (empty, driving on, settling, 8 s stable, driving off); two trucks alternate. */
const CAPTURABLE_WITHIN_MS = 70_000;

/**
 * Waits until the capture button is enabled (the bridge's weight is stable and may be taken), clicks it and waits for
 * the list the save leads to. The button follows the live weight polled every second, so on a loaded machine the
 * click can reach the server after the simulated truck began to drive off: the server then refuses the capture with
 * its reason (as it must), and a clerk captures again on the next stable truck. Up to three tries; every refusal is
 * kept in the failure message.
 */
async function captureWhenStable(page: Page, testId: string, listUrl: RegExp): Promise<number> {
  const button = page.getByTestId(testId);
  const refusals: string[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.waitForFunction((id) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      return element instanceof HTMLButtonElement && !element.disabled;
    }, testId, { timeout: CAPTURABLE_WITHIN_MS, polling: 200 });
    const kg = Number(((await page.getByTestId('live-kg').textContent()) ?? '').replace(/[^\d]/g, ''));
    const notices = page.locator('.ant-notification-notice');
    const before = await notices.count();
    await button.click();
    const outcome = await Promise.race([
      page.waitForURL(listUrl, { timeout: 30_000 }).then(() => 'saved' as const, () => 'neither' as const),
      page.waitForFunction((count) => document.querySelectorAll('.ant-notification-notice').length > count, before, { timeout: 30_000 })
        .then(() => 'refused' as const, () => 'neither' as const),
    ]);
    if (outcome === 'saved') return kg;
    if (outcome === 'neither') throw new Error('the capture neither saved nor was refused within 30 s');
    refusals.push(((await notices.last().textContent()) ?? '').trim());
    // The form asks the bridge again at once after a refusal: its answer (the truck moving) disables the button
    // before the next try, unless the weight has settled again within 3 s.
    await page
      .waitForFunction((id) => {
        const element = document.querySelector(`[data-testid="${id}"]`);
        return element instanceof HTMLButtonElement && element.disabled;
      }, testId, { timeout: 3_000, polling: 100 })
      .catch(() => undefined);
  }
  throw new Error(`the bridge refused three captures: ${refusals.join(' | ')}`);
}

/**
 * Outbound first and second weight (spec 2.3) on the demo agency against the simulated weighbridge: the capture
 * button waits for a stable weight (it is disabled with the reason before), the first weight is captured from the
 * bridge, the second one on the next truck of the same plate, the net is |second - first|, and the ticket prints in
 * English and Arabic side by side.
 */
describe(`outbound weighing (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('captures a first and a second weight from the live weighbridge and prints the ticket', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agencyId, `no agency in ${page.url()}`);

    // First weight.
    await page.goto(`/agencies/${agencyId}/outbound-first-weight/add`);
    await page.getByTestId('first-weight-form').waitFor();
    await pick(page, 'first-truck', TRUCK);
    await pick(page, 'first-driver', 'Mohammed Al-Sulami');
    await pick(page, 'first-warehouse', 'Jeddah Grain Terminal');
    await pick(page, 'first-machine', BRIDGE);
    await page.getByTestId('live-weight').waitFor();
    await page.getByTestId('live-online').getByText(t.online).waitFor({ timeout: 10_000 });
    const firstKg = await captureWhenStable(page, 'first-capture', /\/outbound-first-weight(\?|$)/);
    assert.ok(firstKg === 32_540 || firstKg === 14_220, `the first weight ${firstKg} is a simulated truck's`);
    await page.getByText(message('Outbound First Weight created successfully')).waitFor();
    const firstRow = page.locator('tr', { hasText: TRUCK }).first();
    await firstRow.waitFor();
    assert.ok(((await firstRow.textContent()) ?? '').includes(firstKg.toLocaleString('en')), 'the list shows the captured kg');
    await screenshot(page, 'outbound-first-weight-list');

    // Second weight, on the next truck over the same bridge (the deck went back to zero in between).
    await page.goto(`/agencies/${agencyId}/outbound-second-weight/add`);
    await page.getByTestId('second-weight-form').waitFor();
    await pick(page, 'second-first-weight', TRUCK);
    assert.equal(await page.getByTestId('second-truck').textContent(), TRUCK);
    await page.getByTestId('live-weight').waitFor();
    const secondKg = await captureWhenStable(page, 'second-capture', /\/outbound-second-weight(\?|$)/);
    await page.getByText(message('Outbound Second Weight created successfully')).waitFor();
    const net = Math.abs(secondKg - firstKg);
    assert.ok(net >= 100, `net ${net} kg`);
    const secondRow = page.locator('tr', { hasText: TRUCK }).first();
    await secondRow.getByTestId('osw-net').waitFor();
    assert.equal(((await secondRow.getByTestId('osw-net').textContent()) ?? '').replace(/[^\d]/g, ''), String(net), 'the list shows the net');
    await screenshot(page, 'outbound-second-weight-list');

    // The ticket: English and Arabic side by side, printed once loaded.
    await secondRow.getByTestId('osw-ticket').click();
    await page.getByTestId('ticket-sheet').waitFor();
    const english = (await page.getByTestId('ticket-en').textContent()) ?? '';
    const arabic = (await page.getByTestId('ticket-ar').textContent()) ?? '';
    assert.ok(english.includes('Weighbridge Ticket') && english.includes(TRUCK), english);
    assert.ok(arabic.includes('تذكرة الميزان') && arabic.includes(TRUCK), arabic);
    assert.ok(english.includes(net.toLocaleString('en')), `the net ${net} on the ticket`);
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed > 0, undefined, { timeout: 5000 });
    await screenshot(page, 'outbound-weighing-ticket');

    await context.close();
  });
});
