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

/**
 * The hot path reads a driver's state once per GPS frame: from a short-lived cache, not the database.
 * Changes made in this process invalidate it at once; changes made by another process (scaled mode) are
 * seen within TTL_MS — a frame or two.
 */
export function createDriverDirectory(db: Kysely<DB>) {
  const cache = new Map<string, { at: number; state: DriverState | null }>();

  async function load(userId: string): Promise<DriverState | null> {
    const driver = await db
      .selectFrom('drivers')
      .select(['id', 'status', 'verification_status'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!driver) return null;
    const ride = await db
      .selectFrom('rides')
      .select(['id', 'status'])
      .where('driver_id', '=', driver.id)
      .where('status', 'in', ['accepted', 'arrived', 'in_progress'])
      .executeTakeFirst();
    return {
      driverId: driver.id,
      userId,
      online: driver.verification_status === 'approved' && driver.status === 'available',
      activeRideId: ride?.id ?? null,
      activeRideStatus: (ride?.status as DriverState['activeRideStatus']) ?? null,
    };
  }

  return {
    async get(userId: string, now = Date.now()): Promise<DriverState | null> {
      const hit = cache.get(userId);
      if (hit && now - hit.at < TTL_MS) return hit.state;
      const state = await load(userId);
      cache.set(userId, { at: now, state });
      if (cache.size > 50_000) cache.delete(cache.keys().next().value!);
      return state;
    },
    invalidate(userId: string) {
      cache.delete(userId);
    },
  };
}
export type DriverDirectory = ReturnType<typeof createDriverDirectory>;
