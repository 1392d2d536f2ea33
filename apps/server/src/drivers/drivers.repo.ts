import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** §7: id, status, verification_status, created_at of the user's newest driver record. */
export function latestDriverOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('drivers')
    .select(['id', 'status', 'verification_status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
