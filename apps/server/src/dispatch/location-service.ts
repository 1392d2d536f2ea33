import { type LocationFrame, rideChannel, type ServerFrame, userChannel } from '@openride/shared/realtime';
import { LOCATION_MAX_ACCURACY_M, LOCATION_MIN_INTERVAL_MS } from '@openride/shared/rides/dispatch';
import type { LatLng } from '@openride/shared/rides/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DEFAULT_GEO_TTL_MS, type GeoIndex } from '../geo/geo-index';
import type { Logger } from '../lib/logger';
import type { Bus, BusMessage, BusSubscription } from '../realtime/bus';
import { greatCircleRouting } from '../routing/great-circle-routing';
import type { BreadcrumbWriter } from './breadcrumbs';
import type { ZoneLocator } from '../zones/zone-locator';
import type { DriverDirectory } from './driver-directory';

import type { DriverFix } from '../rides/dispatch-port';

export type { DriverFix };

type RideEnds = { pickup: LatLng; dropoff: LatLng };

/** Live ETAs are estimated on every frame: the cheap great-circle estimate, never a routing call per frame. */
const estimator = greatCircleRouting(1.3, 25, { geometry: false });

type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

/** A fix from a driver who is offline (or not yet online for this server: going online races the first fixes). */
export const OFFLINE_REFUSAL = 'Go online to share your location';

/**
 * How long after a driver's last frame this process keeps following their `user:` room: as long as the
 * position that frame put in the geo index can live, so an offline driver's entry is always taken out.
 */
const FOLLOW_MS = DEFAULT_GEO_TTL_MS;

/**
 * The hot path: a driver's GPS frame. Validated (role, accuracy, rate), then either
 * - the driver is available: their position goes into the geo index dispatch searches, or
 * - the driver is on a ride: the position is forwarded to the ride's room (with an ETA) and buffered as a
 *   breadcrumb of the ride's path.
 * No database read per frame (the driver's state is cached), no database write per frame (breadcrumbs are
 * batched).
 */
