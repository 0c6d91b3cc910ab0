import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { HELP_DOCUMENTS, HELP_TABS, helpDocumentPath, type HelpTab } from '@tonnage/contracts';
import { closeBrowser, credentials, isArabic, language, newContext, openUserMenu, screenshot, signIn } from '../support/browser';
import { texts } from '../support/texts';

after(closeBrowser);

/** The documents of a tab, in the page's order. */
const documentsOf = (tab: HelpTab) => HELP_DOCUMENTS.filter((document) => document.tab === tab);

/** Opens a tab and checks its links: each document's title and its address in the run's language under the session's s3Url. */
async function checkTab(page: Page, tab: HelpTab): Promise<string[]> {
  await page.getByTestId(`help-tab-${tab}`).click();
  const list = page.getByTestId(`help-files-${tab}`);
  await list.waitFor();
  const links = list.getByTestId('help-file');
  const documents = documentsOf(tab);
  assert.equal(await links.count(), documents.length, `${tab}: one link per document`);
  const hrefs: string[] = [];
  for (const [index, document] of documents.entries()) {
    const link = links.nth(index);
    const title = (texts.help.files as Record<string, string>)[document.key];
    assert.ok(title, `a title for ${document.key}`);
    assert.equal(((await link.textContent()) ?? '').trim(), title);
    const href = (await link.getAttribute('href')) ?? '';
    assert.equal(href, `/api/files/${helpDocumentPath(document, language)}`);
    hrefs.push(href);
  }
  return hrefs;
}

/** Fetches a document as the link does (the session cookie): a PDF. */
async function fetchPdf(page: Page, href: string): Promise<void> {
  const response = await page.request.get(href);
  assert.equal(response.status(), 200, href);
  assert.equal(response.headers()['content-type'], 'application/pdf', href);
  assert.equal((await response.body()).subarray(0, 5).toString('latin1'), '%PDF-', href);
}

describe(`help page (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('shows the three tabs with their documents in the user’s language, each a PDF under the session’s storage address', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoUser);
    // The landing page first: `/` sends an agency user on to the dashboard, which would take them off the help page
    // opened before it.
    await page.waitForURL(/\/agencies\/\d+\/dashboard$/);

    // From the user menu (spec 2.5) to /help.
    await openUserMenu(page);
    // The item's icon, not its text: the whole row opens help.
    await page.locator('.ant-dropdown-menu-item', { has: page.getByTestId('menu-help') }).locator('.anticon').click();
    await page.waitForURL(/\/help$/);
    const help = page.getByTestId('help-page');
    await help.getByText(texts.help.title).first().waitFor();
    // The first tab is the default.
    await page.getByTestId('help-files-flowDiagram').waitFor();
    for (const tab of HELP_TABS) assert.equal(((await page.getByTestId(`help-tab-${tab}`).textContent()) ?? '').trim(), texts.help.tabs[tab]);
    await screenshot(page, 'help-flow-diagrams');

    for (const tab of HELP_TABS) {
      const hrefs = await checkTab(page, tab);
      if (isArabic) assert.ok(hrefs.every((href) => href.includes('/ar/')), `${tab}: the Arabic documents`);
      else assert.ok(hrefs.every((href) => !href.includes('/ar/')), `${tab}: the spec's English paths`);
      // One document per tab, fetched as the link does.
      await fetchPdf(page, hrefs[0] ?? '');
      // Inactive tabs are discarded (destroyOnHidden): only the open tab's list is in the page.
      assert.equal(await page.locator('[data-testid^="help-files-"]').count(), 1);
    }
    await screenshot(page, 'help-reports');

    // The agency's help route shows the same page.
    await page.goto('/');
    await page.getByTestId('sidebar').waitFor();
    const agencyId = /\/agencies\/(\d+)\//.exec(page.url())?.[1];
    assert.ok(agencyId, `no agency in ${page.url()}`);
    await page.goto(`/agencies/${agencyId}/help`);
    await page.getByTestId('help-files-flowDiagram').waitFor();
    const modules = await checkTab(page, 'modules');
    await fetchPdf(page, modules[modules.length - 1] ?? '');
    await context.close();
  });
});
