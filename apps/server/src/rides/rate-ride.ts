import type { RatingInput } from '@openride/shared/rides/schemas';
import { domainError, notFound } from '../lib/errors';
import { findRideFor } from './rides.repo';
import type { Ports } from '../ports';

/**
 * Rider rates driver, driver rates rider: once each, after the trip is completed. The primary key
 * (ride, rater role) makes a second rating a 409 even when two taps race.
 */
export async function rateRide(services: Pick<Ports, 'db'>, userId: string, rideId: string, input: RatingInput) {
  const found = await findRideFor(services.db, userId, rideId);
  if (!found) throw notFound('Ride not found');
  const { row: ride, viewer } = found;
  if (ride.status !== 'completed' || !ride.driver_id) throw domainError('RIDE_NOT_COMPLETED', 'Only a completed ride can be rated.');
  const driver = await services.db.selectFrom('drivers').select('user_id').where('id', '=', ride.driver_id).executeTakeFirstOrThrow();
  const rating = await services.db
    .insertInto('ride_ratings')
    .values({
      ride_id: ride.id,
      rater_role: viewer,
      rater_id: userId,
      ratee_id: viewer === 'rider' ? driver.user_id : ride.rider_id,
      stars: input.stars,
      comment: input.comment || null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['ride_id', 'rater_role', 'stars', 'comment', 'created_at'])
    .executeTakeFirst();
  if (!rating) throw domainError('ALREADY_RATED');
  return rating;
}
