import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { zoneRoutes as zoneContract } from '@openride/shared/zones/api';
import { REFERENCE_TRIP } from '@openride/shared/zones/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { referenceFares } from './reference-fares';
import { notFound } from '../lib/errors';
import { findCity } from '../cities/cities.repo';
import { pricingOf } from './fare-policies.repo';
import { quoteFares } from './quote-fares';
import type { Ports } from '../ports';
import type { SearchRadii } from './quote-fares';
import type { GeoIndex } from '../geo/geo-index';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { ZoneLocator } from '../zones/zone-locator';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'quoteKey'> & { dispatcher: SearchRadii; geo: GeoIndex; routing: RoutingProvider; surge: SurgeEngine; zones: ZoneLocator };

export function pricingRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const ride = mounter(app, services, rideContract);

  /** Upfront fares before booking. Signed in only: each quote may cost a routing call. */
  ride('POST /api/rides/quote', async ({ user, body }) => ({ status: 200, body: await quoteFares(services, body, { riderId: user.id }) }));

  /** Public: a city's price list is what anyone may see before signing up. */
  ride('GET /api/pricing/:city', async ({ params }) => {
    const city = await findCity(db, params.city);
    if (!city) throw notFound('City not found');
    return { status: 200, body: { city, pricing: await pricingOf(db, city.id) } };
  });

  /** /geofence-management's Test a point: which city, service area and zones hold a point, and what a trip from it costs now. */
  mounter(
    app,
    services,
    zoneContract,
  )('GET /api/admin/zones/test-point', async ({ query: point }) => {
    const at = await services.zones.at(point);
    return { status: 200, body: { point, ...at, reference_trip: REFERENCE_TRIP, ...(await referenceFares(services, at, REFERENCE_TRIP)) } };
  });

  return app;
}
