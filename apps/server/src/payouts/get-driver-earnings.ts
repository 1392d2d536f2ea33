import type { EarningsPeriod } from '@openride/shared/payouts/schemas';
import type { DriverEarnings, EarningsTrip } from '@openride/shared/payouts/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { driverTxnFigures, sumFigures, type TxnFigures } from './driver-figures';
import { driverStanding } from './driver-ledger';
import { addDays, datesBetween, firstOfMonth, localDate, mondayOf } from './local-dates';
import { ownApprovedDriver } from '../driver-record/current-driver';

/**
 * /driver-earnings (decision 0040): the signed-in driver's own money only — the driver is the session's,
 * never a parameter. Today, this week (from Monday) and this month in the city's time zone, the chosen
 * period's days and rides, and their balance with what happens next. Every figure sums ledger entries.
 */
export async function getDriverEarnings(db: Kysely<DB>, userId: string, period: EarningsPeriod, now = new Date()): Promise<DriverEarnings> {
  const driver = await ownApprovedDriver(db, userId);
  const { city, standing } = await driverStanding(db, driver.id, now);
  const today = localDate(now, city.timezone);
  const week = mondayOf(today);
  const month = firstOfMonth(today);
  const txns = await driverTxnFigures(db, driver.id, city.currency, city.timezone, week < month ? week : month);
  const from = period === 'today' ? today : period === 'week' ? week : month;
  const within = (start: string) => txns.filter((t) => t.day >= start);
  const inPeriod = within(from);
  const days = datesBetween(period === 'today' ? week : from, period === 'week' || period === 'today' ? addDays(week, 6) : lastOfMonth(today)).map((day) => {
    const f = sumFigures(txns.filter((t) => t.day === day));
    return { day, net_cents: f.net_cents, cash_collected_cents: f.cash_collected_cents, trips: f.trips };
  });
  return {
    driver: { id: driver.id, name: driver.full_name },
    city: { id: city.id, name: city.name, timezone: city.timezone, currency: city.currency },
    period,
    from,
    to: today,
    today: sumFigures(within(today)),
    week: sumFigures(within(week)),
    month: sumFigures(within(month)),
    days,
    trips: tripsOf(inPeriod),
    standing,
  };
}

const lastOfMonth = (date: string) => addDays(firstOfMonth(addDays(firstOfMonth(date), 32)), -1);

/** The period's rides with money on the driver's account, newest first (a ride's fee, tip and correction fold into it). */
function tripsOf(txns: readonly TxnFigures[]): EarningsTrip[] {
  const byRide = new Map<string, TxnFigures[]>();
  for (const t of txns) if (t.ride_id) byRide.set(t.ride_id, [...(byRide.get(t.ride_id) ?? []), t]);
  return [...byRide]
    .map(([rideId, list]) => {
      const f = sumFigures(list);
      return {
        ride_id: rideId,
        at: list[0]!.at.toISOString(),
        fare_cents: f.fares_cents,
        commission_cents: f.commission_cents,
        booking_fee_cents: f.booking_fee_cents,
        tax_cents: f.tax_cents,
        tip_cents: f.tips_cents,
        fees_cents: f.fees_cents,
        net_cents: f.net_cents,
        cash_collected_cents: f.cash_collected_cents,
      };
    })
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 200);
}
