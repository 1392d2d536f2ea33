// The rider's side of the marketplace on a phone: /book-ride (location, place search, typed coordinates, a
// tap on the map, fares, Request Ride), /track-ride (Finding a driver, PIN, cancel), /ride-history and the
// public /share/:token page. Drivers here are API clients with a socket (e2e/ride-driver.test.ts drives the
// driver's screens).
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../apps/server/test/socket-client';
import { adminApi, type ApiUser, applyApi, byText, giveSeatsApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
const track = riderText.track;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  // TILE_URL blank: no tile layer at all (this machine has no internet; e2e/ride-booking-tiles.test.ts
  // shows the page working when tiles are configured but fail).
  // One rider books 22 rides for the history pages below: above the default RIDE_REQUEST_LIMIT of 10 per 10 minutes.
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '', RIDE_REQUEST_LIMIT: '40' })));
});
afterAll(() => closeSuite({ server, browser }));

type Point = { lat: number; lng: number };
const offset = (p: Point, north: number, east = 0): Point => ({
  lat: p.lat + north / 111_195,
  lng: p.lng + east / (111_195 * Math.cos((p.lat * Math.PI) / 180)),
});
const UNION_SQUARE = { lat: 37.788, lng: -122.4075 };
const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
// Tests that put a driver online use different corners of the city, beyond dispatch's 5 km reach of each other.
const TWIN_PEAKS = { lat: 37.7544, lng: -122.4477 };
const SUNSET = { lat: 37.7536, lng: -122.4946 };

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** An approved driver, online, whose phone reports `at` over the socket; it never answers the offer it gets. */
async function idleDriverAt(at: Point) {
  const user = await signUpApi(server, { full_name: 'Idle Ida' });
  const { id } = await applyApi(user, { full_name: 'Idle Ida' });
  const admin = await adminApi(server);
  await reviewApi(admin, id, 'approved');
  // A seven-seater: near, it serves every ride type (decision 0046).
  await giveSeatsApi(user, admin, 7);
  const online = await user.request(`/api/drivers/${id}`, { method: 'PATCH', json: { status: 'available' } });
  expect(online.status, JSON.stringify(online.body)).toBe(200);
  const socket = await openSocket(user, server.url);
  socket.send({ type: 'location', lat: at.lat, lng: at.lng, accuracy: 10 });
  return { user, socket };
}

