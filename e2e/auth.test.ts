import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalAgreement } from './support/accounts';
import { closeSuite, type E2EServer, GOOD_PASSWORD, openPage, openSuite, startE2EServer, uniqueEmail } from './support/fixtures';

const { errors, success } = messages;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startE2EServer()));
});
afterAll(() => closeSuite({ server, browser }));

async function signUpThroughForm(page: Page, email: string, password = GOOD_PASSWORD) {
  await page.goto('/auth');
  await expect.poll(() => page.getByText(messages.auth.greeting).isVisible()).toBe(true);
  // Default tab without returnTo=/driver-active is Sign Up (§2).
  expect(await page.getByRole('tab', { name: messages.auth.tabs.signup }).getAttribute('aria-selected')).toBe('true');
  await page.getByLabel(uiText.auth.fullName).fill('Riley Rider');
  // A phone of its own: sign-up refuses a phone another account holds (§5).
  await page.getByLabel(uiText.auth.phoneNumber).fill(`415${String(Date.now()).slice(-7)}`);
  await page.getByLabel(uiText.auth.email).fill(email);
  await page.getByLabel(uiText.auth.password, { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: legalAgreement }).check();
  await page.getByRole('button', { name: uiText.auth.signUpSubmit }).click();
}

async function signInThroughForm(page: Page, email: string, password = GOOD_PASSWORD) {
  await page.goto('/auth?type=rider');
  await page.getByRole('tab', { name: messages.auth.tabs.signin }).click();
  await page.getByLabel(uiText.auth.email).fill(email);
  await page.getByLabel(uiText.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: uiText.auth.signInSubmit, exact: true }).click();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('sign-up, sign-out, sign-in', () => {
  it('a newcomer signs up, stays signed in across a reload, signs out and signs back in', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    const email = uniqueEmail('e2e');
    await signUpThroughForm(page, email);
    await toast(page, success.welcome.title).waitFor();
    await toast(page, success.welcome.text).waitFor();
    // §2: a sign-up that returns a session shows the completion step first.
    await page.getByRole('link', { name: uiText.signUpComplete.rider.secondary }).click();
    await page.waitForURL(`${server.url}/`);

    // The session persists in the browser.
    await page.reload();
    await page.getByRole('button', { name: uiText.a11y.notifications }).waitFor();

    // Sign out from the account menu.
    await page.getByRole('button', { name: uiText.a11y.accountMenu }).click();
    await page.getByRole('button', { name: uiText.nav.signOut }).click();
    await toast(page, success.signedOut.title).waitFor();
    await expect.poll(() => page.getByRole('button', { name: uiText.a11y.notifications }).count()).toBe(0);

    await signInThroughForm(page, email);
    await toast(page, success.welcomeBack.title).waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: uiText.a11y.notifications }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it('a leaked password is refused with the Weak Password message', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signUpThroughForm(page, uniqueEmail('leak'), 'Password123');
    await toast(page, errors.weakPassword.title).waitFor();
    await toast(page, errors.weakPassword.text).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('a wrong password says Invalid Credentials, and repeated failures say Too Many Attempts', async () => {
    const setup = await openPage(browser, server.url);
    const email = uniqueEmail('locked');
    await signUpThroughForm(setup.page, email);
    await toast(setup.page, success.welcome.title).waitFor();
    await setup.context.close();

    const { page, context } = await openPage(browser, server.url);
    await signInThroughForm(page, email, 'Not-The-Passw0rd');
    await toast(page, errors.invalidCredentials.title).waitFor();
    await toast(page, errors.invalidCredentials.text).waitFor();
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: uiText.auth.signInSubmit, exact: true }).click();
      await page.getByRole('button', { name: uiText.auth.signInSubmit, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: uiText.auth.signInSubmit, exact: true }).click();
    await toast(page, errors.tooManyAttempts.title).waitFor();
    await toast(page, errors.tooManyAttempts.text).waitFor();
    await context.close();
  });
});

describe('password reset through the dev outbox', () => {
  it('asks for the email first, mails a link, and the link sets a new password', async () => {
    const setup = await openPage(browser, server.url);
    const email = uniqueEmail('reset');
    await signUpThroughForm(setup.page, email);
    await toast(setup.page, success.welcome.title).waitFor();
    await setup.context.close();

    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth');
    await page.getByRole('tab', { name: messages.auth.tabs.signin }).click();
    await page.getByRole('button', { name: messages.auth.forgotPassword }).click();
    await toast(page, errors.emailRequired.title).waitFor();
    await toast(page, errors.emailRequired.text).waitFor();

    await page.getByLabel(uiText.auth.email).fill(email);
    await page.getByRole('button', { name: messages.auth.forgotPassword }).click();
    await toast(page, success.checkEmailReset.title).waitFor();

    await page.goto('/dev/outbox');
    const message = page.locator('article, li').filter({ hasText: email }).first();
    await message.waitFor();
    await message.getByRole('link').first().click();
    await page.waitForURL(/\/auth\?token=/);
    await page.getByText(uiText.auth.resetPasswordTitle).waitFor();
    await page.getByLabel(uiText.auth.newPassword).fill('Fresh-Start-42x');
    await page.getByRole('button', { name: uiText.auth.resetPasswordSubmit }).click();
    await toast(page, uiText.auth.passwordUpdated.title).waitFor();

    await signInThroughForm(page, email, 'Fresh-Start-42x');
    await toast(page, success.welcomeBack.title).waitFor();
    expectNoErrors();
    await context.close();
  });
});
