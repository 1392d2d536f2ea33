import { userChannel } from '@openride/shared/realtime';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PushDispatcher } from '../push/push-dispatcher';
import type { Bus } from '../realtime/bus';
import type { NewNotification } from './notifications.repo';

export type NotificationDeps = { bus: Bus; push: Pick<PushDispatcher, 'enqueue' | 'wake'> };

/**
 * Write a notification inside the caller's transaction, with its Web Push jobs (decision 0027): both commit
 * or neither does. The returned `publish` is to be called after commit: it tells the user's open tabs (bus)
 * and wakes the push workers. An event for a row that was rolled back would announce something that does
 * not exist.
 * `pushType` is the push data `type` (§3, e.g. driver_message) the service worker routes a tap by.
 */
export async function createNotification(trx: Kysely<DB>, deps: NotificationDeps, input: NewNotification, opts: { pushType?: string } = {}) {
  // Decision 0059: every row has a kind (the center filters by it); about a booking → ride, else account.
  const values = { ...input, kind: input.kind ?? (input.booking_id ? 'ride' : 'account'), link: input.link ?? null } as const;
  const row = await trx.insertInto('notifications').values(values).returningAll().executeTakeFirstOrThrow();
  await deps.push.enqueue(
    trx,
    input.user_id,
    {
      title: row.title,
      body: row.message,
      ...(row.booking_id ? { bookingId: row.booking_id } : {}),
      ...(opts.pushType ? { type: opts.pushType } : {}),
      // The notification's kind decides which preference the push obeys (decision 0058).
    },
    { kind: values.kind },
  );
  return {
    notification: row,
    async publish() {
      deps.push.wake();
      await deps.bus.publish({ channel: userChannel(input.user_id), event: 'notification.changed', data: { id: row.id, op: 'insert' } });
    },
  };
}
