import { z } from 'zod';
import { timestampSchema } from '../contract';
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from './schemas';

/** A notification as the bell reads it (decision 0017): apps/server/src/notifications/notifications.repo.ts. */
export const notificationSchema = z.strictObject({
  id: z.string(),
  user_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  /** The ride it is about: the bell opens it. */
  booking_id: z.string().nullable(),
  created_at: timestampSchema,
});
export type NotificationView = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);
export const notificationsUpdatedSchema = z.strictObject({ updated: z.number().int() });
/** The bell's badge: every unread notification of the caller, not only those among the 50 the poll lists. */
export const notificationUnreadCountSchema = z.strictObject({ unread: z.number().int().nonnegative() });
export type NotificationUnreadCount = z.infer<typeof notificationUnreadCountSchema>;

/** A notification as the center reads it (decision 0059): the bell's fields, its kind and where it opens. */
export const notificationCenterItemSchema = notificationSchema.extend({
  kind: z.enum(NOTIFICATION_KINDS),
  /** An in-app path; null when it opens nothing (or its ride, from `booking_id`). */
  link: z.string().nullable(),
});
export type NotificationCenterItem = z.infer<typeof notificationCenterItemSchema>;
export const notificationPageSchema = z.strictObject({
  items: z.array(notificationCenterItemSchema),
  next_cursor: z.string().nullable(),
  /** Every row of the filter: on the first page only. */
  total: z.number().int().optional(),
  /** The caller's unread count, whatever the filter. */
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
