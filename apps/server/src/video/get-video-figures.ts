import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { VIDEO_RECENT_DAYS, type VideoFigures, type VideoFiguresQuery } from '@openride/shared/video/schemas';
import { sql } from 'kysely';
import { complianceCityExpr } from '../compliance/compliance.repo';
import { publicPricing } from '../public/public-pricing';
import type { Ports } from '../ports';
import type { SurgeEngine } from '../surge/surge-engine';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * GET /api/admin/video-figures?city=: the live figures the marketing video templates show (decision 0060).
 * The city, its currency and each ride type's "from" price come from `publicPricing` (what /pricing shows,
 * 404 for an unknown city); drivers are counted in the city they go online in (`complianceCityExpr`, the
 * rule /driver/{id} and going online use); the rating is the riders' stars on the city's rides, as
 * `driverWorkStats` averages them per driver. Three small aggregates, read-only.
 */
export async function getVideoFigures(
  services: Pick<Ports, 'db'> & { surge: SurgeEngine },
  { city: cityId }: VideoFiguresQuery,
  now = new Date(),
): Promise<VideoFigures> {
  const { db } = services;
  const pricing = await publicPricing(services, cityId, now);
  const since = new Date(now.getTime() - VIDEO_RECENT_DAYS * 86_400_000);

  const [drivers, rides, rating] = await Promise.all([
    db
      .selectFrom('drivers')
      .select(sql<number>`count(*)`.as('n'))
      .where('verification_status', '=', 'approved')
      .where('suspended_at', 'is', null)
      .where(sql<boolean>`${complianceCityExpr} = ${pricing.city.id}`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rides')
      .select([sql<number>`count(*)`.as('all'), sql<number>`count(*) filter (where completed_at >= ${since})`.as('recent')])
      .where('city_id', '=', pricing.city.id)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ride_ratings')
      .innerJoin('rides', 'rides.id', 'ride_ratings.ride_id')
      .select([sql<number | null>`avg(ride_ratings.stars)`.as('avg'), sql<number>`count(*)`.as('n')])
      .where('rides.city_id', '=', pricing.city.id)
      .where('ride_ratings.rater_role', '=', 'rider')
      .executeTakeFirstOrThrow(),
  ]);

  return {
    city: { id: pricing.city.id, name: pricing.city.name, currency: pricing.city.currency },
    drivers: num(drivers.n),
    rides_completed: num(rides.all),
    rides_completed_recent: num(rides.recent),
    recent_days: VIDEO_RECENT_DAYS,
    rating: rating.avg === null ? null : Math.round(Number(rating.avg) * 10) / 10,
    ratings: num(rating.n),
    ride_types: pricing.ride_types.map((t) => ({ ride_type: t.ride_type, name: RIDE_TYPE_NAMES[t.ride_type], from_cents: t.from_cents })),
    as_of: now.toISOString(),
  };
}
