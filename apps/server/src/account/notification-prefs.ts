import { type NotificationPrefs, prefsFromRows } from '@openride/shared/account/notification-prefs';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A user's notification preferences: the switches they turned off over "all on" (decision 0058). The account
 * owns them; push and messaging, below every domain, obey them through the `PrefsOf` they are built with
 * (server.ts hands them this function), so they import nothing of the account.
 */
export async function notificationPrefsOf(db: Kysely<DB>, userId: string): Promise<NotificationPrefs> {
  const rows = await db.selectFrom('notification_preferences').select(['kind', 'channel', 'enabled']).where('user_id', '=', userId).execute();
  return prefsFromRows(rows);
}