/** A rider's phone at `at` (location allowed unless `grant` is false), signed in. */
async function riderPhone(rider: ApiUser, at: Point | null, grant = true) {
  return signedInPage(browser, server, rider, {
    ...PHONE,
    ...(at ? { geolocation: { latitude: at.lat, longitude: at.lng, accuracy: 20 } } : {}),
    permissions: grant ? ['geolocation'] : [],
  });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const statusRegion = (page: Page) => page.getByRole('status', { name: track.status });

describe('booking a ride on /book-ride', () => {
  it('sends a visitor to sign in first, and back to /book-ride after', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/book-ride');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/book-ride');
    expectNoErrors();
    await context.close();
  });

  it('pickup from the phone, destination by name: fares per ride type with the ETA, Cash, Request Ride → Finding a driver with a PIN; cancel with confirmation', async () => {
    const driver = await idleDriverAt(offset(UNION_SQUARE, 300));
    const rider = await signUpApi(server, { full_name: 'Rita Rider' });
    const { page, context, expectNoErrors } = await riderPhone(rider, UNION_SQUARE);
    await page.goto('/book-ride');
    await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();

    const pickup = field(page, book.pickup);
    await expect.poll(() => pickup.inputValue()).toBe(book.currentLocation);

    const destination = field(page, book.destination);
    await destination.fill('ferry bui');
    await page.getByRole('option', { name: /Ferry Building/ }).click();
    expect(await destination.inputValue()).toBe('Ferry Building');

    // The fares shown are the server's upfront quote for these two points, formatted in dollars.
    const quote = await rider.post('/api/rides/quote', { pickup: { ...UNION_SQUARE, label: book.currentLocation }, destination: FERRY_BUILDING });
    expect(quote.status).toBe(200);
    const options = quote.body.options as Array<{ ride_type: string; name: string; fare_cents: number; pickup_eta_s: number | null }>;
    expect(options.map((o) => o.name)).toEqual(['Economy', 'Comfort', 'XL']);
    for (const option of options) {
      const card = page.locator('label').filter({ has: page.getByRole('radio', { name: option.name }) });
      await card.getByText(money(option.fare_cents), { exact: true }).waitFor();
      // The idle driver 300 m away is the nearest: every ride type shows a pickup ETA in minutes.
      expect(option.pickup_eta_s).not.toBeNull();
      await card.getByText(`${Math.max(1, Math.round(option.pickup_eta_s! / 60))} min away`, { exact: true }).waitFor();
    }
    expect(await page.getByRole('radio', { name: 'Economy' }).isChecked()).toBe(true);
    await byText(page, book.payment).waitFor();
    await byText(page, book.cash).waitFor();

    // A tap on the Comfort card picks it.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Comfort' }) })
      .click();
    expect(await page.getByRole('radio', { name: 'Comfort' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: book.requestRide }).click();
    await page.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
    const rideId = page.url().split('/').pop()!;

    await statusRegion(page).getByText(STATUS_LABELS.requested, { exact: true }).waitFor();
    const ride = (await rider.get(`/api/rides/${rideId}`)).body.ride;
    expect(ride.ride_type).toBe('comfort');
    expect(ride.fare_cents).toBe(options.find((o) => o.ride_type === 'comfort')!.fare_cents);
    expect(ride.pin).toMatch(/^\d{4}$/);
    await byText(page, track.pinHint).waitFor();
    await byText(page, ride.pin).waitFor();
    await byText(page, 'Ferry Building').waitFor();

    // Cancel asks first; keeping the ride changes nothing.
    await page.getByRole('button', { name: track.cancelRide }).click();
    const dialog = page.getByRole('dialog', { name: track.cancelConfirmTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: track.keepRide }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rider.get(`/api/rides/${rideId}`)).body.ride.status).toBe('requested');

    await page.getByRole('button', { name: track.cancelRide }).click();
    await dialog.getByRole('button', { name: track.cancelConfirm }).click();
    await statusRegion(page).getByText(STATUS_LABELS.cancelled, { exact: true }).waitFor();
    await byText(page, track.cancelled).waitFor();
    expect((await rider.get(`/api/rides/${rideId}`)).body.ride.status).toBe('cancelled');
    await expect.poll(() => page.getByRole('button', { name: track.cancelRide }).count()).toBe(0);
    await page.getByRole('link', { name: track.bookAgain }).click();
    await page.waitForURL((url) => url.pathname === '/book-ride');
    await field(page, book.destination).waitFor();

    expectNoErrors();
    driver.socket.close();
    await context.close();
  });

  it('location not asked yet: a neutral offer; refused: says so and leaves Pickup empty; typed coordinates and a tap on the map fill the fields and price the ride', async () => {
    const rider = await signUpApi(server, { full_name: 'Nora Nolocation' });
    const { page, context, expectNoErrors } = await riderPhone(rider, null, false);
    // Not asked yet (headless Chromium says 'denied' for a permission not granted; CDP sets it as a new
    // visitor's browser has it): a neutral offer, nothing red (issue 27). Then refused: said so.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const setGeolocation = (setting: 'prompt' | 'denied') =>
      cdp.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting, origin: server.url, browserContextId: targetInfo.browserContextId });
    await setGeolocation('prompt');
    await page.goto('/book-ride');
    await page.getByRole('status').getByText(book.locationAsk).waitFor();
    expect(await page.getByText(book.locationDenied, { exact: true }).count()).toBe(0);
    await setGeolocation('denied');
    await page.getByRole('button', { name: book.shareLocation, exact: true }).click();
    await byText(page, book.locationDenied).waitFor();
    await cdp.detach();
    const pickup = field(page, book.pickup);
    expect(await pickup.inputValue()).toBe('');

    // Hunters Point: more than 5 km from every driver the other tests put online.
    await pickup.fill('37.7270, -122.3700');
    await byText(page, book.mapHint(book.destination)).waitFor();
    // A tap on the map, a little north-east of the pickup (the map centres on a lone pickup).
    const map = page.getByRole('region', { name: book.mapLabel });
    // The map is a lazy chunk: tap once it has drawn the pickup (a tap on the loading placeholder does nothing).
    await map.locator('.leaflet-marker-icon').first().waitFor();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 - 80);
    const destination = field(page, book.destination);
    await expect.poll(() => destination.inputValue()).not.toBe('');
    expect(await pickup.inputValue()).toBe('37.7270, -122.3700');

    await page.getByRole('radio', { name: 'Economy' }).waitFor();
    await page.getByRole('radio', { name: 'XL' }).waitFor();
    // Nobody online here: the ride types say so instead of an ETA.
    expect(await page.getByText(book.noDrivers, { exact: true }).count()).toBe(3);
    expect(await page.getByRole('button', { name: book.requestRide }).isEnabled()).toBe(true);
    expectNoErrors();
    await context.close();
  });

  it('by keyboard alone: type, arrow to a suggestion, Enter takes it; Escape closes the list', async () => {
    const rider = await signUpApi(server, { full_name: 'Kim Keys' });
    const { page, context, expectNoErrors } = await riderPhone(rider, null, false);
    await page.goto('/book-ride');
    const pickup = field(page, book.pickup);
    await pickup.focus();
    await page.keyboard.type('golden');
    const list = page.getByRole('listbox', { name: book.suggestions(book.pickup) });
    // The park itself (its name first), among places whose area is the park (decision 0096: the area is searched too).
    await list.getByRole('option', { name: /^Golden Gate Park/ }).waitFor();
    expect(await pickup.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // The second suggestion is the active one, and Enter takes it.
    const second = list.getByRole('option').nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    const name = (await second.locator('span span').first().textContent())!;
    await page.keyboard.press('Enter');
    expect(await pickup.inputValue()).toBe(name);
    // On to the destination, which takes the focus once the pickup is set.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')))
      .toBe(await field(page, book.destination).getAttribute('aria-controls'));
    await page.keyboard.type('zzzz');
    await page
      .getByRole('listbox', { name: book.suggestions(book.destination) })
      .getByText(book.noMatches, { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    expect(await field(page, book.destination).getAttribute('aria-expanded')).toBe('false');
    expectNoErrors();
    await context.close();
  });

  it('no driver anywhere near: the track page follows the ride live to No driver found, with Book again', async () => {
    const rider = await signUpApi(server, { full_name: 'Lonely Lou' });
    // Hunters Point: more than 5 km from every driver the other tests put online.
    const { page, context, expectNoErrors } = await riderPhone(rider, { lat: 37.727, lng: -122.37 });
    await page.goto('/book-ride');
    await expect.poll(() => field(page, book.pickup).inputValue()).toBe(book.currentLocation);
    await field(page, book.destination).fill('chase');
    await page.getByRole('option', { name: /Chase Center/ }).click();
    await page.getByRole('button', { name: book.requestRide }).click();
    await page.waitForURL(/\/track-ride\//);
    await statusRegion(page).getByText(STATUS_LABELS.requested, { exact: true }).waitFor();
    // Dispatch gives up after its grace period; the page hears it over the socket, without a reload.
    await statusRegion(page).getByText(STATUS_LABELS.no_driver, { exact: true }).waitFor({ timeout: 30_000 });
    await byText(page, track.noDriver).waitFor();
    expect(await page.getByRole('button', { name: track.cancelRide }).count()).toBe(0);
    await page.getByRole('link', { name: track.bookAgain }).click();
    await field(page, book.pickup).waitFor();
    expectNoErrors();
    await context.close();
  });

  it('a pickup outside every service area: says so, and Request Ride stays off', async () => {
    const rider = await signUpApi(server, { full_name: 'Farah Faraway' });
    const { page, context, errors } = await riderPhone(rider, null, false);
    await page.goto('/book-ride');
    await field(page, book.pickup).fill('40.7580,-73.9855');
    await field(page, book.destination).fill('40.7484,-73.9857');
    await page.getByRole('alert').filter({ hasText: book.outsideArea }).waitFor();
    expect(await page.getByRole('button', { name: book.requestRide }).isDisabled()).toBe(true);
    // The one failed request is the quote's 422, which the page turned into the message above.
    const unexpected = errors.filter((e) => !/status of 422/.test(e) && !/status of 401/.test(e));
    expect(unexpected).toEqual([]);
    await context.close();
  });

  it('a ride booked meanwhile on another device shows up at once; when it ends, the form is back as it was left', async () => {
    const rider = await signUpApi(server, { full_name: 'Tom Twotabs' });
    const { page, context, expectNoErrors } = await riderPhone(rider, null, false);
    await page.goto('/book-ride');
    await field(page, book.pickup).fill('37.7081,-122.4522');
    await field(page, book.destination).fill('37.7793,-122.4193');
    await page.getByRole('radio', { name: 'Economy' }).waitFor();
    // Balboa Park: no driver within reach, so dispatch ends this ride as No driver found after its grace.
    const other = await rider.post('/api/rides', {
      pickup: { lat: 37.7081, lng: -122.4522, label: 'Balboa Park' },
      destination: FERRY_BUILDING,
      ride_type: 'xl',
      payment_method: 'cash',
    });
    expect(other.status).toBe(201);
    await page.getByRole('heading', { name: riderText.active.title }).waitFor();
    expect(await page.getByRole('button', { name: book.requestRide }).count()).toBe(0);
    await field(page, book.destination).waitFor({ timeout: 30_000 });
    expect(await field(page, book.pickup).inputValue()).toBe('37.7081,-122.4522');
    expect(await field(page, book.destination).inputValue()).toBe('37.7793,-122.4193');
    expect((await rider.get(`/api/rides/${other.body.ride.id}`)).body.ride.status).toBe('no_driver');
    expectNoErrors();
    await context.close();
  });

  it('with a ride already active: the ride and a link to track it instead of the form', async () => {
    const driver = await idleDriverAt(offset(TWIN_PEAKS, 200));
    const rider = await signUpApi(server, { full_name: 'Abe Active' });
    const created = await rider.post('/api/rides', {
      pickup: { ...TWIN_PEAKS, label: 'Twin Peaks' },
      destination: FERRY_BUILDING,
      ride_type: 'economy',
      payment_method: 'cash',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { page, context, expectNoErrors } = await riderPhone(rider, TWIN_PEAKS);
    await page.goto('/book-ride');
    await page.getByRole('heading', { name: riderText.active.title }).waitFor();
    expect(await field(page, book.pickup).count()).toBe(0);
    await page.getByRole('link', { name: riderText.active.track }).click();
    await page.waitForURL((url) => url.pathname === `/track-ride/${created.body.ride.id}`);
    await statusRegion(page).getByText(STATUS_LABELS.requested, { exact: true }).waitFor();
    // Back on /book-ride, the ride ends elsewhere (another device): the form comes back on its own.
    await page.goBack();
    await page.getByRole('heading', { name: riderText.active.title }).waitFor();
    expect((await rider.post(`/api/rides/${created.body.ride.id}/cancel`, {})).status).toBe(200);
    await field(page, book.destination).waitFor();
    expectNoErrors();
    driver.socket.close();
    await context.close();
  });
});

describe('after booking: history, the share link, strangers', () => {
  it('history lists the ride newest first and opens it; the share link shows it to someone signed out; a stranger gets not found', async () => {
    const driver = await idleDriverAt(offset(SUNSET, 250));
    const rider = await signUpApi(server, { full_name: 'Hana History' });
    const { page, context, expectNoErrors } = await riderPhone(rider, SUNSET);

    // Empty history first: a way to book.
    await page.goto('/ride-history');
    await byText(page, riderText.history.empty).waitFor();
    await page.getByRole('link', { name: riderText.history.bookFirst }).waitFor();

    // An older ride (ended) and the current one.
    const older = await rider.post('/api/rides', {
      pickup: { ...SUNSET, label: 'Ocean Beach' },
      destination: { ...offset(SUNSET, 1500), label: 'Golden Gate Park' },
      ride_type: 'xl',
      payment_method: 'cash',
    });
    expect(older.status).toBe(201);
    expect((await rider.post(`/api/rides/${older.body.ride.id}/cancel`, {})).status).toBe(200);
    const current = await rider.post('/api/rides', {
      pickup: { ...SUNSET, label: 'Sunset Blvd' },
      destination: FERRY_BUILDING,
      ride_type: 'economy',
      payment_method: 'cash',
    });
    expect(current.status).toBe(201);
    const rideId = current.body.ride.id as string;

    await page.goto('/ride-history');
    const items = page.getByRole('list', { name: riderText.history.title }).getByRole('listitem');
    await items.first().getByText('Sunset Blvd → Ferry Building', { exact: true }).waitFor();
    await items.nth(1).getByText('Ocean Beach → Golden Gate Park', { exact: true }).waitFor();
    await items.nth(1).getByText(STATUS_LABELS.cancelled, { exact: true }).waitFor();
    await items.first().getByText(money(current.body.ride.fare_cents), { exact: true }).waitFor();
    await items.first().getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/track-ride/${rideId}`);

    // The share-trip link, opened by someone who is not signed in.
    const shareUrl = await page.getByLabel(track.shareLink).inputValue();
    expect(shareUrl).toBe(`${server.url}/share/${current.body.ride.share_token}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: track.copy }).click();
    await byText(page, track.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    const friend = await openPage(browser, server.url);
    await friend.page.goto(shareUrl);
    await friend.page.getByRole('status').getByText(STATUS_LABELS.requested, { exact: true }).waitFor();
    await byText(friend.page, 'Ferry Building').waitFor();
    await byText(friend.page, 'Sunset Blvd').waitFor();
    // Read-only: nothing to cancel, and no PIN.
    expect(await friend.page.getByRole('button', { name: track.cancelRide }).count()).toBe(0);
    expect(await friend.page.getByText(current.body.ride.pin, { exact: true }).count()).toBe(0);

    // A stranger, signed in, cannot open the rider's ride.
    const stranger = await signUpApi(server, { full_name: 'Sam Stranger' });
    const other = await riderPhone(stranger, null, false);
    await other.page.goto(`/track-ride/${rideId}`);
    await other.page.getByRole('heading', { name: track.notFound }).waitFor();
    expect(await other.page.getByText(current.body.ride.pin, { exact: true }).count()).toBe(0);
    // The one failed request is the ride's 404, which the page shows as not found.
    expect(other.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);

    // Cancelled by the rider: the shared page follows on its next poll.
    expect((await rider.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);
    await friend.page.getByRole('status').getByText(STATUS_LABELS.cancelled, { exact: true }).waitFor({ timeout: 12_000 });

    const expired = await openPage(browser, server.url);
    await expired.page.goto('/share/not-a-real-token');
    await expired.page.getByRole('heading', { name: riderText.share.expired }).waitFor();
    expect(expired.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);

    expectNoErrors();
    friend.expectNoErrors();
    driver.socket.close();
    await Promise.all([context.close(), friend.context.close(), other.context.close(), expired.context.close()]);
  });
  it('history pages: 20 rides, then Load more brings the rest', async () => {
    const rider = await signUpApi(server, { full_name: 'Frequent Fran' });
    // Far from every online driver, cancelled at once: 22 rides in the past.
    const far = { lat: 37.7081, lng: -122.4522, label: 'Balboa Park' };
    for (let i = 1; i <= 22; i++) {
      const made = await rider.post('/api/rides', {
        pickup: far,
        destination: { ...FERRY_BUILDING, label: `Stop ${i}` },
        ride_type: 'economy',
        payment_method: 'cash',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect((await rider.post(`/api/rides/${made.body.ride.id}/cancel`, {})).status).toBe(200);
    }
    const { page, context, expectNoErrors } = await riderPhone(rider, null, false);
    await page.goto('/ride-history');
    const items = page.getByRole('list', { name: riderText.history.title }).getByRole('listitem');
    await items.first().getByText('Balboa Park → Stop 22', { exact: true }).waitFor();
    expect(await items.count()).toBe(20);
    await page.getByRole('button', { name: riderText.history.loadMore }).click();
    await items.nth(21).getByText('Balboa Park → Stop 1', { exact: true }).waitFor();
    expect(await items.count()).toBe(22);
    await expect.poll(() => page.getByRole('button', { name: riderText.history.loadMore }).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });
});
