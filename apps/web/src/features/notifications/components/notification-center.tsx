import { useNavigate, useSearchParams } from 'react-router';
import { CheckCheck } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { notificationCenterText as text } from '@openride/shared/notifications/notifications-text';
import { NOTIFICATION_KINDS, type NotificationKind } from '@openride/shared/notifications/schemas';
import type { NotificationCenterItem } from '@openride/shared/notifications/views';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { LoadMoreError, QueryView } from '@/components/ui/query-view';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type CenterFilters, useNotificationCenter } from '../api/get-notification-center';
import { useUpdateNotifications } from '../api/update-notifications';
import { NotificationIcon } from './notification-icon';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const isKind = (v: string | null): v is NotificationKind => v !== null && (NOTIFICATION_KINDS as readonly string[]).includes(v);

/** Where a notification opens: its own link, else its ride's track page (as the bell does, §5), else nowhere. */
export const notificationTarget = (n: Pick<NotificationCenterItem, 'link' | 'booking_id'>) => n.link ?? (n.booking_id ? paths.trackRide(n.booking_id) : null);

/**
 * /notifications (decision 0059): every notification, newest first, "Load more" at a time; by kind and unread
 * (kept in the address, so Back returns to the same view); opening one marks it read and goes where it
 * belongs; "Mark all read". New ones arrive by the realtime bridge's invalidation, or by polling while the
 * socket is down.
 */
export function NotificationCenter() {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const filters: CenterFilters = { kind: isKind(kindParam) ? kindParam : null, unread: params.get('unread') === '1' };
  const center = useNotificationCenter(filters);
  const update = useUpdateNotifications();
  const navigate = useNavigate();
  const items = center.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = center.data?.pages[0]?.unread ?? 0;
  const filtered = filters.kind !== null || filters.unread;

  const setFilter = (next: Partial<CenterFilters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    if (merged.kind) search.set('kind', merged.kind);
    if (merged.unread) search.set('unread', '1');
    setParams(search, { replace: true });
  };

  const open = (n: NotificationCenterItem) => {
    if (!n.is_read) update.mutate({ id: n.id, is_read: true });
    const target = notificationTarget(n);
    if (target) void navigate(target);
  };

  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={text.title} description={text.intro}>
        <Button variant="outline" onClick={() => update.mutate({ all: true, is_read: true })} disabled={unread === 0 || update.isPending}>
          <CheckCheck className="size-4" aria-hidden="true" />
          {messages.notifications.markAllRead}
        </Button>
      </PageHeading>

      <div role="group" aria-label={text.filtersLabel} className="mb-4 space-y-3">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-ink-700">{text.kindLabel}</legend>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={filters.kind === null ? 'primary' : 'outline'}
              aria-pressed={filters.kind === null}
              onClick={() => setFilter({ kind: null })}
            >
              {text.allKinds}
            </Button>
            {NOTIFICATION_KINDS.map((kind) => (
              <Button
                key={kind}
                size="sm"
                variant={filters.kind === kind ? 'primary' : 'outline'}
                aria-pressed={filters.kind === kind}
                onClick={() => setFilter({ kind })}
              >
                {text.kinds[kind]}
              </Button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-ink-700">
            <Switch checked={filters.unread} onCheckedChange={(unreadOnly) => setFilter({ unread: unreadOnly })} aria-label={text.unreadOnly} />
            <span aria-hidden="true">{text.unreadOnly}</span>
          </label>
          {center.data ? (
            <p className="text-sm text-ink-600" aria-live="polite">
              {text.unreadCount(unread)}
            </p>
          ) : null}
        </div>
      </div>

      <QueryView query={center} loadFailed={text.loadFailed} keepData>
        {(_pages) => (
          <div className="space-y-4">
            {items.length === 0 ? (
              <QueryEmpty>{filtered ? text.emptyFiltered : text.empty}</QueryEmpty>
            ) : (
              <ul aria-label={text.listLabel} className="divide-y divide-ink-100 overflow-hidden rounded-2xl border border-ink-200 bg-white">
                {items.map((n) => (
                  <CenterRow key={n.id} n={n} onOpen={() => open(n)} />
                ))}
              </ul>
            )}
            <LoadMoreError query={center}>{text.loadFailed}</LoadMoreError>
            {center.hasNextPage ? (
              <Button variant="outline" onClick={() => void center.fetchNextPage()} disabled={center.isFetchingNextPage}>
                {center.isFetchingNextPage ? text.loadingMore : text.loadMore}
              </Button>
            ) : null}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function CenterRow({ n, onOpen }: { n: NotificationCenterItem; onOpen: () => void }) {
  const target = notificationTarget(n);
  return (
    <li data-read={n.is_read} data-kind={n.kind} className={cn(!n.is_read && 'bg-brand-50/60')}>
      <button
        type="button"
        onClick={onOpen}
        disabled={!target && n.is_read}
        aria-label={target ? text.open(n.title) : undefined}
        className="flex min-h-11 w-full gap-3 px-4 py-3 text-left transition-colors enabled:hover:bg-ink-50 disabled:cursor-default"
      >
        <span className="mt-0.5">
          <NotificationIcon type={n.type} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span className={cn('break-words text-ink-900', n.is_read ? 'font-medium' : 'font-semibold')}>{n.title}</span>
            {!n.is_read ? (
              <span className="mt-1.5 flex shrink-0 items-center gap-1">
                <span className="size-2 rounded-full bg-brand-500" aria-hidden="true" />
                <span className="sr-only">{text.unread}</span>
              </span>
            ) : null}
          </span>
          <span className="mt-0.5 block text-sm break-words text-ink-600">{n.message}</span>
          <span className="mt-1 block text-xs text-ink-600">
            {text.kinds[n.kind]} · <time dateTime={n.created_at}>{dateTime.format(new Date(n.created_at))}</time>
          </span>
        </span>
      </button>
    </li>
  );
}
