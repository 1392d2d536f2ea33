import { OFFER_MACHINE } from '@openride/shared/rides/offer-state';
import { riderNotice } from '@openride/shared/rides/notification-text';
import { lockRideForTransition } from '../db/ride-locks';
import { domainError, isUniqueViolation, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import type { DriverActor } from './actor';
import { announceRideChange } from './announce-ride-change';
import { moveRide } from './move-ride';
import { approvedRideDriverOf, firstNameOf } from './rides.repo';
import { moveAll } from '../lib/move';
import type { Ports } from '../ports';
import type { DriverCache } from './dispatch-port';

const ONE_ACTIVE_RIDE_PER_DRIVER = 'rides_one_active_per_driver_idx';

/**
 * The driver holding the open offer takes the ride (requested → accepted). In one transaction, in the lock
 * order of decision 0021: the ride row, then its open offers (`lockRideForTransition`), then the offer's
 * conditional update (still open, not expired, this driver's) and the ride's; the database's unique index
 * keeps a driver to one active ride. The driver row is not locked: a suspend or a going offline closes the
 * offer under the same ride lock, so it is the offer that decides. Whoever loses gets 409 and nothing
 * changes. Idempotent: accepting a ride one already has returns it.
 */
export async function acceptRide(services: Pick<Ports, 'db' | 'bus' | 'push'> & { drivers: DriverCache }, actor: DriverActor, rideId: string) {
  const { db } = services;
  const driver = await approvedRideDriverOf(db, actor.userId);
  if (!driver) throw notFound('Ride not found');
  let outcome;
  try {
    outcome = await inTransaction(db, async (trx) => {
      const locked = await lockRideForTransition(trx, rideId);
      if (!locked) throw domainError('RIDE_UNAVAILABLE');
      const { ride, at: now } = locked;
      const [offer] = await moveAll(trx, OFFER_MACHINE, {
        table: 'ride_offers',
        to: 'accepted',
        actor: 'driver',
        set: { closed_at: now },
        where: (eb) => eb.and([eb('ride_id', '=', rideId), eb('driver_id', '=', driver.id), eb('expires_at', '>', now)]),
      });
      if (!offer) {
        if (ride.driver_id === driver.id && ride.status !== 'cancelled') return { ride, changed: false as const };
        throw domainError('RIDE_UNAVAILABLE');
      }
      const accepted = await moveRide(trx, {
        rideId,
        to: 'accepted',
        actor,
        at: now,
        set: {
          driver_id: driver.id,
          accepted_at: now,
          // The pickup time promised now: a driver later than this (plus the policy's margin) waives the rider's fee (decision 0033).
          pickup_eta_at: new Date(now.getTime() + offer.pickup_eta_s * 1000),
        },
      });
      if (!accepted) throw domainError('RIDE_UNAVAILABLE');
      const notification = await createNotification(trx, services, {
        user_id: accepted.rider_id,
        booking_id: accepted.id,
        ...riderNotice.accepted(firstNameOf(driver.full_name), driver),
      });
      return { ride: accepted, changed: true as const, notification };
    });
  } catch (err) {
    if (isUniqueViolation(err, ONE_ACTIVE_RIDE_PER_DRIVER)) throw domainError('DRIVER_HAS_ACTIVE_RIDE');
    throw err;
  }
  services.drivers.invalidate(actor.userId);
  if (outcome.changed) await announceRideChange(services, { ride: outcome.ride, driverUserId: actor.userId, notifications: [outcome.notification] });
  return outcome.ride;
}
