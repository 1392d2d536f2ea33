import type { PushPayload } from '@openride/shared/push/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { PushSender } from './push-sender';

export type PushDispatcher = {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Send to every subscription of the user, in the background: never delays nor fails the caller. */
  notifyUser(userId: string, payload: PushPayload): void;
  /** Resolves when every send started so far has finished (shutdown, tests). */
  idle(): Promise<void>;
};

export function createPushDispatcher(deps: { db: Kysely<DB>; sender: PushSender; logger: Logger; publicKey: string }): PushDispatcher {
  const inFlight = new Set<Promise<void>>();

  async function deliver(userId: string, payload: PushPayload) {
    const subscriptions = await deps.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .execute();
    if (subscriptions.length === 0) return;
    const body = JSON.stringify(payload);
    await Promise.all(
      subscriptions.map(async (sub) => {
        try {
          const outcome = await deps.sender.send({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body);
          if (outcome === 'gone') {
            // The browser unsubscribed or the subscription expired: it will never deliver again.
            await deps.db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
            deps.logger.info({ userId, subscriptionId: sub.id }, 'push subscription gone; removed');
          }
        } catch (err) {
          deps.logger.warn({ err, userId, subscriptionId: sub.id }, 'push delivery failed');
        }
      }),
    );
  }

  return {
    publicKey: deps.publicKey,
    notifyUser(userId, payload) {
      const task = deliver(userId, payload)
        .catch((err) => deps.logger.error({ err, userId }, 'push dispatch failed'))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
