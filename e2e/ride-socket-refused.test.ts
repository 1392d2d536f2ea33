// No page depends on the socket alone: with every WebSocket refused on both phones, the rider and the
// driver still complete a ride — the driver's position goes over HTTP, the offer, the ride and the chat
// are polled — and both phones say, discreetly, that live updates are paused. An operator's booking list,
// without a socket too, polls the ride's statuses.
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { driverText } from '@openride/shared/rides/driver-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
const track = riderText.track;
const ride = driverText.ride;
const CITY_CENTRE = { lat: 37.7749, lng: -122.4194 };
const north = (p: { lat: number; lng: number }, m: number) => ({ lat: p.lat + m / 111_195, lng: p.lng });

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

/** Every socket this phone opens is closed at once, as by a proxy that refuses upgrades. Returns the count. */
async function refuseSockets(context: BrowserContext) {
  let attempts = 0;
  await context.routeWebSocket(/\/ws$/, (ws) => {
    attempts += 1;
    void ws.close({ code: 1011, reason: 'refused by the test' });
  });
  return () => attempts;
}

const riderStatus = (page: Page) => page.getByRole('status', { name: track.status });
const pollingNotice = (page: Page) => page.getByRole('status').filter({ hasText: uiText.realtime.polling });

describe('with the WebSocket refused', () => {
  it('rider and driver complete a ride by polling, and each phone says live updates are paused', async () => {
    const pickup = CITY_CENTRE;
    const driverAt = north(pickup, 300);
    const riderUser = await signUpApi(server, { full_name: 'Polly Rider' });
    const driverUser = await signUpApi(server, { full_name: 'Dex Driver' });
    const { id: driverId } = await applyApi(driverUser, { full_name: 'Dex Driver' });
    const admin = await adminApi(server);
    await reviewApi(admin, driverId, 'approved');

    const riderPhone = await signedInPage(browser, server, riderUser, {
      ...PHONE,
      geolocation: { latitude: pickup.lat, longitude: pickup.lng, accuracy: 15 },
      permissions: ['geolocation'],
    });
    const driverPhone = await signedInPage(browser, server, driverUser, {
      ...PHONE,
      geolocation: { latitude: driverAt.lat, longitude: driverAt.lng, accuracy: 10 },
      permissions: ['geolocation'],
    });
    const riderAttempts = await refuseSockets(riderPhone.context);
    const driverAttempts = await refuseSockets(driverPhone.context);
    const r = riderPhone.page;
    const d = driverPhone.page;

    // Online without a socket: the position still reaches the server (over HTTP).
    await d.goto('/driver-active');
    await d.getByRole('switch', { name: uiText.driverActive.switchLabel }).click();
    await d.getByText(driverText.location.sharing, { exact: true }).waitFor();
    await pollingNotice(d).waitFor();
    await expect
      .poll(async () => (await riderUser.post('/api/rides/quote', { pickup, destination: north(pickup, 2000) })).body.options?.[0]?.pickup_eta_s ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();

    await r.goto('/book-ride');
    await expect.poll(() => r.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
    await r.getByLabel(book.destination, { exact: true }).fill('ferry bui');
    await r.getByRole('option', { name: /Ferry Building/ }).click();
    await r
      .getByText(/^\d+ min away$/)
      .first()
      .waitFor();
    await r.getByRole('button', { name: book.requestRide }).click();
    await r.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
    const rideId = r.url().split('/').pop()!;
    await pollingNotice(r).waitFor();

    // The offer is polled onto the driver's screen.
    const offer = d.getByRole('region', { name: driverText.offer.title });
    await offer.getByText('Ferry Building', { exact: true }).waitFor();
    await offer.getByRole('button', { name: driverText.offer.accept, exact: true }).click();
    await d.waitForURL(`${server.url}/driver-ride/${rideId}`);
    await riderStatus(r).getByText(STATUS_LABELS.accepted, { exact: true }).waitFor();

    // An operator's booking list without a socket either: it shows the ride accepted, and polls the rest.
    const operator = await signedInPage(browser, server, admin, DESKTOP);
    const operatorAttempts = await refuseSockets(operator.context);
    await operator.page.goto('/booking-management');
    const row = operator.page.getByRole('row', { name: /Polly Rider/ });
    await row.getByText(STATUS_LABELS.accepted, { exact: true }).waitFor();

    await d.getByRole('textbox', { name: driverText.chat.label }).fill('Polling my way over');
    await d.getByRole('button', { name: driverText.chat.send }).click();
    await r.getByRole('log').getByText('Polling my way over', { exact: true }).waitFor();

    await d.getByRole('button', { name: ride.arrived, exact: true }).click();
    await riderStatus(r).getByText(STATUS_LABELS.arrived, { exact: true }).waitFor();
    const card = r.getByRole('region', { name: track.pinTitle });
    await card.waitFor();
    const pin = /(\d{4})/.exec((await card.textContent()) ?? '')![1]!;
    await d.getByLabel(ride.pinLabel).fill(pin);
    await d.getByRole('button', { name: ride.start, exact: true }).click();
    await riderStatus(r).getByText(STATUS_LABELS.in_progress, { exact: true }).waitFor();
    await d.getByRole('button', { name: ride.complete, exact: true }).click();
    await d.getByRole('heading', { name: ride.completedTitle }).waitFor();
    await riderStatus(r).getByText(track.completedTitle, { exact: true }).waitFor();
    await row.getByText(STATUS_LABELS.completed, { exact: true }).waitFor();

    // The phones kept trying the socket (and never got one).
    expect(riderAttempts()).toBeGreaterThan(0);
    expect(driverAttempts()).toBeGreaterThan(0);
    expect(operatorAttempts()).toBeGreaterThan(0);
    expect((await riderUser.get(`/api/rides/${rideId}`)).body.ride.status).toBe('completed');
    riderPhone.expectNoErrors();
    driverPhone.expectNoErrors();
    operator.expectNoErrors();
    await riderPhone.context.close();
    await driverPhone.context.close();
    await operator.context.close();
  });
});
