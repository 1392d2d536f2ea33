import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import type { AuthLimiters } from '../lib/rate-limit';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import { unauthorized } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Messenger } from '../messaging/messenger';
import type { PushDispatcher } from '../push/push-dispatcher';
import type { Bus } from '../realtime/bus';
import type { RoutingProvider } from '../routing/routing-provider';
import type { BreadcrumbWriter } from '../dispatch/breadcrumbs';
import type { CityLocator } from '../cities/city-locator';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';
import type { LocationService } from '../dispatch/location-service';
import type { GeoIndex } from '../geo/geo-index';

/** Everything a route or verb may need, built once at start. */
export type Services = {
  env: Env;
  db: Kysely<DB>;
  auth: Auth;
  bus: Bus;
  messenger: Messenger;
  logger: Logger;
  limiters: AuthLimiters;
  adminPath: string;
  publicUrl: string;
  /** Key of the one-time code hashes (derived from the auth secret). */
  otpKey: Buffer;
  push: PushDispatcher;
  /** Distance and duration between two points: OSRM when OSRM_URL is set, else a great-circle estimate. */
  routing: RoutingProvider;
  /** Where every available driver is (memory grid, or Redis GEO with REDIS_URL). */
  geo: GeoIndex;
  drivers: DriverDirectory;
  cities: CityLocator;
  breadcrumbs: BreadcrumbWriter;
  locations: LocationService;
  dispatcher: Dispatcher;
};

export type SessionUser = { id: string; email: string; name: string };

export type AppEnv = { Variables: { user: SessionUser | null } };

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
