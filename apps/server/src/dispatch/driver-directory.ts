import { ASSIGNED_STATUSES } from '@openride/shared/rides/ride-state';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** What the location path and dispatch need to know about a driver, by user id. */
export type DriverState = {
  driverId: string;
  userId: string;
  /** Approved and switched online. */
  online: boolean;
  /** The ride they are on (accepted, arrived, in progress), if any. */
  activeRideId: string | null;
  activeRideStatus: 'accepted' | 'arrived' | 'in_progress' | null;
};

const TTL_MS = 3000;
/** How often the states of drivers still sending frames are reloaded ahead of expiry. */
const REFRESH_EVERY_MS = 1000;
/** At most this many users per batched load (one `in (...)` list). */
const BATCH_MAX = 500;

type Waiter = { resolve(state: DriverState | null): void; reject(err: unknown): void };

/**
 * The hot path reads a driver's state once per GPS frame: from a short-lived cache, not the database.
 * Changes made in this process invalidate it at once; changes made by another process (scaled mode) are
 * seen within TTL_MS — a frame or two.
 *
 * Cache misses are batched: every miss of one event-loop turn (thousands of drivers' frames arrive
 * together) is loaded by two queries for all of them, not two per driver. A load that an invalidation
 * overtook is returned to its callers but not cached.
 *
 * Refresh ahead: a phone sends a frame every few seconds, longer apart than TTL_MS, so each frame would
 * miss. Once a second the states of drivers read in the last few seconds that are older than
 * TTL_MS - REFRESH_EVERY_MS are reloaded (batched as above); their frames then hit a state never older
 * than TTL_MS, as before, without a query of their own.
 */
export function createDriverDirectory(db: Kysely<DB>) {
  const cache = new Map<string, { at: number; state: DriverState | null }>();
  /** Bumped by invalidate(): a load started before it must not fill the cache with what it read. */
  const generation = new Map<string, number>();
  let queued = new Map<string, Waiter[]>();
  let scheduled = false;
  /** When each user's state was last asked for: who is still sending frames. */
  const lastRead = new Map<string, number>();

  async function loadMany(userIds: string[]): Promise<Map<string, DriverState | null>> {
    const rows = await db
      .selectFrom('drivers')
      .select(['id', 'user_id', 'status', 'verification_status', 'created_at'])
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .orderBy('created_at', 'desc')
      .execute();
    // A user's newest driver record is theirs (as before: order by created_at desc limit 1).
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (!latest.has(row.user_id)) latest.set(row.user_id, row);
    const driverIds = [...latest.values()].map((d) => d.id);
    const rides = driverIds.length
      ? await db
          .selectFrom('rides')
          .select(['id', 'status', 'driver_id'])
          .where('driver_id', 'in', driverIds)
          .where('status', 'in', ASSIGNED_STATUSES)
          .execute()
      : [];
    const rideOf = new Map(rides.map((r) => [r.driver_id!, r]));
    const out = new Map<string, DriverState | null>();
    for (const userId of userIds) {
      const driver = latest.get(userId);
      if (!driver) {
        out.set(userId, null);
        continue;
      }
      const ride = rideOf.get(driver.id);
      out.set(userId, {
        driverId: driver.id,
        userId,
        online: driver.verification_status === 'approved' && driver.status === 'available',
        activeRideId: ride?.id ?? null,
        activeRideStatus: (ride?.status as DriverState['activeRideStatus']) ?? null,
      });
    }
    return out;
  }

  async function flush() {
    scheduled = false;
    const batch = queued;
    queued = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += BATCH_MAX) {
      const chunk = ids.slice(i, i + BATCH_MAX);
      const startedAt = Date.now();
      const gens = chunk.map((id) => generation.get(id) ?? 0);
      try {
        const states = await loadMany(chunk);
        chunk.forEach((id, j) => {
          const state = states.get(id) ?? null;
          if ((generation.get(id) ?? 0) === gens[j]) cache.set(id, { at: startedAt, state });
          for (const w of batch.get(id)!) w.resolve(state);
        });
        if (cache.size > 50_000) for (const key of [...cache.keys()].slice(0, cache.size - 50_000)) cache.delete(key);
      } catch (err) {
        for (const id of chunk) for (const w of batch.get(id)!) w.reject(err);
      }
    }
  }

  const enqueue = (userId: string, waiter?: Waiter) => {
    const waiters = queued.get(userId);
    if (!waiters) queued.set(userId, waiter ? [waiter] : []);
    else if (waiter) waiters.push(waiter);
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => void flush());
    }
  };

  const refresher = setInterval(() => {
    const now = Date.now();
    for (const [userId, readAt] of lastRead) {
      if (now - readAt > 3 * TTL_MS) {
        lastRead.delete(userId);
        continue;
      }
      const hit = cache.get(userId);
      if (hit && now - hit.at >= TTL_MS - REFRESH_EVERY_MS && !queued.has(userId)) enqueue(userId);
    }
  }, REFRESH_EVERY_MS);
  refresher.unref();

  return {
    async get(userId: string, now = Date.now()): Promise<DriverState | null> {
      lastRead.set(userId, now);
      const hit = cache.get(userId);
      if (hit && now - hit.at < TTL_MS) return hit.state;
      return new Promise<DriverState | null>((resolve, reject) => enqueue(userId, { resolve, reject }));
    },
    invalidate(userId: string) {
      cache.delete(userId);
      generation.set(userId, (generation.get(userId) ?? 0) + 1);
      if (generation.size > 50_000) generation.delete(generation.keys().next().value!);
    },
    close() {
      clearInterval(refresher);
    },
  };
}
export type DriverDirectory = ReturnType<typeof createDriverDirectory>;
