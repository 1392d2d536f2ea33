import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { quoteRequestSchema } from '@openride/shared/rides/schemas';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';
import { clientIp } from '../http/client-ip';
import { estimateFare } from './estimate-fare';
import { listPublicCities } from './list-public-cities';
import { publicPricing } from './public-pricing';

const CACHE = `public, max-age=${PUBLIC_MAX_AGE_S}`;

/** /pricing and /services read these (decision 0036): public, no sign-in, from the tables the server prices with. */
export function publicRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.get('/api/public/cities', async (c) => {
    const cities = await listPublicCities(services);
    c.header('cache-control', CACHE);
    return c.json({ cities });
  });

  app.get('/api/public/pricing/:city', async (c) => {
    const pricing = await publicPricing(services, c.req.param('city'));
    c.header('cache-control', CACHE);
    return c.json(pricing);
  });

  app.post('/api/public/estimate', async (c) => {
    const input = quoteRequestSchema.parse(await c.req.json());
    const estimate = await estimateFare(services, input, { ip: clientIp(c, services.env.TRUST_PROXY) });
    c.header('cache-control', 'no-store');
    return c.json(estimate);
  });

  return app;
}
