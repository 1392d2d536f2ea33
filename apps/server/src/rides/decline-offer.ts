import { OFFER_MACHINE } from '@openride/shared/rides/offer-state';
import { lockRideForTransition } from '../db/ride-locks';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import type { DriverActor } from './actor';
import { announceOfferClosed } from './announce-ride-change';
import { approvedRideDriverOf } from './rides.repo';
import { moveAll } from '../lib/move';
import type { Ports } from '../ports';
import type { RideDispatcher } from './dispatch-port';

/**
 * The driver declines the open offer: it passes to the next driver at once. Not a ride transition (the
 * ride stays `requested`; the table gives a driver no move from there but accept). Idempotent: nothing to
 * decline is fine. The ride row and its open offers are locked first (`lockRideForTransition`), the order
 * every verb keeps (decision 0021), so a decline never waits on an offer while holding what an accept or a
 * cancel needs first.
 */
export async function declineOffer(services: Pick<Ports, 'db' | 'bus'> & { dispatcher: RideDispatcher }, actor: DriverActor, rideId: string) {
  const driver = await approvedRideDriverOf(services.db, actor.userId);
  if (!driver) throw notFound('Ride not found');
  const closed = await inTransaction(services.db, async (trx) => {
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) return undefined;
    const [declined] = await moveAll(trx, OFFER_MACHINE, {
      table: 'ride_offers',
      to: 'declined',
      actor: 'driver',
      set: { closed_at: locked.at },
      where: (eb) => eb.and([eb('ride_id', '=', rideId), eb('driver_id', '=', driver.id)]),
    });
    return declined;
  });
  if (closed) {
    await announceOfferClosed(services, { offerId: closed.id, rideId, driverUserId: actor.userId, reason: 'declined' });
    services.dispatcher.kick(rideId);
  }
}
