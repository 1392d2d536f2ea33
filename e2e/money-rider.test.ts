// How a rider pays (issue 13, decision 0038), on a phone: on /book-ride they add the test card (Test mode,
// 4242 4242 4242 4242), book by card, the driver (an API client) drives the trip to its end, and on the
// rating screen the rider reads that the fare was charged to the card, tips 15 % and reads the tip.
import { paymentText } from '@openride/shared/payments/payment-text';
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSocket } from '../apps/server/test/socket-client';
import { adminApi, applyApi, byText, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
const track = riderText.track;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075 };
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

it('a rider adds the test card, books by card, and tips 15 % on the rating screen', async () => {
  // The driver: approved, online 300 m from the pickup, on a socket.
  const driver = await signUpApi(server, { full_name: 'Dana Driver' });
  const { id: driverId } = await applyApi(driver, { full_name: 'Dana Driver' });
  await reviewApi(await adminApi(server), driverId, 'approved');
  expect((await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  const socket = await openSocket(driver, server.url);
  socket.send({ type: 'location', lat: UNION_SQUARE.lat + 300 / 111_195, lng: UNION_SQUARE.lng, accuracy: 10 });

  const rider = await signUpApi(server, { full_name: 'Penny Payer' });
  const { page, context, expectNoErrors } = await signedInPage(browser, server, rider, {
    ...PHONE,
    geolocation: { latitude: UNION_SQUARE.lat, longitude: UNION_SQUARE.lng, accuracy: 20 },
    permissions: ['geolocation'],
  });
  await page.goto('/book-ride');
  await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
  await expect.poll(() => field(page, book.pickup).inputValue()).toBe(book.currentLocation);
  await field(page, book.destination).fill('ferry bui');
  await page.getByRole('option', { name: /Ferry Building/ }).click();

  // The method picker: Cash chosen, clearly in test mode; the rider adds the test card.
  const payment = page.getByRole('group', { name: new RegExp(`^${paymentText.method}`) });
  await payment.waitFor();
  expect(await payment.getByRole('radio', { name: paymentText.cash }).isChecked()).toBe(true);
  await payment.getByText(paymentText.testMode, { exact: true }).first().waitFor();
  await payment.getByRole('button', { name: paymentText.addCard }).click();
  const form = page.getByRole('form', { name: paymentText.addCard });
  await form.getByText(paymentText.testModeHint, { exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/money-rider-add-card.png`, fullPage: true });
  await form.getByLabel(paymentText.cardNumber).fill('4242 4242 4242 4242');
  await form.getByLabel(paymentText.expiry).fill(`12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`);
  await form.getByLabel(paymentText.cvc).fill('123');
  await form.getByRole('button', { name: paymentText.saveCard }).click();
  const card = payment.getByRole('radio', { name: paymentText.card('visa', '4242') });
  await card.waitFor({ state: 'attached' });
  await expect.poll(() => card.isChecked()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: book.requestRide }).click();
  await page.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
  const rideId = page.url().split('/').pop()!;
  const ride = (await rider.get(`/api/rides/${rideId}`)).body.ride;
  expect(ride.payment_method).toBe('card');
  expect((await rider.get(`/api/rides/${rideId}/payment`)).body.payment.authorisation).toMatchObject({ amount_cents: ride.fare_cents, status: 'authorised' });

  // The driver drives the trip through the API.
  await socket.next((f) => f.type === 'event' && f.event === 'ride.offer' && (f.data as { offer: { ride_id: string } }).offer.ride_id === rideId, 10_000);
  for (const step of ['accept', 'arrive']) expect((await driver.post(`/api/rides/${rideId}/${step}`, {})).status).toBe(200);
  expect((await driver.post(`/api/rides/${rideId}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.post(`/api/rides/${rideId}/complete`, {})).status).toBe(200);
  socket.close();

  await page.getByRole('status', { name: track.status }).getByRole('heading', { name: STATUS_LABELS.completed }).waitFor();
  await page.getByRole('heading', { name: track.paidByCard(money(ride.fare_cents)) }).waitFor();

  // The tip, on the rating screen: 15 % of the fare, charged to the card.
  const tipAmount = Math.round(ride.fare_cents * 0.15);
  const tipForm = page.getByRole('form', { name: paymentText.tipTitle });
  await tipForm.getByText(paymentText.tipBy.card, { exact: false }).waitFor();
  await tipForm.locator('label').filter({ hasText: '15 %' }).click();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/money-rider-tip-form.png`, fullPage: true });
  await tipForm.getByRole('button', { name: paymentText.tipButton(money(tipAmount)) }).click();
  await byText(page, paymentText.tipGiven(money(tipAmount))).waitFor();
  await byText(page, paymentText.tipBy.card).waitFor();
  expect((await rider.get(`/api/rides/${rideId}/payment`)).body.payment.tip).toMatchObject({ amount_cents: tipAmount, method: 'card' });
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/money-rider-tipped.png`, fullPage: true });

  expectNoErrors();
  await context.close();
});
