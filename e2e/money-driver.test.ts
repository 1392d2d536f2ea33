// A cash driver's money and the operator's payouts (issue 13, decision 0040). (a) A driver who completed a cash
// ride reads on /driver-earnings what they owe; an admin records the cash on /driver-payouts → Collections, and
// the driver's balance reads settled. (b) A late cancellation earns the driver a fee; the admin previews a payout
// run, approves it and exports the bank's CSV. The rules themselves are tested by the API suites.
import fs from 'node:fs';
import { moneyInputValue } from '@openride/shared/money';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSocket } from '../apps/server/test/socket-client';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const earn = payoutsText.earnings;
const pay = payoutsText.admin;
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
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

it('a cash driver reads what they owe; an admin records the cash received and the balance reads settled; a payout run is approved and exported', async () => {
  const adminUser = await adminApi(server);
  const driver = await signUpApi(server, { full_name: 'Cash Casey', phone: '4155550161' });
  const { id: driverId } = await applyApi(driver, { full_name: 'Cash Casey', phone: '4155550161' });
  await reviewApi(adminUser, driverId, 'approved');
  expect((await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  const socket = await openSocket(driver, server.url);
  socket.send({ type: 'location', ...north(PICKUP, 400), accuracy: 10 });
  const rider = await signUpApi(server, { full_name: 'Ravi Rider' });
  const offered = (rideId: string) =>
    socket.next((f) => f.type === 'event' && f.event === 'ride.offer' && (f.data as { offer: { ride_id: string } }).offer.ride_id === rideId, 10_000);

  // A cash ride, start to finish, by the API.
  const booked = await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride;
  await offered(ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  const owes = (await driver.get('/api/drivers/me/earnings')).body.standing.balance_cents as number;
  expect(owes).toBeGreaterThan(0);

  // (a) The driver, on a phone, reads what they owe.
  const d = await signedInPage(browser, server, driver, PHONE);
  await d.page.goto('/driver-earnings');
  await d.page.getByRole('heading', { level: 1, name: earn.title }).waitFor();
  const balance = d.page.getByRole('region', { name: earn.balanceTitle });
  await balance.getByText(earn.youOwe(usd(owes)), { exact: true }).waitFor();
  await balance.getByText(earn.withinLimit('$50.00')).waitFor();
  await d.page
    .getByRole('article', { name: /^Trip on / })
    .first()
    .waitFor();
  await d.page.getByRole('heading', { name: earn.statementsTitle }).waitFor();
  await d.page.setViewportSize({ width: 320, height: 640 });
  expect(await d.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  let violations = await seriousViolations(d.page);
  expect(violations, JSON.stringify(violations)).toEqual([]);

  // The admin records the cash under Collections.
  const a = await signedInPage(browser, server, adminUser, PHONE);
  await a.page.goto('/driver-payouts');
  await a.page.getByRole('heading', { level: 1, name: pay.title }).waitFor();
  await a.page.getByRole('tab', { name: pay.tabs.collections }).click();
  const card = a.page.getByRole('article', { name: 'Cash Casey' });
  await card.getByText(pay.owes(usd(owes)), { exact: true }).waitFor();
  await card.getByRole('button', { name: pay.recordCashLabel('Cash Casey') }).click();
  const dialog = a.page.getByRole('dialog', { name: pay.cashTitle('Cash Casey') });
  await dialog.getByLabel(pay.cashAmount).fill(moneyInputValue(owes, 'USD'));
  await dialog.getByLabel(pay.cashReference).fill('RCPT-0042');
  violations = await seriousViolations(a.page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await dialog.getByRole('button', { name: pay.save }).click();
  await a.page
    .getByText(pay.recorded(usd(owes), 'Cash Casey'), { exact: true })
    .first()
    .waitFor();
  await a.page.getByText(pay.noCollections, { exact: true }).waitFor();
  expect((await adminUser.get('/api/admin/audit-log?action=driver.cash_received')).body.items).toHaveLength(1);

  // The driver's balance reads settled.
  await d.page.reload();
  await d.page.getByRole('region', { name: earn.balanceTitle }).getByText(earn.settled, { exact: true }).waitFor();
  d.expectNoErrors();
  await d.context.close();

  // (b) A late cancellation (free window 0, a $15 fee, all of it the driver's) leaves the driver owed $15.
  const economy = (await adminUser.get('/api/admin/cancellation-policies?city=sf')).body.policies.find(
    (p: { ride_type: string; zone_id: string | null }) => p.ride_type === 'economy' && p.zone_id === null,
  );
  const { id, city_id: _c, city_name: _n, currency: _u, ride_type: _t, zone_id: _z, updated_at: _a, version: _v, ...terms } = economy;
  expect(
    (
      await adminUser.request(`/api/admin/cancellation-policies/${id}`, {
        method: 'PUT',
        json: {
          ...terms,
          free_window_s: 0,
          fee_kind: 'fixed',
          fee_fixed_cents: 1500,
          fee_min_cents: 0,
          fee_max_cents: 5000,
          driver_share_late_cancel_pct: 100,
        },
      })
    ).status,
  ).toBe(200);
  // A fresh position (the last one is long stale), then the rider books again.
  socket.send({ type: 'location', ...north(PICKUP, 300), accuracy: 10 });
  const second = (await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' })).body.ride;
  await offered(second.id);
  expect((await driver.post(`/api/rides/${second.id}/accept`, {})).status).toBe(200);
  expect((await rider.post(`/api/rides/${second.id}/cancel`, {})).status).toBe(200);
  expect((await driver.get('/api/drivers/me/earnings')).body.standing.balance_cents).toBe(-1500);
  socket.close();

  await a.page.getByRole('tab', { name: pay.tabs.runs }).click();
  await a.page.getByRole('button', { name: pay.previewNow }).click();
  const run = a.page.getByRole('article').filter({ hasText: pay.status.preview });
  await run.getByText('Cash Casey').waitFor();
  await run.getByText('$15.00').first().waitFor();
  await run.getByRole('button', { name: pay.approve }).click();
  await a.page.getByRole('dialog', { name: pay.approveTitle }).getByRole('button', { name: pay.approve }).click();
  const approved = a.page.getByRole('article').filter({ hasText: pay.status.approved });
  await approved.getByText(pay.itemStatus.pending, { exact: false }).waitFor();
  const [download] = await Promise.all([a.page.waitForEvent('download'), approved.getByRole('link', { name: pay.exportCsv }).click()]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('driver_name,amount,currency,reference');
  expect(csv.slice(1)).toEqual([expect.stringMatching(/^Cash Casey,15\.00,USD,OR-[0-9A-F]{8}-[0-9A-F]{8}$/)]);
  await a.page.setViewportSize({ width: 320, height: 640 });
  expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  violations = await seriousViolations(a.page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  expect((await driver.get('/api/drivers/me/earnings')).body.standing.balance_cents).toBe(0);
  a.expectNoErrors();
});
