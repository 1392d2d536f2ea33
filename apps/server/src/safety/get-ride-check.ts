import type { RideCheckView } from '@openride/shared/safety/ride-check';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { findRideFor } from '../rides/rides.repo';

/**
 * The check the caller is asked about on this ride (decision 0062): the oldest open one they have not answered,
 * while the trip is under way; null otherwise. Only the ride's rider or its driver: anyone else 404, as the
 * ride itself.
 */
export async function getRideCheck(db: Kysely<DB>, userId: string, rideId: string): Promise<RideCheckView | null> {
  const found = await findRideFor(db, userId, rideId);
  if (!found) throw notFound('Ride not found');
  if (found.row.status !== 'in_progress') return null;
  const check = await db
    .selectFrom('ride_checks')
    .select(['id', 'ride_id', 'reason', 'detail', 'asked_at'])
    .where('ride_id', '=', rideId)
    .where('closed_at', 'is', null)
    .where(found.viewer === 'rider' ? 'rider_ok_at' : 'driver_ok_at', 'is', null)
    .orderBy('asked_at')
    .limit(1)
    .executeTakeFirst();
  return check ? { ...check, asked_at: new Date(check.asked_at).toISOString() } : null;
}
