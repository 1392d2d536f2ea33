// The driver's own dashboard at its secret path (issue 14, decision 0050): an approved driver on a phone opens
// the path GET /api/me told them (from their menu), sets a daily goal, reads today's figures and the document
// alerts, and goes online from the dashboard's switch; a rider at the same path gets the not-found page. The
// rules (who is told the path, who may call the APIs, the goal's validation, the ledger figures) are tested
// by apps/server/test/driver-dashboard.test.ts.
import { dashboardText } from '@openride/shared/dashboard/dashboard-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const text = dashboardText;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

// The alerts card with a hold and a rejected licence: GET /api/drivers/me/compliance is answered in its contract's
// shape (driverComplianceSchema) so the journey can still go online; the rule itself is tested in documents.test.ts.
const COMPLIANCE = {
  city: { id: 'sf', name: 'San Francisco' },
  on_hold: true,
  items: [
    {
      kind: 'driver_licence',
      label: "Driver's licence",
      required: true,
      status: 'rejected',
      expires_on: null,
      days_left: null,
      rejection_reason: 'The photo is blurred.',
      renewal_in_review: false,
    },
    {
      kind: 'insurance',
      label: 'Insurance',
      required: true,
      status: 'approved',
      expires_on: '2027-06-01',
      days_left: 188,
      rejection_reason: null,
      renewal_in_review: false,
    },
  ],
  hold_reasons: ["Upload a sharp photo of your driver's licence to go online."],
};

it('an approved driver opens the path from their menu, sets a goal, reads the figures and goes online; a rider there gets not found', async () => {
  const admin = await adminApi(server);
  const driver = await signUpApi(server, { full_name: 'Goal Gabriela' });
  const { id: driverId } = await applyApi(driver, { full_name: 'Goal Gabriela' });
  await reviewApi(admin, driverId, 'approved');
  const path = (await driver.get('/api/me')).body.driverDashboardPath as string;
  expect(path).toMatch(/^\/[0-9a-f]{24}$/);

  const d = await signedInPage(browser, server, driver, PHONE);
  await d.page.route('**/api/drivers/me/compliance', (route) => route.fulfill({ json: COMPLIANCE }));
  await d.page.goto('/driver-schedule');
  await d.page.getByRole('button', { name: uiText.a11y.accountMenu }).click();
  await d.page.getByRole('link', { name: text.menuLink }).click();
  await d.page.waitForURL(`${server.url}${path}`);
  await d.page.getByRole('heading', { level: 1, name: text.title }).waitFor();

  // Today, empty: nothing earned, no goal, no shift, no demand; the alerts from the compliance answer.
  await expect.poll(() => d.page.getByTestId('today-earnings').innerText()).toBe('$0.00');
  expect(await d.page.getByTestId('today-trips').innerText()).toBe('0');
  await d.page.getByText(text.today.noRides).waitFor();
  await d.page.getByText(text.goal.none).waitFor();
  await d.page.getByTestId('dashboard-next-shift').getByText('No shift in the coming week.').waitFor();
  await d.page.getByText(text.demand.none).waitFor();
  const alerts = d.page.getByTestId('compliance-alerts');
  await alerts.getByRole('alert').getByText(COMPLIANCE.hold_reasons[0]!).waitFor();
  const licence = alerts.getByRole('link', { name: /Driver's licence: Rejected/ });
  expect(await licence.getAttribute('href')).toBe('/driver-documents-upload');
  expect(await alerts.getByText('Insurance').count()).toBe(0);

  // The goal, typed and saved with the keyboard.
  await d.page.getByRole('button', { name: text.goal.set }).click();
  await d.page.getByLabel(text.goal.earnings('USD')).fill('120');
  await d.page.getByLabel(text.goal.trips).fill('6');
  await d.page.getByLabel(text.goal.trips).press('Enter');
  await d.page.getByText(text.today.of('$120.00')).waitFor();
  await d.page.getByText(text.today.of('6'), { exact: true }).waitFor();
  expect((await driver.get('/api/drivers/me/goal')).body.goal).toMatchObject({ earnings_cents: 12000, trips: 6 });
  expect(await d.page.getByRole('progressbar', { name: text.today.earnings }).getAttribute('aria-valuenow')).toBe('0');

  // Online from the dashboard's own switch (the drivers feature's), by keyboard.
  const status = d.page.getByTestId('own-status');
  await status.getByText(uiText.driverActive.offline.title).waitFor();
  const toggle = status.getByRole('switch', { name: uiText.a11y.driverStatus });
  await toggle.focus();
  await d.page.keyboard.press('Space');
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  await status.getByText(uiText.driverActive.online.title).waitFor();
  await expect.poll(async () => (await driver.get('/api/drivers/me')).body.driver.status).toBe('available');

  const violations = await seriousViolations(d.page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await d.page.setViewportSize({ width: 320, height: 640 });
  expect(await d.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  d.expectNoErrors();

  // A rider, signed in, at the same path: the not-found page, and the dashboard's code is never fetched.
  const rider = await signUpApi(server, { full_name: 'Rider Ren' });
  expect((await rider.get('/api/me')).body.driverDashboardPath).toBeUndefined();
  const r = await signedInPage(browser, server, rider, PHONE);
  const scripts: string[] = [];
  r.page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await r.page.goto(path);
  await r.page.getByRole('heading', { name: uiText.notFound.title }).waitFor();
  expect(await r.page.getByRole('heading', { name: text.title }).count()).toBe(0);
  expect(scripts.filter((u) => /driver-dashboard/.test(u))).toEqual([]);
  r.expectNoErrors();
});
