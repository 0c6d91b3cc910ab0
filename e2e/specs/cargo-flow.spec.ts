import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { Messages } from '@tonnage/contracts';
import { api, apiToken, artifactsDir, closeBrowser, credentials, isArabic, language, newContext, pick, screenshot, signIn } from '../support/browser';
import { fill, message, texts } from '../support/texts';

after(closeBrowser);

/** Waits until the table shows only rows containing `text` (the search is debounced and asked of the server). */
async function onlyRowsWith(page: Page, tableTestId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => {
      const rows = Array.from(document.querySelectorAll(`[data-testid=${id}] tbody tr.ant-table-row`));
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(wanted));
    },
    [tableTestId, text] as const,
  );
}

/** A screenshot once the page is at its top and drawers, dialogs and notices have finished moving. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    // Motions start a frame or two after their element appears.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const moving = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  await screenshot(page, name);
}

/** A value the page isolates inside a translated sentence so it keeps its reading order in Arabic (FSI ... PDI). */
const isolated = (text: string) => `\u2068${text}\u2069`;

function agencyIdOf(page: Page): number {
  const match = /\/agencies\/(\d+)\//.exec(page.url());
  assert.ok(match?.[1], `no agency in ${page.url()}`);
  return Number(match[1]);
}

/** A small, valid one-page PDF made in memory (the server checks the file's first bytes). */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// Unique numbers, so demo data (or another run's records) never collide with this run's.
const run = `${language.toUpperCase()}${Date.now().toString(36).toUpperCase().slice(-6)}`;
const saleOrderNumber = `SO-${run}`;
const lcNumber = `LC-${run}`;
const voyageNumber = `V${run}`;
const blNumber = `BL-${run}`;
const wbt = [`WBT-${run}-1`, `WBT-${run}-2`];
const seller = isArabic ? `بائع الاختبار ${run}` : `E2E Grain Seller ${run}`;
const buyer = isArabic ? `مشتري الاختبار ${run}` : `E2E Flour Buyer ${run}`;
const approver = {
  username: `e2e.approver.${run.toLowerCase()}`,
  firstName: isArabic ? 'نادية' : 'Nadia',
  lastName: isArabic ? 'قريشي' : 'Qureshi',
  password: 'First#Pass2026',
  changedPassword: 'Approve#Pass2026',
};
const vessel = 'MV Desert Falcon';
const port = 'Jeddah Islamic Port';
const consignee = 'Arabian Milling Company';
const voyageLabel = `${vessel} / ${voyageNumber}`;

/** Sets up what has no screen in this flow: a seller and a buyer, and a second approver with their own role. */
async function prepare(): Promise<{ approverName: string }> {
  const token = await apiToken(credentials.demoAdmin);
  for (const [resource, name] of [
    ['seller', seller],
    ['buyer', buyer],
  ] as const) {
    const created = await api('POST', `/api/${resource}`, { token, body: { name, countryCode: 'SA', city: 'Jeddah' } });
    assert.equal(created.status, 201, `${resource}: ${JSON.stringify(created.body)}`);
  }
  const role = await api<{ id: number }>('POST', '/api/roles', { token, body: { name: `Quantity approvers ${run}` } });
  assert.equal(role.status, 201, JSON.stringify(role.body));
  const flags = await api('PUT', `/api/roles/${role.body.id}/permissions`, {
    token,
    body: { permissions: ['canViewVesselQuantityApproval', 'canApproveVesselQuantityApproval', 'canViewShipping'] },
  });
  assert.equal(flags.status, 200, JSON.stringify(flags.body));
  const user = await api('POST', '/api/users/', {
    token,
    body: {
      username: approver.username,
      email: `${approver.username}@redseabulk.example`,
      firstName: approver.firstName,
      lastName: approver.lastName,
      kind: 'agencyUser',
      roleId: role.body.id,
      password: approver.password,
    },
  });
  assert.equal(user.status, 201, JSON.stringify(user.body));
  // The first sign-in asks for a new password: chosen here, so the browser signs straight in.
  const first = await apiToken({ username: approver.username, password: approver.password });
  const changed = await api('POST', '/api/auth/updatePassword', { token: first, body: { password: approver.changedPassword, confirmPassword: approver.changedPassword } });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  return { approverName: `${approver.firstName} ${approver.lastName}` };
}

