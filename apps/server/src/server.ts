import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Redis } from 'ioredis';
import { ensureAdmin } from './admin/ensure-admin';
import { resolveAdminPath } from './admin/admin-path';
import { resolveDriverDashboardPath } from './dashboard/dashboard-path';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { createAuthLimiters, createUsageLimiters, USAGE_LIMITS, type UsageLimitSettings } from './lib/rate-limit';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { migrateToLatest } from './db/migrate';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_RIDER_EMAIL, demoDriverEmail } from './demo/demo-accounts';
import { type RunningDemo, startDemo } from './demo/start-demo';
import { demoEnabled, type Env } from './env';
import type { Services } from './services';
import { trustedOriginsOf } from './http/csp';
import { isAllowedOrigin } from './http/same-origin';
import type { Logger } from './lib/logger';
import type { WelcomeFacts } from './lib/welcome';
import { getOrCreateSetting, randomToken } from './lib/settings';
import { createMessenger } from './messaging/create-messenger';
import { notificationPrefsOf } from './account/notification-prefs';
import { type Telephony, twilioTelephony } from './telephony/telephony';
import type { PaymentProvider } from './payments/provider';
import { paymentProviderOf } from './payments/provider-of';
import { deriveOtpKey } from './otp/otp-code';
import { createPushDispatcher } from './push/push-dispatcher';
import { createWebPushSender, type PushSender } from './push/push-sender';
import { resolveVapidKeys } from './push/vapid-keys';
import { type Bus, createMemoryBus, createRedisBus } from './realtime/bus';
import { createSocketServer, type SocketLimits } from './realtime/socket-server';
import { canJoinRideRoom } from './rides/ride-room';
import { isRideId } from './rides/rides.repo';
import { isAdmin } from './roles/roles.repo';
import { ADMINS_CHANNEL } from '@openride/shared/realtime';
import { greatCircleRouting } from './routing/great-circle-routing';
import { osrmRouting } from './routing/osrm-routing';
import { createBreadcrumbWriter } from './dispatch/breadcrumbs';
import { createZoneLocator } from './zones/zone-locator';
import { deriveQuoteKey } from './surge/quote-lock';
import { createSurgeEngine, type SurgeOptions } from './surge/surge-engine';
import { createDispatcher, DEFAULT_DISPATCH_OPTIONS, type DispatchOptions } from './dispatch/dispatcher';
import { createDispatchLease } from './dispatch/dispatch-lease';
import { createJobs, type JobsOptions } from './jobs/jobs';
import { startJobWorkers } from './start-job-workers';
import { createSupplySampler } from './analytics/supply-sampler';
import { createMetrics } from './lib/metrics';
import { createDriverDirectory } from './dispatch/driver-directory';
import { createLocationService } from './dispatch/location-service';
import { createMemoryGeoIndex } from './geo/memory-geo-index';
import { createRedisGeoIndex } from './geo/redis-geo-index';
import { loopbackUrl, publishBackupAccess } from './backup/backup-access';
import { embeddedBackup } from './backup/embedded-backup';
import { storageOf } from './storage/storage-of';

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
  /** Tests run surge's update by hand (`services.surge.tick()`), or shorten its window. */
  surge?: Partial<SurgeOptions> & { tick?: boolean };
  /** Tests tighten a per-user limit to reach it in a few requests (decision 0024). */
  usageLimits?: Partial<UsageLimitSettings>;
  socketLimits?: Partial<SocketLimits>;
  /** Tests shorten the jobs' retry delays, or run without workers (a job queued and left for a later process). */
  jobs?: JobsOptions;
  /** Tests put the real Twilio client in front of an in-process fake of its Calls endpoint. */
  telephony?: Telephony | null;
  /** Tests put the real Stripe client in front of an in-process fake of the endpoints it uses (decision 0038). */
  payments?: PaymentProvider | null;
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

    const metrics = createMetrics();
    // Registered after the database, so it stops before it closes: jobs under way finish first (decision 0027).
    const jobs = await createJobs({
      database,
      databaseUrl: env.DATABASE_URL,
      logger,
      options: overrides.jobs,
      onFailure: (queue) => metrics.jobFailures.inc({ queue }),
    });
    cleanups.push(() => jobs.stop());
    metrics.setReadings({ jobsQueued: () => jobs.queued() });

    const secret = env.AUTH_SECRET ?? (await getOrCreateSetting(db, 'auth_secret', () => randomToken(32)));
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const trustedOrigins = trustedOriginsOf(env, publicUrl);
    const messenger = createMessenger(env, db, logger, jobs, notificationPrefsOf);
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
    const driverDashboardPath = await resolveDriverDashboardPath(db, env.DRIVER_DASHBOARD_PATH);
    const vapid = await resolveVapidKeys(db, env);
    const push = createPushDispatcher({
      db,
      jobs,
      logger,
      publicKey: vapid.publicKey,
      prefsOf: notificationPrefsOf,
      sender: overrides.pushSender ?? createWebPushSender(vapid),
    });
    const routing = env.OSRM_URL ? osrmRouting(env.OSRM_URL, { logger }) : greatCircleRouting();
    const geo = redis ? createRedisGeoIndex(redis, env.REDIS_PREFIX) : createMemoryGeoIndex();
    cleanups.push(() => geo.close());
    const drivers = createDriverDirectory(db);
    const zones = createZoneLocator({ db, bus, logger });
    cleanups.push(async () => zones.close());
    const breadcrumbs = createBreadcrumbWriter(db, logger);
    // Registered after the database, so they run before it closes.
    cleanups.push(() => breadcrumbs.close());
    metrics.setReadings({ breadcrumbsPending: () => breadcrumbs.pending(), bus: () => bus.stats() });
    const locations = createLocationService({ db, bus, geo, drivers, zones, breadcrumbs, logger, onFrame: (result) => metrics.locationFrames.inc({ result }) });
    cleanups.push(async () => locations.close());
    const dispatchOptions = { ...DEFAULT_DISPATCH_OPTIONS, ...overrides.dispatch };
    const lease = createDispatchLease({ db, scaled: database.kind === 'postgres', logger, retryMs: dispatchOptions.leaseRetryMs });
    metrics.setReadings({ dispatchLeaseHeld: () => lease.held() });
    const surge = createSurgeEngine({ db, geo, zones, logger, lease, options: overrides.surge });
    cleanups.push(() => surge.close());
    const dispatcher = createDispatcher({ db, bus, push, geo, routing, logger, options: dispatchOptions, lease, metrics, jobs });
    cleanups.push(() => dispatcher.close());
    const supply = createSupplySampler({ db, geo, logger });
    cleanups.push(() => supply.close());
    const storage = await storageOf(env);
    cleanups.push(async () => storage.close());
    if (storage.kind === 'local' && env.DATABASE_URL)
      logger.warn(
        "uploads are kept on this machine's disk (DATA_DIR/uploads): other server processes cannot read them; set S3_BUCKET when running more than one",
      );
    const services: Services = {
      env,
      db,
      auth,
      bus,
      messenger,
      logger,
      limiters: createAuthLimiters(redis, env.REDIS_PREFIX),
      usage: createUsageLimiters(redis, env.REDIS_PREFIX, {
        ...USAGE_LIMITS,
        rideRequestPerUser: { ...USAGE_LIMITS.rideRequestPerUser, points: env.RIDE_REQUEST_LIMIT },
        ...overrides.usageLimits,
      }),
      adminPath,
      driverDashboardPath,
      publicUrl,
      otpKey: deriveOtpKey(secret),
      quoteKey: deriveQuoteKey(secret),
      jobs,
      push,
      routing,
      geo,
      drivers,
      zones,
      surge,
      breadcrumbs,
      locations,
      dispatcher,
      supply,
      telephony: overrides.telephony !== undefined ? overrides.telephony : telephonyOf(env),
      payments: overrides.payments !== undefined ? overrides.payments : await paymentProviderOf(env),
      storage,
      metrics,
      redis: redis ?? null,
      backup: database.kind === 'pglite' ? { token: randomToken(32), archive: () => embeddedBackup(database, env.DATA_DIR) } : null,
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
        // A tampered session snapshot makes better-auth throw: signed out, as on HTTP (app.ts).
        const session = await services.auth.api.getSession({ headers }).catch(() => null);
        return session ? { id: session.user.id } : null;
      },
      isAllowedOrigin: (origin, host) => isAllowedOrigin(origin, host, trustedOrigins),
      onLocation: (user, frame) => services.locations.handleFrame(user.id, frame),
      limits: overrides.socketLimits,
    });
    // ride:{id} is the room a ride's live events (driver location, chat) go to: its rider and driver only.
    services.metrics.setReadings({ socketsOpen: () => sockets.connectionCount() });
    // Admins may watch any ride's room too (the SOS alert's live map, decision 0061); nobody else.
    sockets.registerChannel(
      'ride',
      async (user, rideId) => (await canJoinRideRoom(services.db, user.id, rideId)) || (isRideId(rideId) && (await isAdmin(services.db, user.id))),
    );
    // admins: the operators' room (SOS alerts); a bare channel name, admins only.
    sockets.registerChannel(ADMINS_CHANNEL, (user) => isAdmin(services.db, user.id));

    const server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s as Server)) as Server;
      s.once('error', reject);
    });
    server.on('upgrade', (req, socket, head) => void sockets.handleUpgrade(req, socket, head));
    if (overrides.dispatchTick !== false) services.dispatcher.start();
    if (overrides.surge?.tick !== false) services.surge.start();
    await startJobWorkers(services);
    services.supply.start();
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://localhost:${port}`;
    // Where `npm run backup` finds this server while it holds DATA_DIR (decision 0028).
    const withdrawBackupAccess = services.backup
      ? await publishBackupAccess(env.DATA_DIR, { url: loopbackUrl(env.HOST, port), token: services.backup.token, pid: process.pid })
      : async () => {};

    // Written before the 'listening' line: logs go out asynchronously and in order, so whoever waits for that
    // line (a supervisor, the tests) has the admin path and the outbox address already.
    logger.info(
      { adminPath: services.adminPath, adminUrl: `${services.publicUrl}${services.adminPath}` },
      `admin panel at ${services.adminPath} (admins only)`,
    );
    logger.info({ driverDashboardPath: services.driverDashboardPath }, `driver dashboard at ${services.driverDashboardPath} (approved drivers only)`);
    if (env.NODE_ENV !== 'production')
      logger.info({ outbox: `${url}/dev/outbox` }, 'dev outbox: emails and SMS land here (readable only from this machine or by an admin)');
    logger.info(
      {
        url,
        port,
        database: database.kind,
        bus: env.REDIS_URL ? 'redis' : 'memory',
        storage: services.storage.kind,
        dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR),
        startupMs: Math.round(performance.now() - started),
      },
      `OpenRide listening on ${url}`,
    );

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
          await withdrawBackupAccess().catch((err: unknown) => logger.error({ err }, 'could not remove the backup access file'));
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

/** Masked calls need a voice provider: Twilio when its account is configured (decision 0034), else none. */
function telephonyOf(env: Env): Telephony | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) return null;
  return twilioTelephony({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM });
}
