/**
 * The standalone simulator: simulated drivers (and riders) against any OpenRide server, over its public
 * HTTP API and WebSocket only. `npm run simulate -- --help` for the options; docs/decisions/0011-demo-city.md
 * for the choices behind them.
 */
import { parseArgs } from 'node:util';
import { DEMO_ADMIN_EMAIL, DEMO_DOMAIN, DEMO_PASSWORD, demoDriverEmail } from '../demo/demo-accounts';
import { HttpSession, NetworkError } from '../sim/http-session';
import { ensureApprovedDriver, myDriver, RateLimitedError, signInOrUp } from '../sim/sim-accounts';
import { SimDriver } from '../sim/sim-driver';
import { homeOf, randomPointNear, seededRandom } from '../sim/sim-geo';
import { SimRider } from '../sim/sim-rider';
import { SimStats } from '../sim/sim-stats';

const usage = `Usage: npm run simulate -- [options]

  --url URL              server to simulate against (default http://localhost:3000)
  --drivers N            simulated drivers (default 10)
  --riders M             simulated riders booking rides between random San Francisco places (default 0)
  --speed X              time-lapse factor: drives and waits X times faster (default 1)
  --duration S           stop after S seconds (default: run until Ctrl-C)
  --ride-gap S           mean simulated seconds between a rider's rides (default 60)
  --decline-rate R       share of offers the drivers decline (default 0.1)
  --admin-email EMAIL    admin who approves newly signed-up drivers (default ${DEMO_ADMIN_EMAIL})
  --admin-password PW    (default the demo password)
  --password PW          password of the simulator's own accounts (default the demo password)
  --origin URL           Origin header the app sends (default --url; set it to PUBLIC_URL when they differ)
  --vary-address         send a distinct X-Forwarded-For per new account, so a server you run with
                         TRUST_PROXY=1 counts each sign-up from its own address (test servers only: a
                         real deployment behind a proxy ignores or overwrites it, and should)
  --take-over            drive demo driver accounts even when they are already online (another
                         simulator or the in-process demo may be driving them)

Accounts: driverNN@${DEMO_DOMAIN} (password ${DEMO_PASSWORD}) when it exists, is an approved driver and is
offline; otherwise simdriverNN@${DEMO_DOMAIN}, signed up and approved by the admin on first use. Riders are
simriderNN@${DEMO_DOMAIN}. The server allows 20 sign-ups per address per hour: a first run that needs more
new accounts goes on with the ones it got (and says so); the next run signs them in instead.`;

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    drivers: { type: 'string', default: '10' },
    riders: { type: 'string', default: '0' },
    speed: { type: 'string', default: '1' },
    duration: { type: 'string' },
    'ride-gap': { type: 'string', default: '60' },
    'decline-rate': { type: 'string', default: '0.1' },
    'admin-email': { type: 'string', default: DEMO_ADMIN_EMAIL },
    'admin-password': { type: 'string', default: DEMO_PASSWORD },
    password: { type: 'string', default: DEMO_PASSWORD },
    origin: { type: 'string' },
    'vary-address': { type: 'boolean', default: false },
    'take-over': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const num = (name: string, v: string | undefined, min: number, max: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number from ${min} to ${max}\n\n${usage}`);
    process.exit(2);
  }
  return n;
};
const url = values.url!.replace(/\/+$/, '');
const origin = values.origin?.replace(/\/+$/, '');
const driverCount = Math.floor(num('drivers', values.drivers, 0, 2000));
const riderCount = Math.floor(num('riders', values.riders, 0, 2000));
const speed = num('speed', values.speed, 0.1, 1000);
const durationS = values.duration === undefined ? Infinity : num('duration', values.duration, 1, 7 * 24 * 3600);
const rideGapS = num('ride-gap', values['ride-gap'], 1, 24 * 3600);
const declineRate = num('decline-rate', values['decline-rate'], 0, 1);
const password = values.password!;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const quiet = { info() {}, debug() {}, warn: (obj: object, msg?: string) => log(`warning: ${msg ?? ''} ${briefly(obj)}`) };
const briefly = (obj: object) => {
  const o = obj as { err?: Error; driver?: string; rider?: string };
  return [o.driver ?? o.rider, o.err?.message].filter(Boolean).join(': ');
};

// ---- reach the server ---------------------------------------------------------------------------------
let config: { demo?: boolean } = {};
try {
  const res = await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(5000) });
  config = res.ok ? ((await res.json()) as typeof config) : {};
} catch (err) {
  console.error(`Cannot reach ${url}: ${(err as Error).message}`);
  process.exit(1);
}
log(`simulating ${driverCount} drivers and ${riderCount} riders against ${url} at ×${speed}${config.demo ? ' (its demo city is on)' : ''}`);

const stats = new SimStats();
const pins = new Map<string, string>();
let addressCounter = 0;
const nextAddress = () => (values['vary-address'] ? `10.250.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}` : undefined);
const random = seededRandom(Date.now() % 2 ** 31);
const phone = () => `415${String(2_000_000 + Math.floor(random() * 7_999_999)).padStart(7, '0')}`;
let rateLimited = false;

let adminSession: Promise<HttpSession> | undefined;
const admin = () =>
  (adminSession ??= (async () => {
    const s = new HttpSession(url, { origin });
    const res = await s.signIn(values['admin-email']!, values['admin-password']!);
    if (res.status !== 200) throw new Error(`the admin ${values['admin-email']} could not sign in (${res.status}): pass --admin-email/--admin-password`);
    return s;
  })());

// ---- drivers -------------------------------------------------------------------------------------------
let demoAccountsExist = true;
let simDriversMayExist = true;

/** Account for driver n: email and a signed-in session, already an approved driver. */
async function driverAccount(n: number): Promise<{ email: string; password: string; session: HttpSession }> {
  if (demoAccountsExist) {
    const session = new HttpSession(url, { origin });
    const res = await session.signIn(demoDriverEmail(n), DEMO_PASSWORD);
    if (res.status === 200) {
      const d = await myDriver(session);
      if (d?.verification_status === 'approved' && (d.status === 'offline' || values['take-over']))
        return { email: demoDriverEmail(n), password: DEMO_PASSWORD, session };
    } else if (res.body?.error?.code === 'invalid_credentials') {
      demoAccountsExist = false; // one missing: the server has no (more) demo drivers; stop probing them
    }
  }
  const email = `simdriver${String(n).padStart(2, '0')}@${DEMO_DOMAIN}`;
  const { session, created } = await signInOrUp({
    url,
    origin,
    email,
    password,
    fullName: `Sim Driver ${n}`,
    phones: phone,
    mayExist: simDriversMayExist,
    forwardedFor: nextAddress(),
  });
  if (created) simDriversMayExist = false;
  await ensureApprovedDriver(session, n, admin);
  return { email, password, session };
}

/** A busy server (password checks are slow under load) may time a sign-in out: try again, a few times. */
async function withRetries<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let k = 1; ; k++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof NetworkError) || k >= attempts || stopping) throw err;
      await new Promise((r) => setTimeout(r, 1000 * k));
    }
  }
}

const drivers: SimDriver[] = [];
const riders: SimRider[] = [];
let stopping = false;

async function prepareDrivers() {
  // Eight at a time: each account costs the server a password check (or hash), the slow part of setup.
  for (let n = 1; n <= driverCount && !stopping; n += 8) {
    const batch = Array.from({ length: Math.min(8, driverCount - n + 1) }, (_, k) => n + k);
    await Promise.all(
      batch.map(async (i) => {
        if (rateLimited) return;
        try {
          const account = await withRetries(() => driverAccount(i));
          if (stopping) return;
          const home = homeOf(i - 1);
          const sim = new SimDriver({
            url,
            origin,
            email: account.email,
            password: account.password,
            session: account.session,
            start: randomPointNear(home, 600, random),
            home,
            roamRadiusM: 2_000,
            pinSource: async (rideId) => pins.get(rideId) ?? null,
            speed,
            declineRate,
            finishRidesOnStop: true,
            stats,
            logger: quiet,
          });
          await sim.start();
          drivers.push(sim);
        } catch (err) {
          if (err instanceof RateLimitedError) {
            if (!rateLimited)
              log(
                `the server's sign-up limit stopped new accounts (${err.message}); going on with what we have. Use --vary-address against a test server with TRUST_PROXY=1, or run again in an hour.`,
              );
            rateLimited = true;
            return;
          }
          stats.counters.errors++;
          log(`driver ${i} not started: ${(err as Error).message}`);
        }
      }),
    );
  }
}

