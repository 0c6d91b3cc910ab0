import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { api, apiToken, closeBrowser, credentials, isArabic, newContext, openUserMenu, screenshot, signIn } from '../support/browser';
import { fill, texts } from '../support/texts';

after(closeBrowser);

describe(`sign-in and session (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('signs in, lays the page out in the chosen direction, and signs out', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/');
    assert.equal(await page.locator('html').getAttribute('dir'), isArabic ? 'rtl' : 'ltr');
    await screenshot(page, 'login');
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('dashboard-tab-vessel').waitFor();
    assert.match(page.url(), /\/agencies\/\d+\/dashboard$/);
    await screenshot(page, 'dashboard');
    await openUserMenu(page);
    assert.match((await page.getByTestId('user-greeting').textContent()) ?? '', /Layla/);
    await page.getByTestId('logout').click();
    await page.getByTestId('login-username').waitFor();
    assert.equal(await page.evaluate(() => window.localStorage.getItem('id_token')), null);
    await context.close();
  });

  it('counts wrong attempts, then blocks the form with a countdown that survives a reload', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/');
    const username = `ghost.${isArabic ? 'ar' : 'en'}`;
    for (let attempt = 1; attempt <= 4; attempt++) {
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill('Wrong#Pass1');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('attempts-remaining').filter({ hasText: fill(texts.login.attemptsRemaining, { n: 5 - attempt }) }).waitFor();
    }
    await page.getByTestId('login-password').fill('Wrong#Pass1');
    await page.getByTestId('login-submit').click();
    const countdown = page.getByTestId('lockout-countdown');
    await countdown.waitFor();
    assert.match((await countdown.textContent()) ?? '', /1[45]:\d\d/);
    assert.equal(await page.getByTestId('login-submit').isDisabled(), true);
    await page.getByText(texts.login.blocked).first().waitFor();
    await screenshot(page, 'lockout');
    const first = await countdown.textContent();
    await page.waitForTimeout(1100);
    assert.notEqual(await countdown.textContent(), first, 'the countdown ticks');

    await page.reload();
    await page.getByTestId('lockout-countdown').waitFor();
    assert.equal(await page.getByTestId('login-submit').isDisabled(), true);
    await context.close();
  });

  it('signs every tab out when one tab logs out', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await signIn(first, credentials.demoAdmin);
    const second = await context.newPage();
    await second.goto('/');
    await second.getByTestId('user-menu').waitFor();
    await openUserMenu(first);
    await first.getByTestId('logout').click();
    await second.getByTestId('login-username').waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('forces a new password when an admin asks for it, in a modal that cannot be closed', async () => {
    const adminToken = await apiToken(credentials.demoAdmin);
    const userLogin = await api<{ user: { id: number } }>('POST', '/api/auth/login', { body: credentials.demoUser });
    assert.equal(userLogin.status, 200);
    const forced = await api('PUT', `/api/users/${userLogin.body.user.id}/force-password-reset`, { token: adminToken });
    assert.equal(forced.status, 200);

    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoUser);
    const modal = page.getByTestId('update-password-modal');
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    assert.equal(await modal.isVisible(), true, 'Escape does not close it');
    assert.equal(await page.locator('.ant-modal-close').count(), 0, 'no close button');

    await page.getByTestId('update-password-new').fill('weakpass');
    await page.getByTestId('update-password-confirm').fill('weakpass');
    await page.getByTestId('update-password-submit').click();
    await page.waitForTimeout(300);
    assert.equal(await modal.isVisible(), true, 'a weak password is refused');
    await screenshot(page, 'forced-password');

    const fresh = 'Fresh#Demo2026';
    await page.getByTestId('update-password-new').fill(fresh);
    await page.getByTestId('update-password-confirm').fill(fresh);
    await page.getByTestId('update-password-submit').click();
    await modal.waitFor({ state: 'hidden' });
    const again = await api('POST', '/api/auth/login', { body: { username: credentials.demoUser.username, password: fresh } });
    assert.equal(again.status, 200);
    await context.close();

    // Every spec file runs in its own process with the demo passwords: the user takes the demo password back.
    const freshToken = await apiToken({ username: credentials.demoUser.username, password: fresh });
    const back = await api('POST', '/api/auth/changePassword', {
      token: freshToken,
      body: { currentPassword: fresh, newPassword: credentials.demoUser.password, confirmPassword: credentials.demoUser.password },
    });
    assert.equal(back.status, 200);
  });

  it('shows the Unauthorized page for a page the user may not open', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.goto('/agencies/list');
    await page.getByTestId('page-unauthorized').waitFor();
    await page.getByText(texts.pages.unauthorized.subtitle).waitFor();
    await page.goto('/no/such/page');
    await page.getByTestId('page-not-found').waitFor();
    await context.close();
  });
});
