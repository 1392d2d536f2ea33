// The rider's money pages and refunds (issue 13, decision 0039): a rider with a completed cash ride opens
// /payment-history, opens the ride's receipt, reports a problem with an amount; an admin on /refund-management
// approves part of it (wallet credit: the ride was paid in cash); the rider reads the new wallet balance and
// the request's status. Rules and refusals are the API tests' (apps/server/test/refunds.test.ts).
import { paymentHistoryText } from '@openride/shared/payment-history/payment-history-text';
import { refundText } from '@openride/shared/refunds/refund-text';
import { operatorText } from '@openride/shared/rides/operator-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, applyApi, byText, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const PICKUP = { lat: 37.7749, lng: -122.4194, label: 'Civic Center' };
const DESTINATION = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
const text = paymentHistoryText;
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

it('a rider reports a problem with a cash fare; an admin refunds part of it as wallet credit; the rider reads it', async () => {
  // A completed cash ride, through the API.
  const adminUser = await adminApi(server);
  const driver = await signUpApi(server, { full_name: 'Dana Refund' });
  const { id: driverId } = await applyApi(driver, { full_name: 'Dana Refund' });
  await reviewApi(adminUser, driverId, 'approved');
  expect((await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  await expect.poll(async () => (await driver.post('/api/drivers/me/location', { lat: PICKUP.lat + 0.002, lng: PICKUP.lng, accuracy: 5 })).status, { timeout: 5000 }).toBe(204);
  const riderApi = await signUpApi(server, { full_name: 'Mona Money' });
  const ride = (await riderApi.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' })).body.ride as { id: string; pin: string; fare_cents: number };
  await expect.poll(async () => (await driver.get('/api/drivers/me/offer')).body.offer?.ride_id ?? null, { timeout: 15_000 }).toBe(ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);

  // The rider, on a phone: the fare in the history, then the receipt.
  const rider = await signedInPage(browser, server, riderApi, PHONE);
  const p = rider.page;
  await p.goto('/payment-history');
  await p.getByRole('heading', { level: 1, name: text.title }).waitFor();
  const list = p.getByRole('list', { name: text.listLabel });
  await list.getByText(text.kinds.fare, { exact: true }).waitFor();
  await list.getByText(`−${usd(ride.fare_cents)}`, { exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/history.png`, fullPage: true });
  await list.getByRole('link', { name: text.receiptLabel(text.rideTo(PICKUP.label, DESTINATION.label)) }).click();
  await p.waitForURL(`${server.url}/payment-history/${ride.id}`);
  await p.getByRole('heading', { level: 1, name: text.receipt.title }).waitFor();
  const fare = p.getByRole('region', { name: text.receipt.fare });
  await fare.locator('div').filter({ hasText: text.receipt.total }).getByText(usd(ride.fare_cents), { exact: true }).waitFor();
  expect(await p.getByRole('link', { name: text.receipt.pdf }).getAttribute('href')).toBe(`/api/rides/${ride.id}/receipt.pdf`);
  // On paper: no navigation, no buttons.
  await p.emulateMedia({ media: 'print' });
  expect(await p.getByRole('button', { name: text.receipt.print }).isVisible()).toBe(false);
  expect(await p.locator('header').first().isVisible()).toBe(false);
  await p.emulateMedia({ media: 'screen' });

  // Report a problem, with an amount.
  await p.getByRole('button', { name: refundText.report.open }).click();
  const form = p.getByRole('form', { name: refundText.report.title });
  await form.getByLabel(refundText.report.reason).selectOption({ label: refundText.reasons.route_longer });
  await form.getByLabel(refundText.report.amount).fill('3.00');
  await form.getByLabel(refundText.report.comment).fill('We went around the Civic Center twice.');
  let violations = await seriousViolations(p);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/receipt-report.png`, fullPage: true });
  await form.getByRole('button', { name: refundText.report.submit }).click();
  await byText(p, refundText.report.sent).waitFor();
  await p.getByText(refundText.statuses.open, { exact: true }).waitFor();
  await p.getByText(refundText.requested(usd(300))).waitFor();
  expect(await p.getByRole('button', { name: refundText.report.open }).count()).toBe(0);
  await p.setViewportSize({ width: 320, height: 640 });
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/receipt-320.png`, fullPage: true });

  // The admin: the queue, the request with its ride's story, a partial refund of $2.00.
  const admin = await signedInPage(browser, server, adminUser, process.env.SCREENSHOT_DIR ? PHONE : DESKTOP);
  const a = admin.page;
  await a.goto('/refund-management');
  await a.getByRole('heading', { level: 1, name: refundText.admin.title }).waitFor();
  await a.getByLabel(refundText.admin.filters.status).selectOption({ label: refundText.statuses.open });
  await a.getByRole('link', { name: refundText.admin.openLabel('Mona Money') }).waitFor();
  if (process.env.SCREENSHOT_DIR) await a.screenshot({ path: `${process.env.SCREENSHOT_DIR}/refund-queue.png`, fullPage: true });
  await a.getByRole('link', { name: refundText.admin.openLabel('Mona Money') }).click();
  await a.getByRole('heading', { level: 1, name: `Mona Money: ${refundText.reasons.route_longer}` }).waitFor();
  await a.getByRole('region', { name: refundText.admin.timeline }).getByText(operatorText.events.completed, { exact: true }).waitFor();
  await byText(a, '“We went around the Civic Center twice.”').waitFor();
  const decision = a.getByRole('form', { name: refundText.admin.decide });
  await decision.getByText(refundText.admin.toWallet).waitFor();
  await decision.getByRole('radio', { name: refundText.actions.approve_partial }).check();
  await decision.getByLabel(refundText.admin.amount).fill('2.00');
  if (process.env.SCREENSHOT_DIR) await a.screenshot({ path: `${process.env.SCREENSHOT_DIR}/refund-decide.png`, fullPage: true });
  violations = await seriousViolations(a);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await decision.getByRole('button', { name: refundText.admin.submit('approve_partial') }).click();
  await byText(a, refundText.admin.decided('approve_partial')).waitFor();
  await a.getByText(`${refundText.actions.approve_partial} · ${usd(200)} · ${refundText.bearers.platform} · ${refundText.destinations.wallet}`, { exact: true }).waitFor();
  admin.expectNoErrors();
  await admin.context.close();

  // The rider reads the new wallet balance and the request's status.
  await p.setViewportSize(PHONE.viewport);
  await p.goto('/payment-history');
  const wallet = p.locator('dl > div').filter({ hasText: text.wallet });
  await wallet.getByText(usd(200), { exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/history-credited.png`, fullPage: true });
  await list.getByText(`+${usd(200)}`, { exact: true }).waitFor();
  await list.getByText(text.requestStatus(refundText.statuses.approved), { exact: true }).first().waitFor();
  await list.getByRole('link', { name: text.receiptLabel(text.rideTo(PICKUP.label, DESTINATION.label)) }).first().click();
  await byText(p, refundText.refunded(usd(200), refundText.destinations.wallet)).waitFor();
  await p.getByText(refundText.statuses.approved, { exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/receipt-refunded.png`, fullPage: true });
  rider.expectNoErrors();
});
