// /auth to the letter (§2, §4, §5, §8): the screen, the sign-up rules and their toasts, the completion
// step, the signed-in view and the automatic continuation.
import { legalText } from '@openride/shared/legal/legal-text';
import { messages } from '@openride/shared/messages';
import { PHONE_CONFLICT_MESSAGE } from '@openride/shared/profiles/schemas';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ENV,
  adminApi,
  adminPathOf,
  applyApi,
  byText,
  legalAgreement,
  reviewApi,
  signedInPage,
  signInApi,
  signUpApi,
  startServer,
  uniquePhone,
} from './support/accounts';
import { closeSuite, type E2EServer, GOOD_PASSWORD, openPage, openSuite, uniqueEmail } from './support/fixtures';

const { auth, errors, success } = messages;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const selectedTab = async (page: Page) => page.getByRole('tab', { selected: true }).textContent();

async function fillSignUp(page: Page, values: { name: string; phone: string; email: string; password?: string; agree?: boolean }) {
  await page.getByLabel(uiText.auth.fullName).fill(values.name);
  await page.getByLabel(uiText.auth.phoneNumber).fill(values.phone);
  await page.getByLabel(uiText.auth.email).fill(values.email);
  await page.getByLabel(uiText.auth.password, { exact: true }).fill(values.password ?? GOOD_PASSWORD);
  await page.getByRole('checkbox', { name: legalAgreement }).setChecked(values.agree ?? true);
  await page.getByRole('button', { name: uiText.auth.signUpSubmit }).click();
}

describe('the /auth screen', () => {
  it('greets, defaults to Sign Up, toggles the password, links between tabs and closes to /', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth');
    await page.getByRole('heading', { name: auth.greeting }).waitFor();
    for (const name of Object.values(auth.tabs)) await tab(page, name).waitFor();
    expect(await selectedTab(page)).toBe(auth.tabs.signup);

    // Sign Up: the four fields, all required, and the password hint.
    for (const label of [uiText.auth.fullName, uiText.auth.phoneNumber, uiText.auth.email]) {
      expect(await page.getByLabel(label).getAttribute('required')).not.toBeNull();
    }
    const password = page.getByLabel(uiText.auth.password, { exact: true });
    expect(await password.getAttribute('required')).not.toBeNull();
    await byText(page, auth.passwordHint).waitFor();

    // Show/hide keeps an accessible name that says what it will do.
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: uiText.a11y.showPassword }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: uiText.a11y.hidePassword }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: auth.signInInstead }).click();
    expect(await selectedTab(page)).toBe(auth.tabs.signin);
    await page.getByRole('button', { name: auth.forgotPassword }).waitFor();
    await page.getByRole('button', { name: auth.becomeDriver }).waitFor();

    await tab(page, auth.tabs.phone).click();
    await byText(page, auth.phoneIntro).waitFor();
    await page.getByRole('button', { name: auth.signInWithEmail }).click();
    expect(await selectedTab(page)).toBe(auth.tabs.signin);

    await page.getByRole('button', { name: uiText.a11y.close }).click();
    await page.waitForURL(`${server.url}/`);
    expectNoErrors();
    await context.close();
  });

  it('defaults to Sign In when returnTo is /driver-active', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth?returnTo=%2Fdriver-active');
    await tab(page, auth.tabs.signin).waitFor();
    expect(await selectedTab(page)).toBe(auth.tabs.signin);
    await page.goto('/auth?returnTo=%2Fbook-ride');
    await tab(page, auth.tabs.signup).waitFor();
    expect(await selectedTab(page)).toBe(auth.tabs.signup);
    expectNoErrors();
    await context.close();
  });

  it("'Become a Driver' on Sign In opens the driver onboarding at /driver", async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth?type=driver');
    await byText(page, uiText.auth.driverContext).waitFor();
    await tab(page, auth.tabs.signin).click();
    await page.getByRole('button', { name: auth.becomeDriver }).click();
    await page.waitForURL(`${server.url}/driver`);
    await page.getByRole('button', { name: uiText.driverApplication.apply, exact: true }).waitFor();
    expectNoErrors();
    await context.close();
  });
});

