import type { AdminDriverDetail } from '@openride/shared/rides/operator';
import { sql } from 'kysely';
import { auditHistoryOf } from '../audit/list-audit-log';
import type { Services } from '../http/context';
import { notFound } from '../lib/errors';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * /driver/{id}: the application and vehicle, the verification and suspension history (the audit log),
 * whether they are online and where they were last seen, and how they work — acceptance rate,
 * cancellation rate, rating.
 */
export async function getDriverForOperator(services: Pick<Services, 'db' | 'geo'>, driverId: string): Promise<AdminDriverDetail> {
  const { db } = services;
  const d = await db
    .selectFrom('drivers')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    .selectAll('drivers')
    .select('user.email')
    .where('drivers.id', '=', driverId)
    .executeTakeFirst();
  if (!d) throw notFound('Driver not found');

  const [offers, rides, rating, history, cities, crumb] = await Promise.all([
    db
      .selectFrom('ride_offers')
      .select([sql<number>`count(*)`.as('total'), sql<number>`count(*) filter (where status = 'accepted')`.as('accepted')])
      .where('driver_id', '=', driverId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rides')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`count(*) filter (where status = 'completed')`.as('completed'),
        sql<number>`count(*) filter (where status = 'cancelled' and cancelled_by = 'driver')`.as('cancelled'),
      ])
      .where('driver_id', '=', driverId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ride_ratings')
      .innerJoin('rides', 'rides.id', 'ride_ratings.ride_id')
      .select([sql<number | null>`avg(ride_ratings.stars)`.as('avg'), sql<number>`count(*)`.as('n')])
      .where('rides.driver_id', '=', driverId)
      .where('ride_ratings.rater_role', '=', 'rider')
      .executeTakeFirstOrThrow(),
    auditHistoryOf(db, 'driver', driverId),
    db.selectFrom('cities').select('id').execute(),
    db
      .selectFrom('ride_locations')
      .innerJoin('rides', 'rides.id', 'ride_locations.ride_id')
      .select(['ride_locations.lat', 'ride_locations.lng', 'ride_locations.at'])
      .where('rides.driver_id', '=', driverId)
      .orderBy('ride_locations.at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);

  let live: { lat: number; lng: number } | null = null;
  if (d.status === 'available') {
    for (const city of cities) {
      live = await services.geo.position(city.id, driverId);
      if (live) break;
    }
  }
  const offersTotal = Number(offers.total);
  const ridesTotal = Number(rides.total);
  return {
    driver: {
      id: d.id,
      user_id: d.user_id,
      full_name: d.full_name,
      email: d.email,
      phone: d.phone,
      license_number: d.license_number,
      vehicle: { make: d.vehicle_make, model: d.vehicle_model, year: d.vehicle_year, color: d.vehicle_color, plate: d.license_plate },
      verification_status: d.verification_status,
      rejection_reason: d.rejection_reason,
      applied_at: iso(d.created_at)!,
      reviewed_at: iso(d.reviewed_at),
      status: d.status,
      suspended: d.suspended_at !== null,
      suspended_at: iso(d.suspended_at),
      suspension_reason: d.suspension_reason,
    },
    last_position: live ? { ...live, at: null, live: true } : crumb ? { lat: crumb.lat, lng: crumb.lng, at: iso(crumb.at), live: false } : null,
    stats: {
      offers: offersTotal,
      offers_accepted: Number(offers.accepted),
      acceptance_rate: rate(Number(offers.accepted), offersTotal),
      rides: ridesTotal,
      rides_completed: Number(rides.completed),
      rides_cancelled_by_driver: Number(rides.cancelled),
      cancellation_rate: rate(Number(rides.cancelled), ridesTotal),
      rating: rating.avg === null ? null : Math.round(Number(rating.avg) * 10) / 10,
      ratings: Number(rating.n),
    },
    history,
  };
}
