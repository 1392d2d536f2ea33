import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { findRideFor, isRideId } from './rides.repo';

/** `ride:{id}` — the room later slices forward the driver's location and the chat to: its rider and assigned driver only. */
export async function canJoinRideRoom(db: Kysely<DB>, userId: string, rideId: string) {
  if (!isRideId(rideId)) return false;
  return (await findRideFor(db, userId, rideId)) !== undefined;
}
