import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Language } from '@tonnage/contracts';
import { fullOf } from '../../web/src/locales/full';
import { closeBrowser, credentials, isArabic, launch, baseUrl, screenshot, signIn } from '../support/browser';

after(closeBrowser);

/**
 * Chinese, Italian, Spanish and French in the browser: each signs in, shows the dashboard and a transaction list in its
 * own texts (the core set before sign-in, the app file after), left to right, with a screenshot for a person to look
 * at. The English pass takes two of them and the Arabic pass the other two, so each run opens every language once.
 */
const LANGUAGES: readonly Language[] = isArabic ? ['es', 'fr'] : ['zh', 'it'];

type Tree = { [key: string]: string | Tree };
const textOf = (tree: Tree, path: string): string => {
  const value = path.split('.').reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`no text at ${path}`);
  return value;
};

describe(`the other languages (${LANGUAGES.join(', ')})`, () => {
  for (const language of LANGUAGES) {
    it(`${language}: the sign-in page, the dashboard and the Warehouse In list in its own texts`, async () => {
      const texts = fullOf(language).translation as Tree;
      const english = fullOf('en').translation as Tree;
      const context = await (await launch()).newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 850 }, locale: language });
      await context.addInitScript((lang) => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
      }, language);
      const page = await context.newPage();
      await page.goto('/');
      assert.equal(await page.locator('html').getAttribute('lang'), language);
      assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
      await page.getByText(textOf(texts, 'login.title'), { exact: true }).first().waitFor();
      await signIn(page, credentials.demoAdmin);

      // The dashboard: its tabs (app texts, loaded after sign-in) in the language, not in English.
      const vesselTab = page.getByTestId('dashboard-tab-vessel');
      await vesselTab.waitFor();
      assert.equal((await vesselTab.textContent())?.trim(), textOf(texts, 'dashboard.tabs.vessel'));
      assert.notEqual(textOf(texts, 'dashboard.tabs.vessel'), textOf(english, 'dashboard.tabs.vessel'));
      await page.getByTestId('menu-group-wareHouse').click();
      const warehouseIn = page.getByTestId('menu-warehouse-in');
      await warehouseIn.waitFor();
      assert.equal((await warehouseIn.textContent())?.trim(), textOf(texts, 'menu.warehouseIn'));
      await screenshot(page, `language-${language}-dashboard`);

      // A transaction list (a feature section's texts).
      await warehouseIn.click();
      await page.waitForURL(/\/warehouse-in(\?|$)/);
      await vesselTab.waitFor({ state: 'detached' });
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim()).filter(Boolean);
      assert.ok(headers.length > 3, 'the list has its columns');
      const englishOnly = headers.filter((header) => JSON.stringify(english).includes(`"${header}"`) && !JSON.stringify(texts).includes(`"${header}"`));
      assert.deepEqual(englishOnly, [], 'no column header is left in English');
      await screenshot(page, `language-${language}-warehouse-in`);
      await context.close();
    });
  }
});
