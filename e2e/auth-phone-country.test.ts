// The Phone tab in a deployment whose country is Spain (issue 30 §2, decision 0094): the same flow takes Spanish
// numbers (formatted as typed, the hint names the country), and the country picker gives back the US's §5 rules.
import { messages } from '@openride/shared/messages';
import { phoneText } from '@openride/shared/phone-text';
import { uiText } from '@openride/shared/ui-text';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byText, smsCode, startServer } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite } from './support/fixtures';

const { auth, success } = messages;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer({ DEFAULT_COUNTRY: 'ES' })));
});
afterAll(() => closeSuite({ server, browser }));

/** A Spanish mobile number nobody else in this run has: 6 and 8 digits. */
const spanishMobile = () => `6${String(Date.now() % 100_000_000).padStart(8, '0')}`;

describe('phone verification in Spain', () => {
  it('takes a Spanish number as typed, texts it a code at +34 and verifies it; the picker switches to US numbers', async () => {
    const national = spanishMobile();
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.goto('/auth');
    await page.getByRole('tab', { name: auth.tabs.phone }).click();
    await byText(page, auth.phoneIntro).waitFor();
    const country = page.getByLabel(phoneText.countryLabel);
    await byText(page, 'Spain phone numbers').waitFor();
    expect(await country.inputValue()).toBe('ES');

    // The US's rules come back with the picker, and go again.
    await country.selectOption('US');
    await byText(page, auth.usPhoneOnly).waitFor();
    await country.selectOption('ES');
    await byText(page, 'Spain phone numbers').waitFor();

    const phone = page.getByLabel(uiText.auth.phoneNumber);
    await phone.pressSequentially('123');
    await page.getByRole('button', { name: uiText.auth.sendCode }).click();
    await byText(page, 'Please enter a valid Spain phone number').waitFor();

    await phone.fill(national);
    const shown = `${national.slice(0, 3)} ${national.slice(3, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
    expect(await phone.inputValue()).toBe(shown);
    await page.getByRole('button', { name: uiText.auth.sendCode }).click();
    await byText(page, uiText.auth.codeSentTo(shown)).waitFor();

    const code = await smsCode(server, `+34${national}`);
    await page.getByLabel(uiText.auth.codeLabel).fill(code);
    await page.getByRole('button', { name: uiText.auth.verifyCode }).click();
    await byText(page, success.phoneVerified.title).waitFor();
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(auth.tabs.signin);
    expectNoErrors();
    await context.close();
  });
});
