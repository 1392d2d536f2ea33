// The rider's /track-ride through a whole trip, with the driver as an API client and a socket: accepted
// (driver, masked phone, vehicle, plate, the car on the map with an ETA, chat), arrived, in progress,
// completed (rating and receipt). e2e/ride-loop.test.ts runs both sides in browsers.
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { driverText } from '@openride/shared/rides/driver-text';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSocket } from '../apps/server/test/socket-client';
import { adminApi, applyApi, byText, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite, PHONE } from './support/fixtures';

const track = riderText.track;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

type Point = { lat: number; lng: number };
const north = (p: Point, m: number): Point => ({ lat: p.lat + m / 111_195, lng: p.lng });
const PICKUP = { lat: 37.7795, lng: -122.4138, label: 'Civic Center Plaza' };
const DESTINATION = { lat: 37.8024, lng: -122.4058, label: 'Coit Tower' };
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const statusRegion = (page: Page) => page.getByRole('status', { name: track.status });

it('a whole trip on the rider’s phone: driver and car, ETA, chat, arrived, in progress, rating and receipt', async () => {
  // The driver: approved, online, near the pickup, its phone on the socket.
  const driver = await signUpApi(server, { full_name: 'Dana Driver', phone: '4155550142' });
  const { id: driverId } = await applyApi(driver, {
    full_name: 'Dana Driver',
    phone: '4155550142',
    vehicle_color: 'Blue',
    vehicle_make: 'Toyota',
    vehicle_model: 'Prius',
    license_plate: '7ABC123',
  });
  await reviewApi(await adminApi(server), driverId, 'approved');
  expect((await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  const socket = await openSocket(driver, server.url);
  let lastFix = 0;
  const locate = async (p: Point) => {
    // The server takes one fix a second.
    const wait = lastFix + 1100 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastFix = Date.now();
    socket.send({ type: 'location', lat: p.lat, lng: p.lng, accuracy: 10 });
  };
  await locate(north(PICKUP, 600));

  const rider = await signUpApi(server, { full_name: 'Rita Rider' });
  const booked = await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride;
  const { page, context, expectNoErrors } = await signedInPage(browser, server, rider, PHONE);
  await page.goto(`/track-ride/${ride.id}`);
  await statusRegion(page).getByText(STATUS_LABELS.requested, { exact: true }).waitFor();
  await byText(page, ride.pin).waitFor();

  // The offer reaches the driver's socket; the driver accepts.
  await socket.next((f) => f.type === 'event' && f.event === 'ride.offer' && (f.data as { offer: { ride_id: string } }).offer.ride_id === ride.id, 10_000);
  expect((await driver.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);

  await statusRegion(page).getByText(STATUS_LABELS.accepted, { exact: true }).waitFor();
  await byText(page, 'Dana').waitFor();
  await byText(page, 'Blue Toyota Prius').waitFor();
  await byText(page, '7ABC123').waitFor();
  await byText(page, '***-***-0142').waitFor();
  // No telephony provider on this server: no Call button rather than a broken one (decision 0034).
  expect(await page.getByRole('button', { name: /^Call / }).count()).toBe(0);
  // The PIN stays until the trip starts.
  await byText(page, track.pinHint).waitFor();
  await byText(page, ride.pin).waitFor();

  // The driver moves: the car shows on the map with minutes to the pickup.
  await locate(north(PICKUP, 300));
  await page.getByRole('region', { name: riderText.map.label }).locator(`[title="${riderText.map.driver}"]`).waitFor();
  await statusRegion(page)
    .getByText(/^Arriving in \d+ min$/)
    .waitFor();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/track-accepted.png`, fullPage: true });

  // Someone following the share link (signed out) sees the driver's first name, the car and where it is.
  const follower = await openPage(browser, server.url);
  await follower.page.goto(`/share/${ride.share_token}`);
  await follower.page.getByRole('heading', { level: 1, name: STATUS_LABELS.accepted }).waitFor();
  await byText(follower.page, 'Dana').waitFor();
  await byText(follower.page, 'Blue Toyota Prius · 7ABC123').waitFor();
  await follower.page.getByRole('region', { name: riderText.map.label }).locator(`[title="${riderText.map.driver}"]`).waitFor();
  expect(await follower.page.getByText('***-***-0142').count()).toBe(0);
  follower.expectNoErrors();
  await follower.context.close();

  // Chat: the driver's message arrives live; the rider answers.
  expect((await driver.post(`/api/rides/${ride.id}/messages`, { body: 'Two minutes away' })).status).toBe(201);
  await byText(page, 'Two minutes away').waitFor();
  await page.getByLabel(driverText.chat.label, { exact: true }).fill("I'm by the blue door");
  await page.getByRole('button', { name: driverText.chat.send }).click();
  await expect
    .poll(async () =>
      ((await driver.get(`/api/rides/${ride.id}/messages`)).body.messages as Array<{ sender_role: string; body: string }>).map(
        (m) => `${m.sender_role}: ${m.body}`,
      ),
    )
    .toEqual(['driver: Two minutes away', "rider: I'm by the blue door"]);

  expect((await driver.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
  await statusRegion(page).getByText(STATUS_LABELS.arrived, { exact: true }).waitFor();
  expect((await driver.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  await statusRegion(page).getByText(STATUS_LABELS.in_progress, { exact: true }).waitFor();
  // Too late to cancel, and the PIN has done its job.
  await expect.poll(() => page.getByRole('button', { name: track.cancelRide }).count()).toBe(0);
  expect(await page.getByText(track.pinHint, { exact: true }).count()).toBe(0);

  await locate(north(PICKUP, 800));
  await locate(north(PICKUP, 1600));
  expect((await driver.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  await statusRegion(page).getByRole('heading', { name: STATUS_LABELS.completed }).waitFor();
  await byText(page, track.completedTitle).waitFor();

  // What the rider must do leads (issue 17 §7): the amount to pay and how, then the rating, then the receipt.
  const pay = page.getByRole('heading', { name: track.payCash(money(ride.fare_cents)) });
  const [payBox, rateBox, receiptBox] = await Promise.all(
    [pay, page.getByRole('group', { name: track.rateTitle }), page.getByRole('heading', { name: track.receipt })].map(async (h) => {
      await h.waitFor();
      return (await h.boundingBox())!;
    }),
  );
  expect(payBox!.y).toBeLessThan(rateBox!.y);
  expect(rateBox!.y).toBeLessThan(receiptBox!.y);

  // Receipt: the lines add up to the total, which is the upfront fare.
  await page.getByRole('heading', { name: track.receipt }).waitFor();
  const receipt = (await rider.get(`/api/rides/${ride.id}/receipt`)).body.receipt;
  const total = page.locator('dl div').filter({ has: page.getByText(track.total, { exact: true }) });
  await total.getByText(money(ride.fare_cents), { exact: true }).waitFor();
  for (const line of receipt.lines as Array<{ label: string }>) await byText(page, line.label).waitFor();
  await page.getByRole('region', { name: track.pathMap }).waitFor();

  // Rating: four stars and a comment.
  await page.getByRole('button', { name: track.submitRating }).click();
  await byText(page, track.pickStars).waitFor();
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: track.stars(4) }) })
    .click();
  await page.getByLabel(track.comment).fill('Friendly and on time');
  await page.getByRole('button', { name: track.submitRating }).click();
  await byText(page, track.yourRating(4)).waitFor();
  const rated = (await rider.get(`/api/rides/${ride.id}`)).body.ride;
  expect(rated.my_rating).toMatchObject({ stars: 4, comment: 'Friendly and on time' });

  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/track-completed.png`, fullPage: true });
  // A push notification opens the query form of the same page.
  await page.goto(`/track-ride?booking=${ride.id}`);
  await statusRegion(page).getByRole('heading', { name: STATUS_LABELS.completed }).waitFor();
  await byText(page, track.yourRating(4)).waitFor();
  expectNoErrors();
  socket.close();
  await context.close();
});
