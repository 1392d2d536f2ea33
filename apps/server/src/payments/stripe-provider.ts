import Stripe from 'stripe';
import { CardDeclined, InvalidWebhook, type PaymentProvider, PaymentRefused } from './provider';

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests only: where the API is (an in-process fake of exactly the endpoints used). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

type StripeErrorLike = { type?: string; message?: string; statusCode?: number; code?: string };

/** A card error is the card's (declined, expired, insufficient funds); other 4xx are ours; the rest (network, 5xx) are transient and thrown as they are. */
function translate(err: unknown): never {
  const e = err as StripeErrorLike;
  if (e?.type === 'StripeCardError') throw new CardDeclined(e.message || 'Your card was declined.');
  if (e?.type === 'StripeInvalidRequestError') throw new PaymentRefused(e.message || 'The card processor refused the request.');
  throw err;
}

/**
 * Stripe through its official client (decision 0038): Customers and SetupIntents save a card (the browser
 * confirms with Elements; card numbers never reach us), PaymentIntents with `capture_method: 'manual'` hold
 * the fare at request and are captured at completion (possibly less) or cancelled, Refunds give money back,
 * and webhooks are verified with `stripe.webhooks.constructEvent` on the raw body.
 */
export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
  });
  const intent = async (input: Parameters<PaymentProvider['authorise']>[0], capture: 'manual' | 'automatic') => {
    const created = await stripe.paymentIntents
      .create(
        {
          amount: input.amount_cents,
          currency: input.currency.toLowerCase(),
          customer: input.customer_ref,
          payment_method: input.card_ref,
          capture_method: capture,
          confirm: true,
          off_session: true,
          metadata: input.metadata,
        },
        { idempotencyKey: input.key },
      )
      .catch(translate);
    const wanted = capture === 'manual' ? 'requires_capture' : 'succeeded';
    if (created.status !== wanted) {
      // 3-D Secure or another step the rider is not here to take: the ride cannot go ahead on this card.
      await stripe.paymentIntents.cancel(created.id, {}, { idempotencyKey: `${input.key}:abandon` }).catch(() => undefined);
      throw new CardDeclined('Your bank asked for a confirmation we cannot do during booking. Try another card.');
    }
    return { ref: created.id };
  };
  return {
    kind: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    publishableKey: options.publishableKey,
    async createCustomer(user) {
      const customer = await stripe.customers
        .create({ email: user.email, name: user.name, metadata: { user_id: user.id } }, { idempotencyKey: `customer:${user.id}` })
        .catch(translate);
      return customer.id;
    },
    async startCardSetup(customerRef, key) {
      const setup = await stripe.setupIntents
        .create({ customer: customerRef, usage: 'off_session', allowed_payment_method_types: ['card'] }, { idempotencyKey: key })
        .catch(translate);
      if (!setup.client_secret) throw new PaymentRefused('Stripe gave no client secret for the SetupIntent.');
      return { client_secret: setup.client_secret, setup_intent_id: setup.id };
    },
    async saveCard(customerRef, input) {
      if (!('setup_intent_id' in input)) throw new PaymentRefused('Stripe saves cards through Stripe Elements, not a typed number.');
      const setup = await stripe.setupIntents.retrieve(input.setup_intent_id).catch(translate);
      const setupCustomer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
      if (setupCustomer !== customerRef) throw new PaymentRefused('This card setup is not yours.');
      if (setup.status !== 'succeeded' || !setup.payment_method) throw new PaymentRefused('The card was not confirmed. Enter it again.');
      const pmId = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method.id;
      const pm = await stripe.paymentMethods.retrieve(pmId).catch(translate);
      if (!pm.card) throw new PaymentRefused('Only cards are accepted.');
      return { ref: pm.id, brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year };
    },
    authorise: (input) => intent(input, 'manual'),
    charge: (input) => intent(input, 'automatic'),
    async capture(ref, amountCents, key) {
      const captured = await stripe.paymentIntents.capture(ref, { amount_to_capture: amountCents }, { idempotencyKey: key }).catch(translate);
      return { captured_cents: captured.amount_received ?? amountCents };
    },
    async cancel(ref, key) {
      await stripe.paymentIntents.cancel(ref, {}, { idempotencyKey: key }).catch(translate);
    },
    async refund(ref, amountCents, key) {
      const refund = await stripe.refunds.create({ payment_intent: ref, amount: amountCents }, { idempotencyKey: key }).catch(translate);
      return { ref: refund.id };
    },
    async removeCard(ref, key) {
      await stripe.paymentMethods.detach(ref, {}, { idempotencyKey: key }).catch(translate);
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new InvalidWebhook('No Stripe-Signature header');
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
        return { id: event.id, type: event.type, object: event.data.object as never };
      } catch (err) {
        throw new InvalidWebhook((err as Error).message);
      }
    },
  };
}
