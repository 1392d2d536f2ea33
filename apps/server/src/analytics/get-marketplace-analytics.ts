import { type Analytics, type AnalyticsDay, type AnalyticsQuery } from '@openride/shared/analytics/schemas';
import { sql } from 'kysely';
import type { Ports } from '../ports';
import { type CityScope, cityCondition } from '../roles/city-scope';

type DayRow = Omit<AnalyticsDay, 'day' | 'fares'> & { day: string };
type Counts = Omit<AnalyticsDay, 'day' | 'fares'>;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));

/** Every calendar day from `from` to `to` inclusive, as YYYY-MM-DD (dates only: no time zone involved). */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * /analytics: the marketplace's rides by day and outcome, completion rate, pickup wait and trip duration
 * percentiles, fares, active riders and drivers, sign-ups. Each ride counts on the day it was requested,
 * in the operator's time zone. A handful of aggregate queries over the range (indexed by requested_at).
 */
export async function getMarketplaceAnalytics(
  services: Pick<Ports, 'db'>,
  { from, to, tz, city }: AnalyticsQuery,
  scope: CityScope = null,
): Promise<Analytics> {
  const { db } = services;
  // The range's bounds as instants: local midnight of `from`, local midnight after `to`.
  const start = sql<Date>`(${from}::date)::timestamp at time zone ${tz}`;
  const end = sql<Date>`((${to}::date) + 1)::timestamp at time zone ${tz}`;
  // The city asked for, else the staff member's cities (decision 0091).
  const inCities = cityCondition('r.city_id', scope, city) ?? sql<boolean>`true`;
  const inRange = sql<boolean>`r.requested_at >= ${start} and r.requested_at < ${end} and ${inCities}`;
  const driversInCities = cityCondition('d.city_id', scope, city) ?? sql<boolean>`true`;

  const [byDay, timing, faresRows, signups] = await Promise.all([
    sql<DayRow>`
      select to_char((r.requested_at at time zone ${tz})::date, 'YYYY-MM-DD') as day,
        count(*) as requested,
        count(*) filter (where r.status = 'completed') as completed,
        count(*) filter (where r.status = 'cancelled' and r.cancelled_by = 'rider') as cancelled_by_rider,
        count(*) filter (where r.status = 'cancelled' and r.cancelled_by = 'driver') as cancelled_by_driver,
        -- 'system' cancellations are the operator's own rules acting (none exist today besides no_driver).
        count(*) filter (where r.status = 'cancelled' and r.cancelled_by not in ('rider', 'driver')) as cancelled_by_operator,
        count(*) filter (where r.status = 'no_driver') as no_driver,
        count(*) filter (where r.status in ('requested', 'accepted', 'arrived', 'in_progress')) as active
      from rides r where ${inRange}
      group by 1`.execute(db),
    sql<{ wait_p50: number | null; wait_p90: number | null; trip_p50: number | null; trip_p90: number | null; riders: number; drivers: number }>`
      select
        percentile_cont(0.5) within group (order by extract(epoch from (r.arrived_at - r.requested_at))) filter (where r.arrived_at is not null) as wait_p50,
        percentile_cont(0.9) within group (order by extract(epoch from (r.arrived_at - r.requested_at))) filter (where r.arrived_at is not null) as wait_p90,
        percentile_cont(0.5) within group (order by extract(epoch from (r.completed_at - r.started_at))) filter (where r.status = 'completed' and r.started_at is not null) as trip_p50,
        percentile_cont(0.9) within group (order by extract(epoch from (r.completed_at - r.started_at))) filter (where r.status = 'completed' and r.started_at is not null) as trip_p90,
        count(distinct r.rider_id) as riders,
        count(distinct r.driver_id) as drivers
      from rides r where ${inRange}`.execute(db),
    // Fares per day and currency: two currencies are never added together (issue 29 §3).
    sql<{ day: string; currency: string; fares_cents: string; rides: string }>`
      select to_char((r.requested_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, r.currency,
        coalesce(sum(r.fare_cents) filter (where r.status = 'completed'), 0) as fares_cents, count(*) as rides
      from rides r where ${inRange}
      group by 1, 2`.execute(db),
    sql<{ accounts: number; driver_applications: number }>`
      select (select count(*) from "user" u where u."createdAt" >= ${start} and u."createdAt" < ${end}) as accounts,
             (select count(*) from drivers d where d.created_at >= ${start} and d.created_at < ${end} and ${driversInCities}) as driver_applications`.execute(
      db,
    ),
  ]);

  const found = new Map(byDay.rows.map((r) => [r.day, r]));
  // The currencies, the most used first; each day's and the range's fares per currency.
  const ridesPerCurrency = new Map<string, number>();
  const faresOf = new Map<string, Record<string, number>>();
  for (const row of faresRows.rows) {
    ridesPerCurrency.set(row.currency, (ridesPerCurrency.get(row.currency) ?? 0) + num(row.rides));
    const cents = num(row.fares_cents);
    if (cents !== 0) faresOf.set(row.day, { ...faresOf.get(row.day), [row.currency]: cents });
  }
  const currencies = [...ridesPerCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  const days: AnalyticsDay[] = daysBetween(from, to).map((day) => {
    const r = found.get(day);
    return {
      day,
      requested: num(r?.requested),
      completed: num(r?.completed),
      cancelled_by_rider: num(r?.cancelled_by_rider),
      cancelled_by_driver: num(r?.cancelled_by_driver),
      cancelled_by_operator: num(r?.cancelled_by_operator),
      no_driver: num(r?.no_driver),
      active: num(r?.active),
      fares: faresOf.get(day) ?? {},
    };
  });
  const sum = (key: keyof Counts) => days.reduce((acc, d) => acc + d[key], 0);
  const fares: Record<string, number> = {};
  for (const d of days) for (const [currency, cents] of Object.entries(d.fares)) fares[currency] = (fares[currency] ?? 0) + cents;
  const totals = {
    requested: sum('requested'),
    completed: sum('completed'),
    cancelled_by_rider: sum('cancelled_by_rider'),
    cancelled_by_driver: sum('cancelled_by_driver'),
    cancelled_by_operator: sum('cancelled_by_operator'),
    no_driver: sum('no_driver'),
    active: sum('active'),
    fares,
  };
  const ended = totals.requested - totals.active;
  const t = timing.rows[0];
  return {
    from,
    to,
    tz,
    city: city ?? null,
    currencies,
    days,
    totals: { ...totals, completion_rate: ended > 0 ? totals.completed / ended : null },
    pickup_wait_s: { p50: numOrNull(t?.wait_p50), p90: numOrNull(t?.wait_p90) },
    trip_duration_s: { p50: numOrNull(t?.trip_p50), p90: numOrNull(t?.trip_p90) },
    active_riders: num(t?.riders),
    active_drivers: num(t?.drivers),
    new_signups: { accounts: num(signups.rows[0]?.accounts), driver_applications: num(signups.rows[0]?.driver_applications) },
  };
}
