import type { PushSubscriptionInput } from '@openride/shared/push/schemas';
import { sql } from 'kysely';
import type { Services } from '../http/context';
import { badRequest } from '../lib/errors';
import { isKnownPushService } from './push-endpoint';

/** Enough for a phone, a laptop and a few browsers; bounds the fan-out of one notification. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Upsert by endpoint, owned by the caller. An endpoint belongs to one browser profile: when another
 * account signs in there and subscribes, the subscription moves to that account (the previous one
 * must stop receiving this browser's pushes). The caller's oldest subscriptions beyond the cap go.
 */
export async function savePushSubscription(services: Pick<Services, 'db'>, userId: string, input: PushSubscriptionInput) {
  if (!isKnownPushService(input.endpoint)) throw badRequest('This push service is not supported.');
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: sql<Date>`now()` }),
      )
      .returning(['id', 'endpoint', 'created_at'])
      .executeTakeFirstOrThrow();
    const keep = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', keep).execute();
    return row;
  });
}
