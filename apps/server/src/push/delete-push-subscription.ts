import type { Ports } from '../ports';
/** Forget one of the caller's own subscriptions (another user's endpoint is left alone: 0 deleted). */
export async function deletePushSubscription(services: Pick<Ports, 'db'>, userId: string, endpoint: string): Promise<number> {
  const result = await services.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
