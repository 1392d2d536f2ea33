// The operator's money pages (issue 13, decision 0041). A cash ride is completed through the API (its money
// posts with the completion); then an admin, on a phone, saves a new financial-settings version with Comfort's
// commission at 25 % and reads it in the history; opens the financial dashboard, reads GMV and the trial
// balance "Balanced", selects Commission and reads the entry behind it; selects the current bucket of what
// drivers owe and reads the entries that make it.
import { financeText } from '@openride/shared/finance/finance-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSocket } from '../apps/server/test/socket-client';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const settings = financeText.settings;
const dash = financeText.dashboard;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const PICKUP = { lat: 37.7795, lng: -122.4138, label: 'Civic Center Plaza' };
const DESTINATION = { lat: 37.8024, lng: -122.4058, label: 'Coit Tower' };
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

it('an admin saves Comfort at 25 %, then reads GMV, the trial balance, the entries behind Commission and behind what drivers owe today', async () => {
  const adminUser = await adminApi(server);
  // One completed cash ride, through the API.
  const driver = await signUpApi(server, { full_name: 'Mona Money', phone: '4155550177' });
  const { id: driverId } = await applyApi(driver, { full_name: 'Mona Money', phone: '4155550177' });
  await reviewApi(adminUser, driverId, 'approved');
  expect((await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } })).status).toBe(200);
  const socket = await openSocket(driver, server.url);
  socket.send({ type: 'location', lat: PICKUP.lat + 0.003, lng: PICKUP.lng, accuracy: 10 });
  const rider = await signUpApi(server, { full_name: 'Cash Rider' });
  const booked = await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride;
  await socket.next((f) => f.type === 'event' && f.event === 'ride.offer' && (f.data as { offer: { ride_id: string } }).offer.ride_id === ride.id, 10_000);
  for (const step of ['accept', 'arrive']) expect((await driver.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  const completed = await driver.post(`/api/rides/${ride.id}/complete`, {});
  expect(completed.status).toBe(200);
  socket.close();
  const fare = completed.body.ride.fare_cents as number;

  // /financial-settings: a new version with Comfort at 25 %.
  const { page, expectNoErrors } = await signedInPage(browser, server, adminUser, PHONE);
  await page.goto('/financial-settings');
  await page.getByRole('heading', { level: 1, name: uiText.pages.financialSettings.title }).waitFor();
  await page.getByText(settings.currencyLocked).waitFor();
  await page.getByRole('button', { name: settings.edit }).click();
  const form = page.getByRole('region', { name: settings.editTitle });
  await form.getByLabel('Comfort (%)').fill('25');
  await form.getByLabel('Note (optional)').fill('Comfort to 25 %');
  let violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await form.getByRole('button', { name: settings.save }).click();
  await page.getByText(settings.saved(2), { exact: true }).first().waitFor();
  const history = page.getByRole('list', { name: settings.history });
  const v2 = history.getByRole('listitem').filter({ hasText: settings.version(2) });
  await v2.getByText(settings.status.in_force).waitFor();
  await v2.getByText('Comfort to 25 %').waitFor();
  await v2.getByText('25 %', { exact: true }).waitFor();
  await history
    .getByRole('listitem')
    .filter({ hasText: settings.version(1) })
    .getByText(settings.status.superseded)
    .waitFor();
  expect((await adminUser.get('/api/admin/financial-settings/sf')).body.current.commission_bp.comfort).toBe(2500);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(PHONE.viewport);

  // /financial-dashboard: GMV, the trial balance, and the entries behind Commission.
  await page.goto('/financial-dashboard');
  await page.getByRole('heading', { level: 1, name: uiText.pages.financialDashboard.title }).waitFor();
  const gmv = page.getByRole('button', { name: new RegExp(`^${dash.figures.gmv}`) });
  await gmv.getByText(usd(fare), { exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: dash.balanced }).waitFor();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const dashboard = (await adminUser.get(`/api/admin/finance/dashboard?city=sf&from=${day(-1)}&to=${day(1)}&tz=UTC`)).body;
  expect(dashboard.trial_balance.balanced).toBe(true);
  expect(dashboard.figures.gmv).toBe(fare);
  violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  // The chart follows the narrower width after a moment (recharts' ResizeObserver).
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(PHONE.viewport);

  await page.getByRole('button', { name: new RegExp(`^${dash.figures.commission}`) }).click();
  const drawer = page.getByRole('dialog', { name: dash.entriesOf(dash.figures.commission) });
  const row = drawer.getByRole('row').filter({ hasText: 'commission' });
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  await row.getByText('Ride completed').waitFor();
  await row.getByRole('link', { name: ride.id.slice(0, 8) }).waitFor();
  // The entry reads with the figure's sign, so it is the commission the dashboard shows.
  expect(dashboard.figures.commission).toBeGreaterThan(0);
  await row.getByText(usd(dashboard.figures.commission), { exact: true }).waitFor();
  await drawer.getByText(dash.entriesSum(usd(dashboard.figures.commission))).waitFor();
  violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  // What drivers owe, by age: the cash ride's commission and fee are a current debt, and the bucket opens
  // the same drawer with the entries that make it (the fare Mona holds, less what she earned).
  const current = dashboard.aging.buckets.find((b: { key: string }) => b.key === 'current').cents as number;
  expect(current).toBeGreaterThan(0);
  await page
    .getByRole('list', { name: dash.aging })
    .getByRole('button', { name: new RegExp(`^${dash.buckets.current}`) })
    .click();
  const owing = page.getByRole('dialog', { name: dash.entriesOf(dash.bucketTitle(dash.buckets.current)) });
  await owing.getByText(dash.entriesSum(usd(current))).waitFor();
  const cash = owing.getByRole('row').filter({ hasText: 'fare_cash' });
  await cash.getByText(usd(fare), { exact: true }).waitFor();
  await cash.getByText('Mona Money').waitFor();
  await owing.getByRole('row').filter({ hasText: 'driver_earnings' }).first().waitFor();
  await page.keyboard.press('Escape');
  await owing.waitFor({ state: 'detached' });
  expectNoErrors();
});
