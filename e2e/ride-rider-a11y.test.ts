// Accessibility of the rider's ride screens on a phone: axe finds no serious or critical violation on
// /book-ride (with fares shown), /track-ride, /ride-history and /share/:token, and every control has a name.
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite, PHONE } from './support/fixtures';
import { seriousViolations } from './support/axe';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

async function unnamedControls(page: Page) {
  return page.evaluate(() => {
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=combobox]';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.offsetParent !== null || el.getClientRects().length > 0)
      .filter((el) => {
        const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title');
        const input = el as HTMLInputElement;
        const labels = 'labels' in input && input.labels ? input.labels.length : 0;
        return !labelled && !labels && !(el.textContent ?? '').trim();
      })
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

it('book, track, history and the shared trip: no serious axe violation, every control named', async () => {
  const rider = await signUpApi(server, { full_name: 'Ally Access' });
  const { page, context, expectNoErrors } = await signedInPage(browser, server, rider, {
    ...PHONE,
    geolocation: { latitude: 37.788, longitude: -122.4075, accuracy: 20 },
    permissions: ['geolocation'],
  });

  await page.goto('/book-ride');
  await expect.poll(() => page.getByLabel(riderText.book.pickup, { exact: true }).inputValue()).toBe(riderText.book.currentLocation);
  await page.getByLabel(riderText.book.destination, { exact: true }).fill('pier 39');
  await page.getByRole('option', { name: /Pier 39/ }).click();
  await page.getByRole('radio', { name: 'XL' }).waitFor();
  expect(await seriousViolations(page), '/book-ride').toEqual([]);
  expect(await unnamedControls(page), '/book-ride').toEqual([]);

  await page.getByRole('button', { name: riderText.book.requestRide }).click();
  await page.waitForURL(/\/track-ride\//);
  await page.getByRole('button', { name: riderText.track.cancelRide }).waitFor();
  expect(await seriousViolations(page), '/track-ride').toEqual([]);
  expect(await unnamedControls(page), '/track-ride').toEqual([]);
  const shareUrl = await page.getByLabel(riderText.track.shareLink).inputValue();

  // The cancel confirmation, open.
  await page.getByRole('button', { name: riderText.track.cancelRide }).click();
  await page.getByRole('dialog', { name: riderText.track.cancelConfirmTitle }).waitFor();
  expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
  await page.getByRole('button', { name: riderText.track.cancelConfirm }).click();
  await page.getByRole('link', { name: riderText.track.bookAgain }).waitFor();
  expect(await seriousViolations(page), '/track-ride cancelled').toEqual([]);

  await page.goto('/ride-history');
  await page.getByRole('list', { name: riderText.history.title }).waitFor();
  expect(await seriousViolations(page), '/ride-history').toEqual([]);
  expect(await unnamedControls(page), '/ride-history').toEqual([]);
  expectNoErrors();

  const visitor = await openPage(browser, server.url);
  await visitor.page.goto(shareUrl);
  await visitor.page.getByRole('heading', { level: 1, name: STATUS_LABELS.cancelled }).waitFor();
  expect(await seriousViolations(visitor.page), '/share').toEqual([]);
  expect(await unnamedControls(visitor.page), '/share').toEqual([]);
  visitor.expectNoErrors();
  await Promise.all([context.close(), visitor.context.close()]);
});
