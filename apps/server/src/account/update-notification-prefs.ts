import { notificationPrefsUpdateSchema } from '@openride/shared/account/schemas';
import { domainError } from '../lib/errors';
import { notificationPrefsOf } from './notification-prefs';
import type { Ports } from '../ports';

/**
 * Switch channels on or off per kind. Safety cannot be switched off (SAFETY_ALWAYS_ON, nothing changed);
 * switching safety on is a no-op. A switch back on deletes the row (the default is on).
 */
export async function updateNotificationPrefs(services: Pick<Ports, 'db'>, userId: string, raw: unknown) {
  const { changes } = notificationPrefsUpdateSchema.parse(raw);
  if (changes.some((c) => c.kind === 'safety' && !c.enabled)) throw domainError('SAFETY_ALWAYS_ON');
  await services.db.transaction().execute(async (trx) => {
    for (const change of changes) {
      if (change.kind === 'safety') continue;
      const key = { user_id: userId, kind: change.kind, channel: change.channel };
      if (change.enabled) {
        await trx
          .deleteFrom('notification_preferences')
          .where('user_id', '=', userId)
          .where('kind', '=', change.kind)
          .where('channel', '=', change.channel)
          .execute();
      } else {
        await trx
          .insertInto('notification_preferences')
          .values({ ...key, enabled: false })
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled: false, updated_at: new Date() }))
          .execute();
      }
    }
  });
  return { notification_preferences: await notificationPrefsOf(services.db, userId) };
}
