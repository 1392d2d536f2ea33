// /account-settings (issue 15): a rider changes their phone with the code texted to the new number (read from
// the dev outbox), adds an emergency contact and sets Home, which /book-ride then offers first, at phone width.
import fs from 'node:fs';
import { accountText } from '@openride/shared/account/account-text';
import { privacyText } from '@openride/shared/privacy/privacy-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { byText, signedInPage, signUpApi, smsCode, startServer, uniquePhone } from './support/accounts';
import { closeSuite, type E2EServer, openSuite } from './support/fixtures';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const formatted = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;

describe('/account-settings', () => {
  it('changes the phone with the code sent to the new number, adds an emergency contact, and sets Home offered first on /book-ride', async () => {
    const oldPhone = uniquePhone();
    const rider = await signUpApi(server, { full_name: 'Ada Account', phone: oldPhone });
    const { page, expectNoErrors, context } = await signedInPage(browser, server, rider);
    await page.goto('/account-settings');
    await page.getByRole('heading', { level: 1, name: uiText.pages.accountSettings.title }).waitFor();
    for (const heading of [
      accountText.profile.heading,
      accountText.phone.heading,
      accountText.email.heading,
      accountText.password.heading,
      accountText.places.heading,
      accountText.contacts.heading,
      accountText.notifications.heading,
    ]) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const current = page.getByTestId('current-phone');
    expect(await current.textContent()).toBe(formatted(oldPhone));

    // A code to the new number; the phone does not change before it is entered.
    const newPhone = uniquePhone();
    await page.getByLabel(accountText.phone.newNumber, { exact: true }).fill(newPhone);
    await page.getByRole('button', { name: accountText.phone.sendCode }).click();
    await byText(page, accountText.phone.codeSent(formatted(newPhone))).waitFor();
    expect(await current.textContent()).toBe(formatted(oldPhone));

    const code = await smsCode(server, newPhone);
    const codeField = page.getByLabel(accountText.phone.code, { exact: true });
    await codeField.fill(code);
    await codeField.press('Enter');
    await byText(page, accountText.phone.changed).waitFor();
    await expect.poll(() => current.textContent()).toBe(formatted(newPhone));
    await byText(page, accountText.phone.verified).waitFor();
    expect((await rider.get('/api/account')).body.account).toMatchObject({ phone: `+1${newPhone}`, phone_verified: true }); // E.164 (decision 0094)

    // An emergency contact, typed and submitted from the keyboard.
    const contacts = page.getByTestId('emergency-contacts');
    await contacts.getByText(accountText.contacts.empty, { exact: true }).first().waitFor();
    const contactPhone = uniquePhone();
    await contacts.getByLabel(accountText.contacts.name, { exact: true }).fill('Grace Hopper');
    await contacts.getByLabel(accountText.contacts.phone, { exact: true }).fill(contactPhone);
    await contacts.getByLabel(accountText.contacts.relationship, { exact: true }).fill('Sister');
    await contacts.getByLabel(accountText.contacts.relationship, { exact: true }).press('Enter');
    await byText(page, accountText.contacts.added('Grace Hopper')).waitFor();
    await contacts
      .getByText(`${formatted(contactPhone)} · Sister`, { exact: true })
      .first()
      .waitFor();
    await contacts.getByRole('button', { name: accountText.contacts.remove('Grace Hopper') }).waitFor();
    expect((await rider.get('/api/account')).body.account.emergency_contacts).toMatchObject([
      { name: 'Grace Hopper', phone: `+1${contactPhone}`, relationship: 'Sister' },
    ]);

    // Home, set by searching a place, is offered first in /book-ride's destination field.
    await page.getByLabel(accountText.places.search(accountText.places.home), { exact: true }).fill('Ferry Bui');
    await page
      .getByRole('option', { name: /Ferry Building/ })
      .first()
      .click();
    await byText(page, accountText.places.saved(accountText.places.home)).waitFor();
    await expect.poll(() => page.getByTestId('saved-home').textContent()).toBe('Ferry Building');

    // Safety is shown on and cannot be switched.
    const safetySms = page.getByRole('switch', {
      name: accountText.notifications.toggle(accountText.notifications.kinds.safety, accountText.notifications.channels.sms),
    });
    expect(await safetySms.isDisabled()).toBe(true);
    expect(await safetySms.getAttribute('aria-checked')).toBe('true');

    expect(await seriousViolations(page)).toEqual([]);

    // Download my data (decision 0059): a dated JSON file that holds what was just saved.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: privacyText.download.button }).click()]);
    expect(download.suggestedFilename()).toMatch(/^openride-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.stringify(JSON.parse(fs.readFileSync((await download.path())!, 'utf8')));
    expect(exported).toContain('Grace Hopper');
    expect(exported).toContain('Ferry Building');

    await page.goto('/book-ride');
    const destination = page.getByLabel(riderText.book.destination, { exact: true });
    await destination.focus();
    const first = page.getByRole('option').first();
    await expect.poll(() => first.textContent()).toBe(`Ferry Building${accountText.places.home}`);
    await first.click();
    await expect.poll(() => destination.inputValue()).toBe('Ferry Building');
    expectNoErrors();
    await context.close();
  });
});
