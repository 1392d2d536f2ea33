// The driver's side of a ride: going online shares the location, an offer arrives with a countdown,
// Decline / expiry / Accept, and the ride page from Arrived through the PIN to Complete Ride and the rating.
// The rider is an API client here (e2e/ride-loop.test.ts has both sides in the browser).
import fs from 'node:fs';
import path from 'node:path';
import { driverText } from '@openride/shared/rides/driver-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type ApiUser, applyApi, byText, reviewApi, serveTheWholeBay, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite, PHONE } from './support/fixtures';
import { seriousViolations } from './support/axe';

const offerText = driverText.offer;
const rideText = driverText.ride;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
  // Its drivers are spread 7 km apart, some over the bay: served by a test box, not the city's land.
  await serveTheWholeBay(server);
});
afterAll(() => closeSuite({ server, browser }));

type Point = { lat: number; lng: number; label?: string };
/** A point `m` metres north / east of `p`. */
const offset = (p: Point, north: number, east = 0): Point => ({
  lat: p.lat + north / 111_195,
  lng: p.lng + east / (111_195 * Math.cos((p.lat * Math.PI) / 180)),
});
// Each test works in its own part of the city, more than dispatch's 5 km apart, so a driver left online by
// one test is never offered another test's ride.
const AREAS = [0, 1, 2, 3, 4, 5].map((i) => offset({ lat: 37.7749, lng: -122.4194 }, ((i % 3) - 1) * 7000, (Math.floor(i / 3) - 0.5) * 7000));
let areaIndex = 0;

/** Screenshots for a person to look at, only when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `driver-${name}.png`), fullPage: false });
}

async function approvedDriver(name = 'Dana Driver') {
  const user = await signUpApi(server, { full_name: name });
  const { id } = await applyApi(user, { full_name: name });
  await reviewApi(await adminApi(server), id, 'approved');
  return { user, driverId: id };
}

/** A phone at `at` with location allowed, signed in as an approved driver, online on /driver-active. */
async function driverOnline(at: Point, opts: { grant?: boolean } = {}) {
  const { user, driverId } = await approvedDriver();
  const opened = await signedInPage(browser, server, user, {
    ...PHONE,
    geolocation: { latitude: at.lat, longitude: at.lng, accuracy: 12 },
    permissions: opts.grant === false ? [] : ['geolocation'],
  });
  const { page } = opened;
  await page.goto('/driver-active');
  const toggle = page.getByRole('switch', { name: uiText.driverActive.switchLabel });
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  return { ...opened, user, driverId };
}

