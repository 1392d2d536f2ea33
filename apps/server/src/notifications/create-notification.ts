import { userChannel } from '@openride/shared/realtime';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Bus } from '../realtime/bus';
import type { NewNotification } from './notifications.repo';

/**
 * Write a notification inside the caller's transaction. The returned `publish` is to be called after
 * commit: an event for a row that was rolled back would send the bell to fetch nothing.
 */
export async function createNotification(trx: Kysely<DB>, bus: Bus, input: NewNotification) {
  const row = await trx.insertInto('notifications').values(input).returningAll().executeTakeFirstOrThrow();
  return {
    notification: row,
    publish: () => bus.publish({ channel: userChannel(input.user_id), event: 'notification.changed', data: { id: row.id, op: 'insert' } }),
  };
}
