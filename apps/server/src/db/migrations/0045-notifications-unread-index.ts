import { type Kysely, sql } from 'kysely';

/**
 * The bell's unread count (issue 27): only unread rows, by user. The count reads as many index entries as the
 * user has unread notifications, instead of every notification they ever had (nothing expires them).
 */
export async function up(db: Kysely<any>) {
  await sql`create index notifications_unread_idx on notifications (user_id) where not is_read`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index notifications_unread_idx`.execute(db);
}
