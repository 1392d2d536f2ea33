// The whole marketplace loop in one browser, two phones: a rider books on /book-ride, a driver online on
// /driver-active accepts, arrives, starts with the PIN the rider reads off the track page, completes; both
// rate each other; the ride is in the rider's history. With TEST_DATABASE_URL and TEST_REDIS_URL set, the
// rider's phone talks to one server process and the driver's to another, on one PostgreSQL and one Redis
// (as behind a load balancer); otherwise both use one server on PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { driverText } from '@openride/shared/rides/driver-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../apps/server/test/spawn-server';
import { testRedisPrefix } from '../apps/server/test/test-database';
import { adminApi, applyApi, byText, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite, PHONE } from './support/fixtures';

const scaled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const book = riderText.book;
const track = riderText.track;
const ride = driverText.ride;

const CITY_CENTRE = { lat: 37.7749, lng: -122.4194 };
const north = (p: { lat: number; lng: number }, m: number) => ({ lat: p.lat + m / 111_195, lng: p.lng });

let server: E2EServer;
let browser: Browser;
/** The driver's server: a second process on the same database and Redis in scaled mode, else the same one at 127.0.0.1. */
let driverServer: { url: string };
let second: SpawnedServer | undefined;
let secondDist: string | undefined;

/** A copy of the web build for the second process (the first has its own, see support/accounts.ts). */
function copyWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openride-web-b-'));
  fs.cpSync(path.resolve(import.meta.dirname, '../apps/web/dist'), dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  const prefix = testRedisPrefix();
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '', ...(scaled ? { REDIS_PREFIX: prefix } : {}) })));
  if (scaled) {
    secondDist = copyWebDist();
    second = await spawnServer({
      DATABASE_URL: server.db.env.DATABASE_URL!,
      DATA_DIR: server.db.env.DATA_DIR,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: prefix,
      WEB_DIST: secondDist,
      TILE_URL: '',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    });
    driverServer = second;
  } else {
    // The driver's phone opens the app at 127.0.0.1 while PUBLIC_URL says localhost (an operator's phone on
    // another address of the server): realtime must work there too, not fall back to polling.
    driverServer = { url: server.url.replace('localhost', '127.0.0.1') };
  }
});
afterAll(async () => {
  await browser?.close();
  await second?.stop();
  if (secondDist) fs.rmSync(secondDist, { recursive: true, force: true });
  await closeSuite({ server });
});

/** The digits on the rider's PIN card, as the rider reads them to the driver. */
async function readPin(page: Page): Promise<string> {
  const card = page.getByRole('region', { name: track.pinTitle });
  await card.waitFor();
  // The big digits come first (a screen reader gets them spaced out after): the first run of four.
  const pin = /(\d{4})/.exec((await card.textContent()) ?? '')?.[1];
  expect(pin).toMatch(/^\d{4}$/);
  return pin!;
}

const riderStatus = (page: Page) => page.getByRole('status', { name: track.status });

