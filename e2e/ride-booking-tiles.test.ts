// The booking page with map tiles configured but failing (a tile server down, a phone offline): markers
// and the route still draw on the plain background, the map says tiles are unavailable, and the only
// console errors are the failed tile requests themselves.
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byText, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
// A path on the test server itself that answers 404: this machine has no internet, so an outside tile
// server would fail differently on every run (DNS), while this one fails the same way every time.
const TILE_PATH = '/api/no-such-tiles/';
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: `${TILE_PATH}{z}/{x}/{y}.png`, TILE_ATTRIBUTION: 'Test tiles' })));
});
afterAll(() => closeSuite({ server, browser }));

it('tiles that fail: markers and the route still draw, the map says so, and nothing else logs an error', async () => {
  const rider = await signUpApi(server, { full_name: 'Tia Tiles' });
  const { page, context, errors } = await signedInPage(browser, server, rider, {
    ...PHONE,
    geolocation: { latitude: 37.788, longitude: -122.4075, accuracy: 20 },
    permissions: ['geolocation'],
  });
  const tileErrors: string[] = [];
  const otherErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url;
    if (/status of 404/.test(msg.text()) && new URL(url, server.url).pathname.startsWith(TILE_PATH)) tileErrors.push(url);
    else otherErrors.push(`${msg.text()} (${url})`);
  });

  await page.goto('/book-ride');
  await expect.poll(() => page.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
  await page.getByLabel(book.destination, { exact: true }).fill('coit');
  await page.getByRole('option', { name: /Coit Tower/ }).click();
  await page.getByRole('radio', { name: 'Economy' }).waitFor();

  // The map asked for tiles, got 404s, gave up on them and says so.
  await byText(page, riderText.map.tilesUnavailable).waitFor();
  expect(tileErrors.length).toBeGreaterThan(0);
  const map = page.getByRole('region', { name: book.mapLabel });
  // The pickup from the phone is stored as a place people know, not as "Current location" (issue 17 §6).
  const gpsPickup = `[title="${riderText.map.pickup}: ${book.near('Union Square')}"]`;
  await map.locator(gpsPickup).waitFor();
  await map.locator(`[title="${riderText.map.destination}: Coit Tower"]`).waitFor();
  // The quote's route, drawn as a line between them.
  await expect.poll(() => map.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
  const marker = await map.locator(gpsPickup).boundingBox();
  const mapBox = (await map.boundingBox())!;
  expect(marker!.x).toBeGreaterThan(mapBox.x);
  expect(marker!.y + marker!.height).toBeLessThan(mapBox.y + mapBox.height);

  // Without tiles the city is still drawn (issue 17 §5): land, parks, streets, and landmarks by name…
  await expect.poll(() => map.locator('.leaflet-offline-basemap-pane path').count()).toBeGreaterThan(3);
  // The trip is framed at the map's settled size (city-wide here); zoomed in one step, landmarks are named.
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => map.locator('.offline-basemap-label').count()).toBeGreaterThan(0);
  await map.locator('.offline-basemap-label').first().waitFor();
  // …the tile credit went with the tiles, and the note keeps clear of the zoom buttons.
  expect(await map.getByText('Test tiles').count()).toBe(0);
  const note = (await byText(page, riderText.map.tilesUnavailable).boundingBox())!;
  const zoom = (await map.getByRole('button', { name: 'Zoom out' }).boundingBox())!;
  expect(note.x >= zoom.x + zoom.width || note.y >= zoom.y + zoom.height).toBe(true);
  expect(zoom.width).toBeGreaterThanOrEqual(44);

  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/book-ride-tiles-failed.png` });
  expect(otherErrors).toEqual([]);
  // The fixture saw the same errors: all of them tile requests.
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  await context.close();
});
