// /pricing and /services for a visitor on a phone (issue 12, decision 0036): the Economy formula in force, a
// fare estimate between two places equal to the API's (surge shown while downtown is busy), how surge works,
// the cancellation rules; /services' ride types, and a map of the service areas that loads only once
// scrolled to. Axe clean; nothing scrolls sideways at 320 px.
import { errorText } from '@openride/shared/error-text';
import { publicText } from '@openride/shared/public/public-text';
import { searchPlaces } from '@openride/shared/geo/sf-places';
import { surgeText } from '@openride/shared/surge/surge-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openPage, openSuite, PHONE, TestClient } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const text = publicText;
/** The colour /services fills the service areas with. */
const AREA_FILL = '#16a34a';
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const place = (name: string) => {
  const p = searchPlaces(name, 1)[0]!;
  return { lat: p.lat, lng: p.lng, label: p.name };
};
async function expectAxeClean(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations)).toEqual([]);
}

describe('public pricing pages', () => {
  it('a visitor reads the Economy formula, estimates a fare (surge shown), and reads the surge and cancellation rules on /pricing', async () => {
    // Downtown is busy: an operator holds its multiplier at 1.5× (Union Square is downtown).
    const admin = await adminApi(server);
    const zones = (await admin.get('/api/admin/zones?city_id=sf')).body.items as Array<{ id: string; type: string; name: string }>;
    const downtown = zones.find((z) => z.type === 'pricing_zone' && /downtown/i.test(z.name))!;
    const held = await admin.post(`/api/admin/surge/zones/${downtown.id}/override`, {
      multiplier_tenths: 15,
      until: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    expect(held.status).toBe(200);

    const { page, context, errors } = await openPage(browser, server.url, PHONE);
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: uiText.pages.pricing.title }).waitFor();
    const economy = page.getByRole('region', { name: 'Economy', exact: true });
    await economy.getByText('$2.50 base + $1.10/km + $0.30/min, minimum $8.00, plus a $2.50 booking fee', { exact: true }).waitFor();
    await economy.getByText(text.rideTypes.economy).waitFor();
    await expectAxeClean(page);

    // The estimator: two places from the same place search as /book-ride.
    const from = page.getByLabel(text.pricing.pickup, { exact: true });
    await from.fill('union sq');
    await page.getByRole('option', { name: /Union Square/ }).click();
    await page.getByLabel(text.pricing.destination, { exact: true }).fill('ferry bui');
    await page.getByRole('option', { name: /Ferry Building/ }).click();
    const fares = page.getByRole('region', { name: text.pricing.fares });
    await fares.waitFor();

    // The page's fare is the API's estimate for the same trip (the rider's quote, surge included).
    const api = new TestClient(server.url);
    const estimate = await api.post('/api/public/estimate', { pickup: place('Union Square'), destination: place('Ferry Building') });
    expect(estimate.status).toBe(200);
    expect(estimate.body.surge.multiplier_tenths).toBe(15);
    const economyFare = estimate.body.options.find((o: { ride_type: string }) => o.ride_type === 'economy').fare_cents as number;
    const economyRow = fares.getByRole('listitem').filter({ hasText: 'Economy' });
    await economyRow.getByText(money(economyFare), { exact: true }).waitFor();
    await economyRow.getByText(surgeText.rider.badge(15), { exact: true }).waitFor();
    await fares.getByText(surgeText.rider.sentence, { exact: true }).waitFor();
    await expectAxeClean(page);

    // A pickup the city does not serve is refused in the words /book-ride uses; a served one prices again.
    await from.fill('oakland int');
    await page.getByRole('option', { name: /Oakland International Airport/ }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: errorText('OUTSIDE_SERVICE_AREA') })
      .waitFor();
    await from.fill('union sq');
    await page.getByRole('option', { name: /Union Square/ }).click();
    await fares.waitFor();

    // How surge works, with the city's numbers; the cancellation and no-show rules with theirs.
    const surge = page.getByRole('region', { name: text.surge.title });
    await surge.getByText('The multiplier is never below 1.0× and never above 2.0×', { exact: false }).waitFor();
    await surge.getByText('never the booking fee, and never cancellation or no-show fees', { exact: false }).waitFor();
    await surge.getByText(text.surge.zoneNow(downtown.name, '1.5×'), { exact: true }).waitFor();
    const rules = page.getByRole('region', { name: text.cancellation.title });
    await rules.getByText(text.cancellation.freeWindow('2 min')).first().waitFor();
    await rules.getByText(text.cancellation.fixedFee('$5.00')).first().waitFor();
    await rules.getByText(text.cancellation.noShow('5 min', '$5.00')).first().waitFor();

    // A phone of 320 px: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    // The one failed request is the Oakland estimate's 422, which the page turned into the words above.
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await context.close();
    expect((await admin.request(`/api/admin/surge/zones/${downtown.id}/override`, { method: 'DELETE', json: {} })).status).toBe(200);
  });

  it('a visitor sees the ride types on /services, and the map of the service areas only after scrolling to it', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url, PHONE);
    const mapRequests: string[] = [];
    page.on('request', (req) => {
      if (/leaflet/i.test(req.url())) mapRequests.push(req.url());
    });
    await page.goto('/services');
    await page.getByRole('heading', { level: 1, name: uiText.pages.services.title }).waitFor();
    const economy = page.getByRole('region', { name: 'Economy', exact: true });
    await economy.getByText(text.from(money(800 + 250)), { exact: true }).waitFor();
    await economy.getByText(text.seats(4), { exact: true }).waitFor();
    for (const name of ['Comfort', 'XL']) await page.getByRole('region', { name, exact: true }).waitFor();
    await page.getByText(text.services.mapPlaceholder).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // Not in view yet: no map, and not one byte of the map library.
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    expect(mapRequests).toEqual([]);
    await expectAxeClean(page);

    await page.getByText(text.services.mapPlaceholder).scrollIntoViewIfNeeded();
    const map = page.getByRole('region', { name: text.services.map('San Francisco') });
    await map.waitFor();
    await map.locator('.leaflet-container').waitFor();
    // The service areas are drawn on it.
    await expect.poll(() => map.locator(`path[fill="${AREA_FILL}"]`).count()).toBeGreaterThan(0);
    expect(mapRequests.length).toBeGreaterThan(0);
    await expectAxeClean(page);

    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    expectNoErrors();
    await context.close();
  });
});