export function createLocationService(deps: {
  db: Kysely<DB>;
  bus: Bus;
  geo: GeoIndex;
  drivers: DriverDirectory;
  zones: ZoneLocator;
  breadcrumbs: BreadcrumbWriter;
  logger: Logger;
  /** Counts each frame's fate (metrics): relayed to a ride's room, indexed for dispatch, dropped or refused. */
  onFrame?: (result: 'relayed' | 'indexed' | 'dropped' | 'refused') => void;
}) {
  const { db, bus, geo, drivers, zones, breadcrumbs } = deps;
  // Returns nothing on purpose: `return count(…)` ends handleFrame with no refusal.
  const count = (result: 'relayed' | 'indexed' | 'dropped' | 'refused'): void => {
    deps.onFrame?.(result);
  };
  const lastTaken = new Map<string, number>();
  const cityOf = new Map<string, string>();
  const lastFix = new Map<string, DriverFix & { driverId: string }>();
  const rideEnds = new Map<string, RideEnds>();

  async function endsOf(rideId: string): Promise<RideEnds | null> {
    const hit = rideEnds.get(rideId);
    if (hit) return hit;
    const row = await db.selectFrom('rides').select(['pickup_lat', 'pickup_lng', 'dropoff_lat', 'dropoff_lng']).where('id', '=', rideId).executeTakeFirst();
    if (!row) return null;
    const ends = { pickup: { lat: row.pickup_lat, lng: row.pickup_lng }, dropoff: { lat: row.dropoff_lat, lng: row.dropoff_lng } };
    rideEnds.set(rideId, ends);
    if (rideEnds.size > 10_000) rideEnds.delete(rideEnds.keys().next().value!);
    return ends;
  }

  async function removeFromIndex(driverId: string) {
    const city = cityOf.get(driverId);
    if (city) await geo.remove(city, driverId);
    else for (const c of await zones.cities()) await geo.remove(c.id, driverId);
  }

  // A driver's state changes (online/offline, a ride taken or ended) arrive as events on their `user:` room,
  // from this process or another: forget the cached state; take an offline driver out of the index now,
  // not when their last fix expires. Only the drivers whose frames this process takes matter here (the
  // directory caches no one else, and their index entries come from those frames), so it follows the rooms
  // of those drivers alone, from their first frame until FOLLOW_MS after their last (decision 0029).
  async function onChange(message: BusMessage) {
    if (!message.channel.startsWith('user:') || (message.event !== 'driver.changed' && message.event !== 'ride.changed')) return;
    const userId = message.channel.slice('user:'.length);
    drivers.invalidate(userId);
    try {
      const state = await drivers.get(userId);
      if (state && (!state.online || state.activeRideId)) await removeFromIndex(state.driverId);
    } catch (err) {
      deps.logger.warn({ err, userId }, 'could not refresh a driver after a change');
    }
  }
  const followed = new Map<string, { room: BusSubscription; lastFrame: number }>();
  /** Called on each frame, before the driver's state is read: a change committed after that read is heard. */
  function follow(userId: string) {
    const hit = followed.get(userId);
    if (hit) hit.lastFrame = performance.now();
    else followed.set(userId, { room: bus.subscribe(userChannel(userId), (m) => void onChange(m)), lastFrame: performance.now() });
  }
  function unfollow(userId: string) {
    followed.get(userId)?.room.unsubscribe();
    followed.delete(userId);
  }
  const sweeper = setInterval(() => {
    const cutoff = performance.now() - FOLLOW_MS;
    for (const [userId, f] of followed) if (f.lastFrame < cutoff) unfollow(userId);
  }, 10_000);
  sweeper.unref();

  return {
    async handleFrame(userId: string, frame: LocationFrame, now = Date.now()): Promise<ErrorFrame | void> {
      if (frame.accuracy !== undefined && frame.accuracy > LOCATION_MAX_ACCURACY_M) {
        count('refused');
        return { type: 'error', code: 'BAD_REQUEST', message: `Location accuracy must be ${LOCATION_MAX_ACCURACY_M} m or better` };
      }
      follow(userId);
      const state = await drivers.get(userId, now);
      if (!state) {
        unfollow(userId);
        count('refused');
        return { type: 'error', code: 'FORBIDDEN', message: 'Only drivers share their location' };
      }
      const previous = lastTaken.get(state.driverId);
      if (previous !== undefined && now - previous < LOCATION_MIN_INTERVAL_MS) return count('dropped'); // too soon
      lastTaken.set(state.driverId, now);

      const at = new Date(now);
      const fix = { lat: frame.lat, lng: frame.lng, heading: frame.heading ?? null, at: at.toISOString() };
      if (state.activeRideId) {
        lastFix.set(state.activeRideId, { ...fix, driverId: state.driverId });
        breadcrumbs.add({
          ride_id: state.activeRideId,
          at,
          lat: frame.lat,
          lng: frame.lng,
          accuracy: frame.accuracy ?? null,
          heading: frame.heading ?? null,
          speed: frame.speed ?? null,
        });
        const ends = await endsOf(state.activeRideId);
        const target = ends && (state.activeRideStatus === 'in_progress' ? ends.dropoff : ends.pickup);
        const eta_s = target ? (await estimator.route(frame, target)).duration_s : null;
        await bus.publish({ channel: rideChannel(state.activeRideId), event: 'driver.location', data: { ride_id: state.activeRideId, ...fix, eta_s } });
        return count('relayed');
      }
      if (!state.online) {
        count('refused');
        return { type: 'error', code: 'FORBIDDEN', message: OFFLINE_REFUSAL };
      }
      const city = await zones.cityAt(frame);
      const before = cityOf.get(state.driverId);
      if (before && before !== city) await geo.remove(before, state.driverId);
      if (!city) {
        cityOf.delete(state.driverId);
        return;
      }
      cityOf.set(state.driverId, city);
      await geo.upsert(city, state.driverId, frame);
      count('indexed');
    },
    /** The latest fix of the driver on this ride, if this process took one. */
    lastFixOf(rideId: string): DriverFix | null {
      const fix = lastFix.get(rideId);
      return fix ? { lat: fix.lat, lng: fix.lng, heading: fix.heading, at: fix.at } : null;
    },
    forgetRide(rideId: string) {
      lastFix.delete(rideId);
      rideEnds.delete(rideId);
    },
    removeFromIndex,
    close() {
      clearInterval(sweeper);
      for (const userId of [...followed.keys()]) unfollow(userId);
    },
  };
}
export type LocationService = ReturnType<typeof createLocationService>;
