import { notificationPageQuerySchema, notificationUpdateSchema } from '@openride/shared/notifications/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { listNotificationCenter } from './list-notification-center';
import { markNotificationsRead } from './mark-notifications-read';
import { countUnreadNotifications, listNotificationsJson } from './notifications.repo';

export function notificationRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  /**
   * §7: all fields for the current user, newest first, 50. Polled every 5 s: the session comes from the
   * signed cookie (no lookup) and the body is the JSON the database wrote (decision 0013).
   */
  app.get('/api/notifications', async (c) => {
    const user = requireUser(c);
    return c.body(await listNotificationsJson(db, user.id), 200, { 'Content-Type': 'application/json' });
  });

  /** The bell's badge: all of the caller's unread, not only those among the 50 newest (issue 27). */
  app.get('/api/notifications/unread-count', async (c) => {
    const user = requireUser(c);
    return c.json({ unread: await countUnreadNotifications(db, user.id) });
  });

  /** §7: is_read true by id, or all of the current user's unread. Only ever the caller's own rows. */
  app.patch('/api/notifications', async (c) => {
    const user = requireUser(c);
    const input = notificationUpdateSchema.parse(await c.req.json());
    return c.json({ updated: await markNotificationsRead(services, user.id, input) });
  });

  /** The notification center (decision 0059): a keyset page of the caller's own, by kind and unread. */
  app.get('/api/notifications/all', async (c) => {
    const user = requireUser(c);
    return c.json(await listNotificationCenter(db, user.id, notificationPageQuerySchema.parse(c.req.query())));
  });

  return app;
}
