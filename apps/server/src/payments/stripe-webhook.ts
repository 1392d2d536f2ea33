import { PAYMENT_MACHINE } from '@openride/shared/payments/payment-state';
import { post } from '../ledger/ledger';
import { badRequest, notFound } from '../lib/errors';
import { moveAll } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { InvalidWebhook } from './provider';
import type { Ports } from '../ports';
import type { PaymentProvider } from './provider';

/**
 * POST /api/payments/stripe/webhook (decision 0038). The signature is verified on the raw body first: a bad
 * one is a 400 and nothing changes. Each event id is recorded once (`payment_events`), in the transaction
 * that acts on it, so a second delivery changes nothing. What an event does:
 * - `payment_intent.succeeded` / `payment_intent.canceled`: the hold's status follows Stripe (a capture or a
 *   release that the job's answer did not record, an uncaptured hold Stripe let expire after 7 days);
 * - `payout.paid`: Stripe paid the platform's bank; the amount leaves processor clearing for the bank
 *   (`processor.settlement`, key `stripe:event:<id>`). Stripe's own fees are not booked yet (a seam).
 */
export async function receiveStripeWebhook(
  services: Pick<Ports, 'db' | 'logger'> & { payments: PaymentProvider | null },
  rawBody: string,
  signature: string | undefined,
) {
  const provider = services.payments;
  // No Stripe here, so no such endpoint: a 404, which Stripe does not retry as it would a 5xx.
  if (!provider || provider.kind !== 'stripe') throw notFound('Stripe is not configured on this server.');
  let event;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof InvalidWebhook) throw badRequest('The webhook signature does not verify.');
    throw err;
  }
  return inTransaction(services.db, async (trx) => {
    const fresh = await trx
      .insertInto('payment_events')
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return { received: true as const, duplicate: true };
    const object = event.object;
    if (event.type === 'payment_intent.succeeded' && object.id) {
      const intentRef = object.id;
      await moveAll(trx, PAYMENT_MACHINE, {
        table: 'payments',
        to: 'captured',
        actor: 'processor',
        set: { captured_cents: object.amount_received ?? 0, updated_at: new Date() },
        where: (eb) => eb('intent_ref', '=', intentRef),
      });
    } else if (event.type === 'payment_intent.canceled' && object.id) {
      const intentRef = object.id;
      await moveAll(trx, PAYMENT_MACHINE, {
        table: 'payments',
        to: 'released',
        actor: 'processor',
        set: { updated_at: new Date() },
        where: (eb) => eb('intent_ref', '=', intentRef),
      });
    } else if (event.type === 'payout.paid' && object.amount && object.amount > 0 && object.currency) {
      await post(trx, {
        kind: 'processor.settlement',
        key: `stripe:event:${event.id}`,
        currency: object.currency.toUpperCase(),
        memo: { stripe_event: event.id, payout: object.id ?? null },
        entries: [
          { account: { code: 'bank' }, line: 'processor_settlement', amount_cents: object.amount },
          { account: { code: 'processor_clearing' }, line: 'processor_settlement', amount_cents: -object.amount },
        ],
      });
    } else {
      services.logger.debug({ type: event.type, id: event.id }, 'stripe webhook event not acted on');
    }
    return { received: true as const, duplicate: false };
  });
}
