// /vehicles (decision 0046): a driver adds a car at a phone's width, an admin verifies it in the queue, and
// the driver makes it the active one; an XL ride is then offered only to the XL driver, on their phone, not to
// the nearer Economy one (the rules themselves: apps/server/test/vehicles.test.ts).
import { driverText } from '@openride/shared/rides/driver-text';
import { uiText } from '@openride/shared/ui-text';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  type ApiUser,
  applyApi,
  byText,
  giveSeatsApi,
  reviewApi,
  serveTheWholeBay,
  signedInPage,
  signUpApi,
  startServer,
  uniquePhone,
} from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const text = vehicleText;
const card = (page: Page, name: string) => page.getByRole('article', { name });

describe('vehicles', () => {
  it('a driver adds an XL car on a phone, the admin verifies it from the queue, the driver sets it active', async () => {
    const user = await signUpApi(server, { full_name: 'Vera Van' });
    const { id } = await applyApi(user, { full_name: 'Vera Van', phone: uniquePhone(), license_plate: 'VERA001' });
    const admin = await adminApi(server);
    await reviewApi(admin, id, 'approved');

    const driver = await signedInPage(browser, server, user);
    await driver.page.goto('/vehicles');
    await driver.page.getByRole('heading', { name: uiText.pages.vehicles.title, level: 1 }).waitFor();
    // The application's car is the first: verified and active.
    const first = card(driver.page, '2021 Toyota Prius');
    await first.getByText(text.statuses.verified, { exact: true }).waitFor();
    await first.getByText(text.driver.active, { exact: true }).waitFor();

    await driver.page.getByRole('button', { name: text.driver.add }).click();
    const form = driver.page.getByRole('region', { name: text.form.addTitle });
    await form.getByLabel(text.form.make, { exact: true }).fill('Toyota');
    await form.getByLabel(text.form.model, { exact: true }).fill('Sienna');
    await form.getByLabel(text.form.year, { exact: true }).fill('2023');
    await form.getByLabel(text.form.color, { exact: true }).fill('Silver');
    await form.getByLabel(text.form.plate, { exact: true }).fill('VERA0XL');
    // The application's rules, from the shared schema: seats 1 to 8.
    await form.getByLabel(text.form.seats, { exact: true }).fill('9');
    await form.getByRole('button', { name: text.form.save }).click();
    await form.getByText('Seats must be between 1 and 8.', { exact: true }).waitFor();
    await form.getByLabel(text.form.seats, { exact: true }).fill('7');
    await form.getByRole('button', { name: text.form.save }).click();
    await byText(driver.page, text.driver.saved).waitFor();

    const sienna = card(driver.page, '2023 Toyota Sienna');
    await sienna.getByText(text.statuses.pending, { exact: true }).waitFor();
    expect(await sienna.getByRole('button', { name: `${text.driver.setActive}: 2023 Toyota Sienna` }).isDisabled()).toBe(true);
    await sienna.getByText(text.driver.onlyVerified, { exact: true }).waitFor();
    // A photo from a file (decision 0048): uploaded as a vehicle_photo, attached, shown as a thumbnail.
    const png = path.join(os.tmpdir(), `vehicle-${process.pid}.png`);
    await writeFile(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGMwTvsPRAwQCgApfgZhYQTz+AAAAABJRU5ErkJggg==', 'base64'));
    await sienna
      .getByRole('group', { name: text.driver.addPhoto('2023 Toyota Sienna') })
      .locator('input[type="file"]:not([capture])')
      .setInputFiles(png);
    await byText(driver.page, text.driver.photoAdded).waitFor();
    const thumb = sienna.getByRole('img', { name: text.driver.photoAlt('2023 Toyota Sienna', 1) });
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    // Nothing sticks out at the phone's width.
    expect(await driver.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The admin's /vehicles is the queue.
    const desk = await signedInPage(browser, server, admin, DESKTOP);
    await desk.page.goto('/vehicles');
    await desk.page.getByRole('heading', { name: text.admin.title, level: 1 }).waitFor();
    const row = desk.page.getByRole('row', { name: /VERA0XL/ });
    await row.getByText('Vera Van').waitFor();
    await row.getByRole('img', { name: text.admin.photoAlt('2023 Toyota Sienna VERA0XL', 1) }).waitFor();
    await row.getByRole('button', { name: `${text.admin.verify}: 2023 Toyota Sienna VERA0XL` }).click();
    const dialog = desk.page.getByRole('dialog');
    await dialog.getByRole('button', { name: text.admin.verify, exact: true }).click();
    await byText(desk.page, text.admin.verified).waitFor();
    await expect.poll(() => desk.page.getByRole('row', { name: /VERA0XL/ }).count()).toBe(0);

    // The driver: verified, qualifies for all three, and becomes the active car.
    await driver.page.reload();
    const verified = card(driver.page, '2023 Toyota Sienna');
    await verified.getByText(text.statuses.verified, { exact: true }).waitFor();
    for (const type of ['Economy', 'Comfort', 'XL']) await verified.getByText(type, { exact: true }).waitFor();
    await verified.getByRole('button', { name: `${text.driver.setActive}: 2023 Toyota Sienna` }).click();
    await byText(driver.page, text.driver.activated).waitFor();
    await card(driver.page, '2023 Toyota Sienna').getByText(text.driver.active, { exact: true }).waitFor();
    expect(await card(driver.page, '2021 Toyota Prius').getByText(text.driver.active, { exact: true }).count()).toBe(0);

    driver.expectNoErrors();
    desk.expectNoErrors();
    await driver.context.close();
    await desk.context.close();
  });

  it('an XL ride is offered only to the driver whose car is XL, not to the nearer Economy driver', async () => {
    await serveTheWholeBay(server);
    const admin = await adminApi(server);
    const pickup = { lat: 37.7599, lng: -122.4148, label: 'Mission Dolores' };
    /** An approved driver online on /driver-active, on a phone at `lat,lng`, sharing the location. */
    const online = async (name: string, at: { lat: number; lng: number }, seats?: number) => {
      const user = await signUpApi(server, { full_name: name });
      const { id } = await applyApi(user, { full_name: name, phone: uniquePhone() });
      await reviewApi(admin, id, 'approved');
      if (seats) await giveSeatsApi(user as ApiUser, admin, seats);
      const phone = await signedInPage(browser, server, user, {
        ...PHONE,
        geolocation: { latitude: at.lat, longitude: at.lng, accuracy: 10 },
        permissions: ['geolocation'],
      });
      await phone.page.goto('/driver-active');
      const toggle = phone.page.getByRole('switch', { name: uiText.driverActive.switchLabel });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await phone.page.getByText(driverText.location.sharing, { exact: true }).waitFor();
      return { ...phone, user, id };
    };
    const economy = await online('Evan Economy', { lat: pickup.lat + 0.001, lng: pickup.lng });
    const xl = await online('Xena Sevenseats', { lat: pickup.lat + 0.005, lng: pickup.lng }, 7);

    const rider = await signUpApi(server, { full_name: 'Riley Group' });
    const res = await rider.post('/api/rides', {
      pickup,
      destination: { lat: 37.7793, lng: -122.4193, label: 'City Hall' },
      ride_type: 'xl',
      payment_method: 'cash',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await xl.page.getByRole('region', { name: driverText.offer.title }).waitFor();
    // The nearer Economy driver's phone shows nothing, and the ride's timeline has one offer: to the XL driver.
    expect(await economy.page.getByRole('region', { name: driverText.offer.title }).count()).toBe(0);
    const timeline = (await admin.get(`/api/admin/rides/${res.body.ride.id}`)).body.timeline as Array<{ kind: string; driver_name: string | null }>;
    expect(timeline.filter((e) => e.kind === 'offered').map((e) => e.driver_name)).toEqual(['Xena Sevenseats']);

    await rider.post(`/api/rides/${res.body.ride.id}/cancel`, {});
    for (const d of [economy, xl]) {
      await d.user.patch(`/api/drivers/${d.id}`, { status: 'offline' });
      await d.context.close();
    }
  });
});
