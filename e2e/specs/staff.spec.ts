import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { agencySocketConnected, api, apiToken, closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

/** Opens an antd select, optionally types to search, and picks the option containing `option`. */
async function pick(page: Page, testId: string, option: string, typed?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/** Answers the open confirmation (earlier, closed ones may still be in the page). */
async function confirm(page: Page, kind: 'primary' | 'dangerous' = 'primary'): Promise<void> {
  const button = page.locator(`.ant-popconfirm-buttons .ant-btn-${kind}`).filter({ visible: true });
  await button.click();
  await button.waitFor({ state: 'hidden' });
}

/** The sidebar entries and groups shown, by test id. */
async function sidebarEntries(page: Page): Promise<string[]> {
  return page
    .getByTestId('sidebar')
    .locator('[data-testid^="menu-"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid') ?? ''));
}

function agencyIdOf(page: Page): number {
  const match = /\/agencies\/(\d+)\//.exec(page.url());
  assert.ok(match?.[1], `no agency in ${page.url()}`);
  return Number(match[1]);
}

const roleName = isArabic ? 'مكتب المبيعات' : 'Sales desk';
const newUser = {
  firstName: isArabic ? 'سلمى' : 'Salma',
  lastName: isArabic ? 'حداد' : 'Haddad',
  username: 'salma.sales',
  email: 'salma.sales@redseabulk.example',
  password: 'Known#Pass2026',
  changedPassword: 'Chosen#Pass2026',
};
const label = (entry: { en: string; ar: string }) => (isArabic ? entry.ar : entry.en);