describe('sign-up rules (§5) and their toasts (§8)', () => {
  it('blank name, then blank phone: Missing Information; then the first schema message: Validation Error', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth');
    await tab(page, auth.tabs.signup).waitFor();

    // Whitespace passes the browser's `required` but is blank to §5.
    await fillSignUp(page, { name: '   ', phone: '   ', email: uniqueEmail('v'), password: 'weakpass' });
    await byText(page, errors.missingInformation.title).waitFor();
    await byText(page, errors.missingInformation.fullName).waitFor();

    await fillSignUp(page, { name: 'Sam Rider', phone: '   ', email: uniqueEmail('v'), password: 'weakpass' });
    await byText(page, errors.missingInformation.phone).waitFor();

    // Two schema problems (no uppercase, no number): only the first is shown.
    await fillSignUp(page, { name: 'Sam Rider', phone: uniquePhone(), email: uniqueEmail('v'), password: 'weakpassword' });
    await byText(page, errors.validation.title).waitFor();
    await byText(page, 'Password must contain an uppercase letter').waitFor();

    // The browser accepts sam@host; the schema does not.
    await fillSignUp(page, { name: 'Sam Rider', phone: uniquePhone(), email: 'sam@host', password: GOOD_PASSWORD });
    await byText(page, 'Please enter a valid email address').waitFor();

    // The agreement unticked: refused by the form, as the others, with its own words (issue 27), not by the
    // browser's tooltip; nothing is asked of the server.
    let signUpCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/functions/auth-with-rate-limit')) signUpCalls++;
    });
    await fillSignUp(page, { name: 'Sam Rider', phone: uniquePhone(), email: uniqueEmail('v'), password: GOOD_PASSWORD, agree: false });
    await byText(page, legalText.agreementRequired).waitFor();
    expect(await page.getByRole('checkbox', { name: legalAgreement }).isChecked()).toBe(false);
    expect(signUpCalls).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/auth');
    expectNoErrors();
    await context.close();
  });

  it('a phone another account holds: Phone Number In Use with the returned message, nothing created', async () => {
    const phone = uniquePhone();
    await signUpApi(server, { phone });
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    let signUpCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/functions/auth-with-rate-limit')) signUpCalls++;
    });
    await page.goto('/auth');
    // Typed differently, same phone.
    await fillSignUp(page, { name: 'Second Owner', phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, email: uniqueEmail('dup-phone') });
    await byText(page, errors.phoneInUse.title).waitFor();
    await byText(page, PHONE_CONFLICT_MESSAGE).waitFor();
    expect(signUpCalls).toBe(0);
    expect(await selectedTab(page)).toBe(auth.tabs.signup);
    expectNoErrors();
    await context.close();
  });

  it('when the conflict check itself fails, it is ignored and sign-up goes on', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.route('**/api/rpc/check_phone_conflict', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth');
    await fillSignUp(page, { name: 'Check Down', phone: uniquePhone(), email: uniqueEmail('check-down') });
    await byText(page, success.welcome.title).waitFor();
    await page.getByRole('heading', { name: uiText.signUpComplete.rider.title }).waitFor();
    await context.close();
  });

  it('a registered email: Account Found, and the screen switches to Sign In with the email kept', async () => {
    const existing = await signUpApi(server);
    const { page, errors: logged, context } = await openPage(browser, server.url);
    await page.goto('/auth');
    await fillSignUp(page, { name: 'Again', phone: uniquePhone(), email: existing.email });
    await byText(page, errors.accountFound.title).waitFor();
    await byText(page, errors.accountFound.text).waitFor();
    await expect.poll(() => selectedTab(page)).toBe(auth.tabs.signin);
    expect(await page.getByLabel(uiText.auth.email).inputValue()).toBe(existing.email);
    // The refusal itself (HTTP 422) is logged by the browser; nothing else may be.
    expect(logged.filter((line) => !/status of 422/.test(line))).toEqual([]);
    await context.close();
  });

  it("a sign-up without a session: 'Check your email' (confirmation pending)", async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    // This server signs new users straight in; a confirming deployment answers without a session.
    await page.route('**/api/functions/auth-with-rate-limit', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { session: null, user: { id: 'u1', email: 'c@example.test' } }, error: null }),
      }),
    );
    await page.goto('/auth');
    await fillSignUp(page, { name: 'Confirm Me', phone: uniquePhone(), email: 'c@example.test' });
    await byText(page, success.checkEmailConfirm.title).waitFor();
    await byText(page, success.checkEmailConfirm.text).waitFor();
    await expect.poll(() => selectedTab(page)).toBe(auth.tabs.signin);
    expectNoErrors();
    await context.close();
  });

  it('fields are disabled while the sign-up is submitting', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/functions/auth-with-rate-limit', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth');
    await fillSignUp(page, { name: 'Slow Network', phone: uniquePhone(), email: uniqueEmail('slow') });
    await page.getByRole('button', { name: uiText.auth.submitting }).waitFor();
    for (const label of [uiText.auth.fullName, uiText.auth.phoneNumber, uiText.auth.email]) {
      expect(await page.getByLabel(label).isDisabled()).toBe(true);
    }
    expect(await page.getByLabel(uiText.auth.password, { exact: true }).isDisabled()).toBe(true);
    release();
    await byText(page, success.welcome.title).waitFor();
    expectNoErrors();
    await context.close();
  });
});

