import { NOTIFICATIONS_LIMIT } from '@openride/shared/constants';
import type { Kysely } from 'kysely';
import type { DB, NotificationsTable } from '../db/schema';

export function listNotifications(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(NOTIFICATIONS_LIMIT)
    .execute();
}

export type NewNotification = Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'booking_id'>;
