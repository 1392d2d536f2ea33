// The console's city (issue 29 §1/§3, decision 0091): an operations member of Madrid finds no San Francisco ride
// on /booking-management, and the ride's own page is not found for them; the owner, of every city, sees it under
// "All cities" and under San Francisco in the selector at the top of the console, not under Madrid; with Madrid
// chosen, a page with its own city picker (/financial-settings) starts on Madrid.
import { consoleText, kitText } from '@openride/shared/admin/admin-text';
import { financeText } from '@openride/shared/finance/finance-text';
import { operatorText } from '@openride/shared/rides/operator-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, staffApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const PICKUP = { lat: 37.7749, lng: -122.4194, label: 'Civic Center' };
const DESTINATION = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
const RIDER = 'Sol Franciscan';

/** The rides table once loaded: its rows, or the empty state. */
async function ridesShown(page: Page) {
  await page.getByRole('heading', { level: 1, name: uiText.pages.bookingManagement.title }).waitFor();
  await page
    .getByText(operatorText.empty, { exact: true })
    .or(page.getByRole('table', { name: operatorText.tableLabel }))
    .first()
    .waitFor();
}

describe('the console city', () => {
  it('a Madrid operator sees no San Francisco ride; the owner sees it under All cities and San Francisco, not Madrid', async () => {
    const owner = await adminApi(server);
    const created = await owner.post('/api/admin/cities', {
      id: 'madrid',
      name: 'Madrid',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const member = await staffApi(server, owner, { full_name: 'Marta Madrid', role: 'operations', city_ids: ['madrid'] });

    const rider = await signUpApi(server, { full_name: RIDER });
    const booked = await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status, JSON.stringify(booked.body)).toBeLessThan(300);
    const rideId = booked.body.ride.id as string;

    // The Madrid operator, on a phone: nothing to list, no selector (one city), and the ride's page is not found.
    const madrid = await signedInPage(browser, server, member, PHONE);
    await madrid.page.goto('/booking-management');
    await ridesShown(madrid.page);
    await madrid.page.getByText(operatorText.empty, { exact: true }).waitFor();
    expect(await madrid.page.getByText(RIDER).count()).toBe(0);
    expect(await madrid.page.getByRole('combobox', { name: consoleText.city }).count()).toBe(0);
    await madrid.page.goto(`/booking-management/${rideId}`);
    await madrid.page.getByText(operatorText.notFound, { exact: true }).waitFor();
    expect(await madrid.page.getByText(RIDER).count()).toBe(0);
    await madrid.context.close();

    // The owner, on a laptop: All cities, then San Francisco hold the ride; Madrid does not.
    const boss = await signedInPage(browser, server, owner, DESKTOP);
    const page = boss.page;
    await page.goto('/booking-management');
    await ridesShown(page);
    const row = page.getByRole('row', { name: new RegExp(RIDER) });
    await row.waitFor();
    const city = page.getByRole('combobox', { name: consoleText.city });
    expect(await city.inputValue()).toBe('');
    expect(await city.locator('option:checked').textContent()).toBe(consoleText.allCities);
    await city.selectOption({ label: 'San Francisco' });
    await expect.poll(() => page.getByRole('link', { name: kitText.exportCsv }).getAttribute('href')).toContain('city=sf');
    await row.waitFor();
    await city.selectOption({ label: 'Madrid' });
    await page.getByText(operatorText.empty, { exact: true }).waitFor();
    expect(await page.getByText(RIDER).count()).toBe(0);
    // Remembered: the next visit opens on Madrid; on a phone too, where the selector fits beside the search.
    await page.setViewportSize(PHONE.viewport);
    await page.reload();
    await ridesShown(page);
    expect(await page.getByRole('combobox', { name: consoleText.city }).inputValue()).toBe('madrid');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await page.getByText(operatorText.empty, { exact: true }).waitFor();
    // A page with a city picker of its own starts on the console's city.
    await page.goto('/financial-settings');
    await page.getByRole('heading', { level: 1, name: uiText.pages.financialSettings.title }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: financeText.settings.city }).evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value)))
      .toEqual(['madrid', 'madrid']);
    boss.expectNoErrors();
    await boss.context.close();
  });
});
