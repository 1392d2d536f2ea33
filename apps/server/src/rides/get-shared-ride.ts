import { isTerminal, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';
import { greatCircleRouting } from '../routing/great-circle-routing';
import { destinationOf, firstNameOf, pickupOf, rideViews } from './rides.repo';
import type { DriverFix } from './dispatch-port';

/** A share link outlives its ride by this long, then dies with it. */
export const SHARE_LINK_GRACE_MS = 60 * 60 * 1000;

const estimator = greatCircleRouting(1.3, 25, { geometry: false });

/**
 * What a share link shows anyone holding it: where the ride is going, how it stands, the driver's first
 * name and vehicle, where the car is and how long until it gets there. Never who the rider is, the PIN, or
 * a phone number.
 */
export async function getSharedRide(db: Kysely<DB>, token: string, lastFix?: (rideId: string) => DriverFix | null, now = new Date()) {
  const row = await db.selectFrom('rides').selectAll().where('share_token', '=', token).executeTakeFirst();
  if (!row) throw domainError('SHARE_LINK_EXPIRED', 'This link has expired.');
  if (isTerminal(row.status)) {
    const endedAt = new Date(row.completed_at ?? row.cancelled_at ?? row.updated_at);
    if (now.getTime() - endedAt.getTime() > SHARE_LINK_GRACE_MS) throw domainError('SHARE_LINK_EXPIRED', 'This link has expired.');
  }
  const [full] = await rideViews(db, [row], 'rider', '', lastFix);
  const fix = full!.driver_location;
  const target = row.status === 'in_progress' ? { lat: row.dropoff_lat, lng: row.dropoff_lng } : { lat: row.pickup_lat, lng: row.pickup_lng };
  const eta_s = fix && !isTerminal(row.status) && row.status !== 'arrived' ? (await estimator.route(fix, target)).duration_s : null;
  return {
    status: row.status,
    status_label: STATUS_LABELS[row.status],
    ride_type: row.ride_type,
    pickup: pickupOf(row),
    destination: destinationOf(row),
    pickup_label: row.pickup_label,
    dropoff_label: row.dropoff_label,
    requested_at: row.requested_at,
    updated_at: row.updated_at,
    driver: full!.driver
      ? {
          first_name: firstNameOf(full!.driver.name),
          vehicle: `${full!.driver.vehicle_color} ${full!.driver.vehicle_make} ${full!.driver.vehicle_model} · ${full!.driver.license_plate}`,
        }
      : null,
    driver_location: isTerminal(row.status) ? null : fix,
    eta_s,
  };
}
