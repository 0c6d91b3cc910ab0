import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiToken, closeBrowser, credentials, isArabic, language, newContext, pick, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

/*
 * What a person sees of the hardening of issue #10, on the demo season: the approvals inbox in the top bar, the
 * reversal of a port loading that still has loading slips in transit, a transaction list sorted by the server and
 * exported to Excel, and a user whose role grants nothing.
 */

/** A screenshot once drawers, dialogs, dropdowns and notices have finished moving. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const moving = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  await screenshot(page, name);
}

function agencyIdOf(page: Page): number {
  const match = /\/agencies\/(\d+)\//.exec(page.url());
  assert.ok(match?.[1], `no agency in ${page.url()}`);
  return Number(match[1]);
}

/** A quantity as every screen shows it: three decimals, grouped thousands, Latin digits, then MT. */
const mt = (value: string | number) => `${Number(value).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} MT`;

/** A value the page isolates inside a translated sentence so it keeps its reading order in Arabic (FSI ... PDI). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** The numbers of one column of a table (antd), by the header's text. */
async function columnQuantities(page: Page, tableTestId: string, header: string): Promise<number[]> {
  return page.evaluate(
    ([id, title]) => {
      const table = document.querySelector(`[data-testid=${id}]`);
      const headers = Array.from(table?.querySelectorAll('thead th') ?? []);
      const index = headers.findIndex((th) => th.textContent?.trim() === title);
      if (index < 0) throw new Error(`no column ${title}`);
      return Array.from(table?.querySelectorAll('tbody tr.ant-table-row') ?? []).map((row) => Number((row.children[index]?.textContent ?? '').replace(/[^\d.]/g, '')));
    },
    [tableTestId, header] as const,
  );
}

const run = `${language.toUpperCase()}${Date.now().toString(36).toUpperCase().slice(-6)}`;
/** A BL of MV Nile Harvest, still at berth in the demo season: no out-turn yet. */
const harvestVoyage = 'MV Nile Harvest / 2614E';
const harvestBl = 'MSCU5520199';

interface PortLoadingRow {
  id: number;
  toLocationName: string;
  trips: number;
  inTransitQuantity: string;
  quantity: string;
}

