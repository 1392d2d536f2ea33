import { userChannel } from '@openride/shared/realtime';
import { sourcesOf } from '@openride/shared/rides/ride-state';
import type { CancelRideInput } from '@openride/shared/rides/schemas';
import type { Services } from '../http/context';
import { AppError, notFound } from '../lib/errors';
import { createNotification } from '../notifications/create-notification';
import { rideChannel } from './rides.repo';

/**
 * The rider cancels. One conditional update — `where status in` the states the machine lets a rider cancel
 * from — so a cancel racing the driver's start cannot both win. Idempotent: a ride already cancelled comes
 * back unchanged (a retried tap is not an error); any other state the rider cannot cancel from is a 409.
 * Someone else's ride is 404, as if it did not exist.
 */
export async function cancelRide(services: Pick<Services, 'db' | 'bus' | 'push' | 'drivers' | 'dispatcher' | 'locations'>, riderId: string, rideId: string, input: CancelRideInput) {
  const { db, bus } = services;
  const outcome = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const ride = await trx
      .updateTable('rides')
      .set({ status: 'cancelled', cancelled_at: now, cancelled_by: 'rider', cancel_reason: input.reason || null, updated_at: now })
      .where('id', '=', rideId)
      .where('rider_id', '=', riderId)
      .where('status', 'in', sourcesOf('cancelled', 'rider'))
      .returningAll()
      .executeTakeFirst();
    if (!ride) {
      const current = await trx.selectFrom('rides').selectAll().where('id', '=', rideId).where('rider_id', '=', riderId).executeTakeFirst();
      if (!current) throw notFound('Ride not found');
      if (current.status === 'cancelled') return { ride: current, changed: false as const };
      throw new AppError('CONFLICT', 'This ride can no longer be cancelled.');
    }
    const notification = await createNotification(trx, services, {
      user_id: riderId,
      type: 'other',
      title: 'Ride cancelled',
      message: 'Your ride was cancelled.',
      booking_id: ride.id,
    });
    // A driver holding the offer loses it; an assigned driver is told.
    const closedOffer = await trx
      .updateTable('ride_offers')
      .set({ status: 'cancelled', closed_at: now })
      .where('ride_id', '=', ride.id)
      .where('status', '=', 'offered')
      .returning(['id', 'driver_id'])
      .executeTakeFirst();
    const driver = ride.driver_id ? await trx.selectFrom('drivers').select(['user_id']).where('id', '=', ride.driver_id).executeTakeFirst() : undefined;
    const driverNotification = driver
      ? await createNotification(trx, services, {
          user_id: driver.user_id,
          type: 'warning',
          title: 'Ride cancelled',
          message: 'The rider cancelled this ride.',
          booking_id: ride.id,
        })
      : undefined;
    return { ride, changed: true as const, notification, closedOffer, driverUserId: driver?.user_id, driverNotification };
  });

  if (outcome.changed) {
    await outcome.notification.publish();
    await outcome.driverNotification?.publish();
    const event = { id: outcome.ride.id, status: outcome.ride.status };
    await bus.publish({ channel: userChannel(riderId), event: 'ride.changed', data: event });
    await bus.publish({ channel: rideChannel(outcome.ride.id), event: 'ride.changed', data: event });
    if (outcome.driverUserId) {
      services.drivers.invalidate(outcome.driverUserId);
      await bus.publish({ channel: userChannel(outcome.driverUserId), event: 'ride.changed', data: event });
    }
    if (outcome.closedOffer) await services.dispatcher.publishOfferClosed(outcome.closedOffer.driver_id, outcome.closedOffer.id, outcome.ride.id, 'cancelled');
    services.locations.forgetRide(outcome.ride.id);
  }
  return outcome.ride;
}
