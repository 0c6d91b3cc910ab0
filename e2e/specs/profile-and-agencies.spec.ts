import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { closeBrowser, credentials, isArabic, newContext, openUserMenu, screenshot, signIn } from '../support/browser';
import { solidPng } from '../support/images';
import { fill, texts } from '../support/texts';

after(closeBrowser);

describe(`profile (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('updates the profile with a new picture that then shows in the top bar', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await openUserMenu(page);
    await page.getByTestId('menu-profile').click();
    await page.getByTestId('profile-page').waitFor();

    await page.getByTestId('profile-pic').locator('input[type=file]').setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 64, [20, 90, 160]),
    });
    await page.getByText(fill(texts.upload.uploaded, { file: 'portrait.png' })).waitFor();
    const newName = isArabic ? 'ليلى' : 'Laila';
    await page.getByTestId('profile-first-name').fill(newName);
    await page.getByTestId('profile-submit').click();
    await page.getByText(texts.profile.updated).waitFor();
    await screenshot(page, 'profile');

    const avatar = page.getByTestId('user-menu').locator('img');
    await avatar.waitFor();
    assert.match((await avatar.getAttribute('src')) ?? '', /\/api\/files\/profile\//);
    assert.ok(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth === 64), 'the stored picture loads');
    await page.getByTestId('user-menu').click();
    assert.match((await page.getByTestId('user-greeting').textContent()) ?? '', new RegExp(newName));
    await context.close();
  });
});

describe(`agencies (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('adds, edits, deactivates and reactivates an agency', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.admin);
    await page.getByTestId('agency-list').waitFor();
    const title = page.getByTestId('agency-list-title');
    await title.filter({ hasText: fill(texts.agencies.title, { n: 1 }) }).waitFor();

    await page.getByTestId('agency-add').click();
    await page.getByTestId('agency-form').waitFor();
    await page.getByTestId('agency-form-submit').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    assert.match(page.url(), /\/agencies\/add$/, 'an empty form is not saved');

    const name = isArabic ? 'وكالة الخليج للحبوب' : 'Gulf Grain Agency';
    await page.getByTestId('agency-form-name').fill(name);
    await page.getByTestId('agency-form-contact-email').fill('desk@gulfgrain.example');
    await page.getByTestId('agency-form-address').fill('Dammam Port, Eastern Province');
    await screenshot(page, 'agency-form');
    await page.getByTestId('agency-form-submit').click();
    await title.filter({ hasText: fill(texts.agencies.title, { n: 2 }) }).waitFor();
    const card = page.getByTestId('agency-card').filter({ hasText: name });
    await card.waitFor();

    await card.getByTestId('agency-edit').click();
    await page.waitForFunction(
      (expected) => document.querySelector<HTMLInputElement>('[data-testid=agency-form-name]')?.value === expected,
      name,
    );
    const renamed = `${name} 2`;
    await page.getByTestId('agency-form-name').fill(renamed);
    await page.getByTestId('agency-form-submit').click();
    const renamedCard = page.getByTestId('agency-card').filter({ hasText: renamed });
    await renamedCard.waitFor();

    await renamedCard.getByTestId('agency-toggle').click();
    await page.getByText(texts.agencies.confirmToggle).waitFor();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await page.getByText(texts.agencies.deactivated).waitFor();
    await renamedCard.getByTestId('agency-status').filter({ hasText: texts.common.inactive }).waitFor();
    await screenshot(page, 'agencies');

    await renamedCard.getByTestId('agency-toggle').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await page.getByText(texts.agencies.activated).waitFor();
    await renamedCard.getByTestId('agency-status').filter({ hasText: texts.common.active }).waitFor();
    await context.close();
  });
});