describe(`hardening: what a person sees (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('lists an out-turn awaiting demo.admin in the top bar inbox and opens it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = agencyIdOf(page);
    const to = (route: string) => `/agencies/${agencyId}/${route}`;

    // demo.admin alone approves BL out-turns.
    // The cards are drawn before the rules arrive: wait for them, and for the stored approvers on screen.
    const rulesRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/approval-rules' && response.request().method() === 'GET');
    await page.goto(to('approvalRules'));
    const stored = ((await (await rulesRead).json()) as { kind: string; approvers: unknown[] }[]).find((r) => r.kind === 'vesselQuantityApproval');
    const rule = page.getByTestId('approval-rule-vesselQuantityApproval');
    const remove = rule.getByTestId('approval-rule-vesselQuantityApproval-remove');
    const storedCount = stored?.approvers.length ?? 0;
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=approval-rule-vesselQuantityApproval-remove]').length === n, storedCount);
    while ((await remove.count()) > 0) await remove.first().click();
    await pick(page, 'approval-rule-vesselQuantityApproval-add', '(demo.admin)', 'demo.admin');
    assert.deepEqual(await rule.getByTestId('approval-rule-vesselQuantityApproval-approver-name').allTextContents(), ['Layla Haddad']);
    await rule.getByTestId('approval-rule-vesselQuantityApproval-save').click();
    await page.getByText(texts.approvalRules.saved).waitFor();

    // A BL out-turn with an excess, now Pending on demo.admin.
    await page.goto(to('vesselQuantityApproval/quantityApproval/add'));
    await page.getByTestId('quantity-approval-form-page').getByText(texts.vesselApproval.addBl).waitFor();
    await pick(page, 'quantity-approval-voyage', harvestVoyage, '2614E');
    await pick(page, 'quantity-approval-shipment', harvestBl);
    await page.getByTestId('quantity-approval-bl-quantity').filter({ hasText: '6,000.000 MT' }).waitFor();
    await page.getByTestId('quantity-approval-discharged').fill('6012.5');
    await page.getByTestId('quantity-approval-remarks').fill(`E2E ${run}`);
    await page.getByTestId('quantity-approval-submit').click();
    await page.getByText(texts.vesselApproval.created).waitFor();
    await page.getByTestId('quantity-approvals-page').waitFor();

    // The bell counts what awaits demo.admin (as the server counts it), and lists this out-turn.
    const token = await apiToken(credentials.demoAdmin);
    const expected = await api<{ count: number; rows: { blNumber: string | null }[] }>('GET', '/api/approvals/inbox', { token, agencyId });
    assert.equal(expected.status, 200, JSON.stringify(expected.body));
    assert.ok(expected.body.rows.some((row) => row.blNumber === harvestBl), 'the server lists the new out-turn');
    await page.getByTestId('approvals-inbox-count').locator('.ant-scroll-number', { hasText: new RegExp(`^${expected.body.count}$`) }).waitFor();
    assert.equal(await page.getByTestId('approvals-inbox').getAttribute('aria-label'), texts.vesselApproval.inbox.open);
    await page.getByTestId('approvals-inbox').click();
    const panel = page.getByTestId('approvals-inbox-panel');
    await panel.getByText(texts.vesselApproval.inbox.title).waitFor();
    const item = panel.getByTestId('approvals-inbox-item').filter({ hasText: harvestBl });
    await item.waitFor();
    assert.equal(await panel.getByTestId('approvals-inbox-item').count(), expected.body.rows.length);
    const itemText = (await item.textContent()) ?? '';
    assert.ok(itemText.includes(texts.vesselApproval.inbox.vesselQuantityApproval), itemText);
    assert.ok(itemText.includes(`${harvestBl} · ${harvestVoyage}`), itemText);
    assert.ok(itemText.includes('12.500 MT'), itemText);
    assert.ok(itemText.includes(texts.vesselApproval.excess), itemText);
    await shot(page, 'hardening-approvals-inbox');

    // A click opens the out-turn's edit page, where demo.admin is due to decide.
    await item.locator('a').click();
    await page.waitForURL(/\/vesselQuantityApproval\/quantityApproval\/\d+\/edit$/);
    await panel.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=quantity-approval-approval-status][data-status=Pending]').waitFor();
    await page.getByTestId('quantity-approval-you-are-due').waitFor();
    await page.getByTestId('quantity-approval-approve').waitFor();

    // No rule any more: later runs and other specs start from the demo agency's own settings.
    const removed = await api('DELETE', '/api/approval-rules/vesselQuantityApproval', { token, agencyId });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    await context.close();
  });

  it('says what reversing a port loading with slips in transit also reverses, then shows it reversed', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = agencyIdOf(page);
    const token = await apiToken(credentials.demoAdmin);

    // The demo port loading to the Makkah bakery store: its two trucks left today, none received yet.
    const list = await api<{ rows: PortLoadingRow[] }>('GET', '/api/portLoading?limit=100', { token, agencyId });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const target = list.body.rows.find((row) => row.toLocationName === 'Makkah Central Bakery Store');
    assert.ok(target, 'the demo season has a port loading to the Makkah Central Bakery Store');
    assert.ok(target.trips >= 2, `slips in transit: ${target.trips}`);
    const notice = fill(texts.portLoading.reverseAlsoSlips, { number: target.trips, quantity: isolated(mt(target.inTransitQuantity)) });

    await page.goto(`/agencies/${agencyId}/portLoading`);
    const row = page.getByTestId('pl-table').locator('tbody tr.ant-table-row', { hasText: 'Makkah Central Bakery Store' });
    await row.getByTestId('pl-status').filter({ hasText: texts.common.active }).waitFor();
    await row.getByTestId('pl-reverse').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('pl-reverse-reason') });
    await dialog.getByText(texts.cargo.reason).first().waitFor();
    assert.equal(await page.getByTestId('pl-reverse-notice').textContent(), notice);
    assert.match((await dialog.locator('.ant-modal-title').textContent()) ?? '', new RegExp(texts.portLoading.reverseQuestion.split('{{')[0] ?? ''));
    await page.getByTestId('pl-reverse-reason').fill(isArabic ? 'أُلغي الطلب من المخبز' : 'The bakery cancelled the order');
    await shot(page, 'hardening-port-loading-reverse');
    const reversed = page.waitForResponse((response) => response.url().endsWith(`/api/portLoading/${target.id}/reverse`));
    await page.getByTestId('pl-reverse-ok').click();
    assert.equal((await reversed).status(), 200);
    await page.getByText(texts.portLoading.reversedOk).waitFor();
    await page.getByTestId('pl-reverse-reason').waitFor({ state: 'detached' });
    // It leaves the list of active port loadings, and shows as reversed among the reversed ones.
    await row.waitFor({ state: 'detached' });
    await pick(page, 'pl-filter-status', texts.cargo.reversed);
    await row.getByTestId('pl-status').filter({ hasText: texts.cargo.reversed }).waitFor();
    assert.equal(await row.getByTestId('pl-reverse').count(), 0, 'a reversed port loading cannot be reversed again');

    // Its slips went with it.
    const afterReversal = await api<PortLoadingRow>('GET', `/api/portLoading/${target.id}`, { token, agencyId });
    assert.equal(afterReversal.status, 200);
    assert.equal(afterReversal.body.trips, 0);
    await context.close();
  });

  it('sorts a transaction list by a clicked column on the server and exports it to Excel', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = agencyIdOf(page);
    await page.goto(`/agencies/${agencyId}/portLoading`);
    await page.getByTestId('pl-table').locator('tbody tr.ant-table-row').first().waitFor();
    const header = page.getByTestId('pl-table').locator('thead th', { hasText: new RegExp(`^${texts.portLoading.quantity}$`) });

    for (const order of ['asc', 'desc'] as const) {
      const sorted = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/portLoading' && url.searchParams.get('sortBy') === 'quantity' && url.searchParams.get('sortOrder') === order;
      });
      await header.click();
      const response = await sorted;
      assert.equal(response.status(), 200);
      const served = ((await response.json()) as { rows: PortLoadingRow[] }).rows.map((row) => Number(row.quantity));
      assert.ok(served.length >= 3, 'several port loadings to sort');
      const wanted = [...served].sort((a, b) => (order === 'asc' ? a - b : b - a));
      assert.deepEqual(served, wanted, `the server sorts ${order}`);
      // The table shows the server's order.
      await page.waitForFunction(
        ([id, values]) => {
          const cells = Array.from(document.querySelectorAll(`[data-testid=${id}] tbody tr.ant-table-row`));
          return cells.length === values.length;
        },
        ['pl-table', served] as const,
      );
      await page.waitForFunction((id) => !document.querySelector(`[data-testid=${id}] .ant-spin-spinning`), 'pl-table');
      assert.deepEqual(await columnQuantities(page, 'pl-table', texts.portLoading.quantity), served);
      assert.equal(await header.getAttribute('aria-sort'), order === 'asc' ? 'ascending' : 'descending');
    }

    // Export: an .xlsx of the list in its sort.
    const exported = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/portLoading/export.xlsx');
    const download = page.waitForEvent('download');
    await page.getByTestId('pl-export').click();
    const request = await exported;
    assert.equal(new URL(request.url()).searchParams.get('sortBy'), 'quantity');
    const file = await download;
    assert.equal(file.suggestedFilename(), 'port-loadings.xlsx');
    const bytes = await readFile(await file.path());
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip');
    assert.ok(bytes.length > 1000, 'a workbook of some size');
    await context.close();
  });

  it("tells a user whose role grants nothing to contact the admin, with no error pop-up", async () => {
    const token = await apiToken(credentials.demoAdmin);
    const role = await api<{ id: number }>('POST', '/api/roles', { token, body: { name: `No permissions ${run}` } });
    assert.equal(role.status, 201, JSON.stringify(role.body));
    const username = `e2e.nothing.${run.toLowerCase()}`;
    const password = 'First#Pass2026';
    const changedPassword = 'Nothing#Pass2026';
    const user = await api('POST', '/api/users/', {
      token,
      body: {
        username,
        email: `${username}@redseabulk.example`,
        firstName: isArabic ? 'سالم' : 'Salem',
        lastName: isArabic ? 'العتيبي' : 'Otaibi',
        kind: 'agencyUser',
        roleId: role.body.id,
        password,
      },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const first = await apiToken({ username, password });
    const changed = await api('POST', '/api/auth/updatePassword', { token: first, body: { password: changedPassword, confirmPassword: changedPassword } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));

    const context = await newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await signIn(page, { username, password: changedPassword });
    const notice = page.getByTestId('no-permissions');
    await notice.waitFor();
    assert.equal((await notice.locator('.ant-result-title').textContent())?.trim(), texts.pages.noPermissions);
    assert.equal(await page.getByTestId('approvals-inbox').count(), 0, 'no approvals inbox');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.ant-notification-notice, .ant-message-notice-error, .ant-modal-confirm-error').count(), 0, 'no error pop-up');
    assert.deepEqual(refused, [], 'the page asks nothing the server refuses');
    await screenshot(page, 'hardening-no-permissions');
    await context.close();
  });
});