describe(`cargo flow: sale order to port loading (${isArabic ? 'Arabic' : 'English'})`, () => {
  it('orders, ships, approves the out-turn in two steps, loads trucks, and refuses to reverse a loaded consignment', async () => {
    const { approverName } = await prepare();
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, credentials.demoAdmin);
    await page.getByTestId('sidebar').waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), isArabic ? 'rtl' : 'ltr');
    const agencyId = agencyIdOf(page);
    const to = (route: string) => `/agencies/${agencyId}/${route}`;

    // 1a. A sale order, added in the drawer of the sale orders list.
    await page.goto(to('saleOrder'));
    await page.getByTestId('sale-orders-page').getByText(texts.procurement.saleOrders).first().waitFor();
    await page.getByTestId('sale-order-add').click();
    await page.getByTestId('sale-order-drawer').getByText(texts.procurement.addSaleOrder).waitFor();
    await page.getByTestId('sale-order-number').fill(saleOrderNumber);
    await pick(page, 'sale-order-seller', seller, seller.slice(0, 8));
    await pick(page, 'sale-order-buyer', buyer, buyer.slice(0, 8));
    await pick(page, 'sale-order-cargo-type', 'Wheat');
    await page.getByTestId('sale-order-quantity').fill('5000');
    await shot(page, 'cargo-sale-order-drawer');
    await page.getByTestId('sale-order-submit').click();
    await page.getByText(texts.procurement.saved).first().waitFor();
    await page.getByTestId('sale-order-form').waitFor({ state: 'detached' });
    await page.getByTestId('sale-orders-search').fill(saleOrderNumber);
    await onlyRowsWith(page, 'sale-orders-table', saleOrderNumber);
    const saleOrderRow = page.getByTestId('sale-orders-table').locator('tbody tr.ant-table-row', { hasText: saleOrderNumber });
    await saleOrderRow.getByTestId('sale-order-status').filter({ hasText: texts.common.active }).waitFor();
    assert.match((await saleOrderRow.textContent()) ?? '', /5,000\.000 MT/);
    await shot(page, 'cargo-sale-orders');

    // 1b. An LC under it.
    await page.goto(to('consignments'));
    await page.getByTestId('consignment-add').click();
    await page.getByTestId('consignment-drawer').getByText(texts.procurement.addConsignment).waitFor();
    await page.getByTestId('consignment-drawer').getByText(texts.procurement.lcNumber, { exact: true }).waitFor();
    await page.getByTestId('consignment-number').fill(lcNumber);
    await page.getByTestId('consignment-ref').fill(`REF-${run}`);
    await pick(page, 'consignment-sale-order', saleOrderNumber, saleOrderNumber);
    // The sale order's cargo type is taken over.
    await page.getByTestId('consignment-cargo-type').filter({ hasText: 'Wheat' }).waitFor();
    await pick(page, 'consignment-consignee', consignee, 'Arabian');
    await page.getByTestId('consignment-quantity').fill('3000');
    await shot(page, 'cargo-consignment-drawer');
    await page.getByTestId('consignment-submit').click();
    await page.getByText(texts.procurement.saved).first().waitFor();
    await page.getByTestId('consignment-form').waitFor({ state: 'detached' });
    await page.getByTestId('consignments-search').fill(lcNumber);
    await onlyRowsWith(page, 'consignments-table', lcNumber);
    const consignmentRow = page.getByTestId('consignments-table').locator('tbody tr.ant-table-row', { hasText: lcNumber });
    await consignmentRow.getByTestId('consignment-status').filter({ hasText: texts.common.active }).waitFor();
    assert.match((await consignmentRow.textContent()) ?? '', new RegExp(saleOrderNumber));
    await shot(page, 'cargo-consignments');

    // 1c. A document attached to the LC: uploaded, titled, attached, listed.
    await consignmentRow.getByTestId('consignment-documents').click();
    await page.getByTestId('consignment-documents-page').getByText(fill(texts.procurement.consignmentDocuments, { number: lcNumber })).waitFor();
    await page.getByText(texts.procurement.documentsPanel.empty).waitFor();
    await page.getByTestId('consignment-document-upload').locator('input[type=file]').setInputFiles({ name: 'lc-copy.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await page.getByText(fill(texts.upload.uploaded, { file: 'lc-copy.pdf' })).waitFor();
    const documentTitle = isArabic ? 'نسخة خطاب الاعتماد' : 'LC copy';
    await page.getByTestId('consignment-document-title-input').fill(documentTitle);
    await page.getByTestId('consignment-document-attach').click();
    await page.getByText(texts.procurement.documentsPanel.attached).waitFor();
    const documentRow = page.getByTestId('consignment-document-table').locator('tbody tr.ant-table-row', { hasText: documentTitle });
    await documentRow.getByText('lc-copy.pdf').waitFor();
    assert.match((await documentRow.getByTestId('consignment-document-download').getAttribute('href')) ?? '', /\/api\/files\/documents\/.+\.pdf$/);
    await shot(page, 'cargo-consignment-documents');

    // 2. A shipment: a new voyage of a demo vessel at a demo port, and the BL of the LC.
    await page.goto(to('shipping'));
    await page.getByTestId('shipment-add').click();
    const drawer = page.getByTestId('shipment-drawer');
    await drawer.getByText(texts.shipping.add).waitFor();
    await page.getByTestId('shipment-voyage-mode').getByText(texts.shipping.newVoyage).click();
    await pick(page, 'shipment-vessel', vessel, 'Desert');
    await page.getByTestId('shipment-voyage-number').fill(voyageNumber);
    await pick(page, 'shipment-port', port, 'Jeddah');
    await pick(page, 'shipment-consignment', lcNumber, lcNumber);
    await page.getByTestId('shipment-bl-number').fill(blNumber);
    await page.getByTestId('shipment-bl-quantity').fill('1000');
    await shot(page, 'cargo-shipment-drawer');
    await page.getByTestId('shipment-submit').click();
    await page.getByText(texts.shipping.created).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('shipping-search').fill(blNumber);
    // A long search never shows the 'type more than 2 characters' hint, not even before the list is asked.
    assert.equal(await page.getByTestId('shipping-search-hint').count(), 0);
    await onlyRowsWith(page, 'shipping-table', blNumber);
    const shipmentRow = page.getByTestId('shipping-table').locator('tbody tr.ant-table-row', { hasText: blNumber });
    await shipmentRow.getByTestId('shipment-vessel-voyage').filter({ hasText: voyageLabel }).waitFor();
    assert.equal(await shipmentRow.getByTestId('shipment-on-board').textContent(), '1,000.000 MT');
    await shot(page, 'cargo-shipping');

    // 3a. Two approvers in order for quantity approvals, on the approval rules screen.
    await page.goto(to('approvalRules'));
    const rule = page.getByTestId('approval-rule-vesselQuantityApproval');
    await rule.waitFor();
    // Start from no approvers, whatever demo data set before.
    const remove = rule.getByTestId('approval-rule-vesselQuantityApproval-remove');
    while ((await remove.count()) > 0) await remove.first().click();
    await pick(page, 'approval-rule-vesselQuantityApproval-add', '(demo.admin)', 'demo.admin');
    await pick(page, 'approval-rule-vesselQuantityApproval-add', `(${approver.username})`, approver.username);
    const approverNames = rule.getByTestId('approval-rule-vesselQuantityApproval-approver-name');
    assert.deepEqual(await approverNames.allTextContents(), ['Layla Haddad', approverName]);
    await rule.getByTestId('approval-rule-vesselQuantityApproval-save').click();
    await page.getByText(texts.approvalRules.saved).waitFor();

    // 3b. The BL out-turn: discharged less than the BL, a shortage, Pending on the first approver.
    await page.goto(to('vesselQuantityApproval/quantityApproval/add'));
    await page.getByTestId('quantity-approval-form-page').getByText(texts.vesselApproval.addBl).waitFor();
    await pick(page, 'quantity-approval-voyage', voyageLabel, voyageNumber);
    await pick(page, 'quantity-approval-shipment', blNumber);
    await page.getByTestId('quantity-approval-bl-quantity').filter({ hasText: '1,000.000 MT' }).waitFor();
    await page.getByTestId('quantity-approval-discharged').fill('998.5');
    const liveDifference = page.getByTestId('quantity-approval-live-difference');
    await liveDifference.filter({ hasText: texts.vesselApproval.shortage }).waitFor();
    assert.match((await liveDifference.textContent()) ?? '', /-1\.500 MT/);
    await shot(page, 'cargo-quantity-approval-form');
    await page.getByTestId('quantity-approval-submit').click();
    await page.getByText(texts.vesselApproval.created).waitFor();
    await page.getByTestId('quantity-approvals-page').waitFor();
    await page.getByTestId('quantity-approvals-search').fill(blNumber);
    await onlyRowsWith(page, 'quantity-approvals-table', blNumber);
    const outturnRow = page.getByTestId('quantity-approvals-table').locator('tbody tr.ant-table-row', { hasText: blNumber });
    await outturnRow.locator('[data-testid=quantity-approval-status][data-status=Pending]').waitFor();
    assert.equal(await outturnRow.getByTestId('quantity-approval-status').textContent(), texts.vesselApproval.statuses.Pending);
    assert.equal(await outturnRow.getByTestId('quantity-approval-next').textContent(), 'Layla Haddad');
    assert.equal(await outturnRow.getByTestId('quantity-approval-difference').getAttribute('data-kind'), 'shortage');
    await shot(page, 'cargo-quantity-approvals');
    await outturnRow.getByTestId('quantity-approval-open').click();
    await page.waitForURL(/\/quantityApproval\/\d+\/edit$/);
    const outturnPath = new URL(page.url()).pathname;

    // The second approver opens it first: not their turn, so no Approve button.
    const approverContext = await newContext();
    const second = await approverContext.newPage();
    await signIn(second, { username: approver.username, password: approver.changedPassword });
    await second.goto(outturnPath);
    await second.locator('[data-testid=quantity-approval-approval-status][data-status=Pending]').waitFor();
    assert.equal(await second.getByTestId('quantity-approval-approve').count(), 0, 'only the current approver may decide');

    // The first approver approves: still Pending, now on the second.
    const panel = page.getByTestId('quantity-approval-approval');
    await panel.getByText(texts.vesselApproval.approval.youAreDue).waitFor();
    await shot(page, 'cargo-quantity-approval-first');
    await page.getByTestId('quantity-approval-approve').click();
    await page.getByTestId('quantity-approval-decision-comment').fill(isArabic ? 'الكمية مطابقة لتقرير المسح' : 'Matches the draft survey');
    await page.getByTestId('quantity-approval-decision-ok').click();
    await page.getByText(texts.vesselApproval.approval.approved).waitFor();
    await page.getByTestId('quantity-approval-decision-ok').waitFor({ state: 'detached' });
    await page.getByTestId('quantity-approval-approve').waitFor({ state: 'detached' });
    await page.locator('[data-testid=quantity-approval-approval-status][data-status=Pending]').waitFor();
    const stepStatuses = () => page.getByTestId('quantity-approval-step-status').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status')));
    assert.deepEqual(await stepStatuses(), ['Approved', 'Pending']);
    await page.getByTestId('quantity-approval-under-way').waitFor();

    // The second approver approves: Approved, read-only.
    await second.reload();
    await second.getByTestId('quantity-approval-you-are-due').waitFor();
    await second.getByTestId('quantity-approval-approve').click();
    await second.getByTestId('quantity-approval-decision-ok').click();
    // The state, not the message (shown for a few seconds, and the first decision checked it): Approved, read-only.
    await second.getByTestId('quantity-approval-decision-ok').waitFor({ state: 'detached' });
    await second.locator('[data-testid=quantity-approval-approval-status][data-status=Approved]').waitFor();
    await second.getByTestId('quantity-approval-read-only').getByText(texts.vesselApproval.readOnly).waitFor();
    assert.equal(await second.getByTestId('quantity-approval-approval-status').textContent(), texts.vesselApproval.statuses.Approved);
    await shot(second, 'cargo-quantity-approval-approved');
    await approverContext.close();
    await page.reload();
    await page.locator('[data-testid=quantity-approval-approval-status][data-status=Approved]').waitFor();
    assert.deepEqual(await stepStatuses(), ['Approved', 'Approved']);

    // 4a. A port loading of that BL to a warehouse by a transporter.
    await page.goto(to('portLoading/add'));
    await page.getByTestId('port-loading-form-page').getByText(texts.portLoading.add).waitFor();
    await pick(page, 'pl-voyage', voyageLabel, voyageNumber);
    await pick(page, 'pl-shipment', lcNumber);
    // What is on board is the approved discharged quantity.
    await page.getByText(fill(texts.portLoading.onBoard, { quantity: isolated('998.500 MT') })).waitFor();
    await page.getByTestId('pl-port').filter({ hasText: port }).waitFor();
    await pick(page, 'pl-destination-warehouse', 'Jeddah Grain Terminal');
    await page.getByTestId('pl-quantity').fill('60');
    await pick(page, 'pl-transporter', 'Al Safwa Transport');
    await shot(page, 'cargo-port-loading-form');
    await page.getByTestId('pl-submit').click();
    await page.getByText(texts.portLoading.createdOk).waitFor();
    await page.waitForURL(/\/portLoading\/\d+\/edit$/);

    // 4b. Two loading slips on its edit page.
    const slips = [
      { truck: 'JED 4821', driver: 'Mohammed Al-Sulami', wbt: wbt[0] ?? '', quantity: '30.5', shown: '30.500 MT' },
      { truck: 'JED 7310', driver: 'Imran Khan', wbt: wbt[1] ?? '', quantity: '29.25', shown: '29.250 MT' },
    ];
    const slipRows = page.getByTestId('slips-table').locator('tbody tr.ant-table-row');
    for (const [index, slip] of slips.entries()) {
      await pick(page, 'slip-truck', slip.truck);
      await pick(page, 'slip-driver', slip.driver);
      await page.getByTestId('slip-wbt').fill(slip.wbt);
      await page.getByTestId('slip-quantity').fill(slip.quantity);
      const created = page.waitForResponse((response) => /\/api\/portLoading\/\d+\/loadingSlips/.test(response.url()) && response.request().method() === 'POST');
      await page.getByTestId('slip-submit').click();
      assert.equal((await created).status(), 200, `slip ${index + 1} is created`);
      await page.locator('.ant-message-notice').filter({ hasText: message(Messages.loadingSlipCreated) }).first().waitFor();
      await slipRows.filter({ hasText: slip.wbt }).waitFor();
    }
    assert.equal(await slipRows.count(), 2);
    await page.getByTestId('pl-detail-loaded').filter({ hasText: fill(texts.portLoading.loadedOf, { loaded: isolated('59.750 MT'), total: isolated('60.000 MT') }) }).waitFor();
    await page.getByTestId('pl-detail-remaining').filter({ hasText: fill(texts.portLoading.remainingIs, { remaining: isolated('0.250 MT') }) }).waitFor();
    await shot(page, 'cargo-port-loading-slips');

    // 4c. The first slip's print view and its PDF.
    const firstSlip = slipRows.filter({ hasText: slips[0]?.wbt ?? '' });
    const slipNumber = ((await firstSlip.locator('td').first().textContent()) ?? '').trim();
    assert.match(slipNumber, /^\d+$/);
    await firstSlip.getByTestId('slip-print').click();
    await page.waitForURL(/\/loadingSlips\/\d+\/print$/);
    const slipId = Number(/\/loadingSlips\/(\d+)\/print$/.exec(page.url())?.[1]);
    const sheet = page.getByTestId('slip-sheet');
    await sheet.getByText(texts.portLoading.slipTitle).waitFor();
    const line = (label: string) => sheet.locator('tr', { has: page.locator('th', { hasText: label }) }).locator('td');
    assert.equal(await line(texts.portLoading.slipNumber).textContent(), slipNumber);
    assert.equal(await line(texts.portLoading.wbtNumber).textContent(), slips[0]?.wbt);
    assert.equal(await line(texts.cargo.quantityMt).textContent(), slips[0]?.shown);
    assert.equal(await line(texts.portLoading.truck).textContent(), slips[0]?.truck);
    await shot(page, 'cargo-slip-print');
    // The Download PDF button fetches it with the session's headers...
    const pdfResponse = page.waitForResponse((response) => new RegExp(`/api/loadingSlips/${slipId}/pdf`).test(response.url()));
    await page.getByTestId('slip-pdf').click();
    const pdf = await pdfResponse;
    assert.equal(pdf.status(), 200);
    assert.match((await pdf.headerValue('content-type')) ?? '', /^application\/pdf/);
    // (Chromium hands the page's body to the blob, not to the test: the length is checked here, the bytes below.)
    assert.ok(Number(await pdf.headerValue('content-length')) > 1000, 'a PDF of some size');
    // ...and the plain link answers with the PDF itself, on the session cookie.
    const linked = await page.request.get(`/api/loadingSlips/${slipId}/pdf?lang=${language}`);
    assert.equal(linked.status(), 200);
    assert.match(linked.headers()['content-type'] ?? '', /^application\/pdf/);
    assert.equal((await linked.body()).subarray(0, 4).toString('latin1'), '%PDF');

    // 5. Reversing the LC is refused while it has a port loading, with the spec's message; it stays Active.
    await page.goto(to('consignments'));
    await page.getByTestId('consignments-search').fill(lcNumber);
    await onlyRowsWith(page, 'consignments-table', lcNumber);
    await consignmentRow.getByTestId('consignment-reverse').click();
    await page.getByText(fill(texts.procurement.reverseConsignment, { number: lcNumber })).waitFor();
    await page.getByTestId('consignment-reverse-ok').click();
    await page.getByText(message(Messages.reasonRequired)).waitFor();
    await page.getByTestId('consignment-reverse-reason').fill(isArabic ? 'خطاب اعتماد مكرر' : 'Duplicate LC');
    const refused = page.waitForResponse((response) => /\/consignment-reverse$/.test(response.url()));
    await page.getByTestId('consignment-reverse-ok').click();
    assert.equal((await refused).status(), 409);
    const refusal = page.locator('.ant-notification-notice').filter({ hasText: message(Messages.consignmentHasPortLoading) });
    await refusal.waitFor();
    // It slides in: shown once it is fully opaque.
    await page.waitForFunction((notice) => getComputedStyle(notice).opacity === '1', await refusal.elementHandle());
    // The viewport only: a full-page capture resizes the page, and antd lays its notices out again (unseen in the shot).
    await page.screenshot({ path: path.join(artifactsDir, `${language}-cargo-consignment-reverse-refused.png`) });
    // The dialog stays open on a refusal; cancelled, the LC is unchanged.
    await page.locator('.ant-modal').filter({ visible: true }).locator('.ant-modal-footer button:not(.ant-btn-dangerous)').click();
    await page.getByTestId('consignment-reverse-reason').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('consignments-search').fill(lcNumber);
    await consignmentRow.getByTestId('consignment-status').filter({ hasText: texts.common.active }).waitFor();
    assert.equal(await consignmentRow.getByTestId('consignment-reverse').count(), 1, 'still reversible later');
    await context.close();
  });
});
