// /driver/{id}: an admin suspends a driver who is online; the driver's screen goes offline and leaves with
// the reason, and going online again is refused; reinstated, they can.
import { adminText, driverDetailText } from '@openride/shared/admin/admin-text';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

describe('driver detail', () => {
  it('an admin suspends a driver, who is taken offline and cannot go online until reinstated', async () => {
    const driverUser = await signUpApi(server, { full_name: 'Sid Suspended' });
    const { id } = await applyApi(driverUser, { full_name: 'Sid Suspended', license_plate: 'SUSP001' });
    await reviewApi(await adminApi(server), id, 'approved');

    const driver = await signedInPage(browser, server, driverUser, {
      ...PHONE,
      geolocation: { latitude: 37.7749, longitude: -122.4194, accuracy: 10 },
      permissions: ['geolocation'],
    });
    await driver.page.goto('/driver-active');
    await driver.page.getByRole('switch', { name: uiText.driverActive.switchLabel }).click();
    await driver.page.getByText(uiText.driverActive.online.title).waitFor();

    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    await admin.page.goto('/driver-management?status=approved');
    await admin.page.getByRole('link', { name: 'Sid Suspended' }).click();
    await admin.page.waitForURL(`${server.url}/driver/${id}`);
    await admin.page.getByText(driverDetailText.online, { exact: true }).waitFor();
    await admin.page.getByText('SUSP001', { exact: false }).first().waitFor();
    // The driver's vehicles (decision 0048): the application's car, active and verified with the approval.
    const vehicles = admin.page.getByRole('region', { name: driverDetailText.vehicles.title });
    await vehicles
      .getByRole('listitem', { name: /SUSP001/ })
      .getByText(vehicleText.statuses.verified, { exact: true })
      .waitFor();
    await vehicles.getByText(driverDetailText.vehicles.active, { exact: true }).waitFor();

    await admin.page.getByRole('button', { name: driverDetailText.suspend, exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: driverDetailText.suspendDialog.title });
    await dialog.getByLabel(driverDetailText.reasonLabel).fill('Complaint under review');
    await dialog.getByRole('button', { name: driverDetailText.suspendDialog.confirm }).click();
    await admin.page.getByText(driverDetailText.suspended, { exact: true }).waitFor();
    await admin.page.getByText(driverDetailText.offline, { exact: true }).waitFor();

    // The driver's open screen hears it, and leaves for /driver with the reason.
    await driver.page.getByText(uiText.driverActive.suspendedTitle).first().waitFor();
    await driver.page.waitForURL(`${server.url}/driver`);
    // /driver says approved, but suspended and why; no way online from there.
    await driver.page.getByText(uiText.driverApplication.suspended.title).waitFor();
    await driver.page.getByText('Complaint under review').waitFor();
    expect(await driver.page.getByRole('link', { name: messages.nav.goOnline }).count()).toBe(0);
    const online = await driverUser.request(`/api/drivers/${id}`, { method: 'PATCH', json: { status: 'available' } });
    expect(online.body.error.code).toBe('DRIVER_SUSPENDED');

    await admin.page.getByRole('button', { name: driverDetailText.reinstate, exact: true }).click();
    const again = admin.page.getByRole('dialog', { name: driverDetailText.reinstateDialog.title });
    await again.getByLabel(driverDetailText.reasonLabel).fill('Cleared');
    await again.getByRole('button', { name: driverDetailText.reinstateDialog.confirm }).click();
    await expect.poll(() => admin.page.getByText(driverDetailText.suspended, { exact: true }).count()).toBe(0);
    expect((await driverUser.request(`/api/drivers/${id}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);

    admin.expectNoErrors();
    await admin.context.close();
    await driver.context.close();
  });

  it('a driver on compliance hold shows "On hold" in the list and why on their page (phone)', async () => {
    // The operator requires a licence in the first city (a new driver's city, decision 0049); the last test of the file.
    const operator = await adminApi(server);
    const [city] = (await operator.get('/api/admin/cities')).body.items as Array<{ id: string }>;
    expect(
      (
        await operator.put('/api/admin/document-types', {
          city_id: city!.id,
          types: [{ kind: 'driver_licence', required: true, expiry_required: true, sides: 'front_back' }],
        })
      ).status,
    ).toBe(200);
    const driverUser = await signUpApi(server, { full_name: 'Hana Held' });
    const { id } = await applyApi(driverUser, { full_name: 'Hana Held', license_plate: 'HOLD001' });
    await reviewApi(operator, id, 'approved');
    const admin = await signedInPage(browser, server, operator, PHONE);
    await admin.page.goto('/driver-management?status=approved');
    await admin.page.getByRole('combobox', { name: adminText.drivers.compliance.filter }).selectOption('on_hold');
    const row = admin.page.getByRole('row', { name: /Hana Held/ });
    await row.getByText(adminText.drivers.compliance.on_hold, { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Hana Held' }).click();
    await admin.page.waitForURL(`${server.url}/driver/${id}`);
    const section = admin.page.getByRole('region', { name: driverDetailText.compliance.title });
    await section.getByText(driverDetailText.compliance.onHold).waitFor();
    await section.getByText("Driver's licence: not uploaded yet.").waitFor();
    expect(await section.getByRole('link', { name: driverDetailText.compliance.reviewDocuments }).getAttribute('href')).toBe(`/document-review?driver=${id}`);
    admin.expectNoErrors();
    await admin.context.close();
  });
});
