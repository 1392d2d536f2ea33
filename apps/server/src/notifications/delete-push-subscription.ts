import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
/** Forget one of the caller's own subscriptions (another user's endpoint is left alone: 0 deleted). */
export async function deletePushSubscription(services: { db: Kysely<DB> }, userId: string, endpoint: string): Promise<number> {
  const result = await services.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
