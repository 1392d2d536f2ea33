import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { zoneRoutes as zoneContract } from '@openride/shared/zones/api';
import { REFERENCE_TRIP } from '@openride/shared/zones/schemas';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';
import { mounter } from '../http/mount';
import { referenceFares } from './reference-fares';
import { notFound } from '../lib/errors';
import { findCity } from '../cities/cities.repo';
import { pricingOf } from './fare-policies.repo';
import { quoteFares } from './quote-fares';

export function pricingRoutes(services: Services) {
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
