import { createHash, randomUUID } from 'node:crypto';
import { CardDeclined, InvalidWebhook, type PaymentProvider, PaymentRefused } from './provider';

/** The one card the test provider accepts, and Stripe's test numbers it mirrors. */
export const TEST_CARD_OK = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
/** Saved, then declined whenever it is charged (Stripe's 4000 0000 0000 0341). */
export const TEST_CARD_DECLINES_CHARGES = '4000000000000341';
/**
 * Saved and authorised, then its capture is refused for good (decision 0043): what a hold that expired or a
 * bank that refuses at capture does. Ours: Stripe has no test card for it (its tests expire the hold).
 */
export const TEST_CARD_CAPTURE_FAILS = '4000000000009995';

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

export class TestProviderInProduction extends Error {}

/**
 * The offline test card provider (decision 0038): the demo city's whole card flow without Stripe. It accepts
 * 4242 4242 4242 4242 (any future expiry, any CVC), declines 4000 0000 0000 0002, saves 4000 0000 0000 0341
 * but declines every charge on it, authorises 4000 0000 0000 9995 but refuses its capture (decision 0043), and
 * refuses any other number with the reason. Stateless: an intent's
 * reference is derived from its idempotency key, so a repeated call answers the same intent and a restart
 * loses nothing. It refuses to exist in production (and env.ts refuses PAYMENTS_TEST_MODE there).
 */
export function testCardProvider(env: { NODE_ENV: string }, now: () => Date = () => new Date()): PaymentProvider {
  if (env.NODE_ENV === 'production')
    throw new TestProviderInProduction(
      'The test card provider never runs in production: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.',
    );
  const refOf = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  const hold = (input: Parameters<PaymentProvider['authorise']>[0]) => {
    if (!input.card_ref.startsWith('tok_test_')) throw new PaymentRefused('Not a test card.');
    if (input.card_ref.startsWith(`tok_test_${TEST_CARD_DECLINES_CHARGES.slice(-4)}_`))
      throw new CardDeclined('Your card was declined (test card 4000 0000 0000 0341 is declined whenever it is charged).');
    // The card is in the intent's reference, so the stateless capture knows to refuse it.
    if (input.card_ref.startsWith(`tok_test_${TEST_CARD_CAPTURE_FAILS.slice(-4)}_`)) return { ref: refOf('test_pi_nocapture', input.key) };
    return { ref: refOf('test_pi', input.key) };
  };
  return {
    kind: 'test',
    testMode: true,
    publishableKey: null,
    async createCustomer(user) {
      return `test_cus_${user.id}`;
    },
    async startCardSetup() {
      throw new PaymentRefused('The test card provider takes the card in our own form: there is no Stripe setup.');
    },
    async saveCard(_customerRef, input) {
      if (!('test_card' in input)) throw new PaymentRefused('Test mode saves the test card typed in our form.');
      const { number, exp_month, exp_year } = input.test_card;
      const today = now();
      const year = exp_year < 100 ? 2000 + exp_year : exp_year;
      if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && exp_month < today.getUTCMonth() + 1))
        throw new PaymentRefused('This card has expired. Check the expiry date.');
      if (!luhn(number)) throw new PaymentRefused('That card number is not valid. Check the digits.');
      if (number === TEST_CARD_DECLINED) throw new CardDeclined('Your card was declined (test card 4000 0000 0000 0002 is always declined).');
      if (number !== TEST_CARD_OK && number !== TEST_CARD_DECLINES_CHARGES && number !== TEST_CARD_CAPTURE_FAILS)
        throw new CardDeclined('Test mode accepts only the test card 4242 4242 4242 4242. No real card can be used here.');
      return { ref: `tok_test_${number.slice(-4)}_${randomUUID()}`, brand: 'visa', last4: number.slice(-4), exp_month, exp_year: year };
    },
    async authorise(input) {
      return hold(input);
    },
    async charge(input) {
      const charged = hold(input);
      if (charged.ref.startsWith('test_pi_nocapture_'))
        throw new CardDeclined('Your card was declined (test card 4000 0000 0000 9995 is declined when captured).');
      return charged;
    },
    async capture(ref, amountCents) {
      if (!ref.startsWith('test_pi_')) throw new PaymentRefused(`No such test payment ${ref}`);
      if (ref.startsWith('test_pi_nocapture_')) throw new PaymentRefused('The capture was refused (test card 4000 0000 0000 9995 is declined when captured).');
      return { captured_cents: amountCents };
    },
    async cancel(ref) {
      if (!ref.startsWith('test_pi_')) throw new PaymentRefused(`No such test payment ${ref}`);
    },
    async refund(ref, _amountCents, key) {
      if (!ref.startsWith('test_pi_')) throw new PaymentRefused(`No such test payment ${ref}`);
      return { ref: refOf('test_re', key) };
    },
    async removeCard() {
      // Nothing is kept at a processor: the card is gone once our row says so.
    },
    parseWebhook() {
      throw new InvalidWebhook('The test card provider sends no webhooks.');
    },
  };
}
