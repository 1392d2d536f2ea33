// Staff two-factor sign-in (issue 29 §4, decision 0090), on a server that requires it of owners and finance
// (STAFF_2FA=roles, production's default). A finance member the owner invited opens the payouts page on a
// phone, is sent to set up an authenticator app first (QR code and key), confirms with a code computed here,
// keeps the recovery codes, lands back on the payouts page and approves the run the owner prepared. A second
// sign-in asks for the code before the console opens.
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import { twoFactorText } from '@openride/shared/admin/two-factor-text';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, applyApi, reviewApi, signedInPage, signInApi, signUpApi, staffInvitationToken, startServer, type ApiUser } from './support/accounts';
import { closeSuite, type E2EServer, openSuite, PHONE, uniqueEmail } from './support/fixtures';

const text = twoFactorText.page;
const pay = payoutsText.admin;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ STAFF_2FA: 'roles' })));
});
afterAll(() => closeSuite({ server, browser }));

/** The app's code `steps` time steps from now (the server accepts the one before and the one after, each once). */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The owner must enrol too before the console answers: done through the API. */
async function enrolledOwner(): Promise<ApiUser> {
  const owner = await adminApi(server);
  expect((await owner.get('/api/admin/staff')).body.error.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
  const { secret } = (await owner.post('/api/staff-two-factor/enrolment', {})).body as { secret: string };
  expect((await owner.post('/api/staff-two-factor/enrolment/confirm', { code: await totp(secret) })).status).toBe(200);
  return owner;
}

describe('two-factor sign-in for staff', () => {
  it('a finance member is sent to set it up before the payouts page, enrols with an app code, keeps the recovery codes and approves a payout run', async () => {
    const owner = await enrolledOwner();

    // A driver the platform owes $25.00 (a hand credit), and the run the owner prepares.
    const driver = await signUpApi(server, { full_name: 'Owed Olive' });
    const { id: driverId } = await applyApi(driver, { full_name: 'Owed Olive', license_plate: '7TWO042' });
    await reviewApi(owner, driverId, 'approved');
    const credit = await owner.post('/api/admin/ledger/adjustments', {
      city: 'sf',
      party: 'driver',
      party_id: driverId,
      direction: 'credit',
      amount_cents: 2500,
      reason: 'Fare correction owed to the driver',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const prepared = await owner.post('/api/admin/payout-runs', { city_id: 'sf' });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    expect(prepared.body.run.status).toBe('preview');

    // The owner invites a finance member, who accepts.
    const email = uniqueEmail('finance');
    expect((await owner.post('/api/admin/staff/invitations', { email, role: 'finance', city_ids: null })).status).toBe(201);
    const finance = await signUpApi(server, { full_name: 'Fran Finance', email });
    expect((await finance.post('/api/staff-invitations/accept', { token: await staffInvitationToken(server, email) })).status).toBe(200);

    // On a phone, a page that serves users and staff alike (/referrals: their role's view is the programs, a
    // console request) sends them to set it up first too, as every console page does.
    const f = await signedInPage(browser, server, finance, PHONE);
    const { page } = f;
    await page.goto('/referrals');
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff-2fa');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/referrals');

    // So does the payouts page.
    await page.goto('/driver-payouts');
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff-2fa');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/driver-payouts');
    await page.getByText(text.requiredIntro).waitFor();
    await page.getByRole('button', { name: text.start }).click();

    // The QR code as an image with its words, and the key as text.
    const qr = page.getByRole('img', { name: text.qrAlt });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A wrong code is refused where it was typed; the app's code turns it on.
    const code = page.getByRole('textbox', { name: twoFactorText.form.codeLabel, exact: true });
    const right = await totp(secret);
    await code.fill(right === '000000' ? '111111' : '000000');
    await code.press('Enter');
    await page.getByText(twoFactorText.refusals.codeInvalid).waitFor();
    await code.fill(right);
    await page.getByRole('button', { name: text.confirm }).click();

    // The recovery codes, this once.
    await page.getByRole('heading', { name: text.codesTitle }).waitFor();
    const codes = await page.getByRole('list', { name: text.codesLabel }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c.trim()).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await page.getByRole('button', { name: text.downloadCodes }).waitFor();
    await page.getByRole('link', { name: text.savedThem }).click();

    // Back where they were going: the payouts page, where they approve the owner's run.
    await page.getByRole('heading', { level: 1, name: pay.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/driver-payouts');
    const run = page.getByRole('article').filter({ hasText: pay.status.preview });
    await run.getByText('Owed Olive').waitFor();
    await run.getByText('$25.00').first().waitFor();
    await run.getByRole('button', { name: pay.approve }).click();
    await page.getByRole('dialog', { name: pay.approveTitle }).getByRole('button', { name: pay.approve }).click();
    await page.getByRole('article').filter({ hasText: pay.status.approved }).waitFor();
    const audit = (await owner.get('/api/admin/audit-log?action=staff.two_factor_enrol')).body.items as Array<{ entity_id: string }>;
    expect(audit.map((a) => a.entity_id)).toContain((await finance.get('/api/me')).body.user.id);
    // Refused on the way, and logged by the browser: the wrong code (400) alone. No console request went out before
    // the second factor (no 403 TWO_FACTOR_ENROLMENT_REQUIRED): not the payouts route's prefetch, not /referrals.
    expect(f.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await f.context.close();

    // A new sign-in: the console asks for the code first (the next one: each is accepted once), then opens.
    const again = await signedInPage(browser, server, await signInApi(server, email), PHONE);
    await again.page.goto('/driver-payouts');
    await again.page.getByRole('heading', { name: text.verifyTitle }).waitFor();
    await again.page.getByRole('textbox', { name: twoFactorText.form.codeLabel, exact: true }).fill(await totp(secret, 1));
    await again.page.getByRole('button', { name: text.verify }).click();
    await again.page.getByRole('heading', { level: 1, name: pay.title }).waitFor();
    expect(new URL(again.page.url()).pathname).toBe('/driver-payouts');
    again.expectNoErrors();
    await again.context.close();
  });
});
