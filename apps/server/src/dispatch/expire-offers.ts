import { OFFER_MACHINE } from '@openride/shared/rides/offer-state';
import type { Kysely } from 'kysely';
import { lockRideForTransition } from '../db/ride-locks';
import type { DB } from '../db/schema';
import { inTransaction } from '../lib/transaction';
import { move } from '../lib/move';

/** Offers closed per sweep at most; the next tick (a second later) takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Open offers nobody answered by `now`, closed as expired; returns them for the caller to announce. Each
 * one under its ride's lock, taken first like every ride verb (decision 0021): an accept landing at the
 * same moment either commits first (the offer is no longer open, nothing to expire) or finds it expired.
 * `now` is a parameter so the race suite can run the sweep at an offer's expiry.
 */
export async function expireOffers(db: Kysely<DB>, now: Date) {
  const due = await db
    .selectFrom('ride_offers')
    .select(['id', 'ride_id'])
    .where('status', '=', 'offered')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(SWEEP_LIMIT)
    .execute();
  const closed: Array<{ id: string; ride_id: string; driver_id: string }> = [];
  for (const offer of due) {
    const row = await inTransaction(db, async (trx) => {
      const locked = await lockRideForTransition(trx, offer.ride_id);
      if (!locked?.openOffers.some((o) => o.id === offer.id)) return undefined;
      const expired = await move(trx, OFFER_MACHINE, {
        table: 'ride_offers',
        id: offer.id,
        to: 'expired',
        actor: 'system',
        set: { closed_at: locked.at },
        where: (eb) => eb('expires_at', '<=', now),
      });
      return expired && { id: expired.id, ride_id: expired.ride_id, driver_id: expired.driver_id };
    });
    if (row) closed.push(row);
  }
  return closed;
}
