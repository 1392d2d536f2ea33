// §2 post-login redirect, each rule through the Sign In form.
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, adminApi, adminPathOf, applyApi, byText, reviewApi, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, GOOD_PASSWORD, openPage, openSuite } from './support/fixtures';

const { auth, errors, success } = messages;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

/**
 * `awaitWelcome: false` where the next page raises its own toast at once: the toaster shows one toast at
 * a time (§9), so 'Welcome back!' may be replaced before anyone could read it.
 */
async function signIn(page: Page, email: string, returnTo?: string, { awaitWelcome = true } = {}) {
  await page.goto(returnTo ? `/auth?returnTo=${encodeURIComponent(returnTo)}` : '/auth');
  await page.getByRole('tab', { name: auth.tabs.signin }).click();
  await page.getByLabel(uiText.auth.email).fill(email);
  await page.getByLabel(uiText.auth.password, { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: uiText.auth.signInSubmit, exact: true }).click();
  if (awaitWelcome) await byText(page, success.welcomeBack.title).waitFor();
}

const path = (page: Page) => new URL(page.url()).pathname;

async function pendingDriver() {
  const user = await signUpApi(server);
  await applyApi(user);
  return user;
}

async function approvedDriver() {
  const user = await signUpApi(server);
  const { id } = await applyApi(user);
  await reviewApi(await adminApi(server), id, 'approved');
  return user;
}

describe('post-login redirect (§2)', () => {
  it('rule 3: without returnTo a rider goes to /', async () => {
    const rider = await signUpApi(server);
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await signIn(page, rider.email);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: uiText.a11y.notifications }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it('rule 3: without returnTo a user with a driver record goes to /driver-active (approved: stays there)', async () => {
    const driver = await approvedDriver();
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await signIn(page, driver.email);
    await page.waitForURL(`${server.url}/driver-active`);
    await page.getByRole('switch', { name: uiText.driverActive.switchLabel }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it('rule 3 with a pending record: /driver-active, which sends them on to /driver with Application Pending', async () => {
    const driver = await pendingDriver();
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await signIn(page, driver.email, undefined, { awaitWelcome: false });
    await byText(page, errors.applicationPending.title).waitFor();
    await byText(page, errors.applicationPending.text('pending')).waitFor();
    await page.waitForURL(`${server.url}/driver`);
    expectNoErrors();
    await context.close();
  });

  it('rule 3: without returnTo an admin goes to the admin panel', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await signIn(page, ADMIN_EMAIL);
    await page.waitForURL(`${server.url}${adminPathOf(server)}`);
    await page.getByRole('heading', { name: uiText.admin.title }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it('rule 1: returnTo=/driver-active goes there only with an approved record, else to /driver', async () => {
    const pending = await pendingDriver();
    const one = await openPage(browser, server.url);
    await signIn(one.page, pending.email, '/driver-active');
    await one.page.waitForURL(`${server.url}/driver`);
    await one.page.getByTestId('application-status').waitFor();
    one.expectNoErrors();
    await one.context.close();

    const rider = await signUpApi(server);
    const two = await openPage(browser, server.url);
    await signIn(two.page, rider.email, '/driver-active');
    await two.page.waitForURL(`${server.url}/driver`);
    await two.page.getByRole('button', { name: uiText.driverApplication.apply, exact: true }).waitFor();
    two.expectNoErrors();
    await two.context.close();

    const approved = await approvedDriver();
    const three = await openPage(browser, server.url);
    await signIn(three.page, approved.email, '/driver-active');
    await three.page.waitForURL(`${server.url}/driver-active`);
    await three.page.getByRole('switch', { name: uiText.driverActive.switchLabel }).waitFor();
    three.expectNoErrors();
    await three.context.close();
  });

  it('rule 2: any other returnTo is followed, even for a driver or an admin', async () => {
    const driver = await pendingDriver();
    const one = await openPage(browser, server.url);
    await signIn(one.page, driver.email, '/ride-history');
    await one.page.waitForURL(`${server.url}/ride-history`);
    one.expectNoErrors();
    await one.context.close();

    const two = await openPage(browser, server.url);
    await signIn(two.page, ADMIN_EMAIL, '/book-ride');
    await two.page.waitForURL(`${server.url}/book-ride`);
    two.expectNoErrors();
    await two.context.close();
  });

  it('rule 4: an error in the check goes to /', async () => {
    const driver = await pendingDriver();
    const { page, context } = await openPage(browser, server.url);
    await page.route('**/api/drivers/me', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"boom"}}' }),
    );
    await signIn(page, driver.email, '/driver-active');
    await page.waitForURL(`${server.url}/`);
    expect(path(page)).toBe('/');
    await context.close();
  });
});
