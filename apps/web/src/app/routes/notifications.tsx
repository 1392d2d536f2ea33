import { NotificationCenter } from '@/features/notifications/components/notification-center';

/** /notifications: the notification center (issue 15, decision 0059). */
export function Component() {
  return <NotificationCenter />;
}
