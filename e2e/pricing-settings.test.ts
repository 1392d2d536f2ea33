// /pricing-settings on a phone: an admin reads Economy's fare in force, edits it (a new version, money in
// dollars and cents), sees the change in the history, simulates a fare line by line; a rider's quote on
// /book-ride follows the new version. Then the Downtown zone scope: a downtown Economy version that a quote
// from downtown follows and one from Golden Gate Park does not.
import { pricingText } from '@openride/shared/pricing/pricing-text';
import { computeFare } from '@openride/shared/rides/fare';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, byText, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075 };
const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
/** Inside the seeded downtown pricing zone of San Francisco, and its name. */
const DOWNTOWN = { lat: 37.788, lng: -122.398 };
const DOWNTOWN_ZONE = 'Downtown (Financial District and SoMa)';
const GOLDEN_GATE_PARK = { lat: 37.7694, lng: -122.4862 };
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('pricing settings', () => {
  it("an admin raises Economy's base fare; the history shows old → new; the simulator itemises it; the rider's quote follows", async () => {
    const rider = await signUpApi(server, { full_name: 'Quinn Quote' });
    const trip = { pickup: { ...UNION_SQUARE, label: book.currentLocation }, destination: FERRY_BUILDING };
    const before = (await rider.post('/api/rides/quote', trip)).body.options.find((o: { ride_type: string }) => o.ride_type === 'economy').fare_cents as number;

    const { page, context, expectNoErrors } = await signedInPage(browser, server, await adminApi(server), PHONE);
    await page.goto('/pricing-settings');
    await page.getByRole('heading', { level: 1, name: uiText.pages.pricingSettings.title }).waitFor();
    const economy = page.getByRole('region', { name: 'Economy', exact: true });
    await economy.getByText(pricingText.version(1), { exact: true }).waitFor();
    await economy.getByText('$2.50', { exact: true }).first().waitFor();
    let violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);

    // Edit: a form prefilled from the version in force, money in dollars and cents.
    await economy.getByRole('button', { name: `${pricingText.edit} Economy` }).click();
    const form = page.getByRole('region', { name: pricingText.editTitle('Economy') });
    const base = form.getByLabel(pricingText.fields.base_cents, { exact: true });
    expect(await base.inputValue()).toBe('2.50');
    // A bad amount is refused in words, before anything is sent.
    await base.fill('-1');
    await form.getByRole('button', { name: pricingText.save }).click();
    await form.getByText(pricingText.money.invalid('USD')).waitFor();
    await base.fill('6.00');
    await form.getByLabel(pricingText.note).fill('Fuel costs');
    violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    await form.getByRole('button', { name: pricingText.save }).click();
    await byText(page, pricingText.saved(2)).waitFor();
    await form.waitFor({ state: 'detached' });
    await economy.getByText(pricingText.version(2), { exact: true }).waitFor();
    await economy.getByText('$6.00', { exact: true }).first().waitFor();

    // The history: version 2 against version 1, the changed field old → new.
    await economy.getByText(`${pricingText.history} (2)`).click();
    const changes = economy.getByRole('list', { name: `${pricingText.changed}: ${pricingText.version(2)}` });
    await changes.getByText(`${pricingText.fields.base_cents}:`).waitFor();
    expect(await changes.locator('del').textContent()).toBe('$2.50');
    expect(await changes.locator('ins').textContent()).toBe('$6.00');
    await economy.getByText('Fuel costs').waitFor();

    // Simulate fare: 8 km, 20 min on Economy, now.
    const sim = page.getByRole('region', { name: pricingText.simulate.title });
    await sim.getByLabel(pricingText.simulate.distance).fill('8');
    await sim.getByLabel(pricingText.simulate.duration).fill('20');
    await sim.getByRole('button', { name: pricingText.simulate.run }).click();
    const economyRates = { base_cents: 600, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250 };
    await sim.getByText(pricingText.simulate.policy(2, pricingText.cityDefault)).waitFor();
    await sim.getByText(pricingText.lines.base, { exact: true }).waitFor();
    await sim.getByText(money(computeFare(economyRates, 8_000, 1_200)), { exact: true }).waitFor();

    // A phone of 320 px: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    expectNoErrors();
    await context.close();

    // The rider books the same trip on /book-ride: Economy's fare is the new version's.
    const after = (await rider.post('/api/rides/quote', trip)).body.options.find((o: { ride_type: string }) => o.ride_type === 'economy').fare_cents as number;
    expect(after).toBeGreaterThan(before);
    const phone = await signedInPage(browser, server, rider, {
      ...PHONE,
      geolocation: { latitude: UNION_SQUARE.lat, longitude: UNION_SQUARE.lng, accuracy: 20 },
      permissions: ['geolocation'],
    });
    const r = phone.page;
    await r.goto('/book-ride');
    await expect.poll(() => r.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
    await r.getByLabel(book.destination, { exact: true }).fill('ferry bui');
    await r.getByRole('option', { name: /Ferry Building/ }).click();
    const card = r.locator('label').filter({ has: r.getByRole('radio', { name: 'Economy' }) });
    await card.getByText(money(after), { exact: true }).waitFor();
    expect(await card.getByText(money(before), { exact: true }).count()).toBe(0);
    phone.expectNoErrors();
    await phone.context.close();
  });

  it('an admin picks the Downtown zone scope and saves a downtown Economy version; a quote from downtown follows it, one from Golden Gate Park does not', async () => {
    const rider = await signUpApi(server, { full_name: 'Dana Downtown' });
    const economyFare = async (pickup: { lat: number; lng: number }) =>
      (await rider.post('/api/rides/quote', { pickup: { ...pickup, label: 'Pickup' }, destination: FERRY_BUILDING })).body.options.find(
        (o: { ride_type: string }) => o.ride_type === 'economy',
      ).fare_cents as number;
    const downtownBefore = await economyFare(DOWNTOWN);
    const parkBefore = await economyFare(GOLDEN_GATE_PARK);

    const { page, context, expectNoErrors } = await signedInPage(browser, server, await adminApi(server), PHONE);
    await page.goto('/pricing-settings');
    await page.getByRole('heading', { level: 1, name: uiText.pages.pricingSettings.title }).waitFor();
    // The scope picker names the city's pricing zones.
    const scope = page.getByLabel(pricingText.scope, { exact: true });
    await scope.selectOption({ label: DOWNTOWN_ZONE });
    const economy = page.getByRole('region', { name: 'Economy', exact: true });
    await economy.getByText(pricingText.inheritsCityDefault, { exact: true }).waitFor();

    await economy.getByRole('button', { name: `${pricingText.edit} Economy` }).click();
    const form = page.getByRole('region', { name: pricingText.editTitle('Economy') });
    const base = form.getByLabel(pricingText.fields.base_cents, { exact: true });
    await base.fill('9.00');
    await form.getByLabel(pricingText.note).fill('Downtown demand');
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    await form.getByRole('button', { name: pricingText.save }).click();
    await byText(page, pricingText.saved(1)).waitFor();
    await form.waitFor({ state: 'detached' });
    // The zone's own version 1, by the zone's name.
    await economy.getByText(`${pricingText.version(1)} · ${DOWNTOWN_ZONE} · `).waitFor();
    await economy.getByText('$9.00', { exact: true }).first().waitFor();
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    expectNoErrors();
    await context.close();

    // The version is the downtown zone's, not the city default's.
    const admin = await adminApi(server);
    const zones = (await admin.get('/api/admin/zones?city_id=sf')).body.items as { id: string; name: string }[];
    const downtownId = zones.find((z) => z.name === DOWNTOWN_ZONE)!.id;
    const history = (await admin.get('/api/admin/pricing/sf')).body.history as {
      zone_id: string | null;
      ride_type: string;
      base_cents: number;
      version: number;
    }[];
    expect(history.filter((p) => p.zone_id === downtownId)).toMatchObject([{ ride_type: 'economy', base_cents: 900, version: 1 }]);

    // A quote from downtown follows it (the trip price rises by the base's $3.00 at least); one from Golden Gate Park does not move.
    expect(await economyFare(DOWNTOWN)).toBeGreaterThanOrEqual(downtownBefore + 300);
    expect(await economyFare(GOLDEN_GATE_PARK)).toBe(parkBefore);
  });
});
