import { maskPhone } from '@openride/shared/phone';
import { ACTIVE_STATUSES, ASSIGNED_STATUSES, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely, Selectable } from 'kysely';
import {
  type CancellationPolicy,
  driverWasLate,
  feeBaseCents,
  freeCancelUntil,
  lateCancelFeeCents,
  noShowAt,
  riderCancelFee,
} from '@openride/shared/cancellation/fees';
import { policiesForRides } from '../cancellation/cancellation.repo';
import type { DB, RidesTable } from '../db/schema';
import type { DriverFix } from './dispatch-port';
import { approvedDriverOf } from '../driver-record/current-driver';

export type RideRow = Selectable<RidesTable>;

/** Whose eyes a ride is shown to: the PIN and the share link are the rider's alone. */
export type RideViewer = 'rider' | 'driver';

/** The ride's two ends as clients read them. */
export const pickupOf = (row: Pick<RideRow, 'pickup_lat' | 'pickup_lng' | 'pickup_label'>) => ({
  lat: row.pickup_lat,
  lng: row.pickup_lng,
  label: row.pickup_label,
});
export const destinationOf = (row: Pick<RideRow, 'dropoff_lat' | 'dropoff_lng' | 'dropoff_label'>) => ({
  lat: row.dropoff_lat,
  lng: row.dropoff_lng,
  label: row.dropoff_label,
});

