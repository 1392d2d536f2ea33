import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Redis } from 'ioredis';
import { ensureAdmin } from './admin/ensure-admin';
import { resolveAdminPath } from './admin/admin-path';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { createAuthLimiters } from './lib/rate-limit';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { migrateToLatest } from './db/migrate';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_RIDER_EMAIL, demoDriverEmail } from './demo/demo-accounts';
import { type RunningDemo, startDemo } from './demo/start-demo';
import { demoEnabled, type Env } from './env';
import type { Services } from './http/context';
import { isSameOrigin } from './http/same-origin';
import type { Logger } from './lib/logger';
import type { WelcomeFacts } from './lib/welcome';
import { getOrCreateSetting, randomToken } from './lib/settings';
import { createMessenger } from './messaging/create-messenger';
import { deriveOtpKey } from './otp/otp-code';
import { createPushDispatcher } from './push/push-dispatcher';
import { createWebPushSender, type PushSender } from './push/push-sender';
import { resolveVapidKeys } from './push/vapid-keys';
import { type Bus, createMemoryBus, createRedisBus } from './realtime/bus';
import { createSocketServer } from './realtime/socket-server';
import { canJoinRideRoom } from './rides/ride-room';
import { greatCircleRouting } from './routing/great-circle-routing';
import { osrmRouting } from './routing/osrm-routing';
import { createBreadcrumbWriter } from './dispatch/breadcrumbs';
import { createCityLocator } from './cities/city-locator';
import { createDispatcher, type DispatchOptions } from './dispatch/dispatcher';
import { createDriverDirectory } from './dispatch/driver-directory';
import { createLocationService } from './dispatch/location-service';
import { createMemoryGeoIndex } from './geo/memory-geo-index';
import { createRedisGeoIndex } from './geo/redis-geo-index';

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

export type RunningServer = {
  url: string;
  port: number;
  services: Services;
  /** The plain start-up block's facts (index.ts prints it at a terminal). */
  welcome: WelcomeFacts;
  close(): Promise<void>;
};

/**
 * Replacements for what reaches outside services nobody can reach from a test. Only the Web Push sender:
 * the browsers' push services need real browsers' subscriptions. By default the real client runs.
 */
export type ServiceOverrides = {
  pushSender?: PushSender;
  /** Tests shorten dispatch's timers (offer timeout, search timeout, idle grace). */
  dispatch?: Partial<DispatchOptions>;
  /** Tests run without the background tick to drive dispatch step by step. */
  dispatchTick?: boolean;
};

