// Referrals (issue 16, decision 0064), on a phone: a rider opens /referrals and reads their share link; a
// friend opens it, finds the code already in the sign-up form and signs up; the friend's first ride is driven
// to its end through the API; the referrer opens the reward's notification to /referrals and reads it there, and the operator reads its cost and
// the referral on the admins' /referrals. Rules, fraud flags, expiry and the
// admins' side are the API tests' (apps/server/test/referrals.test.ts).
import { kitText } from '@openride/shared/admin/admin-text';
import { messages } from '@openride/shared/messages';
import { referralsText } from '@openride/shared/referrals/referrals-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueEmail } from '../apps/server/test/test-accounts';
import { adminApi, ApiUser, legalAgreement, signedInPage, signUpApi, startServer, uniquePhone } from './support/accounts';
import { seriousViolations } from './support/axe';
import { northOf, onlineDriverApi } from './support/driver';
import { closeSuite, DESKTOP, type E2EServer, openPage, openSuite, PHONE } from './support/fixtures';

const text = referralsText;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ TILE_URL: '' })));
});
afterAll(() => closeSuite({ server, browser }));

const UNION_SQUARE = { lat: 37.788, lng: -122.4075, label: 'Union Square' };
const FERRY_BUILDING = { lat: 37.7955, lng: -122.3937, label: 'Ferry Building' };
const GOOD_PASSWORD = 'Ride4Fun-Kx9q';

it("a referred rider's first ride credits both: the referrer shares the link, the friend signs up with it, rides, and the referrer reads the reward", async () => {
  // The referrer reads their code and link on /referrals.
  const referrer = await signUpApi(server, { full_name: 'Rosa Referrer' });
  const mine = await signedInPage(browser, server, referrer, PHONE);
  await mine.page.goto('/referrals');
  await mine.page.getByRole('heading', { level: 1, name: text.page.title }).waitFor();
  const linkField = mine.page.getByLabel(text.code.link, { exact: true });
  await expect.poll(() => linkField.inputValue()).toMatch(/\/auth\?ref=[2-9A-HJ-NP-Z]{8}$/);
  const link = await linkField.inputValue();
  const code = link.split('ref=')[1]!;
  expect(await mine.page.getByTestId('referral-code-rider').textContent()).toBe(code);
  await mine.page.getByText(text.referred.none, { exact: true }).waitFor();
  expect(await mine.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The friend opens the link: the sign-up form carries the code already.
  const friend = await openPage(browser, server.url, PHONE);
  await friend.page.goto(new URL(link).pathname + new URL(link).search);
  await expect.poll(() => friend.page.getByText(messages.auth.greeting).isVisible()).toBe(true);
  expect(await friend.page.getByLabel(text.signUp.label).inputValue()).toBe(code);
  const email = uniqueEmail('referred');
  await friend.page.getByLabel(uiText.auth.fullName).fill('Felix Friend');
  await friend.page.getByLabel(uiText.auth.phoneNumber).fill(uniquePhone());
  await friend.page.getByLabel(uiText.auth.email).fill(email);
  await friend.page.getByLabel(uiText.auth.password, { exact: true }).fill(GOOD_PASSWORD);
  await friend.page.getByRole('checkbox', { name: legalAgreement }).check();
  await friend.page.getByRole('button', { name: uiText.auth.signUpSubmit }).click();

  // The friend's session, for the API: the referral was claimed by the sign-up.
  const rider = new ApiUser(server.url, email);
  await expect
    .poll(async () => {
      for (const c of await friend.context.cookies()) rider.cookies.set(c.name, c.value);
      return (await rider.get('/api/referrals/me')).body?.can_claim;
    })
    .toBe(false);
  await mine.page.reload();
  await mine.page.getByText(text.referred.progress(0, 1), { exact: false }).waitFor();
  await mine.page.getByText(text.statuses.pending, { exact: true }).waitFor();

  // A driver drives the friend's first ride to its end through the API.
  const { socket, drive } = await onlineDriverApi(server, await adminApi(server), northOf(UNION_SQUARE, 300), { phone: uniquePhone() });
  const booked = await rider.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride as { id: string; pin: string };
  await drive(ride);
  socket.close();

  // The referrer was told (decision 0069): their notifications have the reward, and it opens /referrals.
  await mine.page.goto('/notifications');
  const notice = mine.page.getByText(text.notice.referrerCredit(500, 'USD', 'Felix F.').message, { exact: true });
  await notice.waitFor();
  await notice.click();
  await mine.page.waitForURL('**/referrals');

  // The referrer reads the reward; the friend's wallet holds theirs.
  await mine.page.getByText(text.statuses.rewarded, { exact: true }).waitFor();
  await mine.page.getByText(text.rewards.total('$5.00', 1), { exact: true }).waitFor();
  await mine.page.getByText(/Felix F\./).waitFor();
  expect(await seriousViolations(mine.page)).toEqual([]);
  expect(((await rider.get('/api/payments/history')).body.balances as { wallet_cents: number }[])[0]?.wallet_cents).toBe(500);
  mine.expectNoErrors();
  friend.expectNoErrors();
  await Promise.all([mine.context.close(), friend.context.close()]);

  // The operator: the same path shows the programs, what rewards cost, and every referral.
  const operator = await signedInPage(browser, server, await adminApi(server), DESKTOP);
  await operator.page.goto('/referrals');
  await operator.page.getByRole('heading', { level: 3, name: text.admin.program.rider }).waitFor();
  await operator.page.getByText(new RegExp(`${text.admin.cost}: \\$10\\.00`)).waitFor();
  const row = operator.page.getByRole('row').filter({ hasText: 'Felix Friend' });
  await row.getByText(text.statuses.rewarded, { exact: true }).waitFor();
  expect(await row.textContent()).toContain('Rosa Referrer');
  await operator.page.getByLabel(text.admin.flagged, { exact: true }).selectOption('yes');
  await operator.page.getByText(kitText.noMatches, { exact: true }).waitFor();
  expect(await seriousViolations(operator.page)).toEqual([]);
  operator.expectNoErrors();
  await operator.context.close();
});
