import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@openride/shared/push/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { deletePushSubscription } from './delete-push-subscription';
import { savePushSubscription } from './save-push-subscription';

export function pushRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  /** Public: the service worker needs the key before anyone signs in. */
  app.get('/api/push/config', (c) => c.json({ publicKey: services.push.publicKey }));

  app.post('/api/push/subscriptions', async (c) => {
    const user = requireUser(c);
    const input = pushSubscriptionSchema.parse(await c.req.json());
    const subscription = await savePushSubscription(services, user.id, input);
    return c.json({ subscription }, 201);
  });

  app.delete('/api/push/subscriptions', async (c) => {
    const user = requireUser(c);
    const { endpoint } = pushUnsubscribeSchema.parse(await c.req.json());
    return c.json({ deleted: await deletePushSubscription(services, user.id, endpoint) });
  });

  return app;
}
