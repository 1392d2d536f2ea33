import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Services } from '../http/context';
import { domainError } from '../lib/errors';
import { PaymentRefused } from '../payments/provider';
import { refundPayment } from '../payments/settle-payment';

export type CardRefund = {
  /** Also the provider's idempotency key: a transaction run again (inTransaction retries) never refunds twice. */
  key: string;
  rideId: string;
  amount_cents: number;
  currency: string;
};

/**
 * A card ride's approved refund goes back to the card through the payment provider (decisions 0038, 0039).
 * `decideRefund` calls this inside its transaction, under the ride's lock, just before it posts the refund
 * (credit `processor_clearing`, line `refund`): a refusal here rolls all of it back and the admin reads why;
 * the provider's idempotency key (the request's) makes a transaction run again, or an admin's retry after a
 * lost commit, refund once. At most what was captured on the card, less what went back to it already (from
 * the ledger); the rest of what is refundable can be given as wallet credit.
 */
export async function refundToCard(services: Pick<Services, 'db' | 'payments'>, trx: Kysely<DB>, refund: CardRefund): Promise<void> {
  const payment = await trx.selectFrom('payments').select(['status', 'captured_cents']).where('ride_id', '=', refund.rideId).where('purpose', '=', 'ride').executeTakeFirst();
  if (!payment || payment.status !== 'captured') {
    throw domainError('CARD_REFUNDS_UNAVAILABLE', "This ride's card payment is not captured yet. Try again in a minute, or give wallet credit instead.");
  }
  const back = await trx
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(sql<string>`coalesce(-sum(ledger_entries.amount_cents), 0)`.as('cents'))
    .where('ledger_transactions.ride_id', '=', refund.rideId)
    .where('ledger_transactions.kind', '=', 'refund')
    .where('ledger_accounts.code', '=', 'processor_clearing')
    .executeTakeFirstOrThrow();
  const left = Number(payment.captured_cents) - Number(back.cents);
  if (refund.amount_cents > left) {
    throw domainError('REFUND_EXCEEDS_PAID', `At most ${(left / 100).toFixed(2)} ${refund.currency} can go back to the card. Approve that much, and give the rest as wallet credit.`);
  }
  try {
    await refundPayment(services, refund.rideId, refund.amount_cents, refund.key, 'ride', trx);
  } catch (err) {
    if (err instanceof PaymentRefused) throw domainError('PAYMENT_FAILED', `The card processor refused the refund: ${err.message}. Give wallet credit instead.`);
    throw err;
  }
}
