import { rideChannel, userChannel } from '@openride/shared/realtime';
import type { OfferClosedReason } from '@openride/shared/rides/dispatch';
import type { RideRow } from './rides.repo';
import type { Ports } from '../ports';

/** A notification written in the transaction, to be published after commit (create-notification.ts). */
type PendingNotification = { publish(): Promise<void> };

export type OfferClosed = { offerId: string; rideId: string; driverUserId: string; reason: OfferClosedReason };

export type RideChange = {
  ride: Pick<RideRow, 'id' | 'status' | 'rider_id'>;
  /** The assigned driver's user, whose tabs follow the ride too. */
  driverUserId?: string | null;
  /** The bell notifications the change wrote (rider's, driver's): bell, tabs and push. */
  notifications: ReadonlyArray<PendingNotification | undefined>;
  /** An offer the change withdrew from a driver's screen. */
  offerClosed?: OfferClosed | null;
};

/**
 * The one place a ride's change is told, after its transaction committed (an event for a rolled-back
 * change would announce something that did not happen): the notifications (bell, open tabs, Web Push),
 * then `ride.changed` to the rider's tabs, the driver's tabs and the ride's room, then a withdrawn offer.
 * Every transition verb, the request and dispatch call this; none publishes on its own.
 */
export async function announceRideChange(services: Pick<Ports, 'bus'> & Partial<Pick<Ports, 'metrics'>>, change: RideChange) {
  services.metrics?.rideTransitions.inc({ status: change.ride.status });
  for (const notification of change.notifications) await notification?.publish();
  const event = { id: change.ride.id, status: change.ride.status };
  await services.bus.publish({ channel: userChannel(change.ride.rider_id), event: 'ride.changed', data: event });
  if (change.driverUserId) await services.bus.publish({ channel: userChannel(change.driverUserId), event: 'ride.changed', data: event });
  await services.bus.publish({ channel: rideChannel(change.ride.id), event: 'ride.changed', data: event });
  if (change.offerClosed) await announceOfferClosed(services, change.offerClosed);
}

/** An offer left the driver's screen (declined, expired, withdrawn): their tabs drop the card. */
export async function announceOfferClosed(services: Pick<Ports, 'bus'>, closed: OfferClosed) {
  await services.bus.publish({
    channel: userChannel(closed.driverUserId),
    event: 'ride.offer_closed',
    data: { offer_id: closed.offerId, ride_id: closed.rideId, reason: closed.reason },
  });
}