async function riderRequests(pickup: Point, destination: Point): Promise<{ rider: ApiUser; rideId: string }> {
  const rider = await signUpApi(server, { full_name: 'Riley Rider' });
  const res = await rider.post('/api/rides', { pickup, destination, ride_type: 'economy', payment_method: 'cash' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { rider, rideId: res.body.ride.id };
}

/** A driver ~300 m from the pickup, sharing their location, and a rider's request 2 km long. */
async function offered() {
  const area = AREAS[areaIndex++ % AREAS.length]!;
  const pickup = { ...area, label: 'Pickup Corner' };
  const destination = { ...offset(area, 2000, 500), label: 'Destination Plaza' };
  const driver = await driverOnline(offset(pickup, 300));
  await driver.page.getByText(driverText.location.sharing, { exact: true }).waitFor();
  const { rider, rideId } = await riderRequests(pickup, destination);
  const card = driver.page.getByRole('region', { name: offerText.title });
  await card.waitFor();
  return { ...driver, rider, rideId, card, pickup, destination };
}

async function goOffline(user: ApiUser, driverId: string) {
  await user.patch(`/api/drivers/${driverId}`, { status: 'offline' });
}

/**
 * Browsers log every 4xx answer to the console. Where the test itself provoked one (a wrong PIN: 422), that
 * one line is expected; it is taken off the list once, so any other error still fails the test.
 */
function expectOneRefusal(errors: string[], status: number | string) {
  const needle = typeof status === 'number' ? `status of ${status}` : status;
  const index = errors.findIndex((e) => e.includes(needle));
  expect(index, `'${needle}' in the console`).toBeGreaterThanOrEqual(0);
  errors.splice(index, 1);
}

const timerSeconds = async (page: Page) => Number((await page.getByRole('timer').getAttribute('aria-label'))!.replace(/\D/g, ''));

describe('the driver on /driver-active', () => {
  it('going online shares the location; an offer shows places, distances, fare, type and a countdown; Decline removes it', async () => {
    const { page, card, rideId, user, driverId, context, expectNoErrors } = await offered();
    await shot(page, 'offer');
    await card.getByText('Pickup Corner', { exact: true }).waitFor();
    await card.getByText('Destination Plaza', { exact: true }).waitFor();
    await card.getByText('Economy', { exact: true }).waitFor();
    expect(await card.getByText(/^\$\d+\.\d\d$/).count()).toBe(1);
    // To the pickup: minutes and ~300 m; the trip: ~2 km.
    await card.getByText(/min · \d+ m$/).waitFor();
    await card.getByText(/^2(\.\d)? km · \d+ min$/).waitFor();

    const first = await timerSeconds(page);
    expect(first).toBeGreaterThan(8);
    expect(first).toBeLessThanOrEqual(15);
    await expect.poll(() => timerSeconds(page), { timeout: 4000 }).toBeLessThan(first);
    // The offer card only: it is gone in 15 s, and a whole-page scan took 12.6 s on a loaded CI machine.
    expect(await seriousViolations(page, 'section[aria-labelledby]')).toEqual([]);
    // Screen readers hear the offer once, not a number every second.
    await expect.poll(() => card.getByRole('status').textContent()).toMatch(/^New ride request\. \d+ seconds to accept\.$/);

    // The card goes at once; the server's answer comes after it. Wait for that answer before asking the server.
    const declined = page.waitForResponse((r) => r.url().endsWith(`/api/rides/${rideId}/decline`));
    await card.getByRole('button', { name: offerText.decline, exact: true }).click();
    await card.waitFor({ state: 'detached' });
    expect((await declined).status()).toBe(200);
    expect((await user.get('/api/drivers/me/offer')).body.offer).toBeNull();
    // The ride was not taken by this driver.
    expect((await user.get(`/api/rides/${rideId}`)).status).toBe(404);
    await goOffline(user, driverId);
    expectNoErrors();
    await context.close();
  });

  it('an offer nobody answers counts down to 0 and goes away by itself; a reload brings an open offer back', async () => {
    const { page, card, user, driverId, context, expectNoErrors } = await offered();
    // Reload: GET /api/drivers/me/offer restores the card with the time that is left.
    await page.waitForTimeout(2000);
    await page.reload();
    await card.waitFor();
    expect(await timerSeconds(page)).toBeLessThan(15);
    await card.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText(offerText.waiting, { exact: true }).waitFor();
    await shot(page, 'online-waiting');
    await goOffline(user, driverId);
    expectNoErrors();
    await context.close();
  });

  it('Accept that loses the race (the rider cancelled meanwhile): the card goes and the driver reads that the ride is no longer available', async () => {
    const { page, card, rider, rideId, user, driverId, context, errors, expectNoErrors } = await offered();
    // The tap on Accept leaves the phone, but the network holds it until the rider has cancelled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/rides/${rideId}/accept`, async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('button', { name: offerText.accept, exact: true }).click();
    expect((await rider.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);
    // 'ride.offer_closed' takes the card away…
    await card.waitFor({ state: 'detached' });
    release();
    // …and the late Accept is refused by the server.
    await byText(page, offerText.noLongerAvailable).waitFor();
    expect(new URL(page.url()).pathname).toBe('/driver-active');
    expectOneRefusal(errors, 409);
    await goOffline(user, driverId);
    expectNoErrors();
    await context.close();
  });

  it('without location permission the driver is told, and nothing is shared', async () => {
    const { page, user, driverId, context, expectNoErrors } = await driverOnline(AREAS[5]!, { grant: false });
    await page.getByRole('alert').filter({ hasText: driverText.location.denied }).waitFor();
    expect(await page.getByText(driverText.location.sharing, { exact: true }).count()).toBe(0);
    expect(await page.getByText(offerText.waiting, { exact: true }).count()).toBe(0);
    await shot(page, 'denied');
    await goOffline(user, driverId);
    expectNoErrors();
    await context.close();
  });
});

describe('the driver on /driver-ride', () => {
  it('Accept → the ride page: rider, cash fare, Arrived, a wrong PIN refused with the server message, the right PIN starts, Complete, rating the rider', async () => {
    const { page, card, rider, rideId, context, errors, expectNoErrors } = await offered();
    await card.getByRole('button', { name: offerText.accept, exact: true }).click();
    await page.waitForURL(`${server.url}/driver-ride/${rideId}`);
    await page.getByRole('heading', { name: rideText.toPickup }).waitFor();
    await page.getByText('Riley', { exact: true }).waitFor();
    await page.getByText(/^\*\*\*-\*\*\*-\d{4}$/).waitFor();
    await page.getByText(rideText.collectCash, { exact: true }).waitFor();
    await page.getByText(driverText.location.sharing, { exact: true }).waitFor();
    // The map's own loading text (components/map) is transient; the page is checked once the map is up
    // (Leaflet's zoom buttons are there).
    await page.getByRole('button', { name: 'Zoom in' }).waitFor();
    await shot(page, 'accepted');
    expect(await seriousViolations(page)).toEqual([]);

    // A message from the rider while the chat is out of sight: a pill says so; a tap brings the chat up.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await rider.post(`/api/rides/${rideId}/messages`, { body: 'Wearing a red coat' })).status).toBe(201);
    const pill = page.getByRole('button', { name: new RegExp(driverText.chat.newMessage('Riley')) });
    await pill.waitFor();
    await shot(page, 'new-message');
    await pill.click();
    await pill.waitFor({ state: 'detached' });
    await page.getByRole('log').getByText('Wearing a red coat', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe(driverText.chat.placeholder);

    // A driver_message push opens the query form of the same page.
    await page.goto(`/driver-ride-view?booking=${rideId}`);
    await page.getByRole('button', { name: rideText.arrived, exact: true }).waitFor();

    // Back on the dashboard, the way to the ride under way is the first thing in sight.
    await page.goto('/driver-active');
    await page.getByRole('link', { name: driverText.current.continue }).click();
    await page.waitForURL(`${server.url}/driver-ride/${rideId}`);

    await page.getByRole('button', { name: rideText.arrived, exact: true }).click();
    const pinInput = page.getByLabel(rideText.pinLabel);
    await pinInput.waitFor();
    expect(await pinInput.getAttribute('inputmode')).toBe('numeric');
    const start = page.getByRole('button', { name: rideText.start, exact: true });
    expect(await start.isDisabled()).toBe(true);
    await pinInput.fill('12');
    expect(await start.isDisabled()).toBe(true);

    const pin = (await rider.get(`/api/rides/${rideId}`)).body.ride.pin as string;
    expect(pin).toMatch(/^\d{4}$/);
    const wrong = pin === '0000' ? '1111' : '0000';
    await pinInput.fill(wrong);
    await start.click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect PIN. Ask the rider for the 4-digit PIN shown in their app.' }).waitFor();
    await shot(page, 'wrong-pin');
    expect(await seriousViolations(page)).toEqual([]);
    expectOneRefusal(errors, 422);
    expect((await rider.get(`/api/rides/${rideId}`)).body.ride.status).toBe('arrived');

    await pinInput.fill(pin);
    await start.click();
    await page.getByRole('heading', { name: rideText.toDestination }).waitFor();
    await page.getByText(/^\d+ min · \d+(\.\d)? k?m$/).waitFor();
    await shot(page, 'in-progress');
    await page.getByRole('button', { name: rideText.complete, exact: true }).click();
    await page.getByRole('heading', { name: rideText.completedTitle }).waitFor();
    await shot(page, 'completed');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: rideText.rateStar(4) }).check();
    await page.getByLabel(rideText.comment).fill('Friendly and on time');
    await page.getByRole('button', { name: rideText.submitRating }).click();
    await page.waitForURL(`${server.url}/driver-active`);
    const ride = (await rider.get(`/api/rides/${rideId}`)).body.ride;
    expect(ride.status).toBe('completed');
    expectNoErrors();
    await context.close();
  });

  it('by keyboard: the offer takes focus, Tab reaches Decline then Accept; chat with the rider both ways (Enter sends); a rider who cancels sends the driver back, told why', async () => {
    const { page, rider, rideId, context, errors, expectNoErrors } = await offered();
    // The offer's heading has focus on arrival, so the two answers are the next two stops of Tab.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(offerText.title);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(offerText.decline);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(offerText.accept);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/driver-ride/${rideId}`);

    await page.getByText(driverText.chat.empty, { exact: true }).waitFor();
    const box = page.getByRole('textbox', { name: driverText.chat.label });
    await box.fill('On my way, 2 minutes');
    await page.getByRole('button', { name: driverText.chat.send }).click();
    await box.fill('Grey Prius');
    await box.press('Enter');
    await expect
      .poll(async () => ((await rider.get(`/api/rides/${rideId}/messages`)).body.messages ?? []).map((m: { body: string }) => m.body))
      .toEqual(['On my way, 2 minutes', 'Grey Prius']);

    // A message the network loses stays on screen as not sent, with Retry; Retry delivers it.
    await page.route(`**/api/rides/${rideId}/messages`, (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await box.fill('Lost in a tunnel');
    await box.press('Enter');
    const log = page.getByRole('log');
    await log.getByText(driverText.chat.failed).waitFor();
    expectOneRefusal(errors, 'net::ERR_FAILED');
    await page.unroute(`**/api/rides/${rideId}/messages`);
    await log.getByRole('button', { name: driverText.chat.retry }).click();
    await expect.poll(() => log.getByText(driverText.chat.failed).count()).toBe(0);
    await expect
      .poll(async () => ((await rider.get(`/api/rides/${rideId}/messages`)).body.messages ?? []).map((m: { body: string }) => m.body))
      .toEqual(['On my way, 2 minutes', 'Grey Prius', 'Lost in a tunnel']);
    expect((await rider.post(`/api/rides/${rideId}/messages`, { body: 'I am by the blue door' })).status).toBe(201);
    await page.getByRole('log').getByText('I am by the blue door', { exact: true }).waitFor();
    await shot(page, 'chat');

    expect((await rider.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);
    await byText(page, rideText.cancelledByRider).waitFor();
    await page.waitForURL(`${server.url}/driver-active`);
    expectNoErrors();
    await context.close();
  });

  it('the driver cancels after a confirmation', async () => {
    const { page, card, rider, rideId, context, expectNoErrors } = await offered();
    await card.getByRole('button', { name: offerText.accept, exact: true }).click();
    await page.waitForURL(`${server.url}/driver-ride/${rideId}`);
    await page.getByRole('button', { name: rideText.cancel }).click();
    const dialog = page.getByRole('dialog', { name: rideText.cancelConfirmTitle });
    await dialog.waitFor();
    await shot(page, 'cancel-confirm');
    // Keeping the ride changes nothing.
    await dialog.getByRole('button', { name: rideText.cancelKeep }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rider.get(`/api/rides/${rideId}`)).body.ride.status).toBe('accepted');

    await page.getByRole('button', { name: rideText.cancel }).click();
    await dialog.getByRole('button', { name: rideText.cancelConfirm }).click();
    await page.waitForURL(`${server.url}/driver-active`);
    await byText(page, rideText.cancelledByYou).waitFor();
    await expect.poll(async () => (await rider.get(`/api/rides/${rideId}`)).body.ride.status).toBe('cancelled');
    expectNoErrors();
    await context.close();
  });

  it('a visitor is sent to sign in first; a ride that is not yours is not found', async () => {
    const visitor = await openPage(browser, server.url);
    await visitor.page.goto('/driver-ride/00000000-0000-4000-8000-000000000000');
    await visitor.page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/driver-ride/00000000-0000-4000-8000-000000000000',
    );
    visitor.expectNoErrors();
    await visitor.context.close();

    // East across the bay, far from every other test's drivers: nobody accepts it.
    const far = offset({ lat: 37.7749, lng: -122.4194 }, 0, 12_000);
    const { rideId } = await riderRequests({ ...far, label: 'Somewhere' }, { ...offset(far, 1500), label: 'Elsewhere' });
    const { user } = await approvedDriver('Nosy Nick');
    const { page, context, errors, expectNoErrors } = await signedInPage(browser, server, user);
    await page.goto(`/driver-ride/${rideId}`);
    await page.getByRole('heading', { name: rideText.notFound }).waitFor();
    await page.getByRole('link', { name: rideText.back }).waitFor();
    expectOneRefusal(errors, 404);
    expectNoErrors();
    await context.close();
  });
});

describe('an offer while the driver is on another page', () => {
  it('a toast says a ride request came in, and View opens the driver screen with the offer card', async () => {
    // South of the city, apart from every other test's drivers.
    const area = offset({ lat: 37.7749, lng: -122.4194 }, -12_000, 0);
    const driver = await driverOnline(offset(area, 300));
    await driver.page.getByText(driverText.location.sharing, { exact: true }).waitFor();
    // Leaving the driver screen stops the location reports: first make sure the server has the driver's
    // position (a quote at the pickup sees a driver nearby), as it would after a minute on the screen.
    const asker = await signUpApi(server, { full_name: 'Quincy Quote' });
    await expect
      .poll(async () => (await asker.post('/api/rides/quote', { pickup: area, destination: offset(area, 2000) })).body.options?.[0]?.pickup_eta_s ?? null, {
        timeout: 20_000,
      })
      .not.toBeNull();
    // The driver wanders off to their rides through the account menu (the app, its socket, stay open); the
    // position they shared a moment ago still counts.
    await driver.page.getByRole('button', { name: uiText.a11y.accountMenu }).click();
    await driver.page.getByRole('link', { name: uiText.nav.rideHistory }).click();
    await driver.page.waitForURL(`${server.url}/ride-history`);
    const { rider, rideId } = await riderRequests({ ...area, label: 'Pickup Corner' }, { ...offset(area, 2000), label: 'Destination Plaza' });
    await byText(driver.page, offerText.openToAnswer).waitFor();
    await driver.page.getByRole('button', { name: offerText.view }).click();
    await driver.page.waitForURL(`${server.url}/driver-active`);
    const card = driver.page.getByRole('region', { name: offerText.title });
    await card.getByRole('button', { name: offerText.accept }).click();
    await driver.page.waitForURL(`${server.url}/driver-ride/${rideId}`);
    await expect.poll(async () => (await rider.get(`/api/rides/${rideId}`)).body.ride.status).toBe('accepted');
    driver.expectNoErrors();
    await goOffline(driver.user, driver.driverId);
    await driver.context.close();
  });
});