describe('after a sign-up that returns a session: the completion step', () => {
  it("a rider: 'Welcome!', then You're all set with Book a Ride", async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth?type=rider');
    await fillSignUp(page, { name: 'Riley Rider', phone: uniquePhone(), email: uniqueEmail('rider') });
    await byText(page, success.welcome.title).waitFor();
    await byText(page, success.welcome.text).waitFor();
    await page.getByRole('heading', { name: uiText.signUpComplete.rider.title }).waitFor();
    // The ticked agreement is recorded with the versions in force (decision 0057): nothing to agree to again.
    const legal = await page.evaluate(() => fetch('/api/legal/status').then((r) => r.json()));
    expect(legal).toMatchObject({ needs_acceptance: false, accepted: { terms: 1, privacy: 1 } });
    await page.getByRole('link', { name: messages.nav.bookRide }).click();
    await page.waitForURL(`${server.url}/book-ride`);
    await page.getByRole('button', { name: uiText.a11y.notifications }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it('type=driver: the next step is the driver application, with name and phone prefilled', async () => {
    const phone = uniquePhone();
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth?type=driver');
    await fillSignUp(page, { name: 'Devi Driver', phone, email: uniqueEmail('driver') });
    await page.getByRole('heading', { name: uiText.signUpComplete.driver.title }).waitFor();
    await page.getByRole('link', { name: messages.driver.maybeLater }).waitFor();
    await page.getByRole('link', { name: uiText.signUpComplete.driver.primary }).click();
    await page.waitForURL(`${server.url}/driver`);
    await page.getByRole('heading', { name: uiText.driverApplication.formTitle }).waitFor();
    expect(await page.getByLabel(uiText.driverApplication.fields.fullName).inputValue()).toBe('Devi Driver');
    expect(await page.getByLabel(uiText.driverApplication.fields.phone).inputValue()).toBe(phone);
    expectNoErrors();
    await context.close();
  });
});

describe('signed in on /auth', () => {
  it("shows 'Already Logged In' with the role; 'Go to Dashboard' takes a rider to /", async () => {
    const rider = await signUpApi(server);
    const { page, expectNoErrors, context } = await signedInPage(browser, server, rider);
    await page.goto('/auth');
    await page.getByRole('heading', { name: auth.alreadyLoggedIn }).waitFor();
    await byText(page, uiText.auth.currentRole('user')).waitFor();
    await page.getByRole('button', { name: auth.goToDashboard }).click();
    await page.waitForURL(`${server.url}/`);
    expectNoErrors();
    await context.close();
  });

  it("'Go to Dashboard': a driver to /driver-active, an admin to the admin panel", async () => {
    const driver = await signUpApi(server);
    const { id } = await applyApi(driver);
    await reviewApi(await adminApi(server), id, 'approved');
    const one = await signedInPage(browser, server, driver);
    await one.page.goto('/auth');
    await byText(one.page, uiText.auth.currentRole('driver')).waitFor();
    await one.page.getByRole('button', { name: auth.goToDashboard }).click();
    await one.page.waitForURL(`${server.url}/driver-active`);
    await one.page.getByRole('switch', { name: uiText.driverActive.switchLabel }).waitFor();
    one.expectNoErrors();
    await one.context.close();

    const admin = await signedInPage(browser, server, await signInApi(server, ADMIN_ENV.ADMIN_EMAIL));
    await admin.page.goto('/auth');
    await byText(admin.page, uiText.auth.currentRole('admin')).waitFor();
    await admin.page.getByRole('button', { name: auth.goToDashboard }).click();
    await admin.page.waitForURL(`${server.url}${adminPathOf(server)}`);
    await admin.page.getByRole('heading', { name: uiText.admin.title }).waitFor();
    admin.expectNoErrors();
    await admin.context.close();
  });

  it("'Sign Out to Create New Account' signs out and shows the forms", async () => {
    const rider = await signUpApi(server);
    const { page, expectNoErrors, context } = await signedInPage(browser, server, rider);
    await page.goto('/auth');
    await page.getByRole('button', { name: auth.signOutToCreate }).click();
    await byText(page, success.signedOut.title).waitFor();
    await tab(page, auth.tabs.signup).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expectNoErrors();
    await context.close();
  });

  it("with a session and returnTo, the screen continues there by itself ('Redirecting...')", async () => {
    const rider = await signUpApi(server);
    const { page, expectNoErrors, context } = await signedInPage(browser, server, rider);
    // The continuation re-reads the session; holding that second answer makes the in-between state readable.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let meCalls = 0;
    await page.route('**/api/me', async (route) => {
      if (++meCalls > 1) await held;
      await route.continue();
    });
    await page.goto('/auth?returnTo=%2Fride-history');
    await byText(page, auth.redirecting).waitFor();
    release();
    await page.waitForURL(`${server.url}/ride-history`);
    await page.getByRole('heading', { name: riderText.history.title }).waitFor();
    expect(await page.getByText(auth.alreadyLoggedIn).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });
});
