import { snapToStreet } from '@openride/shared/geo/street-grid';
import type { Services } from '../http/context';
import type { Logger } from '../lib/logger';
import { SimDriver } from '../sim/sim-driver';
import { gridNavigator, homeOf, type Navigator, randomPointNear, seededRandom } from '../sim/sim-geo';
import { SimStats } from '../sim/sim-stats';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_RIDER_EMAIL, demoDriverEmail } from './demo-accounts';
import { seedDemo } from './seed-demo';

/** Parked on a street, not in the middle of a block. */
const streetPoint = (p: { lat: number; lng: number }) => {
  const [lat, lng] = snapToStreet(p);
  return { lat, lng };
};

export type RunningDemo = { stop(): Promise<void>; stats: SimStats; drivers: SimDriver[] };

/** Drivers roam within this distance of their home spot, so every part of the city keeps some cover. */
const ROAM_RADIUS_M = 2_000;

/**
 * The live demo city: seeds the demo accounts (idempotent), prints how to sign in, and runs one simulated
 * driver per approved demo driver account in this process. The drivers talk to `url` over HTTP and the
 * WebSocket exactly like the driver app does; the only thing they take from inside the server is the
 * rider's PIN (a simulated driver "hears" it at the pickup) and the server's routing for their satnav.
 */
export async function startDemo(ctx: { services: Services; url: string; logger: Logger }): Promise<RunningDemo> {
  const { services, url, logger } = ctx;
  const { env, db } = services;
  const seed = await seedDemo(services, env.DEMO_DRIVERS);
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
      drivers,
      adminPath: services.adminPath,
      speed: env.DEMO_SPEED,
    },
    `Demo city (San Francisco): sign in with password ${DEMO_PASSWORD} as rider ${DEMO_RIDER_EMAIL}, driver ${drivers}, ` +
      `or admin ${DEMO_ADMIN_EMAIL} (admin panel at ${services.adminPath}); ${approved.length} simulated drivers, time ×${env.DEMO_SPEED}`,
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
  const pinSource = async (rideId: string) =>
    (await db.selectFrom('rides').select('pin').where('id', '=', rideId).executeTakeFirst())?.pin?.trim() ?? null;

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

  let stopped: Promise<void> | undefined;
  return {
    stats,
    drivers: started,
    stop() {
      stopped ??= Promise.all(started.map((s) => s.stop())).then(() => {
        logger.info({ figures: stats.line() }, 'demo drivers stopped');
      });
      return stopped;
    },
  };
}
