import { userChannel } from '@openride/shared/realtime';
import { DISPATCH_IDLE_GRACE_S, DISPATCH_RADII_M, DISPATCH_TIMEOUT_S, OFFER_TIMEOUT_S, type OfferClosedReason } from '@openride/shared/rides/dispatch';
import { riderNotice } from '@openride/shared/rides/notification-text';
import { ASSIGNED_STATUSES, sourcesOf } from '@openride/shared/rides/ride-state';
import { type Kysely, sql } from 'kysely';
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
import { offerView } from './offer-view';

export type DispatchOptions = {
  offerTimeoutMs: number;
  searchTimeoutMs: number;
  idleGraceMs: number;
  tickMs: number;
  radiiM: readonly number[];
};

export const DEFAULT_DISPATCH_OPTIONS: DispatchOptions = {
  offerTimeoutMs: OFFER_TIMEOUT_S * 1000,
  searchTimeoutMs: DISPATCH_TIMEOUT_S * 1000,
  idleGraceMs: DISPATCH_IDLE_GRACE_S * 1000,
  tickMs: 1000,
  radiiM: DISPATCH_RADII_M,
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
};

/**
 * Finds a driver for every ride in `requested`, one offer at a time. All of its state is in the database
 * (the ride's deadline, its offers), so a restart — or another process — picks up where it stopped:
 * - every tick, open offers past their expiry are closed and every requested ride is looked at;
 * - a ride is worked on under `for update skip locked`, so two processes never offer the same ride twice;
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

  /** Candidates for a ride: nearest first within the smallest radius that has any, ranked by pickup ETA. */
  async function candidates(ride: RideRow, trx: Kysely<DB>) {
    const tried = await trx.selectFrom('ride_offers').select('driver_id').where('ride_id', '=', ride.id).execute();
    const exclude = new Set(tried.map((t) => t.driver_id));
    const pickup = { lat: ride.pickup_lat, lng: ride.pickup_lng };
    for (const radius_m of options.radiiM) {
      const near = await geo.nearest(ride.city_id, pickup, { radius_m, limit: 10, exclude });
      if (near.length === 0) continue;
      // The index may be a few seconds behind: the database has the last word on who can take a ride.
      const eligible = await trx
        .selectFrom('drivers')
        .select(['id', 'user_id'])
        .where('id', 'in', near.map((n) => n.driverId))
        .where('verification_status', '=', 'approved')
        .where('status', '=', 'available')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('ride_offers').select(sql.lit(1).as('one')).whereRef('ride_offers.driver_id', '=', 'drivers.id').where('ride_offers.status', '=', 'offered'))),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('rides').select(sql.lit(1).as('one')).whereRef('rides.driver_id', '=', 'drivers.id').where('rides.status', 'in', ASSIGNED_STATUSES))),
        )
        .execute();
      if (eligible.length === 0) continue;
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
    return [];
  }

  async function endWithoutDriver(trx: Kysely<DB>, ride: RideRow) {
    const ended = await moveRide(trx, { rideId: ride.id, to: 'no_driver', actor: SYSTEM, set: { cancelled_by: 'system' } });
    if (!ended) return null;
    const notification = await createNotification(trx, { bus, push: deps.push }, { user_id: ride.rider_id, booking_id: ride.id, ...riderNotice.noDriver() });
    return { ride: ended, notification };
  }

  /** One look at one ride: offer it to the next driver, or end the search. Returns after commit. */
  async function processRide(rideId: string) {
    const now = new Date();
    const outcome = await db.transaction().execute(async (trx) => {
      const ride = await trx.selectFrom('rides').selectAll().where('id', '=', rideId).forUpdate().skipLocked().executeTakeFirst();
      if (!ride || !SEARCHING.includes(ride.status)) return null;
      const open = await trx.selectFrom('ride_offers').select(['id', 'expires_at']).where('ride_id', '=', ride.id).where('status', '=', 'offered').executeTakeFirst();
      if (open) return null; // waiting on a driver's answer; the tick expires it
      const deadline = ride.dispatch_deadline ? new Date(ride.dispatch_deadline) : new Date(new Date(ride.requested_at).getTime() + options.searchTimeoutMs);
      if (now >= deadline) return { kind: 'ended' as const, ended: await endWithoutDriver(trx, ride) };

      for (const candidate of await candidates(ride, trx)) {
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
        // The row is locked (for update): if it is not idle, there is nothing to clear.
        if (ride.dispatch_idle_since) await trx.updateTable('rides').set({ dispatch_idle_since: null }).where('id', '=', ride.id).execute();
        return { kind: 'offered' as const, offer, ride, driverUserId: candidate.userId };
      }

      // Nobody to ask. Wait a little for drivers coming online or finishing a trip, then give up.
      const idleSince = ride.dispatch_idle_since ? new Date(ride.dispatch_idle_since) : null;
      if (!idleSince) {
        await trx.updateTable('rides').set({ dispatch_idle_since: now }).where('id', '=', ride.id).execute();
        return null;
      }
      if (now.getTime() - idleSince.getTime() >= options.idleGraceMs) return { kind: 'ended' as const, ended: await endWithoutDriver(trx, ride) };
      return null;
    });
    if (!outcome) return;
    if (outcome.kind === 'offered') {
      const offer = offerView(outcome.offer, outcome.ride, options.offerTimeoutMs);
      await bus.publish({ channel: userChannel(outcome.driverUserId), event: 'ride.offer', data: { offer } });
      logger.debug({ rideId, driverId: outcome.offer.driver_id }, 'ride offered');
      return;
    }
    if (outcome.ended) {
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
    const now = new Date();
    // Offers nobody answered in time: close them, tell the driver, pass the ride on.
    const expired = await db
      .updateTable('ride_offers')
      .set({ status: 'expired', closed_at: now })
      .where('status', '=', 'offered')
      .where('expires_at', '<=', now)
      .returning(['id', 'ride_id', 'driver_id'])
      .execute();
    for (const offer of expired) await publishOfferClosed(offer.driver_id, offer.id, offer.ride_id, 'expired');
    const waiting = await db.selectFrom('rides').select('id').where('status', 'in', SEARCHING).orderBy('requested_at').limit(500).execute();
    for (const ride of waiting) kick(ride.id);
  }

  return {
    options,
    kick,
    start() {
      if (timer) return;
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
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
