import { z } from 'zod';
import type { NotificationView } from './views';

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification is about (decision 0059): the center filters by it. Migration 0028 holds the same list. */
export const NOTIFICATION_KINDS = ['ride', 'payment', 'promotion', 'safety', 'document', 'support', 'account'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `GET /api/notifications/all`: the caller's own notifications, newest first, a keyset page at a time. */
export const NOTIFICATION_PAGE_MAX = 50;
export const notificationPageQuerySchema = z.object({
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(1000).optional()),
  limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20)),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NOTIFICATION_KINDS).optional()),
  /** `1`: unread only. */
  unread: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.literal('1').optional()),
});

/** A notification as the bell reads it: the wire shape is `notificationSchema` (views.ts). */
export type Notification = NotificationView;

export const notificationUpdateSchema = z.union([
  z.object({ id: z.uuid(), is_read: z.literal(true) }).strict(),
  z.object({ all: z.literal(true), is_read: z.literal(true) }).strict(),
]);
