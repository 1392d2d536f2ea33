import { REFERENCE_TRIP, testPointQuerySchema } from '@openride/shared/zones/schemas';
import { requireAdmin } from '../http/require-admin';
import { referenceFares } from './reference-fares';
import { quoteRequestSchema } from '@openride/shared/rides/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { notFound } from '../lib/errors';
import { findCity } from '../cities/cities.repo';
import { pricingOf } from './fare-policies.repo';
import { quoteFares } from './quote-fares';

export function pricingRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  /** Upfront fares before booking. Signed in only: each quote may cost a routing call. */
  app.post('/api/rides/quote', async (c) => {
    const user = requireUser(c);
    const input = quoteRequestSchema.parse(await c.req.json());
    return c.json(await quoteFares(services, input, { riderId: user.id }));
  });

  /** Public: a city's price list is what anyone may see before signing up. */
  app.get('/api/pricing/:city', async (c) => {
    const city = await findCity(db, c.req.param('city'));
    if (!city) throw notFound('City not found');
    return c.json({ city, pricing: await pricingOf(db, city.id) });
  });

  /** /geofence-management's Test a point: which city, service area and zones hold a point, and what a trip from it costs now. */
  app.get('/api/admin/zones/test-point', requireAdmin(services), async (c) => {
    const point = testPointQuerySchema.parse(c.req.query());
    const at = await services.zones.at(point);
    return c.json({ point, ...at, reference_trip: REFERENCE_TRIP, ...(await referenceFares(services, at, REFERENCE_TRIP)) });
  });

  return app;
}
