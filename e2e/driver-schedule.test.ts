// A driver's schedule and the operator's coverage (issue 14, decision 0047): a driver on a phone adds weekly
// hours on /driver-schedule, saves, and reads "Next shift"; an admin sees that hour's scheduled driver on
// /driver-admin-dashboard beside the demand. The rules (validation, time zones, time off, reminders) are
// tested by apps/server/test/driver-schedule.test.ts.
import { scheduleText } from '@openride/shared/schedule/schedule-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const text = scheduleText.page;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

it('a driver adds Wednesday 07:00–11:00 on a phone and reads the next shift; the admin sees one driver scheduled that hour', async () => {
  const adminUser = await adminApi(server);
  const driver = await signUpApi(server, { full_name: 'Shift Shirin' });
  const { id: driverId } = await applyApi(driver, { full_name: 'Shift Shirin' });
  await reviewApi(adminUser, driverId, 'approved');

  const d = await signedInPage(browser, server, driver, PHONE);
  await d.page.goto('/driver-schedule');
  await d.page.getByTestId('next-shift').getByText(text.noNextShift, { exact: true }).waitFor();
  await d.page.getByRole('button', { name: text.addBlockTo('Wednesday') }).click();
  // A new block starts at 07:00 and runs four hours; the driver keeps it and saves with the keyboard.
  await expect.poll(() => d.page.getByLabel(text.fromLabel('Wednesday', 1)).inputValue()).toBe('07:00');
  await expect.poll(() => d.page.getByLabel(text.toLabel('Wednesday', 1)).inputValue()).toBe('11:00');
  await d.page.getByTestId('save-status').getByText(text.unsaved).waitFor();
  // Checked before saving: the "Week saved" toast fades out on its own timer, mid-fade it is lighter text.
  const violations = await seriousViolations(d.page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await d.page.getByRole('button', { name: text.save }).focus();
  await d.page.keyboard.press('Enter');
  await d.page
    .getByTestId('next-shift')
    .getByText(text.nextShift({ weekday: 3, start: '07:00', end: '11:00' }), { exact: true })
    .waitFor();
  await d.page.getByTestId('save-status').getByText(text.saved, { exact: true }).waitFor();
  await d.page.setViewportSize({ width: 320, height: 640 });
  expect(await d.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const a = await signedInPage(browser, server, adminUser, PHONE);
  await a.page.goto('/driver-admin-dashboard');
  await a.page.getByRole('heading', { name: scheduleText.coverage.title }).waitFor();
  const cell = a.page.getByTestId('coverage-3-7');
  await cell.getByText('Wed 07:00: 1 scheduled', { exact: false }).waitFor();
  await a.page.getByTestId('coverage-3-11').getByText('Wed 11:00: 0 scheduled', { exact: false }).waitFor();
  await a.page.getByTestId('most-short').waitFor();
  // The 7 × 24 grid scrolls inside its own region on a phone: the page does not.
  await a.page.setViewportSize({ width: 320, height: 640 });
  expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const adminViolations = await seriousViolations(a.page);
  expect(adminViolations, JSON.stringify(adminViolations)).toEqual([]);
});
