import { NOTIFICATIONS_LIMIT } from '@openride/shared/constants';
import { type Kysely, sql } from 'kysely';
import type { DB, NotificationKind, NotificationsTable } from '../db/schema';

export function listNotifications(db: Kysely<DB>, userId: string) {
  return (
    db
      .selectFrom('notifications')
      // The bell's fields (§7), in the poll's order: the center's kind and link are not the bell's.
      .select(['id', 'user_id', 'type', 'title', 'message', 'is_read', 'booking_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(NOTIFICATIONS_LIMIT)
      .execute()
  );
}

/**
 * The same rows as `listNotifications`, already as the JSON array the poll answers (decision 0013): the
 * database writes it in one text value, so the server neither parses 50 rows × 8 fields and their dates nor
 * stringifies them again; a named prepared statement, planned once per connection. Same fields, same order, newest first; `created_at` in the form `Date#toJSON`
 * gives (UTC, milliseconds, `Z`).
 */
export async function listNotificationsJson(db: Kysely<DB>, userId: string): Promise<string> {
  const { rows } = await sql<{ body: string }>`/* prepared: notifications_poll */
    select coalesce(json_agg(n), '[]')::text as body
      from (select id, user_id, type, title, message, is_read, booking_id,
                   to_char(notifications.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
              from notifications
             where user_id = ${userId}
             order by notifications.created_at desc
             limit ${NOTIFICATIONS_LIMIT}) n`.execute(db);
  return rows[0]!.body;
}

/**
 * Every unread notification of the user (the bell's badge and the center's count), whatever the 50 the poll
 * lists. The partial index `notifications_unread_idx` (migration 0045) holds only unread rows, so the count
 * reads as many entries as there are unread, never the user's whole history.
 */
export async function countUnreadNotifications(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new row: `kind` defaults to ride when it is about a booking, else account; `link` to none. */
export type NewNotification = Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'booking_id'> & {
  kind?: NotificationKind;
  link?: string | null;
};
