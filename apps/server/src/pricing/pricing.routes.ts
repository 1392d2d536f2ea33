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

  return app;
}
