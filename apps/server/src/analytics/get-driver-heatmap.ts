import { HEATMAP_RESOLUTION, type Heatmap, type HeatmapCell, type HeatmapQuery } from '@openride/shared/analytics/fleet';
import { cellToBoundary, cellToLatLng, latLngToCell } from 'h3-js';
import { sql } from 'kysely';
import { CITY_TOTAL_CELL } from './supply-sampler';
import type { Ports } from '../ports';
import { type CityScope, cityCondition } from '../roles/city-scope';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * /driver-heatmap: per H3 cell, the ride requests whose pickup lies in it (demand), the free drivers in it on
 * average over the sampled minutes (supply), and the gap between the cell's share of each. Days are calendar
 * days in the operator's time zone; on each, only the hours from `from_hour` up to `to_hour` count.
 */
export async function getDriverHeatmap(services: Pick<Ports, 'db'>, q: HeatmapQuery, scope: CityScope = null): Promise<Heatmap> {
  const { db } = services;
  // The city asked for, else the staff member's cities (decision 0091).
  const ridesIn = cityCondition('r.city_id', scope, q.city) ?? sql<boolean>`true`;
  const samplesIn = cityCondition('s.city_id', scope, q.city) ?? sql<boolean>`true`;
  const start = sql<Date>`(${q.from}::date)::timestamp at time zone ${q.tz}`;
  const end = sql<Date>`((${q.to}::date) + 1)::timestamp at time zone ${q.tz}`;
  const hourOf = (column: string) => sql<number>`extract(hour from (${sql.ref(column)} at time zone ${q.tz}))`;

  const [pickups, supply, sampled, city] = await Promise.all([
    sql<{ lat: number; lng: number }>`
      select r.pickup_lat as lat, r.pickup_lng as lng from rides r
      where r.requested_at >= ${start} and r.requested_at < ${end} and ${ridesIn}
        and ${hourOf('r.requested_at')} >= ${q.from_hour} and ${hourOf('r.requested_at')} < ${q.to_hour}`.execute(db),
    sql<{ cell: string; drivers: number }>`
      select s.cell, sum(s.drivers) as drivers from driver_supply_samples s
      where s.minute >= ${start} and s.minute < ${end} and s.cell <> ${CITY_TOTAL_CELL} and ${samplesIn}
        and ${hourOf('s.minute')} >= ${q.from_hour} and ${hourOf('s.minute')} < ${q.to_hour}
      group by s.cell`.execute(db),
    sql<{ minutes: number; drivers: number | null }>`
      select count(distinct s.minute) as minutes, sum(s.drivers) as drivers from driver_supply_samples s
      where s.minute >= ${start} and s.minute < ${end} and s.cell = ${CITY_TOTAL_CELL} and ${samplesIn}
        and ${hourOf('s.minute')} >= ${q.from_hour} and ${hourOf('s.minute')} < ${q.to_hour}`.execute(db),
    // The map opens on the city asked for, else the first of the member's.
    db
      .selectFrom('cities')
      .select(['center_lat', 'center_lng'])
      .$if(q.city !== undefined, (c) => c.where('id', '=', q.city!))
      .$if(q.city === undefined && scope !== null, (c) => c.where('id', 'in', scope!.length ? [...scope!] : ['']))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);

  const demand = new Map<string, number>();
  for (const p of pickups.rows) {
    const cell = latLngToCell(Number(p.lat), Number(p.lng), HEATMAP_RESOLUTION);
    demand.set(cell, (demand.get(cell) ?? 0) + 1);
  }
  const minutes = Number(sampled.rows[0]?.minutes ?? 0);
  const driverMinutes = new Map(supply.rows.map((r) => [r.cell, Number(r.drivers)]));
  const totalRequests = pickups.rows.length;
  const totalDriverMinutes = [...driverMinutes.values()].reduce((a, b) => a + b, 0);

  const cells: HeatmapCell[] = [...new Set([...demand.keys(), ...driverMinutes.keys()])].sort().map((cell) => {
    const requests = demand.get(cell) ?? 0;
    const dm = driverMinutes.get(cell) ?? 0;
    const demandShare = totalRequests > 0 ? requests / totalRequests : 0;
    const supplyShare = totalDriverMinutes > 0 ? dm / totalDriverMinutes : 0;
    const [lat, lng] = cellToLatLng(cell);
    return {
      cell,
      boundary: cellToBoundary(cell).map(([a, b]) => [round6(a), round6(b)] as [number, number]),
      center: [round6(lat), round6(lng)] as [number, number],
      demand: requests,
      supply: minutes > 0 ? round1(dm / minutes) : 0,
      gap: round1((demandShare - supplyShare) * 100),
    };
  });

  return {
    from: q.from,
    to: q.to,
    from_hour: q.from_hour,
    to_hour: q.to_hour,
    tz: q.tz,
    resolution: HEATMAP_RESOLUTION,
    center: city ? [city.center_lat, city.center_lng] : [37.7749, -122.4194],
    cells,
    totals: { requests: totalRequests, drivers: minutes > 0 ? round1(Number(sampled.rows[0]?.drivers ?? 0) / minutes) : 0, sampled_minutes: minutes },
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
