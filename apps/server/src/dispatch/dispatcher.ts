import { userChannel } from '@openride/shared/realtime';
import { DISPATCH_IDLE_GRACE_S, DISPATCH_RADII_M, DISPATCH_TIMEOUT_S, OFFER_TIMEOUT_S, type OfferClosedReason } from '@openride/shared/rides/dispatch';
import { riderNotice } from '@openride/shared/rides/notification-text';
import { ASSIGNED_STATUSES, sourcesOf } from '@openride/shared/rides/ride-state';
import { type Kysely, sql } from 'kysely';
import { lockDriver, lockRideForTransition } from '../db/ride-locks';
import type { DB } from '../db/schema';
import type { GeoIndex } from '../geo/geo-index';
import type { Logger } from '../lib/logger';
import { createNotification, type NotificationDeps } from '../notifications/create-notification';
import type { Bus } from '../realtime/bus';
import type { RoutingProvider } from '../routing/routing-provider';
import { SYSTEM } from '../rides/actor';
import { announceOfferClosed, announceRideChange } from '../rides/announce-ride-change';
import { moveRide } from '../rides/move-ride';
import { driverUserIdOf, type RideRow } from '../rides/rides.repo';
import type { DispatchLease } from './dispatch-lease';
import { inTransaction } from '../lib/transaction';
import type { Metrics } from '../lib/metrics';
import { expireOffers } from './expire-offers';
import type { Jobs } from '../jobs/jobs';
import { settleRideOnCancel } from '../payments/ride-payments';
import { releaseRidePromotion } from '../promotions/ride-promotions';
import { offerView } from './offer-view';
import { hasQualifyingVehicle } from '../vehicles/vehicles.repo';
import { isCompliantIn } from '../compliance/compliance.repo';

export type DispatchOptions = {
  offerTimeoutMs: number;
  searchTimeoutMs: number;
  idleGraceMs: number;
  tickMs: number;
  radiiM: readonly number[];
  /** Scaled mode: how often a process without the dispatch lease tries to take it (and the holder checks it). */
  leaseRetryMs: number;
};

export const DEFAULT_DISPATCH_OPTIONS: DispatchOptions = {
  offerTimeoutMs: OFFER_TIMEOUT_S * 1000,
  searchTimeoutMs: DISPATCH_TIMEOUT_S * 1000,
  idleGraceMs: DISPATCH_IDLE_GRACE_S * 1000,
  tickMs: 1000,
  radiiM: DISPATCH_RADII_M,
  leaseRetryMs: 3000,
};

/**
 * The rides dispatch works on: those the table still lets the system end without a driver (`requested`).
 * Read from the state machine, not re-typed, so a new waiting status cannot be forgotten here.
 */
const SEARCHING = sourcesOf('no_driver', 'system');

type Deps = {
  db: Kysely<DB>;
  bus: Bus;
  push: NotificationDeps['push'];
  geo: GeoIndex;
  routing: RoutingProvider;
  logger: Logger;
  options?: Partial<DispatchOptions>;
  /** Who runs the sweep (one process in scaled mode); every process still works on the rides it is told of. */
  lease?: DispatchLease;
  metrics?: Pick<Metrics, 'offers' | 'dispatchSweep' | 'ridesWaiting'>;
  /** A card ride's hold is released when no driver is found (a job queued with the change; decision 0038). */
  jobs: Pick<Jobs, 'sendIn' | 'wake'>;
};

/**
 * Finds a driver for every ride in `requested`, one offer at a time. All of its state is in the database
 * (the ride's deadline, its offers), so a restart — or another process — picks up where it stopped:
 * - every tick, open offers past their expiry are closed and every requested ride is looked at — by the one
 *   process holding the dispatch lease (`dispatch-lease.ts`, decision 0027); any process works on a ride
 *   at once after a request, a decline or an expiry (`kick`);
 * - a ride is worked on under its lock, skipped when locked (`lockRideForTransition`), so two processes
 *   never offer the same ride twice; the locks follow decision 0021's order: ride, its offers, the driver;
 * - unique indexes hold the rest: one open offer per ride and per driver, one active ride per driver.
 */
