import { riderNotice } from '@openride/shared/rides/notification-text';
import { lockRideForTransition } from '../db/ride-locks';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import type { DriverActor } from './actor';
import { announceRideChange } from './announce-ride-change';
import { moveRide, settledOrRefused } from './move-ride';
import { approvedRideDriverOf, firstNameOf, rideInScope } from './rides.repo';
import type { Ports } from '../ports';
import type { DriverCache } from './dispatch-port';

/**
 * The driver is at the pickup (accepted → arrived): the rider is told to have their PIN ready. Only on the
 * driver's own ride; someone else's is 404. Repeating it returns the ride unchanged.
 */
export async function markArrived(services: Pick<Ports, 'db' | 'bus' | 'push'> & { drivers: DriverCache }, actor: DriverActor, rideId: string) {
  const { db } = services;
  const driver = await approvedRideDriverOf(db, actor.userId);
  if (!driver) throw notFound('Ride not found');
  const scope = { driverId: driver.id };
  const outcome = await inTransaction(db, async (trx) => {
    // The ride's lock first, as every verb takes it (decision 0021); the conditional update decides.
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) return null;
    const ride = await moveRide(trx, { rideId, to: 'arrived', actor, at: locked.at, scope, set: { arrived_at: locked.at } });
    if (!ride) return null;
    const notification = await createNotification(trx, services, {
      user_id: ride.rider_id,
      booking_id: ride.id,
      ...riderNotice.arrived(firstNameOf(driver.full_name)),
    });
    return { ride, notification };
  });
  if (!outcome) {
    const current = await rideInScope(db, rideId, scope);
    if (!current) throw notFound('Ride not found');
    return settledOrRefused(current, 'arrived');
  }
  services.drivers.invalidate(actor.userId);
  await announceRideChange(services, { ride: outcome.ride, driverUserId: actor.userId, notifications: [outcome.notification] });
  return outcome.ride;
}