/** Everything but listening: database (locked, migrated), secret, auth, bus. Used by the server and the CLI. */
export async function bootServices(env: Env, logger: Logger, overrides: ServiceOverrides = {}) {
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch((err) => logger.error({ err }, 'shutdown step failed'));
  };
  try {
    if (!env.DATABASE_URL) {
      const release = await lockDataDir(env.DATA_DIR, (err) => {
        logger.fatal({ err }, 'lost the DATA_DIR lock; exiting to protect the database');
        process.exit(1);
      });
      cleanups.push(release);
    }
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    cleanups.push(() => database.close());
    const { db } = database;
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');

    const secret = env.AUTH_SECRET ?? (await getOrCreateSetting(db, 'auth_secret', () => randomToken(32)));
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const trustedOrigins = [publicUrl, 'http://localhost:5173', ...env.TRUSTED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean)];
    const messenger = createMessenger(env, db, logger);
    const auth = createAuth({ db, secret, baseURL: publicUrl, trustedOrigins, messenger, hibp: env.HIBP_ENABLED, logger });

    let bus: Bus;
    let redis: Redis | undefined;
    if (env.REDIS_URL) {
      bus = await createRedisBus(env.REDIS_URL, env.REDIS_PREFIX, (err) => logger.error({ err }, 'redis bus error'));
      redis = new Redis(env.REDIS_URL, { enableOfflineQueue: false, lazyConnect: true });
      redis.on('error', (err) => logger.error({ err }, 'redis error'));
      await redis.connect();
      const r = redis;
      cleanups.push(() => r.quit());
    } else {
      bus = createMemoryBus();
    }
    cleanups.push(() => bus.close());

    const adminPath = await resolveAdminPath(db, env.ADMIN_PATH);
    const vapid = await resolveVapidKeys(db, env);
    const push = createPushDispatcher({ db, logger, publicKey: vapid.publicKey, sender: overrides.pushSender ?? createWebPushSender(vapid) });
    // Registered after the database, so it runs before it closes: pushes already under way finish first.
    cleanups.push(() => push.idle());
    const routing = env.OSRM_URL ? osrmRouting(env.OSRM_URL, { logger }) : greatCircleRouting();
    const geo = redis ? createRedisGeoIndex(redis, env.REDIS_PREFIX) : createMemoryGeoIndex();
    cleanups.push(() => geo.close());
    const drivers = createDriverDirectory(db);
    const cities = createCityLocator(db);
    const breadcrumbs = createBreadcrumbWriter(db, logger);
    // Registered after the database, so they run before it closes.
    cleanups.push(() => breadcrumbs.close());
    const locations = createLocationService({ db, bus, geo, drivers, cities, breadcrumbs, logger });
    cleanups.push(async () => locations.close());
    const dispatcher = createDispatcher({ db, bus, push, geo, routing, logger, options: overrides.dispatch });
    cleanups.push(() => dispatcher.close());
    const services: Services = {
      env,
      db,
      auth,
      bus,
      messenger,
      logger,
      limiters: createAuthLimiters(redis, env.REDIS_PREFIX),
      adminPath,
      publicUrl,
      otpKey: deriveOtpKey(secret),
      push,
      routing,
      geo,
      drivers,
      cities,
      breadcrumbs,
      locations,
      dispatcher,
    };
    return { services, database, trustedOrigins, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export async function startServer(env: Env, logger: Logger, overrides: ServiceOverrides = {}): Promise<RunningServer> {
  const started = performance.now();
  const { services, database, trustedOrigins, cleanup } = await bootServices(env, logger, overrides);
  try {
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureAdmin(services, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
      logger.info({ email: env.ADMIN_EMAIL, ...result }, 'admin ensured from ADMIN_EMAIL');
    }
    const app = createApp(services, { webDist: env.WEB_DIST ?? DEFAULT_WEB_DIST });
    const sockets = createSocketServer({
      bus: services.bus,
      logger,
      async authenticate(headers) {
        const session = await services.auth.api.getSession({ headers });
        return session ? { id: session.user.id } : null;
      },
      isAllowedOrigin: (origin, host) => !origin || trustedOrigins.includes(origin) || origin === services.publicUrl || isSameOrigin(origin, host),
      onLocation: (user, frame) => services.locations.handleFrame(user.id, frame),
    });
    // ride:{id} is the room a ride's live events (driver location, chat) go to: its rider and driver only.
    sockets.registerChannel('ride', (user, rideId) => canJoinRideRoom(services.db, user.id, rideId));

    const server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s as Server)) as Server;
      s.once('error', reject);
    });
    server.on('upgrade', (req, socket, head) => void sockets.handleUpgrade(req, socket, head));
    if (overrides.dispatchTick !== false) services.dispatcher.start();
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://localhost:${port}`;

    logger.info(
      { url, port, database: database.kind, bus: env.REDIS_URL ? 'redis' : 'memory', dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR), startupMs: Math.round(performance.now() - started) },
      `OpenRide listening on ${url}`,
    );
    logger.info({ adminPath: services.adminPath, adminUrl: `${services.publicUrl}${services.adminPath}` }, `admin panel at ${services.adminPath} (admins only)`);
    if (env.NODE_ENV !== 'production') logger.info({ outbox: `${url}/dev/outbox` }, 'dev outbox: emails and SMS land here');

    // The live demo city: simulated drivers speak the public protocol to this very server.
    let demo: RunningDemo | undefined;
    if (demoEnabled(env)) {
      try {
        demo = await startDemo({ services, url, logger });
      } catch (err) {
        logger.error({ err }, 'the demo city could not start; the server runs without it');
      }
    }

    // PUBLIC_URL when set (the address people use: behind a proxy, or Vite's in `npm run dev`).
    const welcome: WelcomeFacts = {
      url: services.publicUrl,
      otherUrls: env.HOST === '0.0.0.0' || env.HOST === '::' ? lanAddresses().map((ip) => `http://${ip}:${port}`) : [],
      adminUrl: `${services.publicUrl}${services.adminPath}`,
      outboxUrl: env.NODE_ENV !== 'production' ? `${services.publicUrl}/dev/outbox` : undefined,
      demo: demo
        ? {
            password: DEMO_PASSWORD,
            rider: DEMO_RIDER_EMAIL,
            admin: DEMO_ADMIN_EMAIL,
            drivers: env.DEMO_DRIVERS > 0 ? `${demoDriverEmail(1)} … ${demoDriverEmail(env.DEMO_DRIVERS)}` : '(none)',
          }
        : undefined,
    };

    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      services,
      welcome,
      close() {
        closing ??= (async () => {
          await demo?.stop().catch((err: unknown) => logger.error({ err }, 'demo stop failed'));
          await sockets.close();
          // Stop taking requests, let in-flight ones finish, then drop idle keep-alive connections.
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
          await cleanup();
        })();
        return closing;
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** This machine's IPv4 addresses on its networks (not loopback): where a phone on the same LAN reaches it. */
function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}
