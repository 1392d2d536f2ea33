import type { AdminRideDetail, TimelineEvent } from '@openride/shared/rides/operator';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { isRideId } from './rides.repo';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * /booking-management's ride page: the ride with its rider and driver, its timeline (request, each
 * offer and how it ended, accepted, arrived, started, and how it ended, by whom and why), the route
 * driven, the ratings and the chat. Read-only; a handful of indexed queries on one ride.
 */
export async function getRideForOperator(db: Kysely<DB>, rideId: string): Promise<AdminRideDetail> {
  if (!isRideId(rideId)) throw notFound('Ride not found');
  const ride = await db
    .selectFrom('rides')
    .innerJoin('user as rider', 'rider.id', 'rides.rider_id')
    .leftJoin('profiles as rider_profile', 'rider_profile.id', 'rides.rider_id')
    .leftJoin('drivers', 'drivers.id', 'rides.driver_id')
    .selectAll('rides')
    .select([
      'rider.name as rider_name',
      'rider.email as rider_email',
      'rider_profile.phone as rider_phone',
      'drivers.full_name as driver_name',
      'drivers.phone as driver_phone',
      'drivers.vehicle_make',
      'drivers.vehicle_model',
      'drivers.vehicle_color',
      'drivers.license_plate',
    ])
    .where('rides.id', '=', rideId)
    .executeTakeFirst();
  if (!ride) throw notFound('Ride not found');

  const [offers, crumbs, ratings, messages, rideEvents] = await Promise.all([
    db
      .selectFrom('ride_offers')
      .innerJoin('drivers', 'drivers.id', 'ride_offers.driver_id')
      .select(['ride_offers.status', 'ride_offers.offered_at', 'ride_offers.closed_at', 'drivers.full_name'])
      .where('ride_offers.ride_id', '=', rideId)
      .orderBy('ride_offers.offered_at')
      .execute(),
    db.selectFrom('ride_locations').select(['lat', 'lng', 'at']).where('ride_id', '=', rideId).orderBy('at').execute(),
    db.selectFrom('ride_ratings').select(['rater_role', 'stars', 'comment', 'created_at']).where('ride_id', '=', rideId).orderBy('created_at').execute(),
    db.selectFrom('ride_messages').select(['sender_role', 'body', 'created_at']).where('ride_id', '=', rideId).orderBy('created_at').execute(),
    db.selectFrom('ride_events').select(['kind', 'actor', 'detail', 'at']).where('ride_id', '=', rideId).orderBy('at').execute(),
  ]);

  const event = (at: Date | string | null, kind: TimelineEvent['kind'], extra: Partial<TimelineEvent> = {}): TimelineEvent[] =>
    at ? [{ at: iso(at)!, kind, driver_name: null, by: null, reason: null, ...extra }] : [];
  const offerEnd: Record<string, TimelineEvent['kind'] | undefined> = { declined: 'offer_declined', expired: 'offer_expired', cancelled: 'offer_cancelled' };
  const timeline = [
    ...event(ride.requested_at, 'requested'),
    ...offers.flatMap((o) => [
      ...event(o.offered_at, 'offered', { driver_name: o.full_name }),
      ...(offerEnd[o.status] ? event(o.closed_at, offerEnd[o.status]!, { driver_name: o.full_name }) : []),
    ]),
    ...event(ride.accepted_at, 'accepted', { driver_name: ride.driver_name }),
    ...event(ride.arrived_at, 'arrived', { driver_name: ride.driver_name }),
    ...event(ride.started_at, 'started', { driver_name: ride.driver_name }),
    ...event(ride.completed_at, 'completed', { driver_name: ride.driver_name }),
    ...event(ride.cancelled_at, 'cancelled', { by: ride.cancelled_by, reason: ride.cancel_reason }),
    ...(ride.status === 'no_driver' ? event(ride.updated_at, 'no_driver') : []),
    // SOS and ride checks (ride_events): who raised or answered, and the check's reason.
    ...rideEvents.flatMap((e) => event(e.at, e.kind, { by: e.actor, reason: e.detail })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return {
    ride: {
      id: ride.id,
      status: ride.status,
      ride_type: ride.ride_type,
      requested_at: iso(ride.requested_at)!,
      rider_id: ride.rider_id,
      rider_name: ride.rider_name,
      rider_email: ride.rider_email,
      rider_phone: ride.rider_phone ?? null,
      driver_id: ride.driver_id,
      driver_name: ride.driver_name ?? null,
      driver_phone: ride.driver_phone ?? null,
      vehicle: ride.vehicle_make ? `${ride.vehicle_color} ${ride.vehicle_make} ${ride.vehicle_model} · ${ride.license_plate}` : null,
      pickup_label: ride.pickup_label,
      dropoff_label: ride.dropoff_label,
      pickup: { lat: ride.pickup_lat, lng: ride.pickup_lng, label: ride.pickup_label },
      destination: { lat: ride.dropoff_lat, lng: ride.dropoff_lng, label: ride.dropoff_label },
      distance_m: ride.distance_m,
      duration_s: ride.duration_s,
      fare_cents: ride.fare_cents,
      currency: ride.currency,
      cancelled_by: ride.cancelled_by,
      cancel_reason: ride.cancel_reason,
      dispatch_deadline: iso(ride.dispatch_deadline),
    },
    timeline,
    route: crumbs.map((c) => ({ lat: c.lat, lng: c.lng, at: iso(c.at)! })),
    ratings: ratings.map((r) => ({ rater_role: r.rater_role, stars: r.stars, comment: r.comment, created_at: iso(r.created_at)! })),
    messages: messages.map((m) => ({ sender_role: m.sender_role, body: m.body, created_at: iso(m.created_at)! })),
  };
}
