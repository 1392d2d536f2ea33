import { allowsChannel, type PrefKind, prefKindOf } from '@openride/shared/account/notification-prefs';
import type { PushPayload } from '@openride/shared/push/schemas';
import type { Kysely } from 'kysely';
import type { PrefsOf } from '../messaging/messenger';
import type { DB } from '../db/schema';
import type { Jobs } from '../jobs/jobs';
import type { Logger } from '../lib/logger';
import type { PushSender } from './push-sender';

export type PushDispatcher = {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /**
   * Queue one push job per subscription of the user, inside the caller's transaction (decision 0027): the
   * pushes exist only if the notification they announce commits, and survive a crash once it has.
   * Nothing is queued when the user switched push off for the message's kind (decision 0058): `kind` is the
   * notification's kind when known, else inferred (see `pushPrefKind`).
   */
  enqueue(trx: Kysely<DB>, userId: string, payload: PushPayload, opts?: { kind?: string | null }): Promise<void>;
  /** After commit: this process's workers pick the queued pushes up now rather than at their next poll. */
  wake(): void;
  /** Resolves when no push is being sent or due (a push waiting for its retry is not due): shutdown, tests. */
  idle(): Promise<void>;
  /** The push-send job's work: one message to one subscription. */
  deliver(data: { subscriptionId: string; payload: PushPayload }): Promise<void>;
};

export function createPushDispatcher(deps: {
  db: Kysely<DB>;
  jobs: Jobs;
  sender: PushSender;
  logger: Logger;
  publicKey: string;
  prefsOf: PrefsOf;
}): PushDispatcher {
  return {
    publicKey: deps.publicKey,
    async enqueue(trx, userId, payload, opts = {}) {
      const kind = pushPrefKind(payload, opts.kind);
      if (kind && kind !== 'safety' && !allowsChannel(await deps.prefsOf(trx, userId), kind, 'push')) return;
      const subscriptions = await trx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
      for (const sub of subscriptions) await deps.jobs.sendIn(trx, 'push-send', { subscriptionId: sub.id, payload });
    },
    wake: () => deps.jobs.wake('push-send'),
    idle: () => deps.jobs.idle(['push-send']),
    deliver: (data) => deliverPush(deps, data),
  };
}

/**
 * Which preference a push falls under: the notification's kind (createNotification always passes it,
 * decision 0059); a push sent without one that is about a booking counts as rides. Kinds without a switch
 * (document, support, account) are always sent.
 */
export function pushPrefKind(payload: PushPayload, kind?: string | null): PrefKind | null {
  return prefKindOf(kind) ?? (payload.bookingId ? 'rides' : null);
}

/**
 * The push-send job: one message to one subscription. 'gone' (404/410) forgets the subscription; any other
 * failure throws, and pg-boss tries again after a backoff. A subscription deleted meanwhile is skipped.
 */
export async function deliverPush(deps: { db: Kysely<DB>; sender: PushSender; logger: Logger }, data: { subscriptionId: string; payload: PushPayload }) {
  const sub = await deps.db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', data.subscriptionId)
    .executeTakeFirst();
  if (!sub) return;
  const outcome = await deps.sender.send({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(data.payload));
  if (outcome === 'gone') {
    // The browser unsubscribed or the subscription expired: it will never deliver again.
    await deps.db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
    deps.logger.info({ userId: sub.user_id, subscriptionId: sub.id }, 'push subscription gone; removed');
  }
}
