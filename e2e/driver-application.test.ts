// /driver (§2 driver application, §5) and the /driver-active gate (§2, §4, §8).
import { VEHICLE_YEAR_MIN } from '@openride/shared/constants';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyApi, byText, legalAgreement, signedInPage, signUpApi, startServer, uniquePhone } from './support/accounts';
import { closeSuite, type E2EServer, GOOD_PASSWORD, openPage, openSuite, uniqueEmail } from './support/fixtures';

const { errors } = messages;
const text = uiText.driverApplication;
const field = text.fields;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const thisYear = new Date().getFullYear();

async function fillVehicle(page: Page) {
  await page.getByLabel(field.licenseNumber).fill('D7654321');
  await page.getByLabel(field.vehicleMake).fill('Honda');
  await page.getByLabel(field.vehicleModel).fill('Civic');
  await page.getByLabel(field.vehicleColor).fill('Silver');
  await page.getByLabel(field.licensePlate).fill('8XYZ987');
}

describe('the driver application on /driver', () => {
  it("the prompt: 'Maybe Later' dismisses with a toast and goes home", async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/driver');
    await page.getByRole('heading', { name: text.promptTitle }).waitFor();
    await page.getByRole('button', { name: messages.driver.maybeLater }).click();
    await byText(page, text.maybeLaterToast.title).waitFor();
    await byText(page, text.maybeLaterToast.text).waitFor();
    await page.waitForURL(`${server.url}/`);
    expectNoErrors();
    await context.close();
  });

  it('the form: every field required, year 2000 to next year defaulting to this year, documents after approval', async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/driver');
    await page.getByRole('button', { name: text.apply, exact: true }).click();
    await page.getByRole('heading', { name: text.formTitle }).waitFor();
    await byText(page, messages.driver.documentsAfterApproval).waitFor();
    for (const label of Object.values(field)) expect(await page.getByLabel(label).getAttribute('required'), label).not.toBeNull();

    const year = page.getByLabel(field.vehicleYear);
    expect(await year.getAttribute('type')).toBe('number');
    expect(await year.getAttribute('min')).toBe(String(VEHICLE_YEAR_MIN));
    expect(await year.getAttribute('max')).toBe(String(thisYear + 1));
    expect(await year.inputValue()).toBe(String(thisYear));

    // Out of range: the form does not go anywhere.
    await page.getByLabel(field.fullName).fill('Val Idation');
    await page.getByLabel(field.phone).fill('4155550000');
    await fillVehicle(page);
    for (const bad of [String(VEHICLE_YEAR_MIN - 1), String(thisYear + 2)]) {
      await year.fill(bad);
      await page.getByRole('button', { name: text.submit }).click();
      expect(await year.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/driver');
    }
    await page.getByRole('button', { name: text.back }).click();
    await page.getByRole('heading', { name: text.promptTitle }).waitFor();
    expectNoErrors();
    await context.close();
  });

  it("a visitor who submits: 'Authentication Required', sign-up, back to the kept form, submit, pending; the nav shows Go Online and the switch", async () => {
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/driver');
    await page.getByRole('button', { name: text.apply, exact: true }).click();
    await page.getByLabel(field.fullName).fill('Vic Visitor');
    const phone = uniquePhone();
    await page.getByLabel(field.phone).fill(phone);
    await fillVehicle(page);
    await page.getByLabel(field.vehicleYear).fill(String(thisYear + 1));
    await page.getByRole('button', { name: text.submit }).click();
    await byText(page, errors.authRequired.title).waitFor();
    await byText(page, errors.authRequired.text).waitFor();
    await page.waitForURL(`${server.url}/auth?returnTo=%2Fdriver`);

    await page.getByLabel(uiText.auth.fullName).fill('Vic Visitor');
    await page.getByLabel(uiText.auth.phoneNumber).fill(phone);
    await page.getByLabel(uiText.auth.email).fill(uniqueEmail('visitor'));
    await page.getByLabel(uiText.auth.password, { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('checkbox', { name: legalAgreement }).check();
    await page.getByRole('button', { name: uiText.auth.signUpSubmit }).click();

    // Back on the form with what was typed.
    await page.waitForURL(`${server.url}/driver`);
    await page.getByRole('heading', { name: text.formTitle }).waitFor();
    expect(await page.getByLabel(field.licensePlate).inputValue()).toBe('8XYZ987');
    expect(await page.getByLabel(field.vehicleYear).inputValue()).toBe(String(thisYear + 1));
    await page.getByRole('button', { name: text.submit }).click();
    await byText(page, text.submitted.title).waitFor();
    await page.getByRole('heading', { name: text.statusTitle }).waitFor();
    expect(await page.getByTestId('application-status').textContent()).toBe(text.statuses.pending.label);
    // The city they drive in (decision 0074): the one city served, taken without a select.
    expect(await page.getByTestId('driver-city').textContent()).toBe('San Francisco');
    expect(await page.getByRole('link', { name: messages.nav.goOnline }).count()).toBe(0);

    // §2 nav: with a driver record, 'Go Online' and the Online/Offline switch (in the mobile menu here).
    await page.getByRole('button', { name: uiText.a11y.openMenu }).click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.getByRole('link', { name: messages.nav.goOnline }).getAttribute('href')).toBe('/driver-active');
    const toggle = menu.getByRole('switch', { name: uiText.a11y.driverStatus });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await menu.getByText(messages.nav.offline, { exact: true }).waitFor();
    // §4: Offline is grey.
    expect(await toggle.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(203, 213, 225)');
    // Not approved yet: the switch explains instead of going online.
    await toggle.click();
    await byText(page, errors.applicationPending.title).waitFor();
    await byText(page, errors.applicationPending.text('pending')).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // Reload: still the pending view, no second application offered.
    await page.reload();
    expect(await page.getByTestId('application-status').textContent()).toBe(text.statuses.pending.label);
    expectNoErrors();
    await context.close();
  });

  it('a signed-in rider finds name and phone prefilled from the profile', async () => {
    const phone = uniquePhone();
    const rider = await signUpApi(server, { full_name: 'Pat Prefill', phone });
    const { page, expectNoErrors, context } = await signedInPage(browser, server, rider);
    await page.goto('/driver');
    await page.getByRole('button', { name: text.apply, exact: true }).click();
    expect(await page.getByLabel(field.fullName).inputValue()).toBe('Pat Prefill');
    expect(await page.getByLabel(field.phone).inputValue()).toBe(phone);
    expect(await page.getByLabel(field.licenseNumber).inputValue()).toBe('');
    expectNoErrors();
    await context.close();
  });

  it("a server refusal: 'Application Failed' with its message", async () => {
    const rider = await signUpApi(server);
    const { page, context } = await signedInPage(browser, server, rider);
    await page.route('**/api/drivers', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'License number not recognised' } }),
          })
        : route.continue(),
    );
    await page.goto('/driver');
    await page.getByRole('button', { name: text.apply, exact: true }).click();
    await fillVehicle(page);
    await page.getByRole('button', { name: text.submit }).click();
    await byText(page, errors.applicationFailed.title).waitFor();
    await byText(page, 'License number not recognised').waitFor();
    await context.close();
  });
});

