// Corporate accounts (issue 16, decisions 0067, 0070, 0071), one journey: a company admin on /corporate-accounts
// invites a person by email; the person reads the invitation in the dev outbox, follows its link, accepts, and
// on a phone books a ride as "Business — <company>" with the expense code the company asks for; a driver (an
// API client) drives it to its end and the rider reads that it went on the company's account. A platform admin
// then bills the company to date, and the company admin opens the interim invoice and reads the ride's line and
// the total. Rules, refusals and races are the API tests' (apps/server/test/corporate.test.ts,
// apps/server/test/corporate-invoices.test.ts).
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { DEFAULT_POLICY } from '@openride/shared/corporate/schemas';
import { corporateInvoicesText as invoiceText } from '@openride/shared/corporate-invoices/corporate-invoices-text';
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, signedInPage, signUpApi, startServer } from './support/accounts';
import { northOf, onlineDriverApi } from './support/driver';
import { closeSuite, DESKTOP, type E2EServer, openSuite, PHONE } from './support/fixtures';

const book = riderText.book;
const track = riderText.track;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075 };
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

it('a company admin invites a member, who books a business ride that appears on the invoice billed to date', async () => {
  const admin = await adminApi(server);
  const boss = await signUpApi(server, { full_name: 'Casey Boss' });
  const bossEmail = (await boss.get('/api/me')).body.user.email as string;
  const name = `Acme Logistics ${Date.now().toString(36)}`;
  const created = await admin.post('/api/admin/companies', {
    city_id: 'sf',
    name,
    billing_email: 'billing@acme.test',
    credit_limit_cents: 100_000,
    admin_email: bossEmail,
  });
  expect(created.status).toBe(201);
  // The company asks for an expense code on every ride (its policy, saved by its admin).
  expect(
    (await boss.put(`/api/corporate/companies/${created.body.company.id}/policy`, { ...DEFAULT_POLICY, expense_code_required: true, version: 0 })).status,
  ).toBe(200);
  const member = await signUpApi(server, { full_name: 'Morgan Member' });
  const memberEmail = (await member.get('/api/me')).body.user.email as string;

  // The company admin invites them.
  const b = await signedInPage(browser, server, boss, DESKTOP);
  await b.page.goto('/corporate-accounts');
  await b.page.getByRole('heading', { level: 2, name }).waitFor();
  await b.page.getByLabel('Invite by email').fill(memberEmail);
  await b.page.getByRole('button', { name: 'Send invitation' }).click();
  await b.page
    .getByRole('status')
    .filter({ hasText: `Invitation sent to ${memberEmail}` })
    .waitFor();
  b.expectNoErrors();
  await b.context.close();

  // The driver: approved, online 300 m from the pickup, on a socket.
  const { socket, offered, step } = await onlineDriverApi(server, admin, northOf(UNION_SQUARE, 300));

  // The member reads the email in the dev outbox and follows its link.
  const { page, context, expectNoErrors } = await signedInPage(browser, server, member, {
    ...PHONE,
    geolocation: { latitude: UNION_SQUARE.lat, longitude: UNION_SQUARE.lng, accuracy: 20 },
    permissions: ['geolocation'],
  });
  await page.goto('/dev/outbox');
  const message = page.locator('article, li').filter({ hasText: memberEmail }).first();
  await message.waitFor();
  await message.getByRole('link').first().click();
  await page.waitForURL(/\/corporate-accounts\?invite=/);
  await page.getByText(`${name}`, { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `You joined ${name}` })
    .waitFor();

  // Booking on account.
  await page.goto('/book-ride');
  await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
  await expect.poll(() => page.getByLabel(book.pickup, { exact: true }).inputValue()).toBe(book.currentLocation);
  await page.getByLabel(book.destination, { exact: true }).fill('ferry bui');
  await page.getByRole('option', { name: /Ferry Building/ }).click();
  const business = page.getByRole('radio', { name: corporateText.business(name) });
  await business.waitFor({ state: 'attached' });
  await page
    .locator('label')
    .filter({ hasText: corporateText.business(name) })
    .click();
  await expect.poll(() => business.isChecked()).toBe(true);
  await page.getByLabel('Expense code').fill('PRJ-42');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: book.requestRide }).click();
  await page.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
  const rideId = page.url().split('/').pop()!;
  const ride = (await member.get(`/api/rides/${rideId}`)).body.ride;
  expect(ride.payment_method).toBe('business');

  // The driver drives the trip through the API.
  // The offer tells the driver it is a business ride: nothing to collect.
  const offer = await offered(rideId);
  expect((offer as { data?: { offer: { payment_method: string } } }).data?.offer.payment_method).toBe('business');
  for (const verb of ['accept', 'arrive']) await step(rideId, verb);
  await step(rideId, 'start', { pin: ride.pin });
  await step(rideId, 'complete');
  socket.close();

  await page.getByRole('status', { name: track.status }).getByRole('heading', { name: STATUS_LABELS.completed }).waitFor();
  await page.getByRole('heading', { name: track.paidByBusiness(money(ride.fare_cents)) }).waitFor();
  expectNoErrors();
  await context.close();

  // A platform admin bills the company to date from its invoices on /corporate-accounts.
  const a = await signedInPage(browser, server, admin, DESKTOP);
  await a.page.goto('/corporate-accounts');
  await a.page.getByRole('button', { name: `Manage ${name}` }).click();
  const adminInvoices = a.page.getByRole('region', { name: invoiceText.listTitle });
  await adminInvoices.getByText(invoiceText.empty).waitFor();
  await adminInvoices.getByRole('button', { name: invoiceText.billToDate }).click();
  const confirm = a.page.getByRole('dialog', { name: invoiceText.billToDateTitle });
  await confirm.getByRole('button', { name: invoiceText.billToDateConfirm }).click();
  await a.page
    .getByRole('status')
    .filter({ hasText: /issued \(interim\)/ })
    .waitFor();
  const issued = adminInvoices.getByRole('link', { name: /^INV-\d{4}-\d{2}-\d{4,}$/ });
  await issued.waitFor();
  const number = (await issued.textContent())!.trim();
  await expect.poll(() => adminInvoices.getByRole('row').filter({ hasText: number }).textContent()).toContain(invoiceText.kindsOfInvoice.interim);
  a.expectNoErrors();
  // Again at once: nothing left to invoice, said in words; still one invoice in the list.
  await adminInvoices.getByRole('button', { name: invoiceText.billToDate }).click();
  await confirm.getByRole('button', { name: invoiceText.billToDateConfirm }).click();
  await adminInvoices.getByRole('alert').filter({ hasText: invoiceText.nothingToInvoice }).waitFor();
  expect(await adminInvoices.getByRole('link', { name: /^INV-/ }).count()).toBe(1);
  expect(a.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  await a.context.close();

  // The company admin opens it from their company's invoices and reads the ride's line and the total.
  const c = await signedInPage(browser, server, boss, DESKTOP);
  await c.page.goto('/corporate-accounts');
  await c.page.getByRole('region', { name: invoiceText.listTitle }).getByRole('link', { name: number, exact: true }).click();
  await c.page.waitForURL(/\/corporate-accounts\/invoices\/[0-9a-f-]{36}$/);
  await c.page.getByRole('heading', { level: 1, name: `${invoiceText.interimTitle} ${number}` }).waitFor();
  expect(await c.page.getByText(/^Interim: /).textContent()).toMatch(/→/);
  const line = c.page.getByRole('row').filter({ hasText: 'Morgan Member' });
  const cells = await line.getByRole('cell').allTextContents();
  // The route as the rider read it on the trip screen: the pickup's label and the destination chosen.
  expect(cells.slice(1)).toEqual(['Morgan Member', `${ride.pickup.label} → ${ride.destination.label}`, 'PRJ-42', money(ride.fare_cents)]);
  expect(cells[2]).toMatch(/Union Square → Ferry Building$/);
  const total = c.page.locator('dl > div').filter({ hasText: invoiceText.totalDue });
  expect((await total.textContent())!.replace(invoiceText.totalDue, '').trim()).toBe(money(ride.fare_cents));
  c.expectNoErrors();
  await c.context.close();
}, 120_000);
