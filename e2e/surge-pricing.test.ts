// /surge-pricing (issue 12, decision 0035): an operator holds downtown at 1.5× and reads why; a rider booking
// from downtown sees "1.5× busy" and why before booking, and is charged the fare shown; the operator freezes
// the city and the rider's next quote is back to 1.0×.
import { formatMultiplier } from '@openride/shared/surge/surge';
import { surgeText } from '@openride/shared/surge/surge-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
const text = surgeText.page;
/** Inside the seeded downtown pricing zone. */
const DOWNTOWN = { lat: 37.788, lng: -122.398 };
const DOWNTOWN_NAME = 'Downtown (Financial District and SoMa)';
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const zoneCard = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: DOWNTOWN_NAME }) });

describe('surge pricing', () => {
  it('an operator holds downtown at 1.5×; the rider sees it before booking and pays the fare shown; a freeze brings 1.0× back', async () => {
    const adminApiUser = await adminApi(server);
    const admin = await signedInPage(browser, server, adminApiUser, DESKTOP);
    const a = admin.page;
    await a.goto('/surge-pricing');
    await a.getByRole('heading', { name: uiText.pages.surgePricing.title }).waitFor();
    const card = zoneCard(a);
    await card.getByText(`${text.multiplierNow}: ${formatMultiplier(10)}`, { exact: true }).waitFor();
    await a.getByRole('region', { name: text.map }).waitFor();
    await a.getByRole('heading', { name: text.rule }).waitFor();

    await card.getByRole('button', { name: text.override }).click();
    const form = a.getByRole('form', { name: text.overrideTitle(DOWNTOWN_NAME) });
    await form.getByLabel(text.overrideMultiplier).selectOption('15');
    await form.getByRole('button', { name: text.overrideSave }).click();
    await card.getByText(`${text.multiplierNow}: ${formatMultiplier(15)}`, { exact: true }).waitFor();
    await card.getByText(surgeText.reasons.override).waitFor();
    const violations = await seriousViolations(a);
    expect(violations, JSON.stringify(violations)).toEqual([]);

    // The rider, downtown on their phone.
    const riderUser = await signUpApi(server, { full_name: 'Sam Surge' });
    const rider = await signedInPage(browser, server, riderUser, {
      ...PHONE,
      geolocation: { latitude: DOWNTOWN.lat, longitude: DOWNTOWN.lng, accuracy: 15 },
      permissions: ['geolocation'],
    });
    const r = rider.page;
    await r.goto('/book-ride');
    await expect.poll(() => r.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
    await r.getByLabel(book.destination, { exact: true }).fill('coit');
    await r.getByRole('option', { name: /Coit Tower/ }).click();
    const economy = r.getByRole('radio', { name: /Economy/ });
    await economy.waitFor();
    await r.getByText(surgeText.rider.sentence).waitFor();
    await r.locator('label').filter({ has: economy }).getByText(surgeText.rider.badge(15)).waitFor();
    const shown = (await r.locator('label').filter({ has: economy }).innerText()).match(/\$\d+\.\d\d/)![0];
    const riderViolations = await seriousViolations(r);
    expect(riderViolations, JSON.stringify(riderViolations)).toEqual([]);

    await r.getByRole('button', { name: book.requestRide, exact: true }).click();
    await r.waitForURL(/\/track-ride\//);
    const rideId = new URL(r.url()).pathname.split('/').pop()!;
    const ride = (await riderUser.get(`/api/rides/${rideId}`)).body.ride;
    expect(`$${(ride.fare_cents / 100).toFixed(2)}`).toBe(shown);
    expect((await riderUser.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);

    // An emergency: the operator freezes the city, through a confirmation.
    await a.getByRole('switch', { name: text.frozen }).click();
    const dialog = a.getByRole('dialog', { name: `${text.frozen}?` });
    await dialog.getByRole('button', { name: text.frozen }).click();
    await a.getByText(text.frozenOn).waitFor();
    await card.getByText(surgeText.reasons.frozen).waitFor();
    const quote = await riderUser.post('/api/rides/quote', {
      pickup: { ...DOWNTOWN, label: 'Downtown' },
      destination: { lat: 37.8024, lng: -122.4058, label: 'Coit Tower' },
    });
    expect(quote.body.surge_tenths).toBe(10);

    rider.expectNoErrors();
    admin.expectNoErrors();
    await rider.context.close();
    await admin.context.close();
  });
});
