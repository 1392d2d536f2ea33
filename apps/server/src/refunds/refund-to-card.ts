import { formatMoney } from '@openride/shared/money';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';
import type { Ports } from '../ports';

export type CardRefund = {
  requestId: string;
  rideId: string;
  amount_cents: number;
  currency: string;
};

/**
 * A card ride's approved refund goes back to the card (decisions 0038, 0039, 0054). `decideRefund` calls this
 * inside its transaction, under the ride's lock, just before it posts the refund (credit `processor_clearing`,
 * line `refund`). It refuses, and nothing changes, when the card payment is not captured yet, or for more than
 * was captured on the card less what went back to it already (from the ledger; the rest of what is refundable
 * can be given as wallet credit). Otherwise it queues a `card-refund` job in the same transaction: the
 * processor is called after commit, never while the ride's row is locked, and the job exists only if the
 * decision commits. Call `jobs.wake('card-refund')` after commit.
 */
export async function refundToCard(services: Pick<Ports, 'jobs'>, trx: Kysely<DB>, refund: CardRefund): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .select(['status', 'captured_cents'])
    .where('ride_id', '=', refund.rideId)
    .where('purpose', '=', 'ride')
    .executeTakeFirst();
  if (!payment || payment.status !== 'captured') {
    throw domainError('CARD_REFUNDS_UNAVAILABLE', "This ride's card payment is not captured yet. Try again in a minute, or give wallet credit instead.");
  }
  // What went back to the card: the card refunds posted, net of those the processor refused (reversed, decision 0054).
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
    throw domainError(
      'REFUND_EXCEEDS_PAID',
      `At most ${formatMoney(left, refund.currency)} can go back to the card. Approve that much, and give the rest as wallet credit.`,
    );
  }
  await services.jobs.sendIn(trx, 'card-refund', { refund_request_id: refund.requestId, amount_cents: refund.amount_cents });
}
