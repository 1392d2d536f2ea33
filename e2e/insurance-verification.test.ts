// /insurance-verification (decision 0052), one journey: a driver adds a policy with its document on /vehicles at
// a phone's width; an admin opens the queue, reads the checks beside the document, verifies it, then revokes it
// (cancelled by the insurer) and the driver reads why. The hold and the expiry jobs are the API suite's
// (apps/server/test/insurance.test.ts).
import { insuranceText } from '@openride/shared/compliance/insurance';
import { uiText } from '@openride/shared/ui-text';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, byText, reviewApi, signedInPage, signUpApi, startServer, uniquePhone } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const text = insuranceText;

describe('insurance verification', () => {
  it('a driver adds a policy on a phone; the admin sees the checks, verifies it, then revokes it and the driver is told', async () => {
    const user = await signUpApi(server, { full_name: 'Nora Policy' });
    const { id } = await applyApi(user, { full_name: 'Nora Policy', phone: uniquePhone(), license_plate: 'NORA001' });
    const admin = await adminApi(server);
    await reviewApi(admin, id, 'approved');

    const driver = await signedInPage(browser, server, user);
    await driver.page.goto('/vehicles');
    const section = driver.page.getByRole('region', { name: `${text.title}: 2021 Toyota Prius` });
    await section.getByText(text.driver.none).waitFor();
    await section.getByRole('button', { name: `${text.driver.add}: 2021 Toyota Prius` }).click();
    const form = section.getByRole('form', { name: `${text.driver.formTitle}: 2021 Toyota Prius` });
    await form.getByLabel(text.driver.insurer, { exact: true }).fill('Acme Mutual');
    await form.getByLabel(text.driver.policyNumber, { exact: true }).fill('AM-2041');
    await form.getByLabel(text.driver.insuredName, { exact: true }).fill('NORA  policy');
    await form.getByLabel(text.driver.start, { exact: true }).fill('2020-01-01');
    await form.getByLabel(text.driver.end, { exact: true }).fill('2099-12-31');
    const png = path.join(os.tmpdir(), `policy-${process.pid}.png`);
    await writeFile(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGMwTvsPRAwQCgApfgZhYQTz+AAAAABJRU5ErkJggg==', 'base64'));
    await form
      .getByRole('group', { name: text.driver.document('2021 Toyota Prius') })
      .locator('input[type="file"]:not([capture])')
      .setInputFiles(png);
    await form.getByText(`Uploaded: policy-${process.pid}.png`).waitFor();
    await form.getByRole('button', { name: text.driver.submit }).click();
    await byText(driver.page, text.driver.sent).waitFor();
    await section.getByText(text.statuses.in_review, { exact: true }).waitFor();
    await section.getByRole('img', { name: text.driver.documentAlt('2021 Toyota Prius') }).waitFor();
    expect(await driver.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const desk = await signedInPage(browser, server, admin, DESKTOP);
    await desk.page.goto('/insurance-verification');
    await desk.page.getByRole('heading', { name: uiText.pages.insuranceVerification.title, level: 1 }).waitFor();
    const detail = desk.page.getByRole('article', { name: 'Nora Policy, NORA001' });
    await detail.getByRole('img', { name: `${text.admin.document}: Nora Policy` }).waitFor();
    await detail.getByText(`${text.checks.insured_name}: ${text.admin.pass}`).waitFor();
    await detail.getByText(`${text.checks.coverage_dates}: ${text.admin.pass}`).waitFor();
    await detail.getByRole('button', { name: text.admin.verify, exact: true }).click();
    await byText(desk.page, text.admin.verified).waitFor();

    // Cancelled by the insurer: the admin revokes it from the verified list with a template reason.
    await desk.page.getByRole('tab', { name: text.lists.verified }).click();
    await detail.getByRole('button', { name: text.admin.revoke, exact: true }).click();
    await detail.getByLabel(text.admin.template).selectOption(text.revokeTemplates[0]!);
    await detail.getByRole('button', { name: text.admin.revoke, exact: true }).click();
    await byText(desk.page, text.admin.revoked).waitFor();

    // The driver reads why on the vehicle's card.
    await driver.page.reload();
    await section.getByText(text.driver.rejectedBecause(text.revokeTemplates[0]!)).waitFor();
  });
});
