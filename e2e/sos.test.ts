// SOS (issue 15, decision 0061), in the browser: an admin has an admin page open; a rider whose ride was accepted
// (driven through the API) presses SOS on the track page and confirms; the admin's page shows the alert live
// (no reload) with the rider's name; the admin resolves it with a note and the rider's button comes back.
// Rules, refusals and the fan-out (ticket, texts, once only) are the API tests' (apps/server/test/sos.test.ts).
import { sosText } from '@openride/shared/safety/sos-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, byText, signedInPage, signUpApi, startServer } from './support/accounts';
import { northOf, onlineDriverApi } from './support/driver';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075, label: 'Union Square' };
const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };

it('SOS during a ride reaches the admin console live', async () => {
  const admin = await adminApi(server);
  const { driver, socket, offered } = await onlineDriverApi(server, admin, northOf(UNION_SQUARE, 300));
  const rider = await signUpApi(server, { full_name: 'Sadie Sosrider' });
  expect((await rider.post('/api/account/emergency-contacts', { name: 'Mum', phone: '4155550190', relationship: 'Mother' })).status).toBe(201);
  const booked = await rider.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status).toBe(201);
  const ride = booked.body.ride as { id: string };
  await offered(ride.id);
  expect((await driver.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);

  // The admin, on a desktop, is on an admin page: nothing to see yet.
  const console_ = await signedInPage(browser, server, admin, DESKTOP);
  await console_.page.goto('/booking-management');
  await console_.page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await console_.page.getByRole('alert', { name: sosText.admin.title('Sadie Sosrider') }).count()).toBe(0);

  // The rider, on a phone: SOS, the confirmation says what happens, confirm.
  const { page, context, expectNoErrors } = await signedInPage(browser, server, rider, PHONE);
  await page.goto(`/track-ride/${ride.id}`);
  await page.getByRole('button', { name: `${sosText.button.label} — ${sosText.button.hint}` }).click();
  const dialog = page.getByRole('dialog', { name: sosText.button.confirmTitle });
  await dialog.getByText(sosText.button.confirmItems(1)[1]!, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: sosText.button.confirm }).click();
  await byText(page, sosText.button.sent).waitFor();
  // San Francisco's emergency number (the city's, migration 0040).
  expect(await page.getByRole('link', { name: sosText.button.call('911') }).getAttribute('href')).toBe('tel:911');

  // The admin's page shows it live, with who pressed it, the ride and the ticket; the alarm's sound toggle.
  const alert = console_.page.getByRole('alert', { name: sosText.admin.title('Sadie Sosrider') });
  await alert.waitFor();
  await alert.getByText(sosText.admin.from('Sadie Sosrider', 'rider'), { exact: false }).waitFor();
  expect(await alert.getByRole('link', { name: sosText.admin.ride }).getAttribute('href')).toBe(`/booking-management/${ride.id}`);
  await alert.getByRole('link', { name: /^Ticket T-\d+$/ }).waitFor();
  await console_.page.getByRole('button', { name: sosText.admin.soundOn }).waitFor();
  await console_.page.getByRole('button', { name: sosText.admin.acknowledge }).click();

  // Resolved with a note: it leaves the admin's page, and the rider's button is back.
  await alert.getByRole('button', { name: sosText.admin.resolve }).click();
  const resolveDialog = console_.page.getByRole('dialog', { name: sosText.admin.resolveTitle });
  await resolveDialog.getByLabel(sosText.admin.noteLabel).fill('Called the rider: she is safe, the driver pulled over.');
  await resolveDialog.getByRole('button', { name: sosText.admin.resolve }).click();
  await expect.poll(() => console_.page.getByRole('alert', { name: sosText.admin.title('Sadie Sosrider') }).count()).toBe(0);
  await page.getByRole('button', { name: `${sosText.button.label} — ${sosText.button.hint}` }).waitFor();

  expectNoErrors();
  console_.expectNoErrors();
  socket.close();
  await context.close();
  await console_.context.close();
});
