import { riderNotice } from '@openride/shared/rides/notification-text';
import { lockRideForTransition } from '../db/ride-locks';
import { notFound } from '../lib/errors';
import { postRideCompleted } from '../ledger/ride-postings';
import { applyRidePromotion } from '../promotions/ride-promotions';
import { inTransaction } from '../lib/transaction';
import { settleRideOnCompletion } from '../payments/ride-payments';
import { createNotification } from '../notifications/create-notification';
import { qualifyReferralsForRide } from '../referrals/qualify-referrals';
import type { DriverActor } from './actor';
import { announceRideChange } from './announce-ride-change';
import { moveRide, settledOrRefused } from './move-ride';
import { approvedRideDriverOf, rideInScope } from './rides.repo';
import type { Ports } from '../ports';
import type { DriverCache, RideLocations } from './dispatch-port';

/**
 * The driver ends the trip at the destination (in_progress → completed): the rider reads the fare (with a
 * promotion: its line and what they pay, decision 0068), and is asked to rate. The ride's money is posted to the ledger in the same transaction. Only on the driver's own ride; repeating it returns the ride unchanged.
 */
export async function completeRide(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'jobs'> & { drivers: DriverCache; locations: RideLocations },
  actor: DriverActor,
  rideId: string,
) {
  const { db } = services;
  const driver = await approvedRideDriverOf(db, actor.userId);
  if (!driver) throw notFound('Ride not found');
  const scope = { driverId: driver.id };
  const outcome = await inTransaction(db, async (trx) => {
    // The ride's lock first, as every verb takes it (decision 0021); the conditional update decides.
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) return null;
    const ride = await moveRide(trx, { rideId, to: 'completed', actor, at: locked.at, scope, set: { completed_at: locked.at } });
    if (!ride) return null;
    const promotion = await applyRidePromotion(trx, ride); // decision 0063: the reserved discount is spent (the ledger posts it below)
    // The books move with the ride (decision 0037): fare in — wallet credit first, the card's part, the rest
    // in cash — split between the driver, commission, fees and tax. The card's capture is queued with it (0038).
    await postRideCompleted(trx, ride, await settleRideOnCompletion(trx, services, ride));
    // A first ride may qualify a referral: its reward posts here, exactly once, with the notifications of the
    // people paid (decisions 0064, 0069).
    const referrals = await qualifyReferralsForRide(trx, services, ride);
    const notification = await createNotification(trx, services, {
      user_id: ride.rider_id,
      booking_id: ride.id,
      ...riderNotice.completed(ride.fare_cents, ride.currency, promotion),
    });
    return { ride, notification, rewards: referrals.flatMap((r) => r.notifications) };
  });
  if (!outcome) {
    const current = await rideInScope(db, rideId, scope);
    if (!current) throw notFound('Ride not found');
    return settledOrRefused(current, 'completed');
  }
  services.jobs.wake('payment-settle');
  services.drivers.invalidate(actor.userId);
  services.locations.forgetRide(rideId);
  await announceRideChange(services, { ride: outcome.ride, driverUserId: actor.userId, notifications: [outcome.notification, ...outcome.rewards] });
  return outcome.ride;
}
