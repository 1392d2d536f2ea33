import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Services } from '../http/context';
import { PaymentRefused } from './provider';

export type SettleJob = { payment_id: string; action: 'capture'; amount_cents: number } | { payment_id: string; action: 'release' };

/**
 * The `payment-settle` job (decision 0038): captures or releases a ride's hold after the state change that
 * asked for it committed. The provider call carries the key `payment:<id>:capture|release`, so a job run again
 * after a crash (or pg-boss's retry after a timeout) does not capture twice. A processor that refuses for
 * good (the hold expired, already cancelled) marks the payment failed instead of retrying; anything else
 * throws and pg-boss retries with backoff.
 */
export async function settlePayment(services: Pick<Services, 'db' | 'payments' | 'logger'>, job: SettleJob) {
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
      await db.updateTable('payments').set({ status: 'captured', captured_cents, updated_at: new Date() }).where('id', '=', payment.id).where('status', '=', 'capturing').execute();
    } else {
      await provider.cancel(payment.intent_ref, `payment:${payment.id}:release`);
      await db.updateTable('payments').set({ status: 'released', updated_at: new Date() }).where('id', '=', payment.id).where('status', '=', 'releasing').execute();
    }
  } catch (err) {
    if (!(err instanceof PaymentRefused)) throw err;
    services.logger.error({ err, paymentId: payment.id, action: job.action }, 'the card processor refused to settle a payment');
    await db.updateTable('payments').set({ status: 'failed', failure: err.message.slice(0, 500), updated_at: new Date() }).where('id', '=', payment.id).execute();
  }
}

/**
 * A seam for the refunds engineer (decision 0038): gives back `amountCents` of a ride's card payment through
 * the provider, with the caller's idempotency key (`refund:<request id>`, say). The ledger posting is the
 * caller's, in its own transaction; call this outside any transaction (or from a job queued in it).
 * Returns the processor's refund reference.
 */
export async function refundPayment(services: Pick<Services, 'db' | 'payments'>, rideId: string, amountCents: number, key: string, purpose: 'ride' | 'tip' = 'ride', db: Kysely<DB> = services.db) {
  // Inside a caller's transaction, read through it: embedded PGlite has one connection, which the transaction holds.
  const payment = await db.selectFrom('payments').selectAll().where('ride_id', '=', rideId).where('purpose', '=', purpose).executeTakeFirst();
  if (!payment || payment.status !== 'captured') throw new PaymentRefused(`ride ${rideId} has no captured ${purpose} payment`);
  if (amountCents <= 0 || amountCents > payment.captured_cents) throw new PaymentRefused(`a refund of ${amountCents} is more than the ${payment.captured_cents} captured`);
  if (!services.payments || services.payments.kind !== payment.provider) throw new Error(`payment ${payment.id}: its provider (${payment.provider}) is not configured`);
  return services.payments.refund(payment.intent_ref, amountCents, key);
}
