import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { NOTIFICATIONS_BADGE_MAX, NOTIFICATIONS_PANEL_HEIGHT_PX } from '@openride/shared/constants';
import { messages } from '@openride/shared/messages';
import type { Notification } from '@openride/shared/notifications/schemas';
import { uiText } from '@openride/shared/ui-text';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useUpdateNotifications } from '../api/update-notifications';
import { NotificationIcon } from './notification-icon';

const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (Number.isNaN(seconds)) return '';
  if (abs < 60) return relativeTime.format(seconds, 'second');
  if (abs < 3600) return relativeTime.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeTime.format(Math.round(seconds / 3600), 'hour');
  return relativeTime.format(Math.round(seconds / 86_400), 'day');
}

export const badgeText = (unread: number) => (unread > NOTIFICATIONS_BADGE_MAX ? messages.notifications.badgeOverflow : String(unread));

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const countId = useId();
  const navigate = useNavigate();
  const { data: listed, isError } = useNotifications();
  const notifications = listed ?? [];
  const update = useUpdateNotifications();
  // The list is the 50 newest (§7); the badge counts every unread one (the server's count), and never fewer
  // than the list shows while the count is being asked again.
  const { data: count } = useUnreadCount(listed);
  const unread = Math.max(count?.unread ?? 0, notifications.filter((n) => !n.is_read).length);

  useDismiss(rootRef, open, () => setOpen(false), buttonRef);

  const toggle = () => {
    setNow(Date.now());
    setOpen((value) => !value);
  };

  const onSelect = (notification: Notification) => {
    if (!notification.is_read) update.mutate({ id: notification.id, is_read: true });
    if (notification.booking_id) {
      setOpen(false);
      navigate(`/track-ride/${encodeURIComponent(notification.booking_id)}`);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={uiText.a11y.notifications}
        aria-describedby={unread > 0 ? countId : undefined}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={toggle}
        className="relative flex size-11 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-ink-100 hover:text-ink-900"
      >
        <Bell className="size-5" aria-hidden="true" />
      </button>
      {/* Outside the button so its accessible name stays exactly 'Notifications'; the count is its description. */}
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="pointer-events-none absolute top-0.5 right-0 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white"
        >
          {badgeText(unread)}
        </span>
      ) : null}
      {unread > 0 ? (
        <span id={countId} className="sr-only">
          {uiText.a11y.unreadCount(unread)}
        </span>
      ) : null}

      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={uiText.notifications.heading}
          style={{ height: NOTIFICATIONS_PANEL_HEIGHT_PX }}
          className="fixed inset-x-2 top-[calc(var(--spacing-nav)+0.25rem)] z-50 flex animate-fade-in flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between border-b border-ink-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-ink-900">{uiText.notifications.heading}</h2>
            <button
              type="button"
              onClick={() => update.mutate({ all: true, is_read: true })}
              disabled={unread === 0}
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-400 disabled:hover:bg-transparent"
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              {messages.notifications.markAllRead}
            </button>
          </div>
          {notifications.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
              <Bell className="size-8 text-ink-300" aria-hidden="true" />
              <p className="text-sm font-medium text-ink-700">{isError ? uiText.notifications.loadFailed : uiText.notifications.empty}</p>
              {isError ? null : <p className="text-xs text-ink-500">{uiText.notifications.emptyHint}</p>}
            </div>
          ) : (
            <ul className="flex-1 divide-y divide-ink-100 overflow-y-auto overscroll-contain">
              {notifications.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(n)}
                    data-read={n.is_read}
                    className={cn('flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-ink-50', !n.is_read && 'bg-brand-50/60')}
                  >
                    <span className="mt-0.5">
                      <NotificationIcon type={n.type} />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-start justify-between gap-2">
                        <span className={cn('text-sm text-ink-900', n.is_read ? 'font-medium' : 'font-semibold')}>{n.title}</span>
                        {!n.is_read ? <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" aria-hidden="true" /> : null}
                      </span>
                      <span className="mt-0.5 block text-sm text-ink-600">{n.message}</span>
                      <time dateTime={n.created_at} className="mt-1 block text-xs text-ink-600">
                        {timeAgo(n.created_at, now)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
