// Promo codes (issue 16, decisions 0063, 0068): an admin on /promo-codes creates a promotion as a draft,
// backtests it on the last 30 days of rides, launches it, then edits its end and description (the offer shown
// locked, the zone picker on the form, the zones in its detail); a rider on /book-ride (a phone) types the
// code, Applies it, reads the discounted fare and the saving, and books: the redemption is reserved with the
// ride. Rules, refusals, edits, receipts and races are the API tests' (apps/server/test/promo-codes.test.ts).
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

const text = promotionsText;
const book = riderText.book;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075 };
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

it('an admin creates a promotion, backtests it, launches it and edits its end; a rider applies the code and books with it', async () => {
  const adminUser = await adminApi(server);
  const code = `SAVE${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const admin = await signedInPage(browser, server, adminUser, DESKTOP);
  const a = admin.page;
  await a.goto('/promo-codes');
  await a.getByRole('heading', { level: 1, name: text.page.title }).waitFor();

  // A fixed $2.50 off, a draft first.
  const form = a.getByRole('region', { name: text.page.create });
  await form.getByLabel(text.form.code, { exact: true }).fill(code);
  await form.getByLabel(text.form.kind).selectOption('amount');
  await form.getByLabel(text.form.value, { exact: true }).fill('2.50');
  await form.getByLabel(text.form.budget).fill('100');
  await form.getByRole('button', { name: text.form.saveDraft }).click();
  await form.getByText(text.form.created(code)).waitFor();

  const row = a.getByRole('row').filter({ hasText: code });
  await row.getByText(text.statuses.draft, { exact: true }).waitFor();
  await row.getByRole('button', { name: `${text.page.backtest} ${code}` }).click();
  const result = a.getByRole('region', { name: `${text.page.backtest} ${code}` });
  await result.getByText(/rides in the last 30 days would have qualified/).waitFor();
  await row.getByRole('button', { name: `${text.page.activate} ${code}` }).click();
  await row.getByText(text.statuses.active, { exact: true }).waitFor();

  // Launched, it can still end later and have a description (decision 0068); the offer is shown, locked.
  await row.getByRole('button', { name: `${text.edit.action} ${code}` }).click();
  const edit = a.getByRole('region', { name: text.edit.title(code) });
  await edit.getByText(text.edit.lockedHint, { exact: false }).waitFor();
  expect(await edit.getByLabel(text.form.value, { exact: true }).isDisabled()).toBe(true);
  // Any zone: none ticked (the picker lists the city's pricing zones, or says it has none).
  await edit.getByRole('group', { name: text.form.zones }).waitFor();
  await edit.getByLabel(text.form.validTo).fill('2031-06-30T18:00');
  await edit.getByLabel(text.form.description).fill('Spring launch');
  await edit.getByRole('button', { name: text.edit.save }).click();
  await a
    .getByRole('status')
    .filter({ hasText: text.edit.saved(code) })
    .waitFor();
  await row.getByRole('button', { name: `${text.page.redemptions} ${code}` }).click();
  const detail = a.getByRole('region', { name: `${text.page.redemptions}: ${code}` });
  await detail.getByText('Spring launch').waitFor();
  await detail.getByText(text.detail.anyZone, { exact: true }).waitFor();
  expect((await adminUser.get(`/api/admin/promotions?q=${code}`)).body.items[0]).toMatchObject({ description: 'Spring launch', version: 3 });
  admin.expectNoErrors();
  await admin.context.close();

  // The rider, on a phone at Union Square.
  const riderUser = await signUpApi(server, { full_name: 'Polly Promo' });
  const { page, context, expectNoErrors } = await signedInPage(browser, server, riderUser, {
    ...PHONE,
    geolocation: { latitude: UNION_SQUARE.lat, longitude: UNION_SQUARE.lng, accuracy: 20 },
    permissions: ['geolocation'],
  });
  await page.goto('/book-ride');
  await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
  await expect.poll(() => page.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
  await page.getByLabel(book.destination, { exact: true }).fill('ferry bui');
  await page.getByRole('option', { name: /Ferry Building/ }).click();

  const promo = page.getByRole('form', { name: text.book.label });
  await promo.getByLabel(text.book.label, { exact: true }).fill(code.toLowerCase());
  await promo.getByRole('button', { name: text.book.apply }).click();
  await page
    .getByRole('status')
    .filter({ hasText: text.book.applied(code) })
    .waitFor();
  // Every ride type shows the saving.
  await expect.poll(() => page.getByText(text.book.saving(money(250)), { exact: true }).count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: book.requestRide }).click();
  await page.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
  const listed = (await adminUser.get(`/api/admin/promotions?q=${code}`)).body.items[0];
  expect(listed).toMatchObject({ code, status: 'active', redemptions_reserved: 1, reserved_cents: 250 });
  expectNoErrors();
  await context.close();
}, 60_000);