async function prepareRiders() {
  let mayExist = true;
  for (let n = 1; n <= riderCount && !stopping; n++) {
    if (rateLimited) break;
    const email = `simrider${String(n).padStart(2, '0')}@${DEMO_DOMAIN}`;
    try {
      const forwardedFor = nextAddress();
      const { session, created } = await withRetries(() =>
        signInOrUp({ url, origin, email, password, fullName: `Sim Rider ${n}`, phones: phone, mayExist, forwardedFor }),
      );
      if (created) mayExist = false;
      const rider = new SimRider({ url, origin, session, email, speed, meanGapS: rideGapS, seed: n * 7919, stats, pins, logger: quiet });
      rider.start();
      riders.push(rider);
    } catch (err) {
      if (err instanceof RateLimitedError) {
        if (!rateLimited) log(`the server's sign-up limit stopped new accounts (${err.message}); going on with ${riders.length} riders.`);
        rateLimited = true;
        break;
      }
      stats.counters.errors++;
      log(`rider ${n} not started: ${(err as Error).message}`);
    }
  }
}

// ---- run, report, stop ---------------------------------------------------------------------------------
const started = Date.now();
let last = stats.snapshot();
const report = setInterval(() => {
  log(stats.line(last));
  last = stats.snapshot();
}, 10_000);

