import { pushRoutes as pushContract } from '@openride/shared/push/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { deletePushSubscription } from './delete-push-subscription';
import { savePushSubscription } from './save-push-subscription';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'push'>;

export function pushRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, pushContract);

  /** Public: the service worker needs the key before anyone signs in. */
  on('GET /api/push/config', () => ({ status: 200, body: { publicKey: services.push.publicKey } }));

  on('POST /api/push/subscriptions', async ({ user, body }) => ({ status: 201, body: { subscription: await savePushSubscription(services, user.id, body) } }));

  on('DELETE /api/push/subscriptions', async ({ user, body }) => ({
    status: 200,
    body: { deleted: await deletePushSubscription(services, user.id, body.endpoint) },
  }));

  return app;
}
