// Staff roles (issue 29 §2, decision 0089): the owner invites a support agent on /staff; once they accept the email's link, the console shows
// them only what support may open — its groups and links, the users but not the audit log — and a page of another
// role's (the financial dashboard) is not found, as it is for anyone who is not staff.
import { adminText, consoleText } from '@openride/shared/admin/admin-text';
import { staffText } from '@openride/shared/admin/staff-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, staffInvitationToken, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, PHONE, uniqueEmail } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const LAPTOP = { viewport: { width: 1366, height: 860 } };

describe('staff roles in the console', () => {
  it('an owner invites a support agent on /staff; the agent accepts from the email and sees only what support may open', async () => {
    const owner = await adminApi(server);
    const email = uniqueEmail('support');
    const agent = await signUpApi(server, { full_name: 'Supa Port', email });

    // The owner, on a phone: Staff, Invite, the address and the role, Send.
    const boss = await signedInPage(browser, server, owner, PHONE);
    await boss.page.goto('/staff');
    await boss.page.getByRole('heading', { level: 1, name: staffText.page.title }).waitFor();
    await boss.page.getByRole('button', { name: staffText.page.invite }).click();
    const dialog = boss.page.getByRole('dialog', { name: staffText.page.invite });
    await dialog.getByLabel(staffText.page.email).fill(email);
    await dialog.getByLabel(staffText.page.role).selectOption({ label: staffText.roles.support });
    await dialog.getByText(staffText.roleSummaries.support).waitFor();
    await dialog.getByRole('button', { name: staffText.page.send }).click();
    await dialog.waitFor({ state: 'detached' });
    const pending = boss.page.getByRole('table', { name: staffText.page.invitations });
    await pending
      .getByRole('row', { name: new RegExp(email) })
      // On a phone the role and cities are read under the address.
      .getByText(`${staffText.roles.support} · ${staffText.page.everyCity}`, { exact: true })
      .waitFor();
    expect(await boss.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    boss.expectNoErrors();
    await boss.context.close();

    // The agent opens the email's link, signed in, and accepts.
    const { page, context, expectNoErrors } = await signedInPage(browser, server, agent, LAPTOP);
    await page.goto(`/staff-invitation?token=${encodeURIComponent(await staffInvitationToken(server, email))}`);
    await page.getByRole('button', { name: staffText.invitation.accept }).click();
    await page.getByRole('status').getByText(staffText.invitation.accepted(staffText.roles.support)).waitFor();
    await page.getByRole('link', { name: staffText.invitation.open }).click();
    await page.getByRole('heading', { level: 1, name: uiText.admin.title }).waitFor();
    const nav = page.getByRole('navigation', { name: consoleText.nav });
    const groups = (await nav.getByRole('heading').allTextContents()).map((t) => t.trim());
    expect(groups).toEqual([
      consoleText.groups.operations,
      consoleText.groups.drivers,
      consoleText.groups.riders,
      consoleText.groups.money,
      consoleText.groups.settings,
    ]);
    const links = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(links).toEqual([
      consoleText.home,
      uiText.pages.bookingManagement.title,
      consoleText.pages.supportQueue,
      uiText.pages.driverManagement.title,
      uiText.pages.customerManagement.title,
      uiText.pages.refundManagement.title,
      uiText.pages.supportProcedures.title,
    ]);
    // The panel: the users (support may list them), not the audit log (compliance's and the owner's).
    await page.getByRole('heading', { level: 2, name: uiText.admin.users }).waitFor();
    expect(await page.getByRole('heading', { name: adminText.audit.title }).count()).toBe(0);

    // A page of their own opens in the console's frame.
    await nav.getByRole('link', { name: consoleText.pages.supportQueue, exact: true }).click();
    await expect.poll(() => nav.locator('[aria-current="page"]').textContent()).toBe(consoleText.pages.supportQueue);
    await page.locator('main h1').first().waitFor();
    expect(await page.getByRole('heading', { name: uiText.notFound.title }).count()).toBe(0);

    // Another role's page is not found, without the console's frame, as for anyone who is not staff.
    await page.goto('/financial-dashboard');
    await page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    expect(await page.getByRole('heading', { name: uiText.pages.financialDashboard.title }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: consoleText.nav }).count()).toBe(0);
    // No request was refused on the way: the web asked only for what the role may read.
    expectNoErrors();
    await context.close();
  });
});
