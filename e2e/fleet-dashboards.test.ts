// /driver-admin-dashboard and /driver-heatmap: an admin sees who is online on the map and who waits for a
// decision, opens an applicant; then reads today's demand on the heatmap, switches layers and hours.
import { fleetText } from '@openride/shared/analytics/fleet-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const CIVIC_CENTER = { lat: 37.7749, lng: -122.4194, label: 'Civic Center' };
const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };

describe('the operator’s fleet pages', () => {
  it('driver admin dashboard: the online driver is on the map and the applicant waiting opens their page', async () => {
    const online = await signUpApi(server, { full_name: 'Olga Online' });
    const { id } = await applyApi(online, { full_name: 'Olga Online' });
    await reviewApi(await adminApi(server), id, 'approved');
    await online.request(`/api/drivers/${id}`, { method: 'PATCH', json: { status: 'available' } });
    await online.post('/api/drivers/me/location', { lat: CIVIC_CENTER.lat, lng: CIVIC_CENTER.lng, accuracy: 5 });
    const applicant = await signUpApi(server, { full_name: 'Wes Waiting' });
    const waiting = await applyApi(applicant, { full_name: 'Wes Waiting' });

    const admin = await signedInPage(browser, server, await adminApi(server));
    const page = admin.page;
    await page.goto('/driver-admin-dashboard');
    await page.getByRole('heading', { name: uiText.pages.driverAdminDashboard.title }).waitFor();
    const card = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .first();
    expect(await card(fleetText.stats.online).textContent()).toBe('1');
    expect(await card(fleetText.stats.waiting).textContent()).toBe('1');
    // One dot on the map: Olga.
    const map = page.getByRole('region', { name: fleetText.mapLabel });
    await expect.poll(() => map.locator('path.leaflet-interactive').count(), { timeout: 10_000 }).toBe(1);

    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);

    // Wes waits for a decision: his name opens his page.
    const table = page.getByRole('table', { name: fleetText.waitingTitle });
    await table.getByRole('link', { name: 'Wes Waiting' }).click();
    await page.waitForURL(`**/driver/${waiting.id}`);
    await page.getByRole('heading', { name: 'Wes Waiting' }).waitFor();
    admin.expectNoErrors();
    await admin.context.close();
  });

  it('driver heatmap: today’s request colours its cell; the gap layer and an empty hour range say so', async () => {
    const rider = await signUpApi(server, { full_name: 'Hana Heat' });
    const res = await rider.post('/api/rides', { pickup: CIVIC_CENTER, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(res.status).toBe(201);

    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    const page = admin.page;
    await page.goto('/driver-heatmap');
    await page.getByRole('heading', { name: uiText.pages.driverHeatmap.title }).waitFor();
    await page.getByText(/^1 request · /).waitFor();
    const map = page.getByRole('region', { name: fleetText.heatmap.mapLabel });
    await expect.poll(() => map.locator('path.leaflet-interactive').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const busiest = page.getByRole('table', { name: fleetText.heatmap.tableCaption });
    expect(await busiest.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).toBe('1');

    // The gap layer: the radio says so, the URL keeps it, the legend names it.
    await page.getByRole('radio', { name: fleetText.heatmap.layers.gap }).click();
    await expect.poll(() => page.getByRole('radio', { name: fleetText.heatmap.layers.gap }).getAttribute('aria-checked')).toBe('true');
    expect(new URL(page.url()).searchParams.get('layer')).toBe('gap');
    await page.getByRole('group', { name: fleetText.heatmap.legendTitle }).getByText(fleetText.heatmap.legendRiders).waitFor();

    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    // On a phone the busiest-cells table scrolls sideways in a region a keyboard can reach (issue 27 §18).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: fleetText.heatmap.tableCaption }).waitFor();
    const phone = await seriousViolations(page);
    expect(phone, JSON.stringify(phone)).toEqual([]);
    await page.setViewportSize(DESKTOP.viewport);

    // Hours that exclude the present one: nothing there.
    const hour = await page.evaluate(() => new Date().getHours());
    if (hour >= 12) {
      await page.getByRole('combobox', { name: fleetText.heatmap.toHour }).selectOption('1');
    } else {
      await page.getByRole('combobox', { name: fleetText.heatmap.fromHour }).selectOption('23');
    }
    await page.getByText(fleetText.heatmap.empty).waitFor();
    admin.expectNoErrors();
    await admin.context.close();
  });
});
