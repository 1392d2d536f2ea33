import { defineRoutes } from '../contract';
import { notificationPageQuerySchema, notificationUpdateSchema } from './schemas';
import { notificationListSchema, notificationPageSchema, notificationsUpdatedSchema, notificationUnreadCountSchema } from './views';

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
    method: 'GET',
    path: '/api/notifications/unread-count',
    tag: 'notifications',
    summary: "How many of the caller's notifications are unread, all of them",
    description:
      "The bell's badge (§2, '9+' above 9): the list stays the 50 newest (§7), the count does not stop there. Asked again when the list changes, on `notification.changed`, and polled while the socket is down.",
    auth: 'user',
    responses: { 200: { description: 'The count', schema: notificationUnreadCountSchema } },
  },
  {
    method: 'PATCH',
    path: '/api/notifications',
    tag: 'notifications',
    summary: "Mark one or all of the caller's notifications read",
    description: 'Own rows only; then `notification.changed` when any changed.',
    auth: 'user',
    request: { body: notificationUpdateSchema },
    responses: { 200: { description: 'How many changed', schema: notificationsUpdatedSchema } },
  },
  {
    method: 'GET',
    path: '/api/notifications/all',
    tag: 'notifications',
    summary: "The notification center: all of the caller's notifications, newest first, a keyset page at a time",
    description:
      "Filters: `kind` (one of the kinds), `unread=1`. Only ever the caller's own rows. `total` on the first page; `unread` is the caller's unread count whatever the filter.",
    auth: 'user',
    request: { query: notificationPageQuerySchema },
    responses: { 200: { description: 'A page', schema: notificationPageSchema }, 400: { description: 'Bad cursor, kind or limit' } },
  },
]);
