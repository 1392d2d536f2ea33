// /driver-management (admins only): review applications while the applicant watches, live; then the
// approved driver goes online, and the status holds across a reload and shows in every open tab.
import { NOTIFICATIONS_REFETCH_MS } from '@openride/shared/constants';
import { adminText } from '@openride/shared/admin/admin-text';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminPathOf, applyApi, byText, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, onScreen, openPage, openSuite } from './support/fixtures';

const text = uiText.driverManagement;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

// An application is a row of the review table, found by the applicant's name.
const card = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });
const bell = (page: Page) => page.getByRole('button', { name: uiText.a11y.notifications });
const GREEN = 'rgb(16, 185, 129)'; // brand-500
/** Faster than the 5-second poll: what arrives within this came over the socket. */
const LIVE_MS = NOTIFICATIONS_REFETCH_MS - 1000;

async function openManagement() {
  const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
  await admin.page.goto(adminPathOf(server));
  // The panel links to the review page.
  await admin.page.getByRole('link', { name: new RegExp(uiText.pages.driverManagement.title) }).click();
  await admin.page.waitForURL(`${server.url}/driver-management`);
  await admin.page.getByRole('heading', { name: uiText.pages.driverManagement.title }).waitFor();
  return admin;
}

describe('driver review', () => {
  it('the admin approves while the applicant watches: notification and status arrive without reload; then online, persisted, in every tab', async () => {
    const applicant = await signUpApi(server, { full_name: 'Aria Applicant' });
    await applyApi(applicant, { full_name: 'Aria Applicant', license_plate: 'ARIA001' });
    const driver = await signedInPage(browser, server, applicant);
    await driver.page.goto('/driver');
    expect(await driver.page.getByTestId('application-status').textContent()).toBe(uiText.driverApplication.statuses.pending.label);
    await bell(driver.page).waitFor();
    expect(await driver.page.getByTestId('notification-badge').count()).toBe(0);

    const admin = await openManagement();
    // Pending is the default filter; the application is there with its details.
    expect(await admin.page.getByRole('tab', { selected: true }).textContent()).toBe(text.filters.pending);
    const application = card(admin.page, 'Aria Applicant');
    await application.getByText('ARIA001').waitFor();
    await application.getByText(applicant.email).waitFor();
    // At 1280 px both verbs of the row are on screen, not past the table's scroll edge (issue 27 §11).
    expect([
      await onScreen(application.getByRole('button', { name: text.approve })),
      await onScreen(application.getByRole('button', { name: text.reject })),
    ]).toEqual([true, true]);
    await application.getByRole('button', { name: text.approve }).click();
    // Approving asks first, and opens on the safe choice.
    const confirm = admin.page.getByRole('dialog', { name: adminText.drivers.approveDialog.title });
    await confirm.getByText(adminText.drivers.approveDialog.text('Aria Applicant')).waitFor();
    expect(await confirm.getByRole('button', { name: text.rejectDialog.cancel }).evaluate((el) => el === document.activeElement)).toBe(true);
    await confirm.getByRole('button', { name: adminText.drivers.approveDialog.confirm }).click();
    await byText(admin.page, text.approved.title).waitFor();
    // It leaves the pending list and shows under Approved.
    await expect.poll(() => card(admin.page, 'Aria Applicant').count()).toBe(0);
    await admin.page.getByRole('tab', { name: text.filters.approved }).click();
    await card(admin.page, 'Aria Applicant').waitFor();

    // The applicant's open page: badge, notification and status, no reload.
    await driver.page.getByTestId('notification-badge').waitFor({ timeout: LIVE_MS });
    expect(await driver.page.getByTestId('notification-badge').textContent()).toBe('1');
    await driver.page.getByTestId('application-status').getByText(uiText.driverApplication.statuses.approved.label).waitFor({ timeout: LIVE_MS });
    await bell(driver.page).click();
    const panel = driver.page.getByRole('dialog', { name: uiText.notifications.heading });
    await panel.getByText('Driver Application Approved').waitFor();
    await panel.getByRole('button', { name: /Driver Application Approved/ }).click();
    await expect.poll(() => driver.page.getByTestId('notification-badge').count()).toBe(0);
    await driver.page.keyboard.press('Escape');

    // Now the way online is open.
    await driver.page.getByRole('link', { name: messages.nav.goOnline }).first().click();
    await driver.page.waitForURL(`${server.url}/driver-active`);
    const big = driver.page.getByRole('switch', { name: uiText.driverActive.switchLabel });
    expect(await big.getAttribute('aria-checked')).toBe('false');
    await driver.page.getByRole('heading', { name: uiText.driverActive.offline.title }).waitFor();

    // A second tab of the same driver.
    const second = await driver.context.newPage();
    await second.goto('/driver-active');
    const secondSwitch = second.getByRole('switch', { name: uiText.driverActive.switchLabel });
    expect(await secondSwitch.getAttribute('aria-checked')).toBe('false');

    await big.click();
    await driver.page.getByRole('heading', { name: uiText.driverActive.online.title }).waitFor();
    await expect.poll(() => secondSwitch.getAttribute('aria-checked'), { timeout: LIVE_MS }).toBe('true');

    // Persisted: a reload still shows Online, in the page and in the nav's switch (green, 'Online').
    await driver.page.reload();
    await driver.page.getByRole('heading', { name: uiText.driverActive.online.title }).waitFor();
    expect(await big.getAttribute('aria-checked')).toBe('true');
    await driver.page.getByRole('button', { name: uiText.a11y.openMenu }).click();
    const navSwitch = driver.page.locator('#mobile-menu').getByRole('switch', { name: uiText.a11y.driverStatus });
    expect(await navSwitch.getAttribute('aria-checked')).toBe('true');
    // §4: Online is green.
    await expect.poll(() => navSwitch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(GREEN);
    await driver.page.locator('#mobile-menu').getByText(messages.nav.online, { exact: true }).waitFor();
    await driver.page.getByRole('button', { name: uiText.a11y.closeMenu }).click();

    // Offline from the second tab shows in the first.
    await secondSwitch.click();
    await driver.page.getByRole('heading', { name: uiText.driverActive.offline.title }).waitFor({ timeout: LIVE_MS });

    driver.expectNoErrors();
    admin.expectNoErrors();
    await second.close();
    await driver.context.close();
    await admin.context.close();
  });

  it('rejecting asks for a reason (required); the applicant is told why and may apply again', async () => {
    const applicant = await signUpApi(server, { full_name: 'Rex Rejected' });
    await applyApi(applicant, { full_name: 'Rex Rejected' });
    const driver = await signedInPage(browser, server, applicant);
    await driver.page.goto('/driver');
    await driver.page.getByTestId('application-status').waitFor();

    const admin = await openManagement();
    await card(admin.page, 'Rex Rejected').getByRole('button', { name: text.reject }).click();
    const dialog = admin.page.getByRole('dialog', { name: text.rejectDialog.title });
    await dialog.getByRole('button', { name: text.rejectDialog.confirm }).click();
    await dialog.getByText(text.rejectDialog.reasonRequired).waitFor();
    await dialog.getByLabel(text.rejectDialog.reasonLabel).fill('Plate number does not match the registration');
    await dialog.getByRole('button', { name: text.rejectDialog.confirm }).click();
    await byText(admin.page, text.rejected.title).waitFor();
    await admin.page.getByRole('tab', { name: text.filters.rejected }).click();
    await card(admin.page, 'Rex Rejected').getByText('Plate number does not match the registration').waitFor();

    await driver.page.getByTestId('application-status').getByText(uiText.driverApplication.statuses.rejected.label).waitFor({ timeout: LIVE_MS });
    // The reason on the page when the record answer carries it, else a pointer to the notification.
    await driver.page
      .getByRole('main')
      .getByText(new RegExp(`Plate number does not match the registration|${uiText.driverApplication.reasonInNotifications}`))
      .first()
      .waitFor();
    await bell(driver.page).click();
    const panel = driver.page.getByRole('dialog', { name: uiText.notifications.heading });
    await panel.getByText('Driver Application Not Approved').waitFor();
    await panel.getByText(/Plate number does not match the registration/).waitFor();
    await driver.page.keyboard.press('Escape');

    await driver.page.getByRole('button', { name: uiText.driverApplication.applyAgain }).click();
    await driver.page.getByRole('heading', { name: uiText.driverApplication.formTitle }).waitFor();
    expect(await driver.page.getByLabel(uiText.driverApplication.fields.fullName).inputValue()).toBe('Rex Rejected');
    driver.expectNoErrors();
    admin.expectNoErrors();
    await driver.context.close();
    await admin.context.close();
  });

  it('an empty filter says so', async () => {
    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    await admin.page.route(
      (url) => url.pathname === '/api/admin/drivers' && url.searchParams.get('status') === 'pending',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[],"next_cursor":null,"total":0}' }),
    );
    await admin.page.goto('/driver-management');
    await byText(admin.page, text.empty.pending).waitFor();
    admin.expectNoErrors();
    await admin.context.close();
  });

  it('is the not-found page for a rider, a driver and a visitor', async () => {
    const rider = await signUpApi(server);
    const one = await signedInPage(browser, server, rider);
    await one.page.goto('/driver-management');
    await one.page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    expect(await one.page.getByRole('heading', { name: uiText.pages.driverManagement.title }).count()).toBe(0);
    one.expectNoErrors();
    await one.context.close();

    const driverUser = await signUpApi(server);
    await applyApi(driverUser);
    const two = await signedInPage(browser, server, driverUser);
    await two.page.goto('/driver-management?status=all');
    await two.page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    two.expectNoErrors();
    await two.context.close();

    const three = await openPage(browser, server.url);
    await three.page.goto('/driver-management');
    await three.page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
    three.expectNoErrors();
    await three.context.close();

    // And the server refuses the list itself.
    expect((await rider.get('/api/admin/drivers?status=all')).status).toBe(403);
  });

  it('in a city that requires papers, approving says what the driver must still upload before going online', async () => {
    const operator = await adminApi(server);
    expect(
      (
        await operator.put('/api/admin/document-types', {
          city_id: 'sf',
          types: [{ kind: 'driver_licence', required: true, expiry_required: true, sides: 'front_back' }],
        })
      ).status,
    ).toBe(200);
    const applicant = await signUpApi(server, { full_name: 'Paula Papers' });
    const { id } = await applyApi(applicant, { full_name: 'Paula Papers', license_plate: 'PAPER01' });
    const licence = ((await operator.get(`/api/admin/drivers/${id}/compliance`)).body.items as Array<{ kind: string; label: string }>).find(
      (i) => i.kind === 'driver_licence',
    )!;

    const admin = await signedInPage(browser, server, operator, DESKTOP);
    await admin.page.goto('/driver-management');
    await card(admin.page, 'Paula Papers').getByRole('button', { name: text.approve }).click();
    const confirm = admin.page.getByRole('dialog', { name: adminText.drivers.approveDialog.title });
    await confirm.getByText(adminText.drivers.approveDialog.stillNeeded('Paula Papers', [licence.label])).waitFor();
    expect(await confirm.getByText(adminText.drivers.approveDialog.text('Paula Papers')).count()).toBe(0);
    admin.expectNoErrors();
    await admin.context.close();
  });
});
