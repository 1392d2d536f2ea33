// Every console page asks for its data with the route (issue 27 §17, decision 0080): opened by an admin whose
// browser has seen the console before, the page's own data request starts while /api/me is still unanswered.
// /api/me is held until that request starts (or 10 s pass), so a page that waited for the session is
// caught; then the page shows its heading and nothing is asked twice. One browser, every page in turn.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const PICKUP = { lat: 37.7749, lng: -122.4194, label: 'Civic Center' };
const DESTINATION = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };

/** Each console page, and the pathname of the request its route starts (`:driver`, `:rider`, `:ride`, `:refund` filled in). */
const PAGES: ReadonlyArray<readonly [page: string, request: string]> = [
  ['/analytics', '/api/admin/analytics'],
  ['/booking-management', '/api/admin/rides'],
  ['/booking-management/:ride', '/api/admin/rides/:ride'],
  ['/customer-management', '/api/admin/customers'],
  ['/customer-management/:rider', '/api/admin/customers/:rider'],
  ['/driver-management', '/api/admin/drivers'],
  ['/driver/:driver', '/api/admin/drivers/:driver'],
  ['/document-review', '/api/admin/documents'],
  ['/insurance-verification', '/api/admin/insurance-policies'],
  ['/pricing-settings', '/api/admin/pricing/sf'],
  ['/surge-pricing', '/api/admin/surge'],
  ['/geofence-management', '/api/admin/cities'],
  ['/cancellation-policies', '/api/admin/cancellation-policies'],
  ['/financial-settings', '/api/admin/financial-settings/sf'],
  ['/financial-dashboard', '/api/admin/finance/dashboard'],
  ['/driver-payouts', '/api/admin/payout-runs'],
  ['/refund-management', '/api/admin/refund-requests'],
  ['/refund-management/:refund', '/api/admin/refund-requests/:refund'],
  ['/promo-codes', '/api/admin/promotions'],
  ['/corporate-accounts/invoices', '/api/admin/corporate-invoices'],
  ['/driver-heatmap', '/api/admin/driver-heatmap'],
  ['/driver-admin-dashboard', '/api/admin/driver-dashboard'],
  ['/support-procedures', '/api/admin/support-procedures'],
  ['/video-assets-generator', '/api/admin/cities'],
];

/**
 * The chrome's, asked again by design: the notifications and driver record once when the socket is ready
 * (lib/realtime.ts: events sent before it opened were missed), and the open SOS alerts on their poll.
 */
const CHROME_REFETCHED = ['/api/notifications', '/api/notifications/unread-count', '/api/drivers/me', '/api/admin/sos'];

describe('console pages', () => {
  it('start their data request before the session has answered, and ask for nothing twice', async () => {
    // One of everything a detail page shows: an approved driver, a rider with a completed cash ride, and
    // that rider's refund request.
    const admin = await adminApi(server);
    const driver = await signUpApi(server, { full_name: 'Lena Loader' });
    const { id: driverId } = await applyApi(driver, { full_name: 'Lena Loader' });
    await reviewApi(admin, driverId, 'approved');
    await driver.request(`/api/drivers/${driverId}`, { method: 'PATCH', json: { status: 'available' } });
    await driver.post('/api/drivers/me/location', { lat: PICKUP.lat + 0.002, lng: PICKUP.lng, accuracy: 5 });
    const rider = await signUpApi(server, { full_name: 'Rafe Loader' });
    const ride = (await rider.post('/api/rides', { pickup: PICKUP, destination: DESTINATION, ride_type: 'economy', payment_method: 'cash' })).body.ride;
    await expect.poll(async () => (await driver.get('/api/drivers/me/offer')).body.offer?.ride_id ?? null, { timeout: 15_000 }).toBe(ride.id);
    await driver.post(`/api/rides/${ride.id}/accept`, {});
    await driver.post(`/api/rides/${ride.id}/arrive`, {});
    await driver.post(`/api/rides/${ride.id}/start`, { pin: ride.pin });
    await driver.post(`/api/rides/${ride.id}/complete`, {});
    const refund = await rider.post(`/api/rides/${ride.id}/refund-requests`, { reason: 'route_longer', comment: 'Around the block twice.' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const riderId = (await rider.get('/api/me')).body.user.id as string;
    const fill = (path: string) =>
      path.replace(':driver', driverId).replace(':rider', riderId).replace(':ride', ride.id).replace(':refund', refund.body.request.id);

    const signedIn = await signedInPage(browser, server, admin, DESKTOP);
    const page = signedIn.page;
    // The first visit: this browser learns that its user is an admin (decision 0080's hint).
    await page.goto('/analytics');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const late: string[] = [];
    for (const [template, expected] of PAGES) {
      const path = fill(template);
      const request = fill(expected);
      // /api/me answers only once the page's own request has started (or after 10 s: then the page waited).
      let release!: () => void;
      let startedWhileHeld = false;
      let answered = false;
      const held = new Promise<void>((resolve) => {
        release = () => {
          startedWhileHeld = true;
          resolve();
        };
        setTimeout(resolve, 10_000);
      });
      const calls: string[] = [];
      const onRequest = (req: { url(): string }) => {
        const url = new URL(req.url());
        if (!url.pathname.startsWith('/api/') || url.pathname === '/api/csp-report') return;
        url.searchParams.sort();
        calls.push(`${url.pathname}?${url.searchParams}`);
        if (url.pathname === request && !answered) release();
      };
      page.on('request', onRequest);
      await page.route('**/api/me', async (route) => {
        await held;
        answered = true;
        await route.continue();
      });
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.unroute('**/api/me');
      page.off('request', onRequest);

      if (!startedWhileHeld) late.push(`${path}: ${request} did not start before /api/me answered — ${calls.join(' ')}`);
      // The prefetch and the page's hook share one cache entry: the same request is never made twice.
      const repeated = calls.filter((c, i) => calls.indexOf(c) !== i && !CHROME_REFETCHED.some((p) => c.startsWith(`${p}?`)));
      expect(repeated, `${path}: ${calls.join(' ')}`).toEqual([]);
    }
    expect(late).toEqual([]);
    signedIn.expectNoErrors();
    await signedIn.context.close();
  }, 180_000);
});
