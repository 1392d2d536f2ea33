import { z } from 'zod';

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type Notification = {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  is_read: boolean;
  booking_id: string | null;
  created_at: string;
};

export const notificationUpdateSchema = z.union([
  z.object({ id: z.string().min(1), is_read: z.literal(true) }).strict(),
  z.object({ all: z.literal(true), is_read: z.literal(true) }).strict(),
]);