describe('/driver-active admits approved drivers only', () => {
  it("a pending driver: 'Application Pending' with the status, then /driver", async () => {
    const driver = await signUpApi(server);
    await applyApi(driver);
    const { page, expectNoErrors, context } = await signedInPage(browser, server, driver);
    await page.goto('/driver-active');
    await byText(page, errors.applicationPending.title).waitFor();
    await byText(page, errors.applicationPending.text('pending')).waitFor();
    await page.waitForURL(`${server.url}/driver`);
    expect(await page.getByRole('switch', { name: uiText.driverActive.switchLabel }).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });

  it('no driver record: /driver; signed out: /auth?returnTo=/driver-active with Sign In selected', async () => {
    const rider = await signUpApi(server);
    const one = await signedInPage(browser, server, rider);
    await one.page.goto('/driver-active');
    await one.page.waitForURL(`${server.url}/driver`);
    await one.page.getByRole('button', { name: text.apply, exact: true }).waitFor();
    one.expectNoErrors();
    await one.context.close();

    const two = await openPage(browser, server.url);
    await two.page.goto('/driver-active');
    await two.page.waitForURL(`${server.url}/auth?returnTo=%2Fdriver-active`);
    await two.page.getByRole('tab', { name: messages.auth.tabs.signin, selected: true }).waitFor();
    two.expectNoErrors();
    await two.context.close();
  });
});
