import { PAYMENT_MACHINE } from '@openride/shared/payments/payment-state';
import { paymentText } from '@openride/shared/payments/payment-text';
import type { Kysely, Selectable } from 'kysely';
import type { DB, PaymentsTable } from '../db/schema';
import { post } from '../ledger/ledger';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { PaymentRefused } from './provider';
import type { Ports } from '../ports';
import type { PaymentProvider } from './provider';

export type SettleJob = { payment_id: string; action: 'capture'; amount_cents: number } | { payment_id: string; action: 'release' };

/**
 * The `payment-settle` job (decision 0038): captures or releases a ride's hold after the state change that
 * asked for it committed. The provider call carries the key `payment:<id>:capture|release`, so a job run again
 * after a crash (or pg-boss's retry after a timeout) does not capture twice. A processor that refuses for
 * good (the hold expired, already cancelled) marks the payment failed instead of retrying; anything else
 * throws and pg-boss retries with backoff. A capture refused for good leaves the rider owing what it was for
 * (`captureFailed`, decision 0043).
 */
export async function settlePayment(services: Pick<Ports, 'db' | 'logger' | 'bus' | 'push'> & { payments: PaymentProvider | null }, job: SettleJob) {
  const { db } = services;
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', job.payment_id).executeTakeFirst();
  if (!payment) return;
  const wanted = job.action === 'capture' ? 'capturing' : 'releasing';
  if (payment.status !== wanted) return; // settled already (a retry after the update), or moved on by a webhook
  const provider = services.payments;
  if (!provider || provider.kind !== payment.provider) throw new Error(`payment ${payment.id}: its provider (${payment.provider}) is not configured`);
  try {
    if (job.action === 'capture') {
      const { captured_cents } = await provider.capture(payment.intent_ref, job.amount_cents, `payment:${payment.id}:capture`);
      await move(db, PAYMENT_MACHINE, { table: 'payments', id: payment.id, to: 'captured', actor: 'system', set: { captured_cents, updated_at: new Date() } });
    } else {
      await provider.cancel(payment.intent_ref, `payment:${payment.id}:release`);
      await move(db, PAYMENT_MACHINE, { table: 'payments', id: payment.id, to: 'released', actor: 'system', set: { updated_at: new Date() } });
    }
  } catch (err) {
    if (!(err instanceof PaymentRefused)) throw err;
    services.logger.error({ err, paymentId: payment.id, action: job.action }, 'the card processor refused to settle a payment');
    if (job.action === 'capture') await captureFailed(services, payment, job.amount_cents, err.message);
    else
      await move(db, PAYMENT_MACHINE, {
        table: 'payments',
        id: payment.id,
        to: 'failed',
        actor: 'system',
        set: { failure: err.message.slice(0, 500), updated_at: new Date() },
        // A release refused for good: only a payment still releasing fails (the capture's own path is captureFailed).
        where: (eb) => eb('status', '=', 'releasing'),
      });
  }
}

/**
 * A capture the processor refused for good (decision 0043). What it was for (a fare, a cancellation fee) is
 * already booked on processor clearing; in one transaction the payment is marked failed and owes that amount
 * (`owed_cents`), the ledger moves it from processor clearing to the rider's owed account (line
 * `card_declined`, key `payment:<id>:capture_failed`), and the rider is told. The rider's next ride carries
 * it like an owed cancellation fee (`owedCaptures`). Only a payment still `capturing` is failed, so a job run
 * again changes and posts nothing twice.
 */
async function captureFailed(services: Pick<Ports, 'db' | 'bus' | 'push'>, payment: Selectable<PaymentsTable>, amountCents: number, reason: string) {
  const outcome = await inTransaction(services.db, async (trx) => {
    const failed = await move(trx, PAYMENT_MACHINE, {
      table: 'payments',
      id: payment.id,
      to: 'failed',
      actor: 'system',
      set: { failure: reason.slice(0, 500), owed_cents: amountCents, updated_at: new Date() },
      where: (eb) => eb('status', '=', 'capturing'),
    });
    if (!failed) return null;
    const ride = await trx.selectFrom('rides').select(['id', 'rider_id', 'city_id', 'currency']).where('id', '=', payment.ride_id).executeTakeFirstOrThrow();
    await post(trx, {
      kind: 'payment.capture_failed',
      key: `payment:${payment.id}:capture_failed`,
      currency: payment.currency,
      city_id: ride.city_id,
      ride_id: ride.id,
      memo: { payment_id: payment.id, amount_cents: amountCents, reason: reason.slice(0, 200) },
      entries: [
        { account: { code: 'rider_owed', owner: ride.rider_id }, line: 'card_declined', amount_cents: amountCents },
        { account: { code: 'processor_clearing' }, line: 'card_declined', amount_cents: -amountCents },
      ],
    });
    const card = await trx.selectFrom('payment_cards').select(['brand', 'last4']).where('id', '=', payment.card_id).executeTakeFirst();
    return createNotification(trx, services, {
      user_id: ride.rider_id,
      booking_id: ride.id,
      ...paymentText.notice.captureFailed(amountCents, payment.currency, card ? paymentText.card(card.brand, card.last4) : null),
      kind: 'payment',
      link: '/payment-history',
    });
  });
  await outcome?.publish();
}

/**
 * A seam for the refunds engineer (decision 0038): gives back `amountCents` of a ride's card payment through
 * the provider, with the caller's idempotency key (`refund:<request id>`, say). The ledger posting is the
 * caller's, in its own transaction; call this outside any transaction (or from a job queued in it).
 * Returns the processor's refund reference.
 */
export async function refundPayment(
  services: Pick<Ports, 'db'> & { payments: PaymentProvider | null },
  rideId: string,
  amountCents: number,
  key: string,
  purpose: 'ride' | 'tip' = 'ride',
  db: Kysely<DB> = services.db,
) {
  // Inside a caller's transaction, read through it: embedded PGlite has one connection, which the transaction holds.
  const payment = await db.selectFrom('payments').selectAll().where('ride_id', '=', rideId).where('purpose', '=', purpose).executeTakeFirst();
  if (!payment || payment.status !== 'captured') throw new PaymentRefused(`ride ${rideId} has no captured ${purpose} payment`);
  if (amountCents <= 0 || amountCents > payment.captured_cents)
    throw new PaymentRefused(`a refund of ${amountCents} is more than the ${payment.captured_cents} captured`);
  if (!services.payments || services.payments.kind !== payment.provider)
    throw new Error(`payment ${payment.id}: its provider (${payment.provider}) is not configured`);
  return services.payments.refund(payment.intent_ref, amountCents, key);
}
