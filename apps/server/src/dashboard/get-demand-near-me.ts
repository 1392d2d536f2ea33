import { DEMAND_NEAR_CELLS, DEMAND_NEAR_RADIUS_M } from '@openride/shared/dashboard/schemas';
import type { DemandNear } from '@openride/shared/dashboard/views';
import { bearingDegrees, distanceMeters } from '@openride/shared/geo/street-grid';
import { getDriverHeatmap } from '../analytics/get-driver-heatmap';
import { driverLastPosition } from '../drivers/driver-work-stats';
import { homeCityOf } from '../payouts/driver-ledger';
import { localDate } from '../payouts/local-dates';
import { ownApprovedDriver } from '../driver-record/current-driver';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';
import { wallClock } from '@openride/shared/time';

const localHour = (at: Date, timeZone: string) => wallClock(at, timeZone).hour;

/**
 * Where riders are asking for rides near the signed-in driver now (decision 0050): the admin heatmap's cells
 * (`getDriverHeatmap`, the same counting) for today's previous and current hour in the driver's city, kept
 * within 5 km of where the driver is (live, else the last ride, else the city centre), most requests first.
 * Only counts per cell leave the server: no pickup point, no rider.
 */
export async function getDemandNearMe(services: Pick<Ports, 'db'> & { geo: GeoIndex }, userId: string, now = new Date()): Promise<DemandNear> {
  const { db } = services;
  const own = await ownApprovedDriver(db, userId);
  const driver = await db.selectFrom('drivers').select(['id', 'status']).where('id', '=', own.id).executeTakeFirstOrThrow();
  const city = await homeCityOf(db, driver.id);
  const [position, centre] = await Promise.all([
    driverLastPosition(services, driver.id, driver.status),
    db.selectFrom('cities').select(['center_lat', 'center_lng']).where('id', '=', city.id).executeTakeFirstOrThrow(),
  ]);
  const from = position
    ? { lat: position.lat, lng: position.lng, source: position.live ? ('live' as const) : ('last_ride' as const) }
    : { lat: Number(centre.center_lat), lng: Number(centre.center_lng), source: 'city' as const };
  const day = localDate(now, city.timezone);
  const hour = localHour(now, city.timezone);
  const window = { day, from_hour: Math.max(0, hour - 1), to_hour: hour + 1, timezone: city.timezone };
  const heatmap = await getDriverHeatmap(services, { from: day, to: day, from_hour: window.from_hour, to_hour: window.to_hour, tz: city.timezone });
  const cells = heatmap.cells
    .filter((c) => c.demand > 0)
    .map((c) => {
      const at = { lat: c.center[0], lng: c.center[1] };
      return {
        cell: c.cell,
        center: c.center,
        requests: c.demand,
        gap: c.gap,
        distance_m: Math.round(distanceMeters(from, at)),
        bearing: Math.round(bearingDegrees(from, at)) % 360,
      };
    })
    .filter((c) => c.distance_m <= DEMAND_NEAR_RADIUS_M)
    .sort((a, b) => b.requests - a.requests || a.distance_m - b.distance_m)
    .slice(0, DEMAND_NEAR_CELLS);
  return { from, window, cells };
}
