import { isTerminal, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';

/** A share link outlives its ride by this long, then dies with it. */
export const SHARE_LINK_GRACE_MS = 60 * 60 * 1000;

/**
 * What a share link shows anyone holding it: where the ride is going and how it stands. Never who the
 * rider is, the PIN, or a phone number. The driver's first name and vehicle join once drivers are
 * assigned (a later slice); until then `driver` is null.
 */
export async function getSharedRide(db: Kysely<DB>, token: string, now = new Date()) {
  const ride = await db
    .selectFrom('rides')
    .select(['status', 'ride_type', 'pickup_label', 'dropoff_label', 'requested_at', 'completed_at', 'cancelled_at', 'updated_at'])
    .where('share_token', '=', token)
    .executeTakeFirst();
  if (!ride) throw notFound('This link has expired.');
  if (isTerminal(ride.status)) {
    const endedAt = new Date(ride.completed_at ?? ride.cancelled_at ?? ride.updated_at);
    if (now.getTime() - endedAt.getTime() > SHARE_LINK_GRACE_MS) throw notFound('This link has expired.');
  }
  return {
    status: ride.status,
    status_label: STATUS_LABELS[ride.status],
    ride_type: ride.ride_type,
    pickup_label: ride.pickup_label,
    dropoff_label: ride.dropoff_label,
    requested_at: ride.requested_at,
    updated_at: ride.updated_at,
    driver: null as null | { first_name: string; vehicle: string },
  };
}
