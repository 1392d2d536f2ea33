import { z } from 'zod';
import type { NotificationView } from './views';

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification as the bell reads it: the wire shape is `notificationSchema` (views.ts). */
export type Notification = NotificationView;

export const notificationUpdateSchema = z.union([
  z.object({ id: z.uuid(), is_read: z.literal(true) }).strict(),
  z.object({ all: z.literal(true), is_read: z.literal(true) }).strict(),
]);
