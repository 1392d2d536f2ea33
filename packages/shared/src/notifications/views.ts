import { z } from 'zod';
import { timestampSchema } from '../contract';
import { NOTIFICATION_TYPES } from './schemas';

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