export function createDispatcher(deps: Deps) {
  const { db, bus, geo, routing, logger } = deps;
  const options = { ...DEFAULT_DISPATCH_OPTIONS, ...deps.options };
  const inFlight = new Set<string>();
  const again = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking: Promise<void> | null = null;
  let closed = false;

  async function publishOfferClosed(driverId: string, offerId: string, rideId: string, reason: OfferClosedReason) {
    const driverUserId = await driverUserIdOf(db, driverId);
    if (driverUserId) await announceOfferClosed({ bus }, { offerId, rideId, driverUserId, reason });
  }

  /**
   * Candidates for a ride: nearest first within the smallest radius that has any, ranked by pickup ETA.
   * Read outside the ride's transaction: routing may be a network call (OSRM), and no lock is held while it
   * runs. The transaction re-checks what matters (the ride's state, the driver, the unique indexes).
   * Only drivers whose active, verified vehicle qualifies for the ride type under the city's rules
   * (decision 0046): the city's rules are read in the query below, one index probe per driver.
   */
  async function candidates(ride: RideRow, tried: readonly string[]) {
    const exclude = new Set(tried);
    const pickup = { lat: ride.pickup_lat, lng: ride.pickup_lng };
    for (const radius_m of options.radiiM) {
      for (let round = 0; ; round++) {
        const near = await geo.nearest(ride.city_id, pickup, { radius_m, limit: 10, exclude });
        if (near.length === 0) break;
        // The index may be a few seconds behind: the database has the last word on who can take a ride.
        const eligible = await db
          .selectFrom('drivers')
          .select(['id', 'user_id'])
          .where(
            'id',
            'in',
            near.map((n) => n.driverId),
          )
          .where('verification_status', '=', 'approved')
          .where('status', '=', 'available')
          .where((eb) => hasQualifyingVehicle(eb, ride.ride_type, ride.city_id))
          // Papers the ride's city requires, valid today (decision 0049): a driver on hold is never offered a ride.
          .where(isCompliantIn(ride.city_id))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('ride_offers')
                  .select(sql.lit(1).as('one'))
                  .whereRef('ride_offers.driver_id', '=', 'drivers.id')
                  .where('ride_offers.status', '=', 'offered'),
              ),
            ),
          )
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('rides').select(sql.lit(1).as('one')).whereRef('rides.driver_id', '=', 'drivers.id').where('rides.status', 'in', ASSIGNED_STATUSES),
              ),
            ),
          )
          .execute();
        if (eligible.length === 0) {
          // Ten near drivers, none of them eligible (an XL ride among Economy cars): look past them, a few times at most.
          for (const n of near) exclude.add(n.driverId);
          if (near.length < 10 || round >= 4) break;
          continue;
        }
        const byId = new Map(eligible.map((e) => [e.id, e]));
        const ranked = await Promise.all(
          near
            .filter((n) => byId.has(n.driverId))
            .slice(0, 3)
            .map(async (n) => {
              const route = await routing.route({ lat: n.lat, lng: n.lng }, pickup);
              return { driverId: n.driverId, userId: byId.get(n.driverId)!.user_id, distance_m: route.distance_m, eta_s: route.duration_s };
            }),
        );
        ranked.sort((a, b) => a.eta_s - b.eta_s || a.distance_m - b.distance_m);
        return ranked;
      }
    }
    return [];
  }

  const deadlineOf = (ride: RideRow) =>
    ride.dispatch_deadline ? new Date(ride.dispatch_deadline) : new Date(new Date(ride.requested_at).getTime() + options.searchTimeoutMs);

  async function endWithoutDriver(trx: Kysely<DB>, ride: RideRow, at: Date) {
    const ended = await moveRide(trx, { rideId: ride.id, to: 'no_driver', actor: SYSTEM, at, set: { cancelled_by: 'system' } });
    if (!ended) return null;
    await releaseRidePromotion(trx, ended); // decision 0063: a reserved promo discount goes back to its budget
    await settleRideOnCancel(trx, { jobs: deps.jobs }, ended);
    const notification = await createNotification(trx, { bus, push: deps.push }, { user_id: ride.rider_id, booking_id: ride.id, ...riderNotice.noDriver() });
    return { ride: ended, notification };
  }

  /** One look at one ride: offer it to the next driver, or end the search. Returns after commit. */
  async function processRide(rideId: string) {
    const now = new Date();
    // One read before the transaction: the ride, whether a driver is being asked, and who was asked.
    const before = await db
      .selectFrom('rides')
      .selectAll('rides')
      .select((eb) => [
        eb.fn
          .coalesce(
            eb
              .selectFrom('ride_offers')
              .select(sql<string[]>`array_agg(driver_id)`.as('ids'))
              .whereRef('ride_offers.ride_id', '=', 'rides.id'),
            sql<string[]>`'{}'::uuid[]`,
          )
          .as('tried'),
        eb
          .exists(
            eb
              .selectFrom('ride_offers')
              .select(sql.lit(1).as('one'))
              .whereRef('ride_offers.ride_id', '=', 'rides.id')
              .where('ride_offers.status', '=', 'offered'),
          )
          .as('waiting'),
      ])
      .where('id', '=', rideId)
      .executeTakeFirst();
    if (!before || !SEARCHING.includes(before.status)) return;
    if (before.waiting) return; // waiting on a driver's answer; the tick expires it
    const found = now >= deadlineOf(before) ? [] : await candidates(before, before.tried);
    const outcome = await inTransaction(db, async (trx) => {
      const locked = await lockRideForTransition(trx, rideId, { skipLocked: true });
      if (!locked || !SEARCHING.includes(locked.ride.status)) return null;
      const { ride } = locked;
      if (locked.openOffers.length) return null; // waiting on a driver's answer; the tick expires it
      if (now >= deadlineOf(ride)) return { kind: 'ended' as const, ended: await endWithoutDriver(trx, ride, locked.at) };

      // A driver asked about this ride meanwhile (declined, let it expire) is not asked again.
      const askedSince = await trx.selectFrom('ride_offers').select('driver_id').where('ride_id', '=', ride.id).execute();
      const asked = new Set(askedSince.map((o) => o.driver_id));
      for (const candidate of found.filter((c) => !asked.has(c.driverId))) {
        // A savepoint per try: the driver may have taken another ride's offer a moment ago (unique index).
        const offer = await trx
          .insertInto('ride_offers')
          .values({
            ride_id: ride.id,
            driver_id: candidate.driverId,
            pickup_distance_m: Math.round(candidate.distance_m),
            pickup_eta_s: Math.round(candidate.eta_s),
            expires_at: new Date(now.getTime() + options.offerTimeoutMs),
          })
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!offer) continue;
        // The driver last, as the lock order has it, held until commit. A suspend or a going offline that
        // committed since the candidates were read, or that holds the driver now (waited for), wins: the
        // offer is taken back. One that comes after finds this offer and closes it (lockDriverForChange).
        const driver = await lockDriver(trx, candidate.driverId, 'share');
        if (driver?.status !== 'available' || driver.suspended_at || driver.verification_status !== 'approved') {
          await trx.deleteFrom('ride_offers').where('id', '=', offer.id).execute();
          continue;
        }
        // The ride is locked: if it is not idle, there is nothing to clear.
        if (ride.dispatch_idle_since) await trx.updateTable('rides').set({ dispatch_idle_since: null }).where('id', '=', ride.id).execute();
        return { kind: 'offered' as const, offer, ride, driverUserId: candidate.userId };
      }

      // Nobody to ask. Wait a little for drivers coming online or finishing a trip, then give up.
      const idleSince = ride.dispatch_idle_since ? new Date(ride.dispatch_idle_since) : null;
      if (!idleSince) {
        await trx.updateTable('rides').set({ dispatch_idle_since: now }).where('id', '=', ride.id).execute();
        return null;
      }
      if (now.getTime() - idleSince.getTime() >= options.idleGraceMs) return { kind: 'ended' as const, ended: await endWithoutDriver(trx, ride, locked.at) };
      return null;
    });
    if (!outcome) return;
    if (outcome.kind === 'offered') {
      const offer = offerView(outcome.offer, outcome.ride, options.offerTimeoutMs);
      await bus.publish({ channel: userChannel(outcome.driverUserId), event: 'ride.offer', data: { offer } });
      deps.metrics?.offers.inc({ outcome: 'sent' });
      logger.debug({ rideId, driverId: outcome.offer.driver_id }, 'ride offered');
      return;
    }
    if (outcome.ended) {
      deps.jobs.wake('payment-settle');
      await announceRideChange({ bus }, { ride: outcome.ended.ride, notifications: [outcome.ended.notification] });
      logger.info({ rideId }, 'no driver found');
    }
  }

  /** Work on a ride now (after a request, a decline, an expiry). Serialized per ride in this process. */
  function kick(rideId: string) {
    if (closed) return;
    if (inFlight.has(rideId)) {
      again.add(rideId);
      return;
    }
    inFlight.add(rideId);
    void (async () => {
      try {
        do {
          again.delete(rideId);
          await processRide(rideId);
        } while (again.has(rideId) && !closed);
      } catch (err) {
        logger.error({ err, rideId }, 'dispatch failed for a ride; the next tick retries');
      } finally {
        inFlight.delete(rideId);
      }
    })();
  }

  async function tick() {
    if (deps.lease && !deps.lease.held()) return;
    const stopTimer = deps.metrics?.dispatchSweep.startTimer();
    try {
      await sweep();
    } finally {
      stopTimer?.();
    }
  }

  async function sweep() {
    const now = new Date();
    // Offers nobody answered in time: close them, tell the driver, pass the ride on.
    const expired = await expireOffers(db, now);
    for (const offer of expired) await publishOfferClosed(offer.driver_id, offer.id, offer.ride_id, 'expired');
    if (expired.length) deps.metrics?.offers.inc({ outcome: 'expired' }, expired.length);
    const waiting = await db.selectFrom('rides').select('id').where('status', 'in', SEARCHING).orderBy('requested_at').limit(500).execute();
    deps.metrics?.ridesWaiting.set(waiting.length);
    for (const ride of waiting) kick(ride.id);
  }

  return {
    options,
    kick,
    start() {
      if (timer) return;
      deps.lease?.start();
      timer = setInterval(() => {
        if (ticking || closed) return;
        ticking = tick()
          .catch((err) => logger.error({ err }, 'dispatch tick failed'))
          .finally(() => (ticking = null));
      }, options.tickMs);
      timer.unref();
    },
    publishOfferClosed,
    /** For tests and shutdown: wait until nothing is in flight. */
    async idle() {
      while (ticking || inFlight.size > 0) await new Promise((r) => setTimeout(r, 10));
    },
    async close() {
      closed = true;
      clearInterval(timer);
      while (ticking || inFlight.size > 0) await new Promise((r) => setTimeout(r, 10));
      await deps.lease?.close();
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
