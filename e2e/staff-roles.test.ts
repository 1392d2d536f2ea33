// Staff roles (issue 29 §2, decision 0089): the owner invites a support agent; once they accept, the console shows
// them only what support may open — its groups and links, the users but not the audit log — and a page of another
// role's (the financial dashboard) is not found, as it is for anyone who is not staff.
import { adminText, consoleText } from '@openride/shared/admin/admin-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminPathOf, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, uniqueEmail } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const LAPTOP = { viewport: { width: 1366, height: 860 } };

/** The token of the newest staff invitation emailed to `email` (the dev outbox: this server is not production). */
async function invitationToken(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const rows = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Array<{ channel: string; to: string; body: string }>;
      const found = rows
        .filter((row) => row.channel === 'email' && row.to === email)
        .at(-1)
        ?.body.match(/staff-invitation\?token=([^\s&"<]+)/)?.[1];
      token = found ? decodeURIComponent(found) : undefined;
      return token;
    })
    .toBeTruthy();
  return token!;
}

describe('staff roles in the console', () => {
  it('shows a support agent only what support may open', async () => {
    const owner = await adminApi(server);
    const email = uniqueEmail('support');
    const agent = await signUpApi(server, { full_name: 'Supa Port', email });
    const invited = await owner.post('/api/admin/staff/invitations', { email, role: 'support', city_ids: null });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accepted = await agent.post('/api/staff-invitations/accept', { token: await invitationToken(email) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const { page, context, expectNoErrors } = await signedInPage(browser, server, agent, LAPTOP);
    await page.goto(adminPathOf(server));
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