/** The ride as its rider or its driver reads it. The driver never gets the PIN: they must hear it from the rider. */
/** What both of a ride's parties read; the rider's view adds the PIN and share link (`rideViews`). */
export function toRideView(row: RideRow) {
  return {
    id: row.id,
    city_id: row.city_id,
    status: row.status,
    status_label: STATUS_LABELS[row.status],
    ride_type: row.ride_type,
    pickup: pickupOf(row),
    destination: destinationOf(row),
    distance_m: row.distance_m,
    duration_s: row.duration_s,
    fare_cents: row.fare_cents,
    currency: row.currency,
    payment_method: row.payment_method,
    wallet_cents: row.wallet_cents,
    driver_id: row.driver_id,
    requested_at: row.requested_at,
    accepted_at: row.accepted_at,
    arrived_at: row.arrived_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    cancelled_by: row.cancelled_by,
    cancel_reason: row.cancel_reason,
    updated_at: row.updated_at,
    cancellation_fee:
      row.cancellation_fee_cents !== null && row.cancellation_fee_reason !== null
        ? {
            amount_cents: row.cancellation_fee_cents,
            reason: row.cancellation_fee_reason,
            waived: row.cancellation_fee_waived ?? false,
            waive_reason: row.cancellation_fee_waive_reason,
            driver_share_cents: row.cancellation_fee_driver_share_cents ?? 0,
          }
        : null,
    carried_fee_cents: row.carried_fee_cents,
    promo_discount_cents: row.promo_discount_cents,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A live ride's cancellation terms at `now` (decision 0033), from its policy and stored times: until when
 * the rider cancels free, what it costs now and after, and from when the driver may report a no-show.
 * Null once the trip started or the ride ended, and when the city has no policy.
 */
export function cancelTermsOf(row: RideRow, policy: CancellationPolicy | undefined, now = Date.now()) {
  if (!policy || !['requested', 'accepted', 'arrived'].includes(row.status)) return null;
  const fee = riderCancelFee(policy, row, now);
  return {
    free_cancel_until: iso(freeCancelUntil(policy, row)),
    late_cancel_fee_cents: lateCancelFeeCents(policy, feeBaseCents(row)),
    fee_now_cents: fee && !fee.waived ? fee.amount_cents : 0,
    waived_now: row.accepted_at && driverWasLate(policy, row, now) ? ('driver_late' as const) : null,
    no_show_at: iso(noShowAt(policy, row)),
    no_show_fee_cents: policy.no_show_fee_cents,
    as_of: new Date(now).toISOString(),
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
  return driver_user_id === userId && ride.rider_id !== userId
    ? { row: ride, viewer: 'driver' }
    : ride.rider_id === userId
      ? { row: ride, viewer: 'rider' }
      : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ride ids are uuids; anything else cannot name a ride (and would make PostgreSQL raise). */
export const isRideId = (id: string) => UUID.test(id);

/** The ride as it stands, within what the caller may see (their ride as rider, or as driver). */
export function rideInScope(db: Kysely<DB>, rideId: string, scope: { riderId?: string; driverId?: string } = {}) {
  let query = db.selectFrom('rides').selectAll().where('id', '=', rideId);
  if (scope.riderId) query = query.where('rider_id', '=', scope.riderId);
  if (scope.driverId) query = query.where('driver_id', '=', scope.driverId);
  return query.executeTakeFirst();
}

/** The caller's driver record when it is approved, with what a ride shows of the driver and their car. */
export const approvedRideDriverOf = (db: Kysely<DB>, userId: string) =>
  approvedDriverOf(db, userId, ['id', 'full_name', 'vehicle_make', 'vehicle_model', 'vehicle_color', 'license_plate']);

/** The user behind a driver record: whose tabs and bell hear of the ride. */
export async function driverUserIdOf(db: Kysely<DB>, driverId: string): Promise<string | undefined> {
  return (await db.selectFrom('drivers').select('user_id').where('id', '=', driverId).executeTakeFirst())?.user_id;
}

/** The caller's live ride: as its rider first, else as its assigned driver. */
export async function activeRideOf(db: Kysely<DB>, userId: string): Promise<{ row: RideRow; viewer: RideViewer } | undefined> {
  const asRider = await db.selectFrom('rides').selectAll().where('rider_id', '=', userId).where('status', 'in', ACTIVE_STATUSES).executeTakeFirst();
  if (asRider) return { row: asRider, viewer: 'rider' };
  const asDriver = await db
    .selectFrom('rides')
    .selectAll()
    .where('driver_id', 'in', db.selectFrom('drivers').select('id').where('user_id', '=', userId))
    .where('status', 'in', ASSIGNED_STATUSES)
    .executeTakeFirst();
  return asDriver ? { row: asDriver, viewer: 'driver' } : undefined;
}

export type RideDriverInfo = {
  id: string;
  name: string;
  phone: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_color: string;
  license_plate: string;
  user_id: string;
};

/** The first name we show of a person (a driver to their rider, a rider to their driver, a chat sender). */
export const firstNameOf = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || 'Rider';

/**
 * Rides as their rider or driver reads them, with the other party: the driver's name, masked phone and
 * vehicle for the rider; the rider's first name and masked phone for the driver; the caller's own rating;
 * the driver's last known position while the ride is live. A handful of queries per page, not per ride.
 */
export async function rideViews<V extends RideViewer>(
  db: Kysely<DB>,
  rows: RideRow[],
  viewer: V,
  viewerId: string,
  lastFix?: (rideId: string) => DriverFix | null,
) {
  if (rows.length === 0) return [];
  const driverIds = [...new Set(rows.map((r) => r.driver_id).filter((id): id is string => id !== null))];
  const riderIds = [...new Set(rows.map((r) => r.rider_id))];
  const rideIds = rows.map((r) => r.id);
  const [drivers, riders, ratings, policies] = await Promise.all([
    driverIds.length
      ? db
          .selectFrom('drivers')
          .select(['id', 'user_id', 'full_name', 'phone', 'vehicle_make', 'vehicle_model', 'vehicle_color', 'license_plate'])
          .where('id', 'in', driverIds)
          .execute()
      : [],
    db.selectFrom('profiles').select(['id', 'full_name', 'phone']).where('id', 'in', riderIds).execute(),
    db.selectFrom('ride_ratings').select(['ride_id', 'stars', 'comment']).where('ride_id', 'in', rideIds).where('rater_id', '=', viewerId).execute(),
    // Only live rides show terms: a page of history reads no policy.
    policiesForRides(
      db,
      rows.filter((r) => (ACTIVE_STATUSES as readonly string[]).includes(r.status)),
    ),
  ]);
  const now = Date.now();
  const driverById = new Map(drivers.map((d) => [d.id, d]));
  // The driver's rating as riders gave it: what a rider sees beside the name before the car arrives.
  const ratedIds = drivers.map((d) => d.user_id);
  const driverRatings = ratedIds.length
    ? await db
        .selectFrom('ride_ratings')
        .select((eb) => ['ratee_id', eb.fn.avg<string>('stars').as('avg'), eb.fn.countAll<string>().as('count')])
        .where('ratee_id', 'in', ratedIds)
        .where('rater_role', '=', 'rider')
        .groupBy('ratee_id')
        .execute()
    : [];
  const ratingByUser = new Map(driverRatings.map((r) => [r.ratee_id, { average: Math.round(Number(r.avg) * 10) / 10, count: Number(r.count) }]));
  const riderById = new Map(riders.map((r) => [r.id, r]));
  const ratingByRide = new Map(ratings.map((r) => [r.ride_id, r]));

  const live = rows.filter((r) => (ASSIGNED_STATUSES as readonly string[]).includes(r.status));
  const fixes = new Map<string, DriverFix>();
  for (const r of live) {
    const fix = lastFix?.(r.id);
    if (fix) fixes.set(r.id, fix);
  }
  const missing = live.filter((r) => !fixes.has(r.id)).map((r) => r.id);
  if (missing.length) {
    // Another process took the driver's last frames: the newest breadcrumb written (at most a second old).
    const crumbs = await db
      .selectFrom('ride_locations')
      .select(['ride_id', 'lat', 'lng', 'heading', 'at'])
      .distinctOn('ride_id')
      .where('ride_id', 'in', missing)
      .orderBy('ride_id')
      .orderBy('at', 'desc')
      .execute();
    for (const c of crumbs) fixes.set(c.ride_id, { lat: c.lat, lng: c.lng, heading: c.heading, at: new Date(c.at).toISOString() });
  }

  return rows.map((row) => {
    const d = row.driver_id ? driverById.get(row.driver_id) : undefined;
    const rider = riderById.get(row.rider_id);
    const rating = ratingByRide.get(row.id);
    const view = {
      ...toRideView(row),
      driver: d
        ? {
            id: d.id,
            name: viewer === 'rider' ? firstNameOf(d.full_name) : d.full_name,
            phone: maskPhone(d.phone),
            vehicle_make: d.vehicle_make,
            vehicle_model: d.vehicle_model,
            vehicle_color: d.vehicle_color,
            license_plate: d.license_plate,
            rating: ratingByUser.get(d.user_id) ?? null,
          }
        : null,
      rider: { name: firstNameOf(rider?.full_name), phone: maskPhone(rider?.phone) },
      driver_location: fixes.get(row.id) ?? null,
      my_rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
      cancel_terms: cancelTermsOf(row, policies.of(row), now),
    };
    // Whose view this is: a driver who opens /track-ride/{id} (a notification link) is sent to their ride view.
    // The PIN and the share link are the rider's alone.
    const whose =
      viewer === 'rider' ? { ...view, viewer: 'rider' as const, pin: row.pin, share_token: row.share_token } : { ...view, viewer: 'driver' as const };
    // The branch taken is the one `viewer` names: the caller's V.
    return whose as Extract<typeof whose, { viewer: V }>;
  });
}

export async function rideView<V extends RideViewer>(
  db: Kysely<DB>,
  row: RideRow,
  viewer: V,
  viewerId: string,
  lastFix?: (rideId: string) => DriverFix | null,
) {
  const [view] = await rideViews(db, [row], viewer, viewerId, lastFix);
  return view!;
}
export type FullRideView = Awaited<ReturnType<typeof rideView>>;
