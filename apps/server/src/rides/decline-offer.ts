import { lockRideForTransition } from '../db/ride-locks';
import type { Services } from '../http/context';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import type { DriverActor } from './actor';
import { announceOfferClosed } from './announce-ride-change';
import { approvedDriverOf } from './rides.repo';

/**
 * The driver declines the open offer: it passes to the next driver at once. Not a ride transition (the
 * ride stays `requested`; the table gives a driver no move from there but accept). Idempotent: nothing to
 * decline is fine. The ride row and its open offers are locked first (`lockRideForTransition`), the order
 * every verb keeps (decision 0021), so a decline never waits on an offer while holding what an accept or a
 * cancel needs first.
 */
export async function declineOffer(services: Pick<Services, 'db' | 'bus' | 'dispatcher'>, actor: DriverActor, rideId: string) {
  const driver = await approvedDriverOf(services.db, actor.userId);
  if (!driver) throw notFound('Ride not found');
  const closed = await inTransaction(services.db, async (trx) => {
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) return undefined;
    return trx
      .updateTable('ride_offers')
      .set({ status: 'declined', closed_at: locked.at })
      .where('ride_id', '=', rideId)
      .where('driver_id', '=', driver.id)
      .where('status', '=', 'offered')
      .returning('id')
      .executeTakeFirst();
  });
  if (closed) {
    await announceOfferClosed(services, { offerId: closed.id, rideId, driverUserId: actor.userId, reason: 'declined' });
    services.dispatcher.kick(rideId);
  }
}
