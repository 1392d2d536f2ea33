import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import type { AuthLimiters, UsageLimiters } from '../lib/rate-limit';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import { unauthorized } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Messenger } from '../messaging/messenger';
import type { PushDispatcher } from '../push/push-dispatcher';
import type { Bus } from '../realtime/bus';
import type { RoutingProvider } from '../routing/routing-provider';
import type { BreadcrumbWriter } from '../dispatch/breadcrumbs';
import type { ZoneLocator } from '../zones/zone-locator';
import type { SurgeEngine } from '../surge/surge-engine';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';
import type { LocationService } from '../dispatch/location-service';
import type { GeoIndex } from '../geo/geo-index';
import type { SupplySampler } from '../analytics/supply-sampler';
import type { Metrics } from '../lib/metrics';
import type { Jobs } from '../jobs/jobs';
import type { Telephony } from '../telephony/telephony';
import type { PaymentProvider } from '../payments/provider';
import type { Storage } from '../storage/storage';

/** Everything a route or verb may need, built once at start. */
export type Services = {
  env: Env;
  db: Kysely<DB>;
  auth: Auth;
  bus: Bus;
  messenger: Messenger;
  logger: Logger;
  limiters: AuthLimiters;
  /** Per-user limits on chat, ride requests and cancellations (decision 0024). */
  usage: UsageLimiters;
  adminPath: string;
  /** The driver's own dashboard's hidden path (decision 0050): told by GET /api/me to approved drivers only. */
  driverDashboardPath: string;
  publicUrl: string;
  /** Key of the one-time code hashes (derived from the auth secret). */
  otpKey: Buffer;
  /** Key of the signed surge lock a quote hands to the request that follows it (decision 0035). */
  quoteKey: Buffer;
  /** Durable background jobs (pg-boss): push and message delivery, retention (decision 0027). */
  jobs: Jobs;
  push: PushDispatcher;
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
  /** Uploaded files' bytes: DATA_DIR/uploads, or an S3 bucket when S3_BUCKET is set (decision 0045). */
  storage: Storage;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
  /** Redis, when configured (scaled mode): the readiness check pings it. */
  redis: { ping(): Promise<string> } | null;
  /** Embedded mode: the consistent backup GET /api/system/backup streams, and the token it wants (decision 0028). */
  backup: { token: string; archive(): Promise<Readable> } | null;
};

export type SessionUser = { id: string; email: string; name: string };

export type AppEnv = { Variables: { user: SessionUser | null } };

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
