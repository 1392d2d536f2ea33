// /reset-admin-password: an administrator locked out asks for a link, reads it in the dev outbox (the
// email they would receive), sets a new password, and only the new one signs in.
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, signInApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, GOOD_PASSWORD, openPage, openSuite } from './support/fixtures';

const text = uiText.adminReset;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

describe('admin password reset', () => {
  it('asks for a link, follows it from the outbox, sets a new password; the old one stops working', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/reset-admin-password');
    await page.getByRole('heading', { name: uiText.pages.resetAdminPassword.title }).waitFor();

    // A typo first: the error shows by the button and goes when the input changes.
    await page.getByLabel(text.email).fill('not-an-email');
    await page.getByRole('button', { name: text.send }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel(text.email).fill(ADMIN_EMAIL);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: text.send }).click();
    await page.getByRole('status').getByText(text.sent).waitFor();

    // The email, as the outbox shows it: a link to this page with a token.
    await page.goto('/dev/outbox');
    const link = page.getByRole('link', { name: /\/reset-admin-password\?token=/ }).first();
    await link.waitFor();
    const href = new URL((await link.getAttribute('href'))!);
    await page.goto(href.pathname + href.search);

    await page.getByRole('heading', { name: text.setTitle }).waitFor();
    await page.getByLabel(uiText.auth.newPassword).fill('Fresh-Admin-Pass7');
    await page.getByRole('button', { name: text.submit }).click();
    await page.getByRole('status').getByText(text.done).waitFor();
    await page.getByRole('link', { name: text.signIn }).waitFor();
    expectNoErrors();

    // The same link a second time is spent (the browser logs the 400 itself: checked for errors above).
    await page.reload();
    await page.getByLabel(uiText.auth.newPassword).fill('Another-Admin-Pass8');
    await page.getByRole('button', { name: text.submit }).click();
    await page
      .getByRole('alert')
      .getByText(/invalid, has expired or was already used/)
      .waitFor();

    const old = await signInApi(server, ADMIN_EMAIL, GOOD_PASSWORD).catch((e: Error) => e);
    expect(old).toBeInstanceOf(Error);
    const fresh = await signInApi(server, ADMIN_EMAIL, 'Fresh-Admin-Pass7');
    expect((await fresh.get('/api/me')).body.isAdmin).toBe(true);
    await context.close();
  });
});