describe(`staff: roles, users and live permissions (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('gives a new user a limited role, keeps them out of other pages, and reloads their page when the role changes', async () => {
    const adminContext = await newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, credentials.demoAdmin);
    await admin.getByTestId('sidebar').waitFor();
    const agencyId = agencyIdOf(admin);

    // A role with only the vessel dashboard and sale orders.
    await admin.getByTestId('menu-group-staff').click();
    await admin.getByTestId('menu-roles').click();
    await admin.getByTestId('roles-table').waitFor();
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-form-name').fill(roleName);
    await admin.getByTestId('role-form-submit').click();
    await admin.getByTestId('role-permissions-page').waitFor();
    await admin.getByTestId('role-permissions-title').filter({ hasText: roleName }).waitFor();
    const roleId = Number(/\/roles\/(\d+)\/permissions$/.exec(admin.url())?.[1]);
    assert.ok(roleId > 0);

    const search = admin.getByTestId('permissions-search');
    await search.fill(label({ en: 'Sale orders', ar: 'أوامر البيع' }));
    await admin.getByTestId('permission-canViewSaleOrder').check();
    await search.fill(label({ en: 'Vessel dashboard', ar: 'لوحة السفن' }));
    await admin.getByTestId('permission-canViewDashboard').check();
    await search.fill('');
    await admin.getByTestId('permissions-summary').filter({ hasText: texts.roles.permissions.unsaved }).waitFor();
    await screenshot(admin, 'role-permissions');
    await admin.getByTestId('permissions-save').click();
    await admin.getByText(texts.roles.permissions.saved).waitFor();

    // A user with that role and a known first password.
    await admin.getByTestId('menu-users').click();
    await admin.getByTestId('users-table').waitFor();
    await admin.getByTestId('user-add').click();
    await admin.getByTestId('user-form').waitFor();
    await admin.getByTestId('user-submit').click();
    await admin.locator('.ant-form-item-explain-error').first().waitFor();
    assert.match(admin.url(), /\/users\/add$/, 'an empty form is not saved');

    await admin.getByTestId('user-form-first-name').fill(newUser.firstName);
    await admin.getByTestId('user-form-email').fill(newUser.email);
    await admin.getByTestId('user-form-username').fill(newUser.username);
    await admin.getByTestId('user-form-password').fill(newUser.password);
    await admin.getByTestId('password-check-special').and(admin.locator('[data-passed=true]')).waitFor();
    await pick(admin, 'user-form-role', roleName);
    // The default residence country is preset; its cities load, and another country clears the city.
    const city = admin.getByTestId('user-form-city');
    await pick(admin, 'user-form-city', 'Riyadh', 'Riyadh');
    assert.match((await city.textContent()) ?? '', /Riyadh/);
    const egypt = label({ en: 'Egypt', ar: 'مصر' });
    await pick(admin, 'user-form-residence-country', egypt, egypt);
    assert.doesNotMatch((await city.textContent()) ?? '', /Riyadh/, 'another country clears the city');
    await pick(admin, 'user-form-city', 'Cairo', 'Cairo');
    await screenshot(admin, 'user-form');
    await admin.getByTestId('user-submit').click();
    await admin.getByText(texts.users.created).waitFor();
    await admin.getByTestId('users-table').getByText(newUser.username, { exact: true }).waitFor();
    await admin.getByTestId('users-search').fill('sa');
    await admin.getByTestId('users-search-hint').waitFor();
    await admin.getByTestId('users-search').fill('salma');
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid=users-table] tbody tr.ant-table-row').length === 1);
    await screenshot(admin, 'users');

    // The same form edits: it opens with the saved values, the city of the saved country among them.
    await admin.getByTestId('user-edit').click();
    await admin.waitForFunction(
      (expected) => document.querySelector<HTMLInputElement>('[data-testid=user-form-username]')?.value === expected,
      newUser.username,
    );
    await admin.getByTestId('user-form-city').filter({ hasText: 'Cairo' }).waitFor();
    await admin.getByTestId('user-form-last-name').fill(newUser.lastName);
    await admin.getByTestId('user-submit').click();
    await admin.getByText(texts.users.updated).waitFor();
    await admin.getByTestId('users-table').getByText(`${newUser.firstName} ${newUser.lastName}`).waitFor();

    // The new user signs in elsewhere, must choose a new password, and sees only their entries.
    const userContext = await newContext();
    let user = await userContext.newPage();
    await signIn(user, { username: newUser.username, password: newUser.password });
    const modal = user.getByTestId('update-password-modal');
    await modal.waitFor();
    await user.getByTestId('update-password-new').fill(newUser.changedPassword);
    await user.getByTestId('update-password-confirm').fill(newUser.changedPassword);
    await user.getByTestId('update-password-submit').click();
    await modal.waitFor({ state: 'hidden' });

    await user.getByTestId('menu-group-procurement').click();
    await user.getByTestId('menu-saleOrder').waitFor();
    assert.deepEqual(await sidebarEntries(user), ['menu-dashboard', 'menu-group-procurement', 'menu-saleOrder']);
    await screenshot(user, 'limited-sidebar');

    for (const forbidden of ['users', 'roles', `roles/${roleId}/permissions`, 'shipping']) {
      await user.goto(`/agencies/${agencyId}/${forbidden}`);
      await user.getByTestId('page-unauthorized').waitFor();
      await user.getByText(texts.pages.unauthorized.subtitle).waitFor();
    }

    // The user's page is open (with its live connection) when the admin widens the role. It is a new page of the
    // user's session: waiting on the page that showed Unauthorized could take the socket of that page, closed by the
    // navigation before it said anything (a run timed out so). The wait is for the agency socket's connect
    // acknowledgement, over long-polling or the WebSocket, watched from before the page opens.
    const previous = user;
    user = await userContext.newPage();
    const connected = agencySocketConnected(user);
    await user.goto(`/agencies/${agencyId}/dashboard`);
    await user.getByTestId('menu-dashboard').waitFor();
    await connected;
    await previous.close();
    await user.evaluate(() => Object.assign(window, { e2eBeforeReload: true }));
    assert.equal(await user.getByTestId('menu-shipping').count(), 0);

    await admin.goto(`/agencies/${agencyId}/roles/${roleId}/permissions`);
    await admin.getByTestId('permissions-summary').filter({ hasText: fill(texts.roles.permissions.summary, { n: 2 }) }).waitFor();
    await admin.getByTestId('permissions-search').fill(label({ en: 'Shipping', ar: 'الشحن' }));
    // A click, then the checked state once React has rendered it (Playwright's check() reads it at once, which a
    // busy machine's slower render can miss).
    await admin.getByTestId('permission-canViewShipping').click();
    await admin.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid=permission-canViewShipping]')?.checked === true);
    const reloaded = user.waitForEvent('load', { timeout: 20_000 });
    await admin.getByTestId('permissions-save').click();
    await admin.getByText(texts.roles.permissions.saved).waitFor();

    await reloaded;
    await user.getByTestId('menu-shipping').waitFor();
    assert.equal(await user.evaluate(() => 'e2eBeforeReload' in window), false, 'the page was reloaded');
    assert.deepEqual(await sidebarEntries(user), ['menu-dashboard', 'menu-group-procurement', 'menu-shipping']);
    await screenshot(user, 'sidebar-after-role-change');

    // Deleting a role that users hold is refused with the server's reason.
    await admin.goto(`/agencies/${agencyId}/roles`);
    const row = admin.getByTestId('roles-table').locator('tr', { hasText: roleName });
    await row.getByTestId('role-delete').click();
    await confirm(admin, 'dangerous');
    await admin.locator('.ant-notification-notice').filter({ hasText: isArabic ? 'هذا الدور مسند إلى مستخدمين' : 'This role is assigned to users' }).waitFor();
    await row.waitFor();

    // An admin can ask for a new password and deactivate the user, after a confirmation each time.
    await admin.goto(`/agencies/${agencyId}/users`);
    await admin.getByTestId('users-search').fill('salma');
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid=users-table] tbody tr.ant-table-row').length === 1);
    await admin.getByTestId('user-force-reset').click();
    await confirm(admin);
    await admin.getByText(texts.users.forceResetDone).waitFor();
    await admin.getByTestId('user-status-toggle').click();
    await admin.getByText(texts.users.confirmToggle).waitFor();
    await confirm(admin);
    await admin.getByText(texts.users.deactivated).waitFor();
    await pick(admin, 'users-filter-status', texts.common.inactive);
    await admin.getByTestId('users-table').getByText(newUser.username, { exact: true }).waitFor();
    assert.equal(await admin.getByTestId('user-status-toggle').getAttribute('aria-checked'), 'false');

    await userContext.close();
    await adminContext.close();
  });

  it('keeps an ordered approval rule, the agency mail settings and the product settings', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    const agencyId = agencyIdOf(page);

    // The demo season approves a handling loss through a rule of its own; this test builds the rule from nothing.
    const cleared = await api('DELETE', '/api/approval-rules/handlingLoss', { token: await apiToken(credentials.demoAdmin), agencyId });
    assert.ok(cleared.status === 200 || cleared.status === 404, `the demo's handling loss rule removed: ${cleared.status}`);
    await page.goto(`/agencies/${agencyId}/approvalRules`);
    const card = page.getByTestId('approval-rule-handlingLoss');
    await card.waitFor();
    // Only active users are offered: the user deactivated above is not.
    await page.getByTestId('approval-rule-handlingLoss-add').click();
    await page.keyboard.type('salma');
    await page.locator('.ant-select-dropdown').filter({ visible: true }).getByText(texts.approvalRules.noUsers).waitFor();
    await page.keyboard.press('Escape');
    await pick(page, 'approval-rule-handlingLoss-add', 'demo.user', 'demo');
    await pick(page, 'approval-rule-handlingLoss-add', 'demo.admin', 'demo');
    const names = card.getByTestId('approval-rule-handlingLoss-approver-name');
    const added = await names.allTextContents();
    assert.equal(added.length, 2);
    await card.getByTestId('approval-rule-handlingLoss-down').first().click();
    const ordered = await names.allTextContents();
    assert.deepEqual(ordered, [added[1], added[0]], 'the first approver moved down');
    await card.getByTestId('approval-rule-handlingLoss-save').click();
    await page.getByText(texts.approvalRules.saved).waitFor();
    await page.reload();
    await names.nth(1).waitFor();
    assert.deepEqual(await names.allTextContents(), ordered, 'the order is kept');
    await screenshot(page, 'approval-rules');
    await card.getByTestId('approval-rule-handlingLoss-delete').click();
    await confirm(page, 'dangerous');
    await page.getByText(texts.approvalRules.deleted).waitFor();
    await card.getByText(texts.approvalRules.noApprovers).waitFor();

    await page.goto(`/agencies/${agencyId}/emailSettings`);
    await page.getByTestId('email-settings-form').waitFor();
    await page.getByTestId('email-settings-host').fill('127.0.0.1');
    await pick(page, 'email-settings-security', texts.emailSettings.securities.none);
    await page.getByTestId('email-settings-port').fill('9');
    await page.getByTestId('email-settings-username').fill('mailer');
    await page.getByTestId('email-settings-password').fill('Smtp#Secret1');
    await page.getByTestId('email-settings-from-name').fill('Red Sea Bulk');
    await page.getByTestId('email-settings-from-email').fill('desk@redseabulk.example');
    await page.getByTestId('email-settings-save').click();
    await page.getByText(texts.emailSettings.saved).waitFor();
    await page.getByTestId('email-settings-remove-password').waitFor();
    assert.equal(await page.getByTestId('email-settings-password').inputValue(), '', 'the stored password is never shown');
    await page.getByTestId('email-test-to').fill('someone@example.com');
    await page.getByTestId('email-test-send').click();
    await page.locator('[data-testid=email-test-result].ant-alert-error').waitFor({ timeout: 30_000 });
    await screenshot(page, 'email-settings');
    await page.getByTestId('email-settings-remove-password').click();
    await page.getByText(texts.emailSettings.passwordWillBeRemoved).waitFor();
    await page.getByTestId('email-settings-save').click();
    // Once saved and read back, no password is stored, so there is nothing left to remove.
    await page.getByTestId('email-settings-remove-password').waitFor({ state: 'detached' });
    assert.equal(await page.getByText(texts.emailSettings.passwordStored, { exact: true }).count(), 0, 'no password is stored any more');

    await page.goto(`/agencies/${agencyId}/settings`);
    await page.getByTestId('page-unauthorized').waitFor();
    await context.close();

    const superContext = await newContext();
    const superAdmin = await superContext.newPage();
    await signIn(superAdmin, credentials.admin);
    await superAdmin.goto(`/agencies/${agencyId}/settings`);
    await superAdmin.getByTestId('settings-form').waitFor();
    await superAdmin.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid=settings-loginMaxAttempts]')?.value === '5');
    await superAdmin.getByTestId('settings-save').click();
    await superAdmin.getByText(texts.settings.saved).waitFor();
    await screenshot(superAdmin, 'settings');
    await superContext.close();
  });
});
