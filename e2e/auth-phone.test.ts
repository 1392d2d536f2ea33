// The Phone tab's one-time-code flow (§2, §4, §5, §8), end to end: the SMS is read from the dev outbox.
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byText, signUpApi, smsCode, startServer, uniquePhone } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite } from './support/fixtures';

const { auth, errors, success } = messages;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startServer()));
});
afterAll(() => closeSuite({ server, browser }));

const phoneInput = (page: Page) => page.getByLabel(uiText.auth.phoneNumber);
const formatted = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;

async function openPhoneTab(page: Page) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: auth.tabs.phone }).click();
  await byText(page, auth.phoneIntro).waitFor();
}

describe('phone verification', () => {
  it('masks the number, refuses a short one, sends a code, counts down, and verifies it', async () => {
    const digits = uniquePhone();
    await signUpApi(server, { phone: digits });
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await openPhoneTab(page);
    await byText(page, auth.usPhoneOnly).waitFor();

    // Digits only, at most 10 kept, shown as (###) ###-####.
    await phoneInput(page).pressSequentially('415-55');
    expect(await phoneInput(page).inputValue()).toBe('(415) 55');
    await page.getByRole('button', { name: uiText.auth.sendCode }).click();
    await byText(page, errors.invalidPhone.title).waitFor();
    await byText(page, errors.invalidPhone.text).waitFor();

    await phoneInput(page).fill(`${digits}999`);
    expect(await phoneInput(page).inputValue()).toBe(formatted(digits));
    await page.getByRole('button', { name: uiText.auth.sendCode }).click();

    // Code entry: the 300-second countdown as m:ss, resend only at 0:00.
    await byText(page, uiText.auth.codeSentTo(formatted(digits))).waitFor();
    await page.getByText(/^Code expires in (5:00|4:5\d)$/).waitFor();
    await page.waitForTimeout(1100);
    await page.getByText(/^Code expires in 4:5\d$/).waitFor();
    const resend = page.getByRole('button', { name: uiText.auth.resendCode });
    expect(await resend.isDisabled()).toBe(true);

    // Exactly 6 digits.
    const code = page.getByLabel(uiText.auth.codeLabel);
    await code.fill('123');
    await page.getByRole('button', { name: uiText.auth.verifyCode }).click();
    await byText(page, errors.invalidCode.title).waitFor();
    await byText(page, errors.invalidCode.text).waitFor();

    // A wrong code: Verification Failed with the function's error text.
    const real = await smsCode(server, digits);
    await code.fill(real === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: uiText.auth.verifyCode }).click();
    await byText(page, errors.verificationFailed.title).waitFor();
    await byText(page, errors.verificationFailed.invalid).waitFor();

    // The right one: Phone Verified, and on to Sign In.
    await code.fill(real);
    await page.getByRole('button', { name: uiText.auth.verifyCode }).click();
    await byText(page, success.phoneVerified.title).waitFor();
    await byText(page, success.phoneVerified.text).waitFor();
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(auth.tabs.signin);
    expectNoErrors();
    await context.close();
  });

  it("'Change Number' returns to phone entry; at 0:00 the code has expired and Resend sends a new one", async () => {
    const digits = uniquePhone();
    const { page, expectNoErrors, context } = await openPage(browser, server.url);
    await page.clock.install();
    await openPhoneTab(page);
    await phoneInput(page).fill(digits);
    await page.getByRole('button', { name: uiText.auth.sendCode }).click();
    await page.getByRole('button', { name: auth.changeNumber }).click();
    await byText(page, auth.phoneIntro).waitFor();
    expect(await phoneInput(page).inputValue()).toBe(formatted(digits));

    await page.getByRole('button', { name: uiText.auth.sendCode }).click();
    await page.getByText(/^Code expires in 5:00$/).waitFor();
    const first = await smsCode(server, digits);
    const resend = page.getByRole('button', { name: uiText.auth.resendCode });
    await page.clock.fastForward('04:59');
    await page.getByText(/^Code expires in 0:0[01]$/).waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.fastForward('00:02');
    await byText(page, uiText.auth.codeExpired).waitFor();
    expect(await resend.isEnabled()).toBe(true);

    // Resend: a fresh code and a fresh countdown; the old one no longer works.
    const before = (await (await fetch(`${server.url}/api/dev/outbox`)).json()).length;
    await resend.click();
    await page.getByText(/^Code expires in 5:00$/).waitFor();
    await expect.poll(async () => (await (await fetch(`${server.url}/api/dev/outbox`)).json()).length).toBe(before + 1);
    const second = await smsCode(server, digits);
    if (second !== first) {
      await page.getByLabel(uiText.auth.codeLabel).fill(first);
      await page.getByRole('button', { name: uiText.auth.verifyCode }).click();
      await byText(page, errors.verificationFailed.title).waitFor();
    }
    await page.getByLabel(uiText.auth.codeLabel).fill(second);
    await page.getByRole('button', { name: uiText.auth.verifyCode }).click();
    await byText(page, success.phoneVerified.title).waitFor();
    expectNoErrors();
    await context.close();
  });

  it("a send the function refuses: 'Error' with its message, or 'Failed to send verification code'; a broken network: the generic text", async () => {
    const { page, context } = await openPage(browser, server.url);
    let answer: 'message' | 'bare' | 'abort' = 'message';
    await page.route('**/api/functions/send-otp', (route) => {
      if (answer === 'abort') return route.abort('connectionfailed');
      const body = answer === 'message' ? { success: false, error: 'SMS provider unavailable' } : { success: false };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await openPhoneTab(page);
    await phoneInput(page).fill(uniquePhone());
    const send = page.getByRole('button', { name: uiText.auth.sendCode });

    await send.click();
    await byText(page, errors.error.title).waitFor();
    await byText(page, 'SMS provider unavailable').waitFor();

    answer = 'bare';
    await send.click();
    await byText(page, errors.error.sendCodeFailed).waitFor();

    answer = 'abort';
    await send.click();
    await byText(page, errors.error.unexpected).waitFor();
    // Still on phone entry.
    await byText(page, auth.phoneIntro).waitFor();
    await context.close();
  });
});
