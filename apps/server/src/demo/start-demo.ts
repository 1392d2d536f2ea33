import { snapToStreet } from '@openride/shared/geo/street-grid';
import { sql } from 'kysely';
import type { Services } from '../services';
import type { Logger } from '../lib/logger';
import { demoRiders } from '../env';
import { HttpSession } from '../sim/http-session';
import { SimDriver } from '../sim/sim-driver';
import { SimRider } from '../sim/sim-rider';
import type { SfPlace } from '@openride/shared/geo/sf-places';
import { CITY_PLACES, gridNavigator, homeOf, type Navigator, randomPointNear, seededRandom } from '../sim/sim-geo';
import { SimStats } from '../sim/sim-stats';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_COMPANY_ADMIN_EMAIL,
  DEMO_PASSWORD,
  DEMO_RIDER_EMAIL,
  DEMO_STAFF_ROLES,
  demoDriverEmail,
  demoStaffEmail,
} from './demo-accounts';
import { seedDemo } from './seed-demo';

/** Parked on a street, not in the middle of a block. */
const streetPoint = (p: { lat: number; lng: number }) => {
  const [lat, lng] = snapToStreet(p);
  return { lat, lng };
};

/** Any constant will do: the key of PostgreSQL's advisory lock that elects the demo's one process. */
const DEMO_LOCK_KEY = 7_343_001_011;

/**
 * One process runs the demo city. Several server processes on one PostgreSQL (scaled mode) would otherwise
 * each drive the same demo accounts, and a driver would appear in two places at once. The first process to
 * take a session-level advisory lock runs it and holds the lock on a connection of its own until stop; a
 * process that dies releases it with its connection (the others do not take over: restart one). Embedded
 * PGlite is one process already (DATA_DIR is locked), and its pool has a single connection to spare: no lease.
 */
