// /geofence-management: an admin draws a zone on the map (click corners, undo one, drag one, finish), names
// it and saves it; tests a point inside it by clicking the map and a typed point downtown (city, pricing zone,
// fares); deletes the zone through the confirm dialog. axe finds nothing serious. An operator adds a place to the
// city, and a rider's place search there suggests it (decision 0096).
import { placesText } from '@openride/shared/places/places-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { zonesText as text } from '@openride/shared/zones/zones-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

describe('geofence management', () => {
  it('an admin draws a restricted zone, tests points and deletes it', async () => {
    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    const page = admin.page;
    await page.goto('/geofence-management');
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
    expect(await page.getByLabel(text.city, { exact: true }).inputValue()).toBe('sf');
    const table = page.getByRole('region', { name: text.zones });
    await table.getByRole('row', { name: /Downtown \(Financial District and SoMa\)/ }).waitFor();
    await table
      .getByRole('row', { name: /Alcatraz Island/ })
      .getByText('Restricted')
      .waitFor();

    // The city's emergency number (what SOS offers to call): a bad one is explained, a good one saved.
    await page.getByRole('button', { name: text.editCity }).click();
    const cityForm = page.getByRole('form', { name: text.editCityTitle('San Francisco') });
    const emergency = cityForm.getByLabel(text.cityFields.emergencyNumber);
    expect(await emergency.inputValue()).toBe('911');
    await emergency.fill('nine one one');
    await cityForm.getByRole('button', { name: text.saveCity }).click();
    await cityForm.getByText('Emergency number is 2–15 digits', { exact: false }).waitFor();
    await emergency.fill('112');
    await cityForm.getByRole('button', { name: text.saveCity }).click();
    await page.getByText(text.citySaved('San Francisco')).first().waitFor();
    await expect.poll(() => cityForm.count()).toBe(0);

    // Draw: four corners clicked around the middle of the map, the last one undone and clicked again.
    await page.getByRole('button', { name: text.modes.draw }).click();
    const map = page.getByRole('region', { name: text.map });
    await map.locator('.leaflet-container').waitFor();
    const box = (await map.boundingBox())!;
    const at = (fx: number, fy: number) => ({ x: box.width * fx, y: box.height * fy });
    for (const [fx, fy] of [
      [0.42, 0.42],
      [0.58, 0.42],
      [0.58, 0.58],
      [0.5, 0.7],
    ] as const) {
      await map.click({ position: at(fx, fy) });
    }
    await page.getByLabel(text.form.lat(4)).waitFor();
    await page.getByRole('button', { name: text.undo }).click();
    await expect.poll(() => page.getByLabel(text.form.lat(4)).count()).toBe(0);
    await map.click({ position: at(0.42, 0.58) });
    await page.getByLabel(text.form.lat(4)).waitFor();
    // Drag corner 2 to the right: its longitude in the form follows.
    const lngBefore = Number(await page.getByLabel(text.form.lng(2)).inputValue());
    const handle = (await map.locator(`[title="${text.form.corner(2)}"]`).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 20, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await page.getByLabel(text.form.lng(2)).inputValue())).toBeGreaterThan(lngBefore);
    expect(await page.getByLabel(text.form.lat(5)).count()).toBe(0);
    await page.getByRole('button', { name: text.finish }).click();
    // Finishing hands the keyboard to the form.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('zone-name');
    await page.keyboard.type('Stadium event closure');
    await page.getByLabel(text.form.type).selectOption('restricted');
    await page.getByLabel(text.form.priority).fill('50');
    await page.getByRole('button', { name: text.form.save }).click();
    const row = table.getByRole('row', { name: /Stadium event closure/ });
    await row.waitFor();
    await row.getByText('Restricted').waitFor();
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    // Test a point: a click in the middle of the new zone.
    await page.getByRole('button', { name: text.modes.test }).click();
    await map.click({ position: at(0.5, 0.5) });
    const result = page.getByRole('region', { name: new RegExp(text.test.title) });
    await result.getByText('Stadium event closure').waitFor();
    await result.getByText(text.test.restricted).waitFor();

    // And a typed point at the Ferry Building: the city, its downtown pricing zone and the fares.
    await page.getByLabel(text.test.lat, { exact: true }).fill('37.7955');
    await page.getByLabel(text.test.lng, { exact: true }).fill('-122.3937');
    await page.getByRole('button', { name: text.test.submit }).click();
    await result.getByText('San Francisco (USD, America/Los_Angeles)').waitFor();
    await result.getByText('Downtown (Financial District and SoMa)', { exact: true }).first().waitFor();
    await result.getByText(text.test.fares(5, 15)).waitFor();
    await result.getByText('$15.00').waitFor();
    await result.getByText(text.test.surge('1.0×', 'Downtown (Financial District and SoMa)')).waitFor();

    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);

    // Delete it through the confirm dialog.
    await row.getByRole('button', { name: text.deleteLabel('Stadium event closure') }).click();
    const dialog = page.getByRole('dialog', { name: text.deleteTitle });
    await dialog.getByRole('button', { name: text.deleteConfirm }).click();
    await expect.poll(() => table.getByRole('row', { name: /Stadium event closure/ }).count()).toBe(0);

    admin.expectNoErrors();
    await admin.context.close();
  });

  it('on a 320 px phone: the page does not scroll sideways, the zones are a list to scroll, and axe finds nothing', async () => {
    const admin = await signedInPage(browser, server, await adminApi(server), { ...PHONE, viewport: { width: 320, height: 700 } });
    const page = admin.page;
    await page.goto('/geofence-management');
    await page
      .getByRole('region', { name: text.zones })
      .getByRole('row', { name: /San Francisco/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // Keyboard only: Test a point from typed coordinates.
    await page.getByRole('button', { name: text.modes.test }).click();
    await page.getByLabel(text.test.lat, { exact: true }).fill('37.8044');
    await page.getByLabel(text.test.lng, { exact: true }).fill('-122.2712');
    await page.getByLabel(text.test.lng, { exact: true }).press('Enter');
    await page
      .getByRole('region', { name: new RegExp(text.test.title) })
      .getByText(text.test.noCity)
      .waitFor();
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    admin.expectNoErrors();
    await admin.context.close();
  });

  it("an operator adds a place to San Francisco; a rider's place search there suggests it", async () => {
    const admin = await signedInPage(browser, server, await adminApi(server), DESKTOP);
    const page = admin.page;
    await page.goto('/geofence-management');
    const places = page.getByRole('region', { name: placesText.title });
    await places.getByRole('row', { name: /Ferry Building/ }).waitFor();
    await places.getByRole('button', { name: placesText.add }).click();
    const dialog = page.getByRole('dialog', { name: placesText.addTitle });
    await dialog.getByLabel(placesText.fields.name, { exact: true }).fill('Sutro Tower');
    await dialog.getByLabel(placesText.fields.area, { exact: true }).fill('Twin Peaks');
    await dialog.getByLabel(placesText.fields.kind, { exact: true }).selectOption('landmark');
    // A latitude off the globe is explained and nothing is saved; then the right one.
    await dialog.getByLabel(placesText.fields.lat, { exact: true }).fill('137.7552');
    await dialog.getByLabel(placesText.fields.lng, { exact: true }).fill('-122.4528');
    await dialog.getByRole('button', { name: placesText.save }).click();
    await dialog.getByText('Latitude is −90 to 90.').waitFor();
    await dialog.getByLabel(placesText.fields.lat, { exact: true }).fill('37.7552');
    await dialog.getByRole('button', { name: placesText.save }).click();
    await page.getByText(placesText.added('Sutro Tower')).first().waitFor();
    await places
      .getByRole('row', { name: /Sutro Tower/ })
      .getByText('Twin Peaks')
      .waitFor();

    // An import with a bad row is refused whole, naming the row; the good file is taken.
    const file = places.getByLabel(placesText.importFile);
    const csv = (rows: string[]) => ({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(['name,area,kind,lat,lng', ...rows].join('\n')) });
    await file.setInputFiles(csv(['Fort Mason,Marina,landmark,37.8059,-122.4316', 'Nowhere Pier,Bay,landmark,,-122.4']));
    await places.getByRole('button', { name: placesText.importSubmit }).click();
    await places
      .getByRole('alert')
      .getByText(/Nothing imported\. Row 2: Latitude/)
      .waitFor();
    expect(await places.getByRole('row', { name: /Fort Mason/ }).count()).toBe(0);
    await file.setInputFiles(csv(['Fort Mason,Marina,landmark,37.8059,-122.4316', 'Presidio Tunnel Tops,Presidio,landmark,37.8025,-122.4562']));
    await places.getByRole('button', { name: placesText.importSubmit }).click();
    await page.getByText(placesText.imported(2)).first().waitFor();
    await places.getByRole('row', { name: /Presidio Tunnel Tops/ }).waitFor();
    expect(await places.getByRole('alert').count()).toBe(0);
    // The one failed request is the refused import's 400, which the card said in words.
    expect(admin.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await admin.context.close();

    const book = riderText.book;
    const rider = await signUpApi(server, { full_name: 'Sid Sutro' });
    const r = await signedInPage(browser, server, rider, {
      ...PHONE,
      geolocation: { latitude: 37.788, longitude: -122.4075, accuracy: 20 },
      permissions: ['geolocation'],
    });
    await r.page.goto('/book-ride');
    // The GPS pickup is named after the city's nearest place; the search suggests the new one.
    await r.page.locator(`[title="${riderText.map.pickup}: ${book.near('Union Square')}"]`).waitFor();
    await r.page.getByLabel(book.destination, { exact: true }).fill('sutro t');
    const option = r.page.getByRole('listbox', { name: book.suggestions(book.destination) }).getByRole('option', { name: /Sutro Tower/ });
    await option.getByText('Twin Peaks', { exact: true }).waitFor();
    await option.click();
    expect(await r.page.getByLabel(book.destination, { exact: true }).inputValue()).toBe('Sutro Tower');
    r.expectNoErrors();
    await r.context.close();
  });

  it('a rider asking for a ride into a restricted zone reads why beside the fares, before requesting', async () => {
    const book = riderText.book;
    const rider = await signUpApi(server, { full_name: 'Rita Restricted' });
    const { page, context, errors } = await signedInPage(browser, server, rider, { ...PHONE, permissions: [] });
    await page.goto('/book-ride');
    await page.getByLabel(book.pickup, { exact: true }).fill('37.7955,-122.3937');
    await page.getByLabel(book.destination, { exact: true }).fill('37.8270,-122.4228');
    await page.getByRole('alert').filter({ hasText: book.destinationRestricted }).waitFor();
    expect(await page.getByRole('button', { name: book.requestRide }).isDisabled()).toBe(true);
    // The one failed request is the quote's 422, which the page turned into the message above.
    expect(errors.filter((e) => !/status of 422/.test(e) && !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });
});
