import type { MyDashboard } from '@openride/shared/dashboard/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { driverWorkStats } from '../drivers/driver-work-stats';
import { driverTxnFigures, sumFigures } from '../payouts/driver-figures';
import { homeCityOf } from '../payouts/driver-ledger';
import { localDate } from '../payouts/local-dates';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { goalOf } from './goals.repo';

/** How many of the riders' last comments the dashboard shows. */
export const LAST_COMMENTS = 3;

/**
 * The driver's own dashboard (decision 0050): the caller's figures only — the driver is the session's, never a
 * parameter. Today's earnings and trips are /driver-earnings' today (the same ledger reader, the city's local
 * date); the rates and rating are the admin driver detail's (`driverWorkStats`); comments carry no rider.
 */
export async function getMyDashboard(db: Kysely<DB>, userId: string, now = new Date()): Promise<MyDashboard> {
  const own = await ownApprovedDriver(db, userId);
  const driver = await db.selectFrom('drivers').select(['id', 'full_name', 'status']).where('id', '=', own.id).executeTakeFirstOrThrow();
  const city = await homeCityOf(db, driver.id);
  const today = localDate(now, city.timezone);
  const [txns, goal, stats, comments] = await Promise.all([
    driverTxnFigures(db, driver.id, city.currency, city.timezone, today),
    goalOf(db, driver.id),
    driverWorkStats(db, driver.id),
    db
      .selectFrom('ride_ratings')
      .innerJoin('rides', 'rides.id', 'ride_ratings.ride_id')
      .select(['ride_ratings.stars', 'ride_ratings.comment', 'ride_ratings.created_at'])
      .where('rides.driver_id', '=', driver.id)
      .where('ride_ratings.rater_role', '=', 'rider')
      .where('ride_ratings.comment', 'is not', null)
      .where('ride_ratings.comment', '<>', '')
      .orderBy('ride_ratings.created_at', 'desc')
      .limit(LAST_COMMENTS)
      .execute(),
  ]);
  const figures = sumFigures(txns.filter((t) => t.day === today));
  return {
    driver: { id: driver.id, name: driver.full_name, status: driver.status },
    city,
    today: { day: today, net_cents: figures.net_cents, trips: figures.trips, tips_cents: figures.tips_cents },
    goal,
    stats: {
      offers: stats.offers,
      acceptance_rate: stats.acceptance_rate,
      rides: stats.rides,
      cancellation_rate: stats.cancellation_rate,
      rating: stats.rating,
      ratings: stats.ratings,
    },
    comments: comments.map((c) => ({ stars: c.stars, comment: c.comment ?? '', at: new Date(c.created_at).toISOString() })),
  };
}
