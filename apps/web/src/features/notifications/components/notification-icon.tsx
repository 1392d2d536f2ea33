import { AlertTriangle, CheckCircle, Info, XCircle } from 'lucide-react';
import type { NotificationType } from '@openride/shared/notifications/schemas';

const icons = {
  success: { Icon: CheckCircle, className: 'text-brand-600' },
  warning: { Icon: AlertTriangle, className: 'text-amber-500' },
  error: { Icon: XCircle, className: 'text-red-600' },
  other: { Icon: Info, className: 'text-sky-600' },
} as const;

export function NotificationIcon({ type }: { type: NotificationType }) {
  const { Icon, className } = icons[type] ?? icons.other;
  return <Icon className={`size-5 ${className}`} aria-hidden="true" data-icon={type} />;
}
