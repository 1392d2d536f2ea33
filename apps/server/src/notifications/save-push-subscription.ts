import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PushSubscriptionInput } from '@openride/shared/push/schemas';
import { sql } from 'kysely';
import { badRequest, domainError } from '../lib/errors';
import { isKnownPushService } from '../push/push-endpoint';

/** Enough for a phone, a laptop and a few browsers; bounds the fan-out of one notification. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Upsert by endpoint for the caller. An endpoint another account holds never changes owner (409
 * PUSH_ENDPOINT_TAKEN, decision 0022): whoever learnt it would otherwise receive that person's pushes. A
 * browser where another account signs in drops its subscription and makes a new one (a new endpoint) instead.
 * The caller's oldest subscriptions beyond the cap go.
 */
export async function savePushSubscription(services: { db: Kysely<DB> }, userId: string, input: PushSubscriptionInput) {
  if (!isKnownPushService(input.endpoint)) throw badRequest('This push service is not supported.');
  return services.db.transaction().execute(async (trx) => {
    // The update applies only to the caller's own row: on another account's endpoint it touches nothing and
    // returns no row, in the same statement (no window between a check and the write).
    const row = await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: sql<Date>`now()` })
          .where('push_subscriptions.user_id', '=', userId),
      )
      .returning(['id', 'endpoint', 'created_at'])
      .executeTakeFirst();
    if (!row) throw domainError('PUSH_ENDPOINT_TAKEN');
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
