import { defineRoutes } from '../contract';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from './schemas';
import { pushConfigSchema, pushDeletedSchema, pushSubscriptionResponseSchema } from './views';

/**
 * Each created notification is pushed to each of the user's subscriptions as `{ title, body, bookingId?, type? }`
 * after commit; a 404/410 from the push service deletes the subscription.
 */
export const pushRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/push/config',
    tag: 'push',
    summary: 'The VAPID public key (URL-safe base64)',
    auth: 'public',
    responses: { 200: { description: 'The key', schema: pushConfigSchema } },
  },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    tag: 'push',
    summary: "Save the browser's push subscription",
    description:
      'Upsert by endpoint for the caller; the newest 10 per user are kept. The endpoint must be https on a known push service. An endpoint another account holds keeps its owner (409 PUSH_ENDPOINT_TAKEN): the browser drops that subscription and makes a new one.',
    auth: 'user',
    request: { body: pushSubscriptionSchema },
    responses: {
      201: { description: 'Saved', schema: pushSubscriptionResponseSchema },
      409: { description: 'PUSH_ENDPOINT_TAKEN: the endpoint belongs to another account' },
    },
  },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    tag: 'push',
    summary: "Delete one of the caller's subscriptions",
    auth: 'user',
    request: { body: pushUnsubscribeSchema },
    responses: { 200: { description: '0 or 1', schema: pushDeletedSchema } },
  },
]);
