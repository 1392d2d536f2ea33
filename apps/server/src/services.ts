import type { Readable } from 'node:stream';
import type { Auth } from './auth/auth';
import type { RoutingProvider } from './routing/routing-provider';
import type { BreadcrumbWriter } from './dispatch/breadcrumbs';
import type { ZoneLocator } from './zones/zone-locator';
import type { SurgeEngine } from './surge/surge-engine';
import type { Dispatcher } from './dispatch/dispatcher';
import type { DriverDirectory } from './dispatch/driver-directory';
import type { LocationService } from './dispatch/location-service';
import type { GeoIndex } from './geo/geo-index';
import type { SupplySampler } from './analytics/supply-sampler';
import type { Telephony } from './telephony/telephony';
import type { PaymentProvider } from './payments/provider';
import type { Ports } from './ports';

/**
 * Everything the server is built from, once at start (server.ts): the low-level ports and every domain
 * service. Only the composition root (server.ts, app.ts, the CLI, the demo's starter) takes it whole; a route
 * module and a verb take only the ports and services they use (`Pick<Ports, 'db'>`, `{ surge: SurgeEngine }`), so it does not depend on every domain through this.
 */
export type Services = Ports & {
  auth: Auth;
  adminPath: string;
  /** The driver's own dashboard's hidden path (decision 0050): told by GET /api/me to approved drivers only. */
  driverDashboardPath: string;
  /** Distance and duration between two points: OSRM when OSRM_URL is set, else a great-circle estimate. */
  routing: RoutingProvider;
  /** Where every available driver is (memory grid, or Redis GEO with REDIS_URL). */
  geo: GeoIndex;
  drivers: DriverDirectory;
  /** Which city, service area and zones hold a point: a cached grid index of the zones' polygons (decision 0031). */
  zones: ZoneLocator;
  /** Surge per pricing zone: updated by the elected process every tick; what quotes lock in (decision 0035). */
  surge: SurgeEngine;
  breadcrumbs: BreadcrumbWriter;
  locations: LocationService;
  dispatcher: Dispatcher;
  /** Free drivers per H3 cell, sampled every minute for the heatmap. */
  supply: SupplySampler;
  /** Masked calls between a ride's rider and driver; null without a voice provider (decision 0034). */
  telephony: Telephony | null;
  /** The card processor: Stripe, the test card provider (never in production), or null (cash only; decision 0038). */
  payments: PaymentProvider | null;
  /** Redis, when configured (scaled mode): the readiness check pings it. */
  redis: { ping(): Promise<string> } | null;
  /** Embedded mode: the consistent backup GET /api/system/backup streams, and the token it wants (decision 0028). */
  backup: { token: string; archive(): Promise<Readable> } | null;
};
