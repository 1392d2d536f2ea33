// How a rider pays and gets money back (issue 13, decisions 0038 and 0039), on a phone: on /book-ride they add
// the test card (Test mode, 4242 4242 4242 4242), book by card, the driver (an API client) drives the trip to
// its end, and on the rating screen the rider reads that the fare was charged to the card, tips 15 % and reads
// the tip. Then, from the ride's receipt on /payment-history, they report a problem with the fare; a support agent
// on /refund-management proposes a partial refund (decision 0093) and the owner approves it as proposed; it goes
// back to the card; the rider reads it, then removes the
// card from Saved cards on /payment-history (decision 0043). Rules and refusals
// are the API tests' (payments*.test.ts, refunds.test.ts).
import { paymentHistoryText } from '@openride/shared/payment-history/payment-history-text';
import { paymentText } from '@openride/shared/payments/payment-text';
import { refundText } from '@openride/shared/refunds/refund-text';
import { operatorText } from '@openride/shared/rides/operator-text';
import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, byText, signedInPage, signUpApi, staffApi, startServer } from './support/accounts';
import { seriousViolations } from './support/axe';
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
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The card ride the first journey paid and tipped, for the second to get money back on. */
let paid: { rideId: string; fareCents: number; tipCents: number; rider: Awaited<ReturnType<typeof signUpApi>>; route: string } | undefined;