describe(`the ride loop (${scaled ? 'rider and driver on two server processes, PostgreSQL + Redis' : 'one server, PGlite'})`, () => {
  it('rider books, driver accepts, arrives, starts with the PIN, completes; both rate; the ride is in the history', async () => {
    if (scaled) expect(new URL(driverServer.url).port).not.toBe(new URL(server.url).port);
    const pickup = CITY_CENTRE;
    const driverAt = north(pickup, 300);

    // Accounts: a rider, and a driver approved by the admin.
    const riderUser = await signUpApi(server, { full_name: 'Riley Rider' });
    const driverUser = await signUpApi(server, { full_name: 'Dana Driver' });
    const { id: driverId } = await applyApi(driverUser, { full_name: 'Dana Driver' });
    await reviewApi(await adminApi(server), driverId, 'approved');

    const riderPhone = await signedInPage(browser, server, riderUser, {
      ...PHONE,
      geolocation: { latitude: pickup.lat, longitude: pickup.lng, accuracy: 15 },
      permissions: ['geolocation'],
    });
    const driverPhone = await openPage(browser, driverServer.url, {
      ...PHONE,
      geolocation: { latitude: driverAt.lat, longitude: driverAt.lng, accuracy: 10 },
      permissions: ['geolocation'],
    });
    await driverPhone.context.addCookies([...driverUser.cookies].map(([name, value]) => ({ name, value, url: driverServer.url })));
    const r = riderPhone.page;
    const d = driverPhone.page;

    // The driver goes online and shares their location.
    await d.goto('/driver-active');
    await d.getByRole('switch', { name: uiText.driverActive.switchLabel }).click();
    await d.getByText(driverText.location.sharing, { exact: true }).waitFor();
    // The screen says so once a frame has left the phone; wait until the server has placed the driver on
    // its map (a quote then gives a pickup time), so the rider's quote below sees them.
    await expect
      .poll(async () => (await riderUser.post('/api/rides/quote', { pickup, destination: north(pickup, 2000) })).body.options?.[0]?.pickup_eta_s ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();

    // The rider books from where they stand to the Ferry Building.
    const started = performance.now();
    await r.goto('/book-ride');
    await expect.poll(() => r.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
    await r.getByLabel(book.destination, { exact: true }).fill('ferry bui');
    await r.getByRole('option', { name: /Ferry Building/ }).click();
    // The driver 300 m away is the nearest: the fares show a pickup time.
    await r
      .getByText(/^\d+ min away$/)
      .first()
      .waitFor();
    await r.getByRole('button', { name: book.requestRide }).click();
    await r.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
    const rideId = r.url().split('/').pop()!;
    await riderStatus(r).getByText(STATUS_LABELS.requested, { exact: true }).waitFor();

    // The offer reaches the driver; Accept opens the ride.
    const offer = d.getByRole('region', { name: driverText.offer.title });
    await offer.getByText('Ferry Building', { exact: true }).waitFor();
    await offer.getByRole('button', { name: driverText.offer.accept, exact: true }).click();
    await d.waitForURL(`${driverServer.url}/driver-ride/${rideId}`);
    await d.getByText('Riley', { exact: true }).waitFor();
    await riderStatus(r).getByText(STATUS_LABELS.accepted, { exact: true }).waitFor();

    // A word in the chat on the way, read on the other phone.
    await d.getByRole('textbox', { name: driverText.chat.label }).fill('Two minutes away');
    await d.getByRole('button', { name: driverText.chat.send }).click();
    await r.getByRole('log').getByText('Two minutes away', { exact: true }).waitFor();

    // Arrived: the rider sees it and reads the PIN out; the driver types it and starts the trip.
    await d.getByRole('button', { name: ride.arrived, exact: true }).click();
    await riderStatus(r).getByText(STATUS_LABELS.arrived, { exact: true }).waitFor();
    const pin = await readPin(r);
    await d.getByLabel(ride.pinLabel).fill(pin);
    await d.getByRole('button', { name: ride.start, exact: true }).click();
    await d.getByRole('heading', { name: ride.toDestination }).waitFor();
    await riderStatus(r).getByText(STATUS_LABELS.in_progress, { exact: true }).waitFor();

    // At the destination the driver completes; both screens show the end of the trip.
    await d.getByRole('button', { name: ride.complete, exact: true }).click();
    await d.getByRole('heading', { name: ride.completedTitle }).waitFor();
    await riderStatus(r).getByText(track.completedTitle, { exact: true }).waitFor();
    // The chat stays readable on the rider's phone, but closed.
    await r.getByRole('log').getByText('Two minutes away', { exact: true }).waitFor();
    await byText(r, driverText.chat.closed).waitFor();
    expect(await r.getByRole('textbox', { name: driverText.chat.label }).count()).toBe(0);

    // The rider rates the driver…
    await r
      .locator('label')
      .filter({ has: r.getByRole('radio', { name: track.stars(5) }) })
      .click();
    await r.getByLabel(track.comment).fill('Smooth ride, thank you');
    await r.getByRole('button', { name: track.submitRating }).click();
    await byText(r, track.yourRating(5)).waitFor();

    // …and the driver rates the rider, then is back on the dashboard.
    await d.getByRole('radio', { name: ride.rateStar(5) }).check();
    await d.getByRole('button', { name: ride.submitRating }).click();
    await d.waitForURL(`${driverServer.url}/driver-active`);
    await d.getByRole('switch', { name: uiText.driverActive.switchLabel }).waitFor();

    // The ride is in the rider's history, completed.
    await r.goto('/ride-history');
    const row = r.getByRole('listitem').filter({ hasText: 'Ferry Building' });
    await row.getByText(STATUS_LABELS.completed, { exact: true }).waitFor();
    const tookMs = Math.round(performance.now() - started);
    console.log(`ride loop (${scaled ? 'two processes, PostgreSQL + Redis' : 'one process, PGlite'}): ${tookMs} ms from /book-ride to the ride in the history`);

    // What the server holds agrees with what both phones showed.
    const asRider = (await riderUser.get(`/api/rides/${rideId}`)).body.ride;
    expect(asRider.status).toBe('completed');
    expect(asRider.my_rating?.stars).toBe(5);
    const asDriver = (await driverUser.get(`/api/rides/${rideId}`)).body.ride;
    expect(asDriver.my_rating?.stars).toBe(5);
    expect(asDriver.pin).toBeUndefined();

    // Both phones had their socket all along: the notice of the polling fallback never showed.
    for (const page of [r, d]) expect(await page.getByText(uiText.realtime.polling).count()).toBe(0);
    riderPhone.expectNoErrors();
    driverPhone.expectNoErrors();
    await riderPhone.context.close();
    await driverPhone.context.close();
  });
});
