import { type NotificationPrefs, prefsFromRows } from '@openride/shared/account/notification-prefs';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * A user's notification preferences: the switches they turned off over "all on" (decision 0058). Beside the
 * schema because the account (which writes them), push and messaging (which obey them) all read it, and push
 * and messaging may import no domain above them.
 */
export async function notificationPrefsOf(db: Kysely<DB>, userId: string): Promise<NotificationPrefs> {
  const rows = await db.selectFrom('notification_preferences').select(['kind', 'channel', 'enabled']).where('user_id', '=', userId).execute();
  return prefsFromRows(rows);
}
