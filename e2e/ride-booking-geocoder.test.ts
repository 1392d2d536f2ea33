// Place search through a configured geocoder (GEOCODER_URL, Nominatim's API): its answers join the
// gazetteer's in the suggestions and book like any other place. The geocoder is a small local HTTP server
// speaking Nominatim's /search?format=json (this machine has no internet to reach a real one).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
const MARKET_ST = { lat: 37.7941, lng: -122.3951 };
const asked: URLSearchParams[] = [];
const geocoder = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://geocoder');
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (url.pathname !== '/search') {
    res.writeHead(404).end();
    return;
  }
  asked.push(url.searchParams);
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const hits = q.includes('market')
    ? [
        {
          place_id: 101,
          display_name: '1, Market Street, Financial District, San Francisco, California, 94105, United States',
          lat: String(MARKET_ST.lat),
          lon: String(MARKET_ST.lng),
        },
      ]
    : [];
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(hits));
});

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const { port } = geocoder.address() as AddressInfo;
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '', GEOCODER_URL: `http://127.0.0.1:${port}` })));
});
afterAll(async () => {
  await closeSuite({ server, browser });
  await new Promise((resolve) => geocoder.close(resolve));
});

it('a typed address found by the geocoder is suggested, chosen and priced', async () => {
  const rider = await signUpApi(server, { full_name: 'Gio Geocoder' });
  const { page, context, expectNoErrors } = await signedInPage(browser, server, rider, {
    ...PHONE,
    geolocation: { latitude: 37.788, longitude: -122.4075, accuracy: 20 },
    permissions: ['geolocation'],
  });
  await page.goto('/book-ride');
  await expect.poll(() => page.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
  const destination = page.getByLabel(book.destination, { exact: true });
  await destination.fill('1 Market St');
  const option = page.getByRole('listbox', { name: book.suggestions(book.destination) }).getByRole('option', { name: /1 Market Street/ });
  await option.waitFor();
  await option.getByText('Financial District, San Francisco, California', { exact: true }).waitFor();
  // Nominatim's search, asked once typing paused (not once per key).
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.at(-1)!.get('format')).toBe('json');
  expect(asked.at(-1)!.get('q')).toBe('1 Market St');
  expect(asked.length).toBeLessThan(4);
  // Biased to the rider's city (its service area's box, not bounded to it) and in the reader's language (decision 0096).
  const viewbox = asked.at(-1)!.get('viewbox')!.split(',').map(Number);
  expect(viewbox).toHaveLength(4);
  const [west, north, east, south] = viewbox as [number, number, number, number];
  expect(west < MARKET_ST.lng && MARKET_ST.lng < east && south < MARKET_ST.lat && MARKET_ST.lat < north).toBe(true);
  expect(asked.at(-1)!.get('bounded')).toBe('0');
  expect(asked.at(-1)!.get('accept-language')).toMatch(/^en/);

  await option.click();
  expect(await destination.inputValue()).toBe('1 Market Street');
  await page.getByRole('radio', { name: 'Economy' }).waitFor();
  await page.getByRole('button', { name: book.requestRide }).click();
  await page.waitForURL(/\/track-ride\//);
  const ride = (await rider.get(`/api/rides/${page.url().split('/').pop()}`)).body.ride;
  expect(ride.destination).toMatchObject({ ...MARKET_ST, label: '1 Market Street' });
  await rider.post(`/api/rides/${ride.id}/cancel`, {});
  expectNoErrors();
  await context.close();
});
