import { REFUND_WINDOW_DAYS, type RefundRequestInput } from '@openride/shared/refunds/schemas';
import { lockRideForTransition } from '../db/ride-locks';
import { rideMoney } from '../ledger/ride-money';
import { domainError, isUniqueViolation, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { isRideId } from '../rides/rides.repo';
import { requestViews } from './refunds.repo';
import type { Ports } from '../ports';

const DAY_MS = 86_400_000;

/**
 * A rider reports a problem with a completed ride's fare (decision 0039). Only the ride's rider (anyone else:
 * 404, as if there were no such ride), within 30 days of its completion, one open request per ride (the
 * partial unique index decides between two at once), while something is left to refund, and an amount, when
 * given, no more than that. Under the ride's lock, the one every money decision on the ride takes.
 */
export async function requestRefund(services: Pick<Ports, 'db'>, userId: string, rideId: string, input: RefundRequestInput, now = new Date()) {
  if (!isRideId(rideId)) throw notFound('Ride not found');
  const row = await inTransaction(services.db, async (trx) => {
    const ride = (await lockRideForTransition(trx, rideId))?.ride;
    if (!ride || ride.rider_id !== userId) throw notFound('Ride not found');
    if (ride.status !== 'completed' || !ride.completed_at) throw domainError('RIDE_NOT_COMPLETED');
    if (now.getTime() - new Date(ride.completed_at).getTime() > REFUND_WINDOW_DAYS * DAY_MS) throw domainError('REFUND_WINDOW_CLOSED');
    const open = await trx.selectFrom('refund_requests').select('id').where('ride_id', '=', ride.id).where('status', '=', 'open').executeTakeFirst();
    if (open) throw domainError('REFUND_REQUEST_OPEN');
    const money = await rideMoney(trx, ride);
    if (money.refundable_cents <= 0 || (input.amount_cents ?? 0) > money.refundable_cents) throw domainError('REFUND_EXCEEDS_PAID');
    try {
      return await trx
        .insertInto('refund_requests')
        .values({ ride_id: ride.id, rider_id: userId, reason: input.reason, requested_cents: input.amount_cents ?? null, comment: input.comment || null })
        .returningAll()
        .executeTakeFirstOrThrow()
        .then((r) => ({ ...r, currency: ride.currency }));
    } catch (err) {
      if (isUniqueViolation(err, 'refund_requests_one_open_idx')) throw domainError('REFUND_REQUEST_OPEN');
      throw err;
    }
  });
  return (await requestViews(services.db, [row]))[0]!;
}
