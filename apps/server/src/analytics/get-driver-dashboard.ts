import { type DriverDashboard, type DriverDashboardQuery, type FleetDriver } from '@openride/shared/analytics/fleet';
import { sql } from 'kysely';
import type { Ports } from '../ports';
import { type CityScope, cityCondition } from '../roles/city-scope';
import type { GeoIndex } from '../geo/geo-index';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const ACTIVE_RIDE = ['accepted', 'arrived', 'in_progress'] as const;
/** Fewer offers than this say nothing about a driver's habits: they stay off the reliability list. */
const MIN_OFFERS = 3;
const WAITING_SHOWN = 20;
const RELIABILITY_SHOWN = 10;

/**
 * /driver-admin-dashboard: who is online now and where (free drivers from the dispatch index, drivers on a
 * ride at their last breadcrumb), the application funnel of the window, the applications waiting for a
 * decision and how long, and the drivers who decline (or let expire) and cancel most.
 */
export async function getDriverDashboard(
  services: Pick<Ports, 'db'> & { geo: GeoIndex },
  { days, city }: DriverDashboardQuery,
  scope: CityScope = null,
): Promise<DriverDashboard> {
  const { db, geo } = services;
  const since = sql<Date>`now() - make_interval(days => ${days})`;
  // The city asked for, else the staff member's cities (decision 0091); a driver of no city yet is everyone's.
  const anywhere = sql<boolean>`true`;
  const ridesIn = cityCondition('r.city_id', scope, city) ?? anywhere;
  const driversIn = (column: string) => cityCondition(column, scope, city) ?? anywhere;

  const cities = await db
    .selectFrom('cities')
    .select('id')
    .$if(city !== undefined, (q) => q.where('id', '=', city!))
    .$if(city === undefined && scope !== null, (q) => q.where('id', 'in', scope!.length ? [...scope!] : ['']))
    .execute();
  const free = (await Promise.all(cities.map((c) => geo.all(c.id)))).flat();

  const [names, onRide, funnel, waitingTotals, waiting, reliability] = await Promise.all([
    free.length
      ? db
          .selectFrom('drivers')
          .select(['id', 'full_name'])
          .where(
            'id',
            'in',
            free.map((d) => d.driverId),
          )
          .execute()
      : Promise.resolve([]),
    sql<{ driver_id: string; full_name: string; lat: number | null; lng: number | null }>`
      select d.id as driver_id, d.full_name, crumb.lat, crumb.lng
      from rides r
      join drivers d on d.id = r.driver_id
      left join lateral (
        select l.lat, l.lng from ride_locations l where l.ride_id = r.id order by l.at desc limit 1
      ) crumb on true
      where r.status in (${sql.join(ACTIVE_RIDE.map((s) => sql`${s}`))}) and ${ridesIn}`.execute(db),
    sql<{ applied: number; approved: number; rejected: number; first_ride: number }>`
      select count(*) as applied,
        count(*) filter (where d.verification_status = 'approved') as approved,
        count(*) filter (where d.verification_status = 'rejected') as rejected,
        count(*) filter (where d.verification_status = 'approved'
          and exists (select 1 from rides r where r.driver_id = d.id and r.status = 'completed')) as first_ride
      from drivers d where d.created_at >= ${since} and ${driversIn('d.city_id')}`.execute(db),
    sql<{ n: number; oldest: Date | null }>`
      select count(*) as n, min(created_at) as oldest from drivers where verification_status = 'pending' and ${driversIn('drivers.city_id')}`.execute(db),
    db
      .selectFrom('drivers')
      .select(['id', 'full_name', 'vehicle_make', 'vehicle_model', 'vehicle_color', 'created_at'])
      .where('verification_status', '=', 'pending')
      .where(driversIn('drivers.city_id'))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(WAITING_SHOWN)
      .execute(),
    sql<{ driver_id: string; full_name: string; offers: number; declined: number; expired: number; accepted: number; cancelled: number }>`
      with o as (
        select driver_id,
          count(*) as offers,
          count(*) filter (where status = 'declined') as declined,
          count(*) filter (where status = 'expired') as expired,
          count(*) filter (where status = 'accepted') as accepted
        from ride_offers where offered_at >= ${since}
        group by driver_id
      ), c as (
        select driver_id, count(*) as cancelled from rides
        where cancelled_by = 'driver' and requested_at >= ${since} and driver_id is not null
        group by driver_id
      )
      select o.driver_id, d.full_name, o.offers, o.declined, o.expired, o.accepted, coalesce(c.cancelled, 0) as cancelled
      from o join drivers d on d.id = o.driver_id left join c on c.driver_id = o.driver_id
      where o.offers >= ${MIN_OFFERS} and ${driversIn('d.city_id')}`.execute(db),
  ]);

  const nameOf = new Map(names.map((d) => [d.id, d.full_name]));
  const drivers: FleetDriver[] = [
    ...free.map((d) => ({ driver_id: d.driverId, full_name: nameOf.get(d.driverId) ?? '', state: 'available' as const, lat: d.lat, lng: d.lng })),
    ...onRide.rows.flatMap((d) =>
      d.lat === null || d.lng === null
        ? []
        : [{ driver_id: d.driver_id, full_name: d.full_name, state: 'on_ride' as const, lat: Number(d.lat), lng: Number(d.lng) }],
    ),
  ];
  const now = Date.now();
  const ageS = (at: Date | string) => Math.max(0, Math.round((now - new Date(at).getTime()) / 1000));
  const f = funnel.rows[0];
  const w = waitingTotals.rows[0];

  const ranked = reliability.rows
    .map((r) => {
      const offers = num(r.offers);
      const accepted = num(r.accepted);
      const cancelled = num(r.cancelled);
      return {
        driver_id: r.driver_id,
        full_name: r.full_name,
        offers,
        declined: num(r.declined),
        expired: num(r.expired),
        accepted,
        cancelled,
        decline_rate: offers > 0 ? (num(r.declined) + num(r.expired)) / offers : 0,
        cancel_rate: accepted > 0 ? cancelled / accepted : null,
      };
    })
    // Worst first: the larger of the two rates, then the one with more evidence, then by id (stable).
    .sort(
      (a, b) =>
        Math.max(b.decline_rate, b.cancel_rate ?? 0) - Math.max(a.decline_rate, a.cancel_rate ?? 0) ||
        b.offers - a.offers ||
        (a.driver_id < b.driver_id ? -1 : 1),
    )
    .filter((r) => r.decline_rate > 0 || (r.cancel_rate ?? 0) > 0)
    .slice(0, RELIABILITY_SHOWN);

  return {
    days,
    online: { available: free.length, on_ride: onRide.rows.length },
    drivers,
    funnel: { applied: num(f?.applied), approved: num(f?.approved), rejected: num(f?.rejected), first_ride: num(f?.first_ride) },
    waiting: {
      count: num(w?.n),
      oldest_s: w?.oldest ? ageS(w.oldest) : null,
      applications: waiting.map((d) => ({
        driver_id: d.id,
        full_name: d.full_name,
        vehicle: `${d.vehicle_color} ${d.vehicle_make} ${d.vehicle_model}`,
        applied_at: new Date(d.created_at).toISOString(),
        waiting_s: ageS(d.created_at),
      })),
    },
    reliability: ranked,
  };
}
