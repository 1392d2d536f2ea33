// /driver-documents-upload and /document-review (decision 0051): at a phone's width a driver whose city
// requires a licence uploads its front and back with the expiry date; an admin rejects it with a template
// reason; the driver reads the reason and sends it again; the admin approves it with the date confirmed; the
// driver is approved and goes online. Before their papers, /driver says what is still needed and Go Online is
// refused with the reason and a link to the documents page (issue 27 point 10). The hold's rules (dispatch, expiry, 409) are held by the API suite.
import { complianceText, documentText } from '@openride/shared/compliance/compliance-text';
import { uiText } from '@openride/shared/ui-text';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, byText, reviewApi, signedInPage, signUpApi, startServer, uniquePhone } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const text = documentText;
const LICENCE = complianceText.kinds.driver_licence;
const EXPIRY = `${new Date().getFullYear() + 3}-05-31`;
const CONFIRMED = `${new Date().getFullYear() + 3}-06-30`;

async function png(name: string, background: string) {
  const file = path.join(os.tmpdir(), `doc-${process.pid}-${name}.png`);
  // Two small pictures of two colours: two different files, as a front and a back are.
  await sharp({ create: { width: 40, height: 25, channels: 3, background } })
    .png()
    .toFile(file);
  return file;
}

/** The licence card's upload: the front and the back from files, the expiry date, sent. */
async function sendLicence(page: Page, expiry: string) {
  const card = page.getByRole('article', { name: LICENCE });
  const [front, back] = [await png('front', '#cc3344'), await png('back', '#3344cc')];
  await card
    .getByRole('group', { name: text.driver.frontOf(LICENCE) })
    .locator('input[type="file"]:not([capture])')
    .setInputFiles(front);
  await card
    .getByRole('group', { name: text.driver.frontOf(LICENCE) })
    .getByText(/front\.png/)
    .waitFor();
  await card
    .getByRole('group', { name: text.driver.backOf(LICENCE) })
    .locator('input[type="file"]:not([capture])')
    .setInputFiles(back);
  await card
    .getByRole('group', { name: text.driver.backOf(LICENCE) })
    .getByText(/back\.png/)
    .waitFor();
  await card.getByLabel(text.driver.expiresOn, { exact: true }).fill(expiry);
  await card.getByRole('button', { name: text.driver.submit }).click();
  await card.getByText(complianceText.statuses.in_review, { exact: true }).waitFor();
  return card;
}

describe('document review', () => {
  it('a driver uploads a licence on a phone; the admin rejects it with a template reason; the driver sends it again; the admin approves; the driver goes online', async () => {
    const admin = await adminApi(server);
    const required = await admin.request('/api/admin/document-types', {
      method: 'PUT',
      json: { city_id: 'sf', types: [{ kind: 'driver_licence', required: true, expiry_required: true, sides: 'front_back' }] },
    });
    expect(required.status).toBe(200);
    const user = await signUpApi(server, { full_name: 'Lena Licence' });
    const { id } = await applyApi(user, { full_name: 'Lena Licence', phone: uniquePhone(), license_plate: 'LENA001' });
    await reviewApi(admin, id, 'approved');

    const driver = await signedInPage(browser, server, user);
    // /driver: approval's words, then what is still needed before going online (issue 27 point 10).
    await driver.page.goto('/driver');
    await byText(driver.page, uiText.driverApplication.statuses.approved.text).waitFor();
    const needed = complianceText.beforeOnline([{ label: LICENCE, required: true, status: 'missing' }])!;
    await driver.page.getByRole('status').filter({ hasText: needed }).getByRole('link', { name: text.driver.title }).waitFor();
    // Go Online is refused: the reason under the switch names the missing licence, and its link leads to the documents page.
    await driver.page.goto('/driver-active');
    await driver.page.getByRole('switch', { name: uiText.driverActive.switchLabel }).click();
    const refusal = driver.page
      .getByRole('alert')
      .filter({ hasText: complianceText.holdReason(LICENCE, 'missing', { expires_on: null, rejection_reason: null }) });
    await refusal.getByRole('link', { name: uiText.driverActive.refused.toDocuments }).click();
    await driver.page.getByRole('heading', { name: uiText.pages.driverDocumentsUpload.title, level: 1 }).waitFor();
    // On hold: the banner says exactly what is missing.
    await byText(driver.page, text.driver.onHoldTitle).waitFor();
    await byText(driver.page, complianceText.holdReason(LICENCE, 'missing', { expires_on: null, rejection_reason: null })).waitFor();
    const card = await sendLicence(driver.page, EXPIRY);
    expect(await driver.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The admin's queue, at a desk.
    const desk = await signedInPage(browser, server, admin, DESKTOP);
    await desk.page.goto('/document-review');
    await desk.page.getByRole('heading', { name: uiText.pages.documentReview.title, level: 1 }).waitFor();
    await desk.page.getByRole('button', { name: text.admin.openLabel('Lena Licence', LICENCE) }).click();
    const panel = desk.page.getByRole('region', { name: text.admin.openLabel('Lena Licence', LICENCE) });
    const front = panel.getByRole('img', { name: `${LICENCE} — ${text.admin.front}` });
    await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await panel.getByRole('img', { name: `${LICENCE} — ${text.admin.back}` }).waitFor();
    await panel.getByText('LENA001', { exact: false }).waitFor();
    const template = text.rejectionTemplates[0]!;
    await panel.getByLabel(text.admin.template, { exact: true }).selectOption(template);
    await panel.getByRole('button', { name: text.admin.reject, exact: true }).click();
    await byText(desk.page, text.admin.rejected).waitFor();
    await expect.poll(() => desk.page.getByRole('button', { name: text.admin.openLabel('Lena Licence', LICENCE) }).count()).toBe(0);

    // The driver reads the reason (the page asks again on focus / reload), and sends it again.
    await driver.page.reload();
    await card.getByText(complianceText.statuses.rejected, { exact: true }).waitFor();
    await card.getByText(text.driver.rejectedBecause(template), { exact: true }).waitFor();
    await sendLicence(driver.page, EXPIRY);

    // The admin approves with the date confirmed (changed from the driver's).
    await desk.page.reload();
    await desk.page.getByRole('button', { name: text.admin.openLabel('Lena Licence', LICENCE) }).click();
    const again = desk.page.getByRole('region', { name: text.admin.openLabel('Lena Licence', LICENCE) });
    const date = again.getByLabel(text.admin.expiresOn, { exact: true });
    expect(await date.inputValue()).toBe(EXPIRY);
    await date.fill(CONFIRMED);
    await again.getByRole('button', { name: text.admin.approve, exact: true }).click();
    await byText(desk.page, text.admin.approved).waitFor();

    // Approved: no hold, and the switch goes online.
    await driver.page.reload();
    await card.getByText(complianceText.statuses.approved, { exact: true }).waitFor();
    await card.getByText(text.driver.validUntil(CONFIRMED), { exact: true }).waitFor();
    expect(await driver.page.getByText(text.driver.onHoldTitle, { exact: true }).count()).toBe(0);
    await driver.page.goto('/driver-active');
    const toggle = driver.page.getByRole('switch', { name: uiText.driverActive.switchLabel });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // The refusal to go online is a 403 the browser logs; nothing else may be.
    expect(driver.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    desk.expectNoErrors();
  });
});
