// /booking-management: an admin finds a completed ride and reads its timeline; then cancels a live ride
// with a reason, and the rider's open track page shows it without a reload.
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { operatorText } from '@openride/shared/rides/operator-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type ApiUser, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const PICKUP = { lat: 37.7749, lng: -122.4194, label: 'Civic Center' };
const DESTINATION = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };

/** A driver online at the pickup through the API (fixes over HTTP), as the driver app does without a socket. */
async function onlineDriver(name: string) {
  const user = await signUpApi(server, { full_name: name });
  const { id } = await applyApi(user, { full_name: name });
  await reviewApi(await adminApi(server), id, 'approved');
  expect((await user.request(`/api/drivers/${id}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  return user;
}

/** A fresh fix just before a booking (the server forgets a silent driver after a while). */
async function locate(driver: ApiUser) {
  await expect
    .poll(async () => (await driver.post('/api/drivers/me/location', { lat: PICKUP.lat + 0.002, lng: PICKUP.lng, accuracy: 5 })).status, { timeout: 5000 })
    .toBe(204);
}

async function acceptedRide(rider: ApiUser, driver: ApiUser) {
  await locate(driver);
  const ride = (await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' })).body.ride;
  await expect.poll(async () => (await driver.get('/api/drivers/me/offer')).body.offer?.ride_id ?? null, { timeout: 15_000 }).toBe(ride.id);
  expect((await driver.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
  return ride as { id: string; pin: string };
}

describe('booking management', () => {
  it('finds a completed ride and reads its timeline; cancels a live one and the rider sees it at once', async () => {
    const driver = await onlineDriver('Dana Dispatched');
    const first = await signUpApi(server, { full_name: 'Tess Timeline' });
    const done = await acceptedRide(first, driver);
    await driver.post(`/api/rides/${done.id}/arrive`, {});
    await driver.post(`/api/rides/${done.id}/start`, { pin: done.pin });
    expect((await driver.post(`/api/rides/${done.id}/complete`, {})).status).toBe(200);

    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    const a = admin.page;
    await a.goto('/booking-management');
    await a.getByRole('heading', { name: uiText.pages.bookingManagement.title }).waitFor();
    await a.getByLabel(operatorText.search).fill('Tess');
    const row = a.getByRole('row', { name: /Tess Timeline/ });
    await row.getByText(STATUS_LABELS.completed, { exact: true }).waitFor();
    await row.getByRole('link').click();
    await a.waitForURL(`${server.url}/booking-management/${done.id}`);
    const timeline = a.getByRole('region', { name: operatorText.timeline });
    for (const line of [
      'Requested',
      operatorText.events.offered('Dana Dispatched'),
      operatorText.events.accepted('Dana Dispatched'),
      operatorText.events.started,
      'Completed',
    ]) {
      await timeline.getByText(line, { exact: true }).waitFor();
    }
    expect(await a.getByRole('button', { name: operatorText.cancel }).count()).toBe(0);

    // A live ride: the rider watches it on their phone while the operator cancels it.
    const second = await signUpApi(server, { full_name: 'Lou Live' });
    const live = await acceptedRide(second, driver);
    const rider = await signedInPage(browser, server, second, PHONE);
    await rider.page.goto(`/track-ride/${live.id}`);
    await rider.page.getByRole('status', { name: riderText.track.status }).getByText(STATUS_LABELS.accepted, { exact: true }).waitFor();

    await a.goto(`/booking-management/${live.id}`);
    const cancel = a.getByRole('button', { name: operatorText.cancel });
    await cancel.click();
    const dialog = a.getByRole('dialog', { name: operatorText.cancelDialog.title });
    await dialog.getByLabel(operatorText.cancelDialog.reasonLabel).fill('Road closed for the marathon');
    await dialog.getByRole('button', { name: operatorText.cancelDialog.confirm }).click();
    await a.getByRole('region', { name: operatorText.timeline }).getByText(operatorText.events.cancelled('operator'), { exact: true }).waitFor();

    await rider.page.getByText(riderText.track.cancelledByOperator('Road closed for the marathon')).first().waitFor();
    expect((await second.get(`/api/rides/${live.id}`)).body.ride.status).toBe('cancelled');

    admin.expectNoErrors();
    rider.expectNoErrors();
    await admin.context.close();
    await rider.context.close();
  });
});
