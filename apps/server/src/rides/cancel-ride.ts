import { OFFER_MACHINE } from '@openride/shared/rides/offer-state';
import { type FeeDecision, noShowAt, noShowFee, riderCancelFee } from '@openride/shared/cancellation/fees';
import { driverText } from '@openride/shared/rides/driver-text';
import { driverNotice, riderNotice } from '@openride/shared/rides/notification-text';
import type { CancelRideInput } from '@openride/shared/rides/schemas';
import { recordAudit } from '../audit/record-audit';
import { lockRideForTransition } from '../db/ride-locks';
import { policyFor, rideZoneId } from '../cancellation/cancellation.repo';
import { postCancellationFee } from '../ledger/ride-postings';
import { releaseRidePromotion } from '../promotions/ride-promotions';
import { badRequest, domainError, notFound } from '../lib/errors';
import { withinLimits } from '../lib/rate-limit';
import { inTransaction } from '../lib/transaction';
import { settleRideOnCancel } from '../payments/ride-payments';
import { createNotification } from '../notifications/create-notification';
import type { Actor } from './actor';
import { announceRideChange } from './announce-ride-change';
import { moveRide, settledOrRefused } from './move-ride';
import { approvedRideDriverOf, driverUserIdOf, firstNameOf, type RideRow, rideInScope } from './rides.repo';
import { moveAll } from '../lib/move';
import type { Ports } from '../ports';
import type { DriverCache, RideLocations } from './dispatch-port';

type Canceller = Extract<Actor, { kind: 'rider' | 'driver' | 'operator' }>;

/**
 * A ride ends before its trip does, by whoever the table lets: its rider (until the trip starts), its
 * assigned driver (after accepting, before starting), or an operator (any ride not yet ended; the reason
 * is required, and the rider and driver read it). One conditional update — `where status in` the states
 * the actor may cancel from — so a cancel racing the driver's start cannot both win. Idempotent: a ride
 * already cancelled comes back unchanged (a retried tap is not an error); any other state is a 409.
 * A rider's or driver's cancel of a ride that is not theirs is 404, as if it did not exist.
 *
 * Lock order (decision 0021): the ride row and its open offers (`lockRideForTransition`) before anything else.
 */
export async function cancelRide(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'usage' | 'jobs'> & { drivers: DriverCache; locations: RideLocations },
  actor: Canceller,
  rideId: string,
  input: CancelRideInput,
) {
  // A driver's cancels are limited (each ends a rider's booking and tells them), and only a
  // cancel that ended a ride counts (a retried tap is free). A rider cancels only rides they booked, so
  // the booking limit bounds theirs; an operator's are not limited (decision 0024).
  if (actor.kind !== 'driver') return (await cancel(services, actor, rideId, input)).ride;
  const outcome = await withinLimits(
    [[services.usage.cancelPerUser, actor.userId]],
    'TOO_MANY_CANCELS',
    () => cancel(services, actor, rideId, input),
    (o) => o.changed,
  );
  return outcome.ride;
}

