import { STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';

export type RideRow = Selectable<RidesTable>;

/** Whose eyes a ride is shown to: the PIN and the share link are the rider's alone. */
export type RideViewer = 'rider' | 'driver';

/** The ride as its rider or its driver reads it. The driver never gets the PIN: they must hear it from the rider. */
export function toRideView(row: RideRow, viewer: RideViewer) {
  return {
    id: row.id,
    city_id: row.city_id,
    status: row.status,
    status_label: STATUS_LABELS[row.status],
    ride_type: row.ride_type,
    pickup: { lat: row.pickup_lat, lng: row.pickup_lng, label: row.pickup_label },
    destination: { lat: row.dropoff_lat, lng: row.dropoff_lng, label: row.dropoff_label },
    distance_m: row.distance_m,
    duration_s: row.duration_s,
    fare_cents: row.fare_cents,
    currency: row.currency,
    payment_method: row.payment_method,
    driver_id: row.driver_id,
    ...(viewer === 'rider' ? { pin: row.pin, share_token: row.share_token } : {}),
    requested_at: row.requested_at,
    accepted_at: row.accepted_at,
    arrived_at: row.arrived_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    cancelled_by: row.cancelled_by,
    cancel_reason: row.cancel_reason,
    updated_at: row.updated_at,
  };
}
export type RideView = ReturnType<typeof toRideView>;

/** The ride and the caller's part in it, or undefined when they have none (rider, or assigned driver). */
export async function findRideFor(db: Kysely<DB>, userId: string, rideId: string): Promise<{ row: RideRow; viewer: RideViewer } | undefined> {
  const row = await db
    .selectFrom('rides')
    .selectAll('rides')
    .leftJoin('drivers', 'drivers.id', 'rides.driver_id')
    .select('drivers.user_id as driver_user_id')
    .where('rides.id', '=', rideId)
    .where((eb) => eb.or([eb('rides.rider_id', '=', userId), eb('drivers.user_id', '=', userId)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const { driver_user_id, ...ride } = row;
  // The query matched one of the two; rider only when it is their own ride, so the PIN never leaks by default.
  return driver_user_id === userId && ride.rider_id !== userId ? { row: ride, viewer: 'driver' } : ride.rider_id === userId ? { row: ride, viewer: 'rider' } : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ride ids are uuids; anything else cannot name a ride (and would make PostgreSQL raise). */
export const isRideId = (id: string) => UUID.test(id);

/** The socket room of one ride. */
export const rideChannel = (rideId: string) => `ride:${rideId}`;
