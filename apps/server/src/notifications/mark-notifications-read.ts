import type { notificationUpdateSchema } from '@openride/shared/notifications/schemas';
import { userChannel } from '@openride/shared/realtime';
import type { z } from 'zod';
import type { Ports } from '../ports';

type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;

/**
 * §7: is_read true by id, or all of the user's unread. Only ever the user's own rows; their other tabs
 * hear of it so their bells agree. Returns how many rows changed.
 */
export async function markNotificationsRead(services: Pick<Ports, 'db' | 'bus'>, userId: string, input: NotificationUpdate) {
  let query = services.db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('is_read', '=', false);
  if ('id' in input) query = query.where('id', '=', input.id);
  const updated = Number((await query.executeTakeFirst()).numUpdatedRows);
  if (updated > 0) await services.bus.publish({ channel: userChannel(userId), event: 'notification.changed', data: { op: 'update' } });
  return updated;
}