async function takeDemoLease(services: Pick<Services, 'db' | 'env'>): Promise<{ held: boolean; release(): Promise<void> }> {
  if (!services.env.DATABASE_URL) return { held: true, release: async () => undefined };
  let letGo: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (letGo = resolve));
  let finished: Promise<unknown> = Promise.resolve();
  const held = await new Promise<boolean>((resolve, reject) => {
    finished = services.db
      .connection()
      .execute(async (conn) => {
        const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${DEMO_LOCK_KEY}) as ok`.execute(conn);
        const ok = rows[0]?.ok === true;
        resolve(ok);
        if (!ok) return;
        await done;
        await sql`select pg_advisory_unlock(${DEMO_LOCK_KEY})`.execute(conn);
      })
      .catch(reject);
  });
  return {
    held,
    async release() {
      letGo();
      await finished.catch(() => undefined);
    },
  };
}

export type RunningDemo = { stop(): Promise<void>; stats: SimStats; drivers: SimDriver[]; riders: SimRider[] };

/** Drivers roam within this distance of their home spot, so every part of the city keeps some cover. */
const ROAM_RADIUS_M = 2_000;
/** Mean simulated seconds a demo rider waits between one ride's end and the next request. */
const RIDER_MEAN_GAP_S = 240;

/**
 * The live demo city: seeds the demo accounts (idempotent), prints how to sign in, and runs one simulated
 * driver per approved demo driver account in this process. The drivers talk to `url` over HTTP and the
 * WebSocket exactly like the driver app does; the only thing they take from inside the server is the
 * rider's PIN (a simulated driver "hears" it at the pickup) and the server's routing for their satnav.
 */
export async function startDemo(ctx: { services: Services; url: string; logger: Logger }): Promise<RunningDemo> {
  const { services, url, logger } = ctx;
  const { env, db } = services;
  const lease = await takeDemoLease(services);
  if (!lease.held) {
    logger.info('the demo city runs in another server process (it holds the demo lease): not starting it here');
    return { stats: new SimStats(), drivers: [], riders: [], stop: async () => undefined };
  }
  let seed;
  try {
    // The riders of the demo, and (when there are any) the extra ones who come out only for the rush hour.
    seed = await seedDemo(services, env.DEMO_DRIVERS, demoRiders(env) * (1 + RUSH_RIDERS_PER_RIDER));
  } catch (err) {
    await lease.release();
    throw err;
  }
  const approved = seed.drivers.filter((d) => d.verification_status === 'approved');
  const left = seed.drivers.filter((d) => d.verification_status !== 'approved');
  if (left.length) logger.warn({ drivers: left.map((d) => `${d.email} (${d.verification_status})`) }, 'demo drivers not approved are not simulated');

  const drivers = env.DEMO_DRIVERS > 0 ? `${demoDriverEmail(1)} … ${demoDriverEmail(env.DEMO_DRIVERS)}` : '(none)';
  logger.info(
    {
      demo: true,
      password: DEMO_PASSWORD,
      rider: DEMO_RIDER_EMAIL,
      admin: DEMO_ADMIN_EMAIL,
      company_admin: DEMO_COMPANY_ADMIN_EMAIL,
      drivers,
      adminPath: services.adminPath,
      speed: env.DEMO_SPEED,
    },
    `Demo city (San Francisco): sign in with password ${DEMO_PASSWORD} as rider ${DEMO_RIDER_EMAIL}, driver ${drivers}, ` +
      `or admin ${DEMO_ADMIN_EMAIL} (the owner; admin panel at ${services.adminPath}) or staff ${DEMO_STAFF_ROLES.map(demoStaffEmail).join(', ')}, or Acme Logistics' company admin ${DEMO_COMPANY_ADMIN_EMAIL} (/corporate-accounts); ` +
      `${approved.length} simulated drivers, time ×${env.DEMO_SPEED}`,
  );

  // The satnav: the server's routing (OSRM's roads when configured, else the street grid).
  const navigate: Navigator = async (from, to) => {
    try {
      const route = await services.routing.route(from, to);
      if (route.geometry && route.geometry.length >= 2) return route.geometry;
    } catch {
      /* the grid below */
    }
    return gridNavigator(from, to);
  };
  // The rider tells the PIN at the pickup; in the demo the simulated driver reads what the rider's app shows.
  const pinSource = async (rideId: string) => (await db.selectFrom('rides').select('pin').where('id', '=', rideId).executeTakeFirst())?.pin?.trim() ?? null;

  const stats = new SimStats();
  const random = seededRandom(20_240_601);
  const sims = approved.map(
    (d) =>
      new SimDriver({
        url,
        origin: services.publicUrl,
        email: d.email,
        password: DEMO_PASSWORD,
        start: streetPoint(randomPointNear(homeOf(d.n - 1), 600, random)),
        home: homeOf(d.n - 1),
        roamRadiusM: ROAM_RADIUS_M,
        pinSource,
        navigate,
        speed: env.DEMO_SPEED,
        stats,
        logger: logger.child({ component: 'demo' }),
      }),
  );
  const started: SimDriver[] = [];
  // A few at a time: each sign-in is a password check on the server.
  for (let k = 0; k < sims.length; k += 4) {
    await Promise.all(
      sims.slice(k, k + 4).map(async (sim) => {
        try {
          await sim.start();
          started.push(sim);
        } catch (err) {
          logger.warn({ err, driver: sim.email }, 'a demo driver could not start');
        }
      }),
    );
  }
  logger.info({ drivers: started.length }, 'demo drivers online');

  // Simulated riders book between random places of the city now and then (a Poisson process per rider),
  // so the dashboards, the heatmap and the analytics have a live city to show. They stop before the drivers.
  const riders: SimRider[] = [];
  const rush = await demoRush(services, logger);
  const promos = await demoPromoCodes(services, logger);
  for (const p of seed.passengers) {
    const session = new HttpSession(url, { origin: services.publicUrl });
    const res = await session.signIn(p.email, DEMO_PASSWORD).catch(() => null);
    if (res?.status !== 200) {
      logger.warn({ rider: p.email, status: res?.status }, 'a demo rider could not sign in (password changed?); not simulated');
      continue;
    }
    const rider = new SimRider({
      url,
      origin: services.publicUrl,
      session,
      email: p.email,
      speed: env.DEMO_SPEED,
      meanGapS: RIDER_MEAN_GAP_S,
      seed: p.n * 7_919,
      stats,
      pins: new Map(),
      logger: logger.child({ component: 'demo' }),
      rush: rush.places,
      rushOnly: p.n > demoRiders(env),
      promoCodes: promos.codes,
    });
    rider.start();
    riders.push(rider);
  }
  if (riders.length) logger.info({ riders: riders.length }, 'demo riders booking');

  let stopped: Promise<void> | undefined;
  return {
    stats,
    drivers: started,
    riders,
    stop() {
      rush.stop();
      promos.stop();
      stopped ??= Promise.all(riders.map((r) => r.stop()))
        .then(() => Promise.all(started.map((s) => s.stop())))
        .then(async () => {
          logger.info({ figures: stats.line() }, 'demo city stopped');
          await lease.release();
        });
      return stopped;
    },
  };
}

/** Extra simulated riders per demo rider who book only while the rush hour is on (decision 0035): demand that outruns the drivers downtown. */
const RUSH_RIDERS_PER_RIDER = 2;
/** How often the demo reads its rush-hour switch (set on /surge-pricing). */
const RUSH_POLL_MS = 5_000;

/**
 * The demo's "Simulate rush hour downtown" (decision 0035): the demo city's places inside its downtown
 * pricing zone, handed to the simulated riders while the switch is on. The switch lives in the database,
 * so any server process may flip it; this one (which runs the demo) reads it every few seconds.
 */
async function demoRush(services: Services, logger: Logger) {
  const downtown: SfPlace[] = [];
  for (const place of CITY_PLACES) if ((await services.zones.at(place)).pricing_zone) downtown.push(place);
  let on = false;
  const read = async () => {
    const row = await services.db.selectFrom('surge_settings').select('demo_rush').where('city_id', '=', 'sf').executeTakeFirst();
    if (!!row?.demo_rush !== on) logger.info({ rush: !!row?.demo_rush, places: downtown.length }, 'demo rush hour downtown switched');
    on = !!row?.demo_rush;
  };
  await read().catch(() => undefined);
  const timer = setInterval(() => void read().catch((err) => logger.warn({ err }, 'demo: could not read the rush-hour switch')), RUSH_POLL_MS);
  timer.unref?.();
  return { places: () => (on ? downtown : null), stop: () => clearInterval(timer) };
}

/** How often the demo reads the city's live promo codes (launched or paused on /promo-codes). */
const PROMO_POLL_MS = 30_000;

/**
 * The demo city's active promo codes, for the simulated riders to try (decision 0063): a promotion an operator
 * launches on /promo-codes is used within minutes, and its cost reaches the financial dashboard; a paused or
 * spent one is not offered (and the server would refuse it anyway).
 */
async function demoPromoCodes(services: Services, logger: Logger) {
  let codes: string[] = [];
  const read = async () => {
    const rows = await services.db.selectFrom('promotions').select('code').where('city_id', '=', 'sf').where('status', '=', 'active').execute();
    codes = rows.map((r) => r.code);
  };
  await read().catch(() => undefined);
  const timer = setInterval(() => void read().catch((err) => logger.warn({ err }, 'demo: could not read the promo codes')), PROMO_POLL_MS);
  timer.unref?.();
  return { codes: () => codes, stop: () => clearInterval(timer) };
}
