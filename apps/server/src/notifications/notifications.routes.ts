import { notificationRoutes as notificationContract } from '@openride/shared/notifications/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { listNotificationCenter } from './list-notification-center';
import { markNotificationsRead } from './mark-notifications-read';
import { countUnreadNotifications, listNotificationsJson } from './notifications.repo';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db'>;

export function notificationRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, notificationContract);

  /**
   * §7: all fields for the current user, newest first, 50. Polled every 5 s: the session comes from the
   * signed cookie (no lookup) and the body is the JSON the database wrote (decision 0013), so it is sent as is.
   */
  on('GET /api/notifications', async ({ c, user }) => c.body(await listNotificationsJson(db, user.id), 200, { 'Content-Type': 'application/json' }));

  /** The bell's badge: all of the caller's unread, not only those among the 50 newest (issue 27). */
  on('GET /api/notifications/unread-count', async ({ user }) => ({ status: 200, body: { unread: await countUnreadNotifications(db, user.id) } }));

  /** §7: is_read true by id, or all of the current user's unread. Only ever the caller's own rows. */
  on('PATCH /api/notifications', async ({ user, body }) => ({ status: 200, body: { updated: await markNotificationsRead(services, user.id, body) } }));

  /** The notification center (decision 0059): a keyset page of the caller's own, by kind and unread. */
  on('GET /api/notifications/all', async ({ user, query }) => ({ status: 200, body: await listNotificationCenter(db, user.id, query) }));

  return app;
}
