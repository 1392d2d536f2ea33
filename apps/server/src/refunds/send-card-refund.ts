import { refundText } from '@openride/shared/refunds/refund-text';
import { lockRideForTransition } from '../db/ride-locks';
import type { JobData } from '../jobs/jobs';
import { reverse } from '../ledger/ledger';
import { postRefund } from '../ledger/refund-postings';
import { transactionAmounts } from '../ledger/ride-money';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { CardDeclined, PaymentRefused } from '../payments/provider';
import { refundPayment } from '../payments/settle-payment';
import type { Ports } from '../ports';
import type { PaymentProvider } from '../payments/provider';

type Deps = Pick<Ports, 'db' | 'logger' | 'bus' | 'push'> & { payments: PaymentProvider | null };

/**
 * The `card-refund` job (decision 0054): gives an approved refund back to the card after the decision that
 * posted it committed. The provider call carries the request's key `refund_request:<id>`, so a job run again
 * (a crash, pg-boss's retry after a timeout) refunds once. A request no longer approved to the card (moved to
 * the wallet by an earlier run) asks nothing of the processor. A refusal for good (`PaymentRefused`,
 * `CardDeclined`) moves the refund to the rider's wallet (`cardRefundRefused`); anything else throws and
 * pg-boss retries with backoff.
 */
export async function sendCardRefund(services: Deps, job: JobData['card-refund']) {
  const request = await services.db
    .selectFrom('refund_requests')
    .select(['id', 'ride_id', 'status', 'destination'])
    .where('id', '=', job.refund_request_id)
    .executeTakeFirst();
  if (!request || request.status !== 'approved' || request.destination !== 'card') return;
  try {
    await refundPayment(services, request.ride_id, job.amount_cents, `refund_request:${request.id}`);
  } catch (err) {
    if (!(err instanceof PaymentRefused || err instanceof CardDeclined)) throw err;
    services.logger.error({ err, refundRequestId: request.id }, 'the card processor refused a refund; it goes to the rider’s wallet');
    await cardRefundRefused(services, request.id, err.message);
  }
}

/**
 * A card refund the processor refused for good (decision 0054). Nothing went back to the card, so the books
 * must not say it did; the admin's decision (this amount, borne by this bearer) still stands, so the rider gets
 * it the other way a refund can go. One transaction, the ride's lock first then the request's (decision 0021):
 * the card refund is reversed (its entries flipped, kind `refund`, so the ride's money and the card's limit net
 * it out), the same amount is posted as wallet credit (key `refund_request:<id>:wallet`), the request now
 * points to that posting with destination `wallet`, and the rider is told. Only a request still approved to
 * the card is changed, so a job run again posts nothing twice.
 */
async function cardRefundRefused(services: Deps, requestId: string, reason: string) {
  const notification = await inTransaction(services.db, async (trx) => {
    const seen = await trx.selectFrom('refund_requests').select('ride_id').where('id', '=', requestId).executeTakeFirstOrThrow();
    const ride = (await lockRideForTransition(trx, seen.ride_id))?.ride;
    if (!ride) return null;
    const request = await trx.selectFrom('refund_requests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirstOrThrow();
    if (request.status !== 'approved' || request.destination !== 'card' || !request.ledger_transaction_id || !request.bearer || !request.decided_by)
      return null;
    const amount = (await transactionAmounts(trx, [request.ledger_transaction_id])).get(request.ledger_transaction_id) ?? 0;
    const why = `The card processor refused the refund: ${reason}`.slice(0, 500);
    await reverse(trx, request.ledger_transaction_id, { kind: 'refund', reason: why, created_by: request.decided_by });
    const currency = ride.currency.trim();
    const tx = await postRefund(trx, {
      requestId,
      key: `refund_request:${requestId}:wallet`,
      ride: { id: ride.id, city_id: ride.city_id, currency, rider_id: ride.rider_id, driver_id: ride.driver_id },
      amount_cents: amount,
      bearer: request.bearer,
      destination: 'wallet',
      created_by: request.decided_by,
      reason: why,
      memo: { action: request.decision, card_refused: true },
    });
    await trx.updateTable('refund_requests').set({ destination: 'wallet', ledger_transaction_id: tx.id }).where('id', '=', requestId).execute();
    return createNotification(trx, services, {
      user_id: ride.rider_id,
      booking_id: ride.id,
      ...refundText.notice.cardRefused(amount, currency),
      kind: 'payment',
      link: `/payment-history/${ride.id}`,
    });
  });
  await notification?.publish();
}
