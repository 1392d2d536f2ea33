// The admin kit in a browser: an admin approves an application through the confirm dialog and reads the
// approval in the panel's Audit log (filtered by admin and by kind); a rider at an admin page sees the
// not-found page.
import { adminText, auditActionLabels, kitText } from '@openride/shared/admin/admin-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, adminApi, adminPathOf, applyApi, byText, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const text = uiText.driverManagement;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

describe('admin audit log', () => {
  it('an approval made through the confirm dialog is in the Audit log, with who, what and the change', async () => {
    const applicant = await signUpApi(server, { full_name: 'Otto Audited' });
    await applyApi(applicant, { full_name: 'Otto Audited', license_plate: 'AUDIT01' });
    // On a phone: the review table scrolls sideways, the dialog fits the screen.
    const admin = await signedInPage(browser, server, await adminApi(server), PHONE);
    await admin.page.goto('/driver-management');
    const row = admin.page.getByRole('row', { name: /Otto Audited/ });
    await row.getByText('AUDIT01').waitFor();

    const approve = row.getByRole('button', { name: text.approve });
    await approve.click();
    const dialog = admin.page.getByRole('dialog', { name: adminText.drivers.approveDialog.title });
    await dialog.waitFor();
    // Escape closes it without approving, and focus goes back to the button that opened it.
    await admin.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await approve.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await row.getByText(text.filters.pending).count()).toBe(1);

    await approve.click();
    // Focus is on Cancel: an Enter pressed too fast does nothing harmful; Tab stays inside the dialog.
    const cancel = dialog.getByRole('button', { name: text.rejectDialog.cancel });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await admin.page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: adminText.drivers.approveDialog.confirm }).click();
    await byText(admin.page, text.approved.title).waitFor();
    await expect.poll(() => admin.page.getByRole('row', { name: /Otto Audited/ }).count()).toBe(0);

    // The panel's Audit log, newest first: the approval, by this admin, pending → approved.
    await admin.page.goto(adminPathOf(server));
    const section = admin.page.locator('section').filter({ has: admin.page.getByRole('heading', { name: adminText.audit.title }) });
    const entry = section.getByRole('row').nth(1);
    await entry.getByText(auditActionLabels['driver.approve']).waitFor();
    await entry.getByText(ADMIN_EMAIL).waitFor();
    expect(await entry.textContent()).toMatch(/verification status:\s*pending\s*→\s*approved/);
    // It names the driver (not their id) with a link that leads to their page.
    const record = entry.getByRole('link', { name: 'Otto Audited' });
    expect(await record.getAttribute('href')).toMatch(/^\/driver\/[0-9a-f-]{36}$/);

    // Filtered by admin and by kind it stays; by the other kind it is gone and the table says why.
    await section.getByLabel(adminText.audit.admin, { exact: true }).selectOption({ label: 'Administrator' });
    await section.getByLabel(adminText.audit.kind, { exact: true }).selectOption({ label: auditActionLabels['driver.approve'] });
    await section.getByRole('row').nth(1).getByText(auditActionLabels['driver.approve']).waitFor();
    await section.getByLabel(adminText.audit.kind, { exact: true }).selectOption({ label: auditActionLabels['driver.reject'] });
    await section.getByText(kitText.noMatches).waitFor();
    expect(await section.getByRole('table').count()).toBe(0);
    await section.getByLabel(adminText.audit.kind, { exact: true }).selectOption({ label: kitText.filterAll });
    await section.getByRole('row').nth(1).waitFor();

    // The export link carries the same filters.
    const href = await section.getByRole('link', { name: kitText.exportCsv }).getAttribute('href');
    expect(href).toMatch(/^\/api\/admin\/audit-log\?/);
    expect(new URLSearchParams(href!.split('?')[1]).get('format')).toBe('csv');
    expect(new URLSearchParams(href!.split('?')[1]).get('actor_id')).toBeTruthy();

    // axe finds nothing serious on the panel at a phone's width.
    expect(await seriousViolations(admin.page)).toEqual([]);
    // The record's link opens the driver's page.
    await section.getByRole('row').nth(1).getByRole('link', { name: 'Otto Audited' }).click();
    await admin.page.getByRole('heading', { name: 'Otto Audited' }).waitFor();
    expect(new URL(admin.page.url()).pathname).toMatch(/^\/driver\/[0-9a-f-]{36}$/);
    admin.expectNoErrors();
    await admin.context.close();
  });

  it('a signed-in rider at /booking-management sees the not-found page', async () => {
    const rider = await signUpApi(server);
    const { page, context, expectNoErrors } = await signedInPage(browser, server, rider);
    await page.goto('/booking-management');
    await page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    expect(await page.getByRole('heading', { name: uiText.pages.bookingManagement.title }).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });
});
