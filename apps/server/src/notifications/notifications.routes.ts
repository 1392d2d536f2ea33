import { notificationUpdateSchema } from '@openride/shared/notifications/schemas';
import { userChannel } from '@openride/shared/realtime';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { listNotificationsJson } from './notifications.repo';

export function notificationRoutes(services: Services) {
  const { db, bus } = services;
  const app = new Hono<AppEnv>();

  /**
   * §7: all fields for the current user, newest first, 50. Polled every 5 s: the session comes from the
   * signed cookie (no lookup) and the body is the JSON the database wrote (decision 0013).
   */
  app.get('/api/notifications', async (c) => {
    const user = requireUser(c);
    return c.body(await listNotificationsJson(db, user.id), 200, { 'Content-Type': 'application/json' });
  });

  /** §7: is_read true by id, or all of the current user's unread. Only ever the caller's own rows. */
  app.patch('/api/notifications', async (c) => {
    const user = requireUser(c);
    const input = notificationUpdateSchema.parse(await c.req.json());
    let query = db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', user.id).where('is_read', '=', false);
    if ('id' in input) query = query.where('id', '=', input.id);
    const result = await query.executeTakeFirst();
    const updated = Number(result.numUpdatedRows);
    if (updated > 0) await bus.publish({ channel: userChannel(user.id), event: 'notification.changed', data: { op: 'update' } });
    return c.json({ updated });
  });

  return app;
}
