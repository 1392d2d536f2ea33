import type { Services } from '../http/context';
import { domainError } from '../lib/errors';

export type CardRefund = {
  /** Also the provider's idempotency key: a transaction run again (inTransaction retries) never refunds twice. */
  key: string;
  rideId: string;
  amount_cents: number;
  currency: string;
};

/**
 * THE SEAM for card refunds (decision 0039). A card ride's approved refund goes back to the card through the
 * payment provider (issue 13's `PaymentProvider`, apps/server/src/payments, not on main yet): wire it here —
 * look up the ride's captured payment, ask the provider to refund `amount_cents` with `key` as its
 * idempotency key, and return. `decideRefund` calls this inside its transaction, under the ride's lock, just
 * before it posts the refund (credit `processor_clearing`, line `refund`) and marks the request approved; a
 * throw here rolls all of it back. Until the provider exists it refuses, so an admin gives wallet credit
 * instead (the page says so before they try).
 */
export async function refundToCard(_services: Pick<Services, 'db'>, _refund: CardRefund): Promise<void> {
  throw domainError('CARD_REFUNDS_UNAVAILABLE');
}
