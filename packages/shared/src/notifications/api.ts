import { defineRoutes } from '../contract';
import { notificationUpdateSchema } from './schemas';
import { notificationListSchema, notificationsUpdatedSchema } from './views';

export const notificationRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/notifications',
    tag: 'notifications',
    summary: "The caller's 50 newest notifications",
    auth: 'user',
    responses: { 200: { description: 'Newest first', schema: notificationListSchema } },
  },
  {
    method: 'PATCH',
    path: '/api/notifications',
    tag: 'notifications',
    summary: 'Mark one or all of the caller\'s notifications read',
    description: 'Own rows only; then `notification.changed` when any changed.',
    auth: 'user',
    request: { body: notificationUpdateSchema },
    responses: { 200: { description: 'How many changed', schema: notificationsUpdatedSchema } },
  },
]);