async function cancel(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'jobs'> & { drivers: DriverCache; locations: RideLocations },
  actor: Canceller,
  rideId: string,
  input: CancelRideInput,
) {
  const { db } = services;
  const noShow = input.no_show === true;
  if (noShow && actor.kind !== 'driver') throw badRequest("Only the ride's driver reports that the rider didn't show up.");
  const reason = input.reason || (noShow ? driverText.ride.noShow : null);
  let scope: { riderId?: string; driverId?: string } = {};
  let driverName = '';
  if (actor.kind === 'rider') scope = { riderId: actor.userId };
  if (actor.kind === 'driver') {
    const driver = await approvedRideDriverOf(db, actor.userId);
    if (!driver) throw notFound('Ride not found');
    scope = { driverId: driver.id };
    driverName = firstNameOf(driver.full_name);
  }
  if (actor.kind === 'operator' && !reason) throw badRequest('Give the reason for cancelling: the rider and the driver read it.');

  const outcome = await inTransaction(db, async (trx) => {
    // The operator's cancel is audited with the status it ended (read under the ride's lock).
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) throw notFound('Ride not found');
    const { ride: previous, at: now } = locked;
    if ((scope.riderId && previous.rider_id !== scope.riderId) || (scope.driverId && previous.driver_id !== scope.driverId)) throw notFound('Ride not found');
    const fee = await feeOf(trx, actor, previous, noShow, now);
    const ride = await moveRide(trx, {
      rideId,
      to: 'cancelled',
      actor,
      at: now,
      scope,
      set: {
        cancelled_at: now,
        cancelled_by: actor.kind,
        cancel_reason: reason,
        // Recorded with the state change, in its conditional update: a repeated cancel matches nothing and charges nothing.
        ...(fee
          ? {
              cancellation_fee_cents: fee.amount_cents,
              cancellation_fee_reason: fee.reason,
              cancellation_fee_waived: fee.waived,
              cancellation_fee_waive_reason: fee.waive_reason,
              cancellation_fee_driver_share_cents: fee.driver_share_cents,
            }
          : {}),
      },
    });
    if (!ride) {
      const current = await rideInScope(trx, rideId, scope);
      if (!current) throw notFound('Ride not found');
      return { ride: settledOrRefused(current, 'cancelled', 'This ride can no longer be cancelled.'), changed: false as const };
    }
    await releaseRidePromotion(trx, ride); // decision 0063: a reserved promo discount goes back to its budget
    // A fee the cancel recorded is posted with the cancel (decision 0037): a card ride's is captured from its
    // hold (processor clearing), otherwise the rider owes it; the hold is released otherwise (decision 0038).
    await postCancellationFee(trx, ride, { paidBy: await settleRideOnCancel(trx, services, ride) });
    if (actor.kind === 'operator') {
      await recordAudit(trx, {
        actorId: actor.userId,
        action: 'ride.cancel',
        entityType: 'ride',
        entityId: ride.id,
        before: { status: previous?.status ?? null },
        after: { status: 'cancelled', cancelled_by: 'operator' },
        reason,
      });
    }
    // A driver holding the offer loses it; an assigned driver is told.
    const [closedOffer] = await moveAll(trx, OFFER_MACHINE, {
      table: 'ride_offers',
      to: 'cancelled',
      actor: actor.kind,
      set: { closed_at: now },
      where: (eb) => eb('ride_id', '=', ride.id),
    });
    const offeredUserId = closedOffer ? await driverUserIdOf(trx, closedOffer.driver_id) : undefined;
    const driverUserId = actor.kind === 'driver' ? actor.userId : ride.driver_id ? await driverUserIdOf(trx, ride.driver_id) : undefined;

    const notify = (userId: string, notice: ReturnType<typeof riderNotice.cancelledByRider>) =>
      createNotification(trx, services, { user_id: userId, booking_id: ride.id, ...notice });
    const notifications =
      actor.kind === 'rider'
        ? [await notify(ride.rider_id, riderNotice.cancelledByRider()), driverUserId ? await notify(driverUserId, driverNotice.cancelledByRider()) : undefined]
        : actor.kind === 'driver'
          ? [
              await notify(
                ride.rider_id,
                noShow
                  ? riderNotice.noShow(driverName, fee && !fee.waived ? fee.amount_cents : null, ride.currency)
                  : riderNotice.cancelledByDriver(driverName),
              ),
            ]
          : [
              await notify(ride.rider_id, riderNotice.cancelledByOperator(reason!)),
              driverUserId ? await notify(driverUserId, driverNotice.cancelledByOperator(reason!)) : undefined,
            ];
    return {
      ride,
      changed: true as const,
      driverUserId,
      notifications,
      offerClosed:
        closedOffer && offeredUserId ? { offerId: closedOffer.id, rideId: ride.id, driverUserId: offeredUserId, reason: 'cancelled' as const } : null,
    };
  });

  if (outcome.changed) {
    services.jobs.wake('payment-settle');
    if (outcome.driverUserId) services.drivers.invalidate(outcome.driverUserId);
    services.locations.forgetRide(outcome.ride.id);
    await announceRideChange(services, outcome);
  }
  return outcome;
}

/**
 * The fee a cancel records (decision 0033), from the ride's policy and the times the server stored, at the
 * server's `now`: a rider's cancel after the free window costs the late-cancel fee; a driver's "Rider didn't
 * show up" is refused (NO_SHOW_TOO_EARLY) until they have waited the no-show wait after Arrived, then costs
 * the rider the no-show fee; either is waived when the driver was late. Any other driver's cancel, and an
 * operator's, never charges the rider. A ride already cancelled decides nothing (the move will not happen).
 */
async function feeOf(trx: Parameters<typeof policyFor>[0], actor: Canceller, ride: RideRow, noShow: boolean, now: Date): Promise<FeeDecision | null> {
  if (ride.status !== 'accepted' && ride.status !== 'arrived') return null;
  if (noShow) {
    if (ride.status !== 'arrived') throw domainError('NO_SHOW_TOO_EARLY');
    const policy = await policyFor(trx, ride.city_id, ride.ride_type, rideZoneId(ride));
    const allowedAt = policy ? noShowAt(policy, ride) : null;
    if (allowedAt !== null && now.getTime() < allowedAt) throw domainError('NO_SHOW_TOO_EARLY');
    return policy ? noShowFee(policy, ride, now.getTime()) : null;
  }
  if (actor.kind !== 'rider') return null;
  const policy = await policyFor(trx, ride.city_id, ride.ride_type, rideZoneId(ride));
  return policy ? riderCancelFee(policy, ride, now.getTime()) : null;
}