/** Figures from the end of setup on: what the server sustains with everyone connected. */
const phase: { steady?: { at: number; framesSent: number; ridesCompleted: number; offersReceived: number } } = {};
let finish: () => void = () => undefined;
const finished = new Promise<void>((resolve) => (finish = resolve));
const stopAll = async (why: string) => {
  if (stopping) return;
  stopping = true;
  log(`stopping (${why})…`);
  clearInterval(report);
  const stoppedAt = { ...stats.snapshot(), offersReceived: stats.counters.offersReceived };
  await Promise.all(riders.map((r) => r.stop()));
  await Promise.all(drivers.map((d) => d.stop()));
  const seconds = (Date.now() - started) / 1000;
  const c = stats.counters;
  log(`final, over ${seconds.toFixed(0)} s: ${stats.line()}`);
  const steady = phase.steady;
  if (steady) {
    const s = (stoppedAt.at - steady.at) / 1000;
    log(
      `after setup (${s.toFixed(0)} s with everyone on): ${drivers.length} drivers (peak ${c.peakDriversConnected} connected at once), ${riders.length} riders, ` +
        `${((stoppedAt.framesSent - steady.framesSent) / s).toFixed(1)} location frames/s, ${(((stoppedAt.offersReceived - steady.offersReceived) / s) * 60).toFixed(1)} offers/min, ` +
        `${(((stoppedAt.ridesCompleted - steady.ridesCompleted) / s) * 60).toFixed(2)} rides completed/min`,
    );
  }
  finish();
};
process.once('SIGINT', () => void stopAll('Ctrl-C'));
process.once('SIGTERM', () => void stopAll('SIGTERM'));

await Promise.all([prepareDrivers(), prepareRiders()]);
log(`${drivers.length} drivers online, ${riders.length} riders booking (setup took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
phase.steady = { ...stats.snapshot(), offersReceived: stats.counters.offersReceived };
if (!drivers.length && !riders.length) await stopAll('nothing to simulate');
if (Number.isFinite(durationS)) setTimeout(() => void stopAll(`--duration ${durationS} s`), Math.max(0, started + durationS * 1000 - Date.now()));
await finished;
process.exit(0);
