import type { notificationPageQuerySchema } from '@openride/shared/notifications/schemas';
import type { NotificationCenterItem, NotificationPage } from '@openride/shared/notifications/views';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { keysetPage, type KeysetSpec } from '../lib/keyset';
import { countUnreadNotifications } from './notifications.repo';

type Query = z.output<typeof notificationPageQuerySchema>;

const spec: KeysetSpec<'created_at'> = {
  sorts: { created_at: { expr: 'notifications.created_at', type: 'timestamptz' } },
  id: { ref: 'notifications.id', type: 'uuid' },
};

/**
 * /notifications (decision 0059): the caller's notifications, newest first, a keyset page at a time, by kind
 * and/or unread only; and their unread count. Every row is chosen by the caller's id, never by one from the request.
 */
export async function listNotificationCenter(db: Kysely<DB>, userId: string, query: Query): Promise<NotificationPage> {
  let rows = db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'type', 'title', 'message', 'is_read', 'booking_id', 'created_at', 'kind', 'link'])
    .where('user_id', '=', userId);
  if (query.kind) rows = rows.where('kind', '=', query.kind);
  if (query.unread) rows = rows.where('is_read', '=', false);
  const [page, unread] = await Promise.all([
    keysetPage(db, rows, spec, { sort: 'created_at', dir: 'desc', cursor: query.cursor, limit: query.limit }),
    countUnreadNotifications(db, userId),
  ]);
  const items: NotificationCenterItem[] = page.items.map((n) => ({ ...n, created_at: new Date(n.created_at).toISOString() }));
  return { items, next_cursor: page.next_cursor, ...(page.total === undefined ? {} : { total: page.total }), unread };
}