it('a rider adds the test card, books by card, and tips 15 % on the rating screen', async () => {
  // The driver: approved, online 300 m from the pickup, on a socket.
  const { socket, drive } = await onlineDriverApi(server, await adminApi(server), northOf(UNION_SQUARE, 300));

  const rider = await signUpApi(server, { full_name: 'Penny Payer' });
  const { page, context, expectNoErrors } = await signedInPage(browser, server, rider, {
    ...PHONE,
    geolocation: { latitude: UNION_SQUARE.lat, longitude: UNION_SQUARE.lng, accuracy: 20 },
    permissions: ['geolocation'],
  });
  // A new rider's /payment-history says what will show there and offers the next steps (issue 27): adding a
  // card right there, and booking a ride, which they take.
  await page.goto('/payment-history');
  await page.getByText(paymentHistoryText.empty, { exact: true }).waitFor();
  await page.getByText(paymentHistoryText.emptyHint, { exact: true }).waitFor();
  await page.getByText(paymentText.noSavedCards, { exact: true }).waitFor();
  await page.getByText(paymentText.noSavedCardsHint, { exact: true }).waitFor();
  await page.getByRole('button', { name: paymentText.addCard }).click();
  await page.getByRole('form', { name: paymentText.addCard }).getByRole('button', { name: paymentText.cancel }).click();
  await page.getByRole('link', { name: paymentHistoryText.bookRide, exact: true }).click();
  await page.waitForURL(`${server.url}/book-ride`);
  await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
  await expect.poll(() => field(page, book.pickup).inputValue()).toBe(book.currentLocation);
  await field(page, book.destination).fill('ferry bui');
  await page.getByRole('option', { name: /Ferry Building/ }).click();

  // The method picker: Cash chosen, clearly in test mode; the rider adds the test card.
  const payment = page.getByRole('group', { name: new RegExp(`^${paymentText.method}`) });
  await payment.waitFor();
  expect(await payment.getByRole('radio', { name: paymentText.cash }).isChecked()).toBe(true);
  await payment.getByText(paymentText.testMode, { exact: true }).first().waitFor();
  await payment.getByRole('button', { name: paymentText.addCard }).click();
  const form = page.getByRole('form', { name: paymentText.addCard });
  await form.getByText(paymentText.testModeHint, { exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/money-rider-add-card.png`, fullPage: true });
  await form.getByLabel(paymentText.cardNumber).fill('4242 4242 4242 4242');
  await form.getByLabel(paymentText.expiry).fill(`12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`);
  await form.getByLabel(paymentText.cvc).fill('123');
  await form.getByRole('button', { name: paymentText.saveCard }).click();
  const card = payment.getByRole('radio', { name: paymentText.card('visa', '4242') });
  await card.waitFor({ state: 'attached' });
  await expect.poll(() => card.isChecked()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: book.requestRide }).click();
  await page.waitForURL(/\/track-ride\/[0-9a-f-]{36}$/);
  const rideId = page.url().split('/').pop()!;
  const ride = (await rider.get(`/api/rides/${rideId}`)).body.ride;
  expect(ride.payment_method).toBe('card');
  expect((await rider.get(`/api/rides/${rideId}/payment`)).body.payment.authorisation).toMatchObject({ amount_cents: ride.fare_cents, status: 'authorised' });

  // The driver drives the trip through the API.
  await drive({ id: rideId, pin: ride.pin });
  socket.close();

  await page.getByRole('status', { name: track.status }).getByRole('heading', { name: STATUS_LABELS.completed }).waitFor();
  await page.getByRole('heading', { name: track.paidByCard(money(ride.fare_cents)) }).waitFor();

  // The tip, on the rating screen: 15 % of the fare, charged to the card.
  const tipAmount = Math.round(ride.fare_cents * 0.15);
  const tipForm = page.getByRole('form', { name: paymentText.tipTitle });
  await tipForm.getByText(paymentText.tipBy.card, { exact: false }).waitFor();
  await tipForm.locator('label').filter({ hasText: '15 %' }).click();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/money-rider-tip-form.png`, fullPage: true });
  await tipForm.getByRole('button', { name: paymentText.tipButton(money(tipAmount)) }).click();
  await byText(page, paymentText.tipGiven(money(tipAmount))).waitFor();
  await byText(page, paymentText.tipBy.card).waitFor();
  expect((await rider.get(`/api/rides/${rideId}/payment`)).body.payment.tip).toMatchObject({ amount_cents: tipAmount, method: 'card' });
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/money-rider-tipped.png`, fullPage: true });

  const view = (await rider.get(`/api/rides/${rideId}`)).body.ride;
  paid = {
    rideId,
    fareCents: ride.fare_cents,
    tipCents: tipAmount,
    rider,
    route: paymentHistoryText.rideTo(view.pickup.label ?? null, view.destination.label ?? null),
  };
  expectNoErrors();
  await context.close();
});

it('the rider reports a problem with the card fare from its receipt; an admin refunds part of it to the card; the rider reads it', async () => {
  if (!paid) throw new Error('the card ride of the first journey is missing');
  const { rideId, fareCents, tipCents, route } = paid;
  const text = paymentHistoryText;
  // The card's capture runs as a job after completion: a refund goes back to a captured payment.
  await expect
    .poll(async () => (await paid!.rider.get(`/api/rides/${rideId}/payment`)).body.payment.paid?.card_cents ?? 0, { timeout: 15_000 })
    .toBe(fareCents);

  const rider = await signedInPage(browser, server, paid.rider, PHONE);
  const p = rider.page;
  await p.goto('/payment-history');
  await p.getByRole('heading', { level: 1, name: text.title }).waitFor();
  const list = p.getByRole('list', { name: text.listLabel });
  await list.getByText(`−${money(fareCents)}`, { exact: true }).waitFor();
  await list
    .getByRole('link', { name: text.receiptLabel(route) })
    .first()
    .click();
  await p.waitForURL(`${server.url}/payment-history/${rideId}`);
  await p.getByRole('heading', { level: 1, name: text.receipt.title }).waitFor();
  const fare = p.getByRole('region', { name: text.receipt.fare });
  // The total is what the rider paid for the ride: the fare and the tip.
  await fare
    .locator('div')
    .filter({ hasText: text.receipt.total })
    .getByText(money(fareCents + tipCents), { exact: true })
    .waitFor();
  // …and "Payment method" adds up to it: the card's fare and the tip, its own row (issue 27).
  const paidBy = p.getByRole('region', { name: text.receipt.method });
  await paidBy.locator('div').filter({ hasText: text.receipt.payments.card }).getByText(money(fareCents), { exact: true }).first().waitFor();
  await paidBy.locator('div').filter({ hasText: text.receipt.payments.tip_card }).getByText(money(tipCents), { exact: true }).waitFor();
  expect(await p.getByRole('link', { name: text.receipt.pdf }).getAttribute('href')).toBe(`/api/rides/${rideId}/receipt.pdf`);
  // On paper: no navigation, no buttons.
  await p.emulateMedia({ media: 'print' });
  expect(await p.getByRole('button', { name: text.receipt.print }).isVisible()).toBe(false);
  expect(await p.locator('header').first().isVisible()).toBe(false);
  await p.emulateMedia({ media: 'screen' });

  await p.getByRole('button', { name: refundText.report.open }).click();
  const form = p.getByRole('form', { name: refundText.report.title });
  await form.getByLabel(refundText.report.reason).selectOption({ label: refundText.reasons.route_longer });
  await form.getByLabel(refundText.report.amount('USD')).fill('3.00');
  await form.getByLabel(refundText.report.comment).fill('We went around Union Square twice.');
  let violations = await seriousViolations(p);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/receipt-report.png`, fullPage: true });
  await form.getByRole('button', { name: refundText.report.submit }).click();
  await byText(p, refundText.report.sent).waitFor();
  await p.getByText(refundText.statuses.open, { exact: true }).waitFor();
  await p.setViewportSize({ width: 320, height: 640 });
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // Support, on a phone: may only propose — a partial refund of $2.00. No money moves yet.
  const owner = await adminApi(server);
  const agent = await signedInPage(browser, server, await staffApi(server, owner, { full_name: 'Sandy Support', role: 'support' }), PHONE);
  const s = agent.page;
  await s.goto('/refund-management');
  await s.getByRole('link', { name: refundText.admin.openLabel('Penny Payer') }).click();
  const proposal = s.getByRole('form', { name: refundText.admin.propose });
  await proposal.getByRole('radio', { name: refundText.actions.approve_partial }).check();
  await proposal.getByLabel(refundText.admin.amount('USD')).fill('2.00');
  await proposal.getByLabel(refundText.admin.note).fill('Two loops around the square on the map.');
  await proposal.getByRole('button', { name: refundText.admin.proposeSubmit('approve_partial') }).click();
  await byText(s, refundText.admin.proposedToast).waitFor();
  await s.getByTestId('refund-proposal').getByText(refundText.admin.proposedBy('Sandy Support', ''), { exact: false }).waitFor();
  if (process.env.SCREENSHOT_DIR) await s.screenshot({ path: `${process.env.SCREENSHOT_DIR}/refund-propose.png`, fullPage: true });
  agent.expectNoErrors();
  await agent.context.close();

  // The admin: the queue, the request with its ride's story and the proposal; the form starts from it.
  const admin = await signedInPage(browser, server, owner, process.env.SCREENSHOT_DIR ? PHONE : DESKTOP);
  const a = admin.page;
  await a.goto('/refund-management');
  await a.getByRole('heading', { level: 1, name: refundText.admin.title }).waitFor();
  await a.getByRole('link', { name: refundText.admin.openLabel('Penny Payer') }).click();
  await a.getByRole('heading', { level: 1, name: `Penny Payer: ${refundText.reasons.route_longer}` }).waitFor();
  await a.getByRole('region', { name: refundText.admin.timeline }).getByText(operatorText.events.completed, { exact: true }).waitFor();
  const decision = a.getByRole('form', { name: refundText.admin.decide });
  await decision.getByText(refundText.admin.toCard).waitFor();
  expect(await decision.getByRole('radio', { name: refundText.actions.approve_partial }).isChecked()).toBe(true);
  expect(await decision.getByLabel(refundText.admin.amount('USD')).inputValue()).toBe('2.00');
  if (process.env.SCREENSHOT_DIR) await a.screenshot({ path: `${process.env.SCREENSHOT_DIR}/refund-decide.png`, fullPage: true });
  violations = await seriousViolations(a);
  expect(violations, JSON.stringify(violations)).toEqual([]);
  await decision.getByRole('button', { name: refundText.admin.submit('approve_partial') }).click();
  await byText(a, refundText.admin.decided('approve_partial')).waitFor();
  await a
    .getByText(`${refundText.actions.approve_partial} · ${money(200)} · ${refundText.bearers.platform} · ${refundText.destinations.card}`, { exact: true })
    .waitFor();
  admin.expectNoErrors();
  await admin.context.close();

  // The rider reads the refund on the receipt, back to the card.
  await p.setViewportSize(PHONE.viewport);
  await p.reload();
  await byText(p, refundText.refunded(money(200), refundText.destinations.card)).waitFor();
  await p.getByText(refundText.statuses.approved, { exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await p.screenshot({ path: `${process.env.SCREENSHOT_DIR}/receipt-refunded-card.png`, fullPage: true });

  // The ride over, the rider removes the card from Saved cards on /payment-history, by keyboard, confirming it.
  await p.goto('/payment-history');
  const cardName = paymentText.card('visa', '4242');
  const cards = p.getByRole('list', { name: paymentText.savedCards });
  const remove = cards.getByRole('button', { name: paymentText.removeCardLabel(cardName) });
  await remove.focus();
  await p.keyboard.press('Enter');
  const dialog = p.getByRole('dialog', { name: paymentText.removeCardTitle });
  await dialog.getByText(paymentText.removeCardBody(cardName), { exact: true }).waitFor();
  await dialog.getByRole('button', { name: paymentText.removeCardConfirm }).click();
  await byText(p, paymentText.cardRemoved(cardName)).waitFor();
  await p.getByText(paymentText.noSavedCards, { exact: true }).waitFor();
  expect((await paid.rider.get('/api/payments/cards')).body.cards).toEqual([]);
  rider.expectNoErrors();
});
