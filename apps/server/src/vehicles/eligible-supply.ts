import { RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';
import { rideTypesFor } from '@openride/shared/vehicles/schemas';
import type { NearbyDriver } from '../geo/geo-index';
import { vehicleRulesOf } from './vehicle-rules.repo';
import { isCompliantIn } from '../compliance/compliance.repo';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';

/** How many of the nearest drivers a quote looks at: enough that an XL among Economy cars is found. */
const QUOTE_NEAR_LIMIT = 25;

/**
 * For a quote (decision 0046): per ride type, the nearest available driver within `radius_m` whose active,
 * verified vehicle qualifies for it under the city's rules, or null. One geo query and one database read
 * for all three types.
 */
export async function nearestEligibleByType(
  services: Pick<Ports, 'db'> & { geo: GeoIndex },
  cityId: string,
  point: { lat: number; lng: number },
  radius_m: number,
): Promise<Record<RideType, NearbyDriver | null>> {
  const out: Record<RideType, NearbyDriver | null> = { economy: null, comfort: null, xl: null };
  const near = await services.geo.nearest(cityId, point, { radius_m, limit: QUOTE_NEAR_LIMIT });
  if (near.length === 0) return out;
  const [rules, cars] = await Promise.all([
    vehicleRulesOf(services.db, cityId),
    services.db
      .selectFrom('drivers')
      .innerJoin('vehicles', (join) =>
        join.onRef('vehicles.driver_id', '=', 'drivers.id').on('vehicles.active', '=', true).on('vehicles.status', '=', 'verified'),
      )
      .select(['drivers.id', 'vehicles.year', 'vehicles.seats'])
      .where(
        'drivers.id',
        'in',
        near.map((n) => n.driverId),
      )
      .where('drivers.verification_status', '=', 'approved')
      .where('drivers.status', '=', 'available')
      // A driver on compliance hold is offered nothing, so a quote does not count them (decision 0049).
      .where(isCompliantIn(cityId))
      .execute(),
  ]);
  const carOf = new Map(cars.map((c) => [c.id, c]));
  // Nearest first: the first qualifying driver of each type is its nearest.
  for (const n of near) {
    const car = carOf.get(n.driverId);
    if (!car) continue;
    for (const type of rideTypesFor(car, rules)) out[type] ??= n;
    if (RIDE_TYPES.every((t) => out[t])) break;
  }
  return out;
}
