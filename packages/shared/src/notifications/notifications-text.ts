import type { NotificationKind } from './schemas';

/** The words of /notifications, the notification center (decision 0059). The bell's words stay in ui-text/messages (§7). */
export const notificationCenterText = {
  title: 'Notifications',
  /** The account menu's link to the center. */
  menuLink: 'All notifications',
  intro: 'Everything we told you about your rides, payments, documents and account, newest first.',
  filtersLabel: 'Filter notifications',
  kindLabel: 'Kind',
  allKinds: 'All',
  kinds: {
    ride: 'Rides',
    payment: 'Payments',
    promotion: 'Promotions',
    safety: 'Safety',
    document: 'Documents',
    support: 'Support',
    account: 'Account',
  } satisfies Record<NotificationKind, string>,
  unreadOnly: 'Unread only',
  unreadCount: (n: number) => (n === 1 ? '1 unread' : `${n} unread`),
  listLabel: 'Your notifications',
  empty: 'No notifications yet. News about your rides and payments will show here.',
  emptyFiltered: 'Nothing here with these filters.',
  loadFailed: 'Could not load your notifications.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  unread: 'Unread',
  open: (title: string) => `Open: ${title}`,
  markRead: 'Mark read',
} as const;
