import { randomBytes, randomInt } from 'node:crypto';
import { computeFare } from '@openride/shared/rides/fare';
import { riderNotice } from '@openride/shared/rides/notification-text';
import { RIDE_TYPE_NAMES, type RideRequest } from '@openride/shared/rides/schemas';
import { owedFees } from '../cancellation/cancellation.repo';
import { findCityAt } from '../cities/cities.repo';
import type { Services } from '../http/context';
import { domainError, isUniqueViolation } from '../lib/errors';
import { withinLimits } from '../lib/rate-limit';
import { createNotification } from '../notifications/create-notification';
import { pricingOf } from '../pricing/pricing.repo';
import { announceRideChange } from './announce-ride-change';
import type { RideRow } from './rides.repo';

const ONE_ACTIVE_RIDE_INDEX = 'rides_one_active_per_rider_idx';

/**
 * The rider books. The fare is priced here from the pricing table and the routed distance, never taken
 * from the client. One transaction inserts the ride (`requested`) and the rider's notification; the
 * one-active-ride rule is the database's partial unique index, so two simultaneous requests cannot
 * both succeed. After commit: the bell, the push and `ride.changed`, and dispatch starts looking.
 */
export async function requestRide(services: Pick<Services, 'db' | 'bus' | 'push' | 'routing' | 'dispatcher' | 'usage'>, riderId: string, input: RideRequest) {
  // Each ride booked starts dispatch: a rider books at most so many in a while (refused ones do not count).
  return withinLimits([[services.usage.rideRequestPerUser, riderId]], 'TOO_MANY_RIDE_REQUESTS', () => bookRide(services, riderId, input));
}

async function bookRide(services: Pick<Services, 'db' | 'bus' | 'push' | 'routing' | 'dispatcher'>, riderId: string, input: RideRequest) {
  const { db } = services;
  const city = await findCityAt(db, input.pickup);
  if (!city) throw domainError('OUTSIDE_SERVICE_AREA');
  const pricing = (await pricingOf(db, city.id)).find((p) => p.ride_type === input.ride_type);
  // The city is served, not with this ride type: a different refusal from the pickup's, in other words.
  if (!pricing) throw domainError('RIDE_TYPE_UNAVAILABLE', `${RIDE_TYPE_NAMES[input.ride_type]} is not available here right now. Choose another ride type.`);
  // Routed outside the transaction: a slow routing server must not hold a database connection.
  const route = await services.routing.route(input.pickup, input.destination);

  const requestedAt = new Date();
  let result;
  try {
    result = await db.transaction().execute(async (trx) => {
      // Checked under a share lock on the profile: a block committing now waits for this request, or
      // this request sees the block.
      const profile = await trx.selectFrom('profiles').select('blocked_at').where('id', '=', riderId).forShare().executeTakeFirst();
      if (profile?.blocked_at) throw domainError('ACCOUNT_BLOCKED');
      const ride = await trx
        .insertInto('rides')
        .values({
          city_id: city.id,
          rider_id: riderId,
          ride_type: input.ride_type,
          status: 'requested',
          pickup_lat: input.pickup.lat,
          pickup_lng: input.pickup.lng,
          pickup_label: input.pickup.label ?? null,
          dropoff_lat: input.destination.lat,
          dropoff_lng: input.destination.lng,
          dropoff_label: input.destination.label ?? null,
          distance_m: route.distance_m,
          duration_s: route.duration_s,
          fare_cents: computeFare(pricing, route.distance_m, route.duration_s),
          currency: city.currency,
          payment_method: input.payment_method,
          // Four digits, leading zeros kept: the rider reads it out, the driver types it to start the trip.
          pin: String(randomInt(0, 10_000)).padStart(4, '0'),
          // The whole credential of the public link: 256 bits, unguessable.
          share_token: randomBytes(32).toString('base64url'),
          // Set here, in milliseconds, rather than by now() in microseconds: the history's keyset cursor
          // carries a JavaScript date, which must compare equal to the stored value.
          requested_at: requestedAt,
          dispatch_deadline: new Date(requestedAt.getTime() + services.dispatcher.options.searchTimeoutMs),
          // The price list as quoted: the receipt itemises from it whatever the city's prices become.
          pricing: JSON.stringify({
            base_cents: pricing.base_cents,
            per_km_cents: pricing.per_km_cents,
            per_min_cents: pricing.per_min_cents,
            minimum_cents: pricing.minimum_cents,
            booking_fee_cents: pricing.booking_fee_cents,
          }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const carried = await carryOwedFees(trx, riderId, ride);
      const notification = await createNotification(trx, services, { user_id: riderId, booking_id: carried.id, ...riderNotice.requested(RIDE_TYPE_NAMES[carried.ride_type]) });
      return { ride: carried, notification };
    });
  } catch (err) {
    if (isUniqueViolation(err, ONE_ACTIVE_RIDE_INDEX)) throw domainError('ACTIVE_RIDE_EXISTS');
    throw err;
  }

  await announceRideChange(services, { ride: result.ride, notifications: [result.notification] });
  services.dispatcher.kick(result.ride.id);
  return result.ride;
}

/**
 * Owed cancellation fees (decision 0033) go onto the ride just booked, in its transaction: the old rides
 * name it (`cancellation_fee_carried_to`) and it carries their sum (`carried_fee_cents`), so a fee is owed
 * once and carried once. Lock order: the new ride (inserted, so held) before the old ones, which are ended
 * rides no transition moves. The money issue turns the carried sum into ledger entries.
 */
async function carryOwedFees(trx: Parameters<typeof owedFees>[0], riderId: string, ride: RideRow): Promise<RideRow> {
  const owed = await owedFees(trx, riderId).forUpdate().execute();
  if (owed.length === 0) return ride;
  await trx
    .updateTable('rides')
    .set({ cancellation_fee_carried_to: ride.id })
    .where('id', 'in', owed.map((r) => r.id))
    .execute();
  const total = owed.reduce((sum, r) => sum + (r.cancellation_fee_cents ?? 0), 0);
  return trx.updateTable('rides').set({ carried_fee_cents: total }).where('id', '=', ride.id).returningAll().executeTakeFirstOrThrow();
}
