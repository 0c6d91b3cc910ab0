import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { api, apiToken, closeBrowser, credentials, isArabic, newContext, screenshot, signIn } from '../support/browser';
import { downloadSheet } from '../support/downloads';
import { fill, texts } from '../support/texts';

after(closeBrowser);

/**
 * A background export (issue 16): from the Port Loading list, "Export in the background" queues a job; the top bar's
 * Exports panel follows it to done with its row count; a reload (leaving the page) loses nothing: the job is still
 * listed and its Download gives the list's every row (header frozen, numbers with 3 decimals, right to left in Arabic).
 */
describe(`background export (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('queues an export, follows it in the top bar, keeps it over a reload, and downloads every row', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    const agencyId = Number(/\/agencies\/(\d+)\//.exec(page.url())?.[1]);
    assert.ok(agencyId > 0, `an agency in ${page.url()}`);
    const token = await apiToken(credentials.demoAdmin);
    const listed = await api<{ count: number }>('GET', '/api/portLoading?limit=20', { token, agencyId });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const count = listed.body.count;
    assert.ok(count >= 3, `port loadings to export (${count})`);

    await page.goto(`/agencies/${agencyId}/portLoading`);
    await page.getByTestId('pl-table').locator('tbody tr.ant-table-row').first().waitFor();
    const queued = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/portLoading/export' && response.request().method() === 'POST');
    await page.getByTestId('pl-export-more').click();
    await page.getByTestId('pl-export-background').click();
    const answer = await queued;
    assert.equal(answer.status(), 202, 'a background export is a job');

    // The panel opens on the job, which runs to done with the list's row count.
    const panel = page.getByTestId('export-jobs-panel');
    await panel.waitFor();
    const job = panel.getByTestId('export-job').first();
    await job.and(page.locator('[data-status="done"]')).waitFor({ timeout: 30_000 });
    assert.match((await job.textContent()) ?? '', new RegExp(texts.portLoading.title));
    assert.match((await job.getByTestId('export-job-status').textContent()) ?? '', new RegExp(fill(texts.exports.ready, { rows: count })));
    await screenshot(page, 'export-job-done');

    // Leaving the page loses nothing: after a reload the job is still there to download.
    await page.reload();
    await page.getByTestId('export-jobs').click();
    const again = page.getByTestId('export-jobs-panel').getByTestId('export-job').first();
    await again.getByTestId('export-job-download').waitFor();
    const { name, sheet } = await downloadSheet(again.getByTestId('export-job-download'));
    assert.equal(name, 'port-loadings.xlsx');
    assert.equal(sheet.rowCount - 1, count, 'every row of the list');
    assert.equal(sheet.views[0]?.state, 'frozen', 'the header is frozen');
    assert.equal(Boolean(sheet.views[0]?.rightToLeft), isArabic);
    await context.close();
  });
});
