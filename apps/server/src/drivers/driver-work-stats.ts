import type { AdminDriverDetail } from '@openride/shared/rides/operator';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export type DriverWorkStats = AdminDriverDetail['stats'];

/**
 * How a driver works, as the admin driver detail (/driver/{id}) and the driver's own dashboard both show it:
 * acceptance rate (offers accepted ÷ offers), cancellation rate (rides the driver cancelled ÷ their rides) and
 * the riders' average rating. One statement of the figures, so the two pages never disagree.
 */
export async function driverWorkStats(db: Kysely<DB>, driverId: string): Promise<DriverWorkStats> {
  const [offers, rides, rating] = await Promise.all([
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
  ]);
  const offersTotal = Number(offers.total);
  const ridesTotal = Number(rides.total);
  return {
    offers: offersTotal,
    offers_accepted: Number(offers.accepted),
    acceptance_rate: rate(Number(offers.accepted), offersTotal),
    rides: ridesTotal,
    rides_completed: Number(rides.completed),
    rides_cancelled_by_driver: Number(rides.cancelled),
    cancellation_rate: rate(Number(rides.cancelled), ridesTotal),
    rating: rating.avg === null ? null : Math.round(Number(rating.avg) * 10) / 10,
    ratings: Number(rating.n),
  };
}

export type DriverPosition = AdminDriverDetail['last_position'];

/**
 * Where a driver was last seen, as the admin driver detail shows it and the driver's dashboard measures "near"
 * from: the live index while they are online, else their last ride breadcrumb, else null.
 */
export async function driverLastPosition(services: Pick<Ports, 'db'> & { geo: GeoIndex }, driverId: string, status: string): Promise<DriverPosition> {
  const { db } = services;
  if (status === 'available') {
    for (const city of await db.selectFrom('cities').select('id').execute()) {
      const live = await services.geo.position(city.id, driverId);
      if (live) return { ...live, at: null, live: true };
    }
  }
  const crumb = await db
    .selectFrom('ride_locations')
    .innerJoin('rides', 'rides.id', 'ride_locations.ride_id')
    .select(['ride_locations.lat', 'ride_locations.lng', 'ride_locations.at'])
    .where('rides.driver_id', '=', driverId)
    .orderBy('ride_locations.at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return crumb ? { lat: crumb.lat, lng: crumb.lng, at: crumb.at ? new Date(crumb.at).toISOString() : null, live: false } : null;
}
