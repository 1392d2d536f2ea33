import { PUBLIC_MAX_AGE_S, publicRoutes as publicContract } from '@openride/shared/public/api';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { estimateFare } from './estimate-fare';
import { listPublicCities } from './list-public-cities';
import { publicPricing } from './public-pricing';
import type { Ports } from '../ports';
import type { SearchRadii } from '../pricing/quote-fares';
import type { GeoIndex } from '../geo/geo-index';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { ZoneLocator } from '../zones/zone-locator';

const CACHE = `public, max-age=${PUBLIC_MAX_AGE_S}`;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env' | 'limiters' | 'quoteKey'> & {
  dispatcher: SearchRadii;
  geo: GeoIndex;
  routing: RoutingProvider;
  surge: SurgeEngine;
  zones: ZoneLocator;
};

/** /pricing and /services read these (decision 0036): public, no sign-in, from the tables the server prices with. */
export function publicRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, publicContract);

  on('GET /api/public/cities', async ({ c }) => {
    const cities = await listPublicCities(services);
    c.header('cache-control', CACHE);
    return { status: 200, body: { cities } };
  });

  on('GET /api/public/pricing/:city', async ({ c, params }) => {
    const pricing = await publicPricing(services, params.city);
    c.header('cache-control', CACHE);
    return { status: 200, body: pricing };
  });

  on('POST /api/public/estimate', async ({ c, body }) => {
    const estimate = await estimateFare(services, body, { ip: clientIp(c, services.env.TRUST_PROXY) });
    c.header('cache-control', 'no-store');
    return { status: 200, body: estimate };
  });

  return app;
}
