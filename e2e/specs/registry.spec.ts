import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { allMenuEntries, fieldMessages, resourceRegistry, type Localized, type ResourceDef } from '../../packages/contracts/src/index';
import { closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';

after(closeBrowser);

const text = (entry: Localized) => (isArabic ? entry.ar : entry.en);

/** Entries the production build hides from everyone (spec 2.4: buyer and cargoControlRules outside development). */
const hiddenInProduction = new Set(allMenuEntries.filter((entry) => entry.developmentOnly).map((entry) => entry.key));

function agencyIdOf(page: Page): number {
  const match = /\/agencies\/(\d+)\//.exec(page.url());
  assert.ok(match?.[1], `no agency in ${page.url()}`);
  return Number(match[1]);
}

/** The header labels a resource's list shows: its fields' labels and its derived columns' labels. */
function columnLabels(resource: ResourceDef): string[] {
  return resource.list.columns.map((name) => {
    const label = resource.fields[name]?.label ?? resource.derived?.[name]?.label;
    assert.ok(label, `${resource.key}: column ${name} has no label`);
    return text(label);
  });
}

/**
 * Every declared resource, from its declaration alone: the list at its spec route with its title and column headers in
 * the run's language, and the add form with every field's label, refusing an empty submit with each required field's
 * own message and staying on the add page.
 */
describe(`master data: every registry entry's list and form (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('renders each list and add form from its declaration and refuses an empty form', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = agencyIdOf(page);
    const checked: string[] = [];
    for (const resource of resourceRegistry) {
      if (hiddenInProduction.has(resource.route)) continue;
      await page.goto(`/agencies/${agencyId}/${resource.route}`);
      await page.getByTestId('resource-list-title').filter({ hasText: text(resource.labels.many) }).waitFor();
      const head = page.getByTestId('resource-table').locator('thead');
      for (const label of columnLabels(resource)) {
        await head.locator('th', { hasText: label }).first().waitFor({ timeout: 5000 });
      }
      assert.equal(await page.locator('html').getAttribute('dir'), isArabic ? 'rtl' : 'ltr');

      await page.getByTestId('resource-add').click();
      const form = page.getByTestId('resource-form');
      await form.waitFor();
      for (const field of Object.values(resource.fields)) {
        await form.locator('.ant-form-item-label label', { hasText: text(field.label) }).first().waitFor({ timeout: 5000 });
      }
      await page.getByTestId('resource-submit').click();
      // A required field with a default (a weighbridge's indicator format and rules) starts filled in.
      const required = Object.values(resource.fields).filter((field) => field.required && field.kind !== 'boolean' && field.default === undefined);
      for (const field of required) {
        await form.locator('.ant-form-item-explain-error', { hasText: text(fieldMessages(field).required) }).first().waitFor({ timeout: 5000 });
      }
      assert.match(page.url(), new RegExp(`/${resource.route}/add$`), `${resource.key}: an empty form is not saved`);
      if (['warehouse', 'weightMachine', 'hikConnect', 'truckRule'].includes(resource.key)) await screenshot(page, `registry-${resource.key}-form`);
      checked.push(resource.key);
    }
    assert.ok(checked.length >= resourceRegistry.length - hiddenInProduction.size, `checked ${checked.join(', ')}`);
    await context.close();
  });
});
