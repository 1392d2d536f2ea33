import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { riderText } from '@openride/shared/rides/rider-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { LoadMoreError, QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/session';
import { useRideHistory } from '../api/list-rides';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { formatDateTime, formatMoney, placeLabel } from '../lib/format';

const text = riderText.history;

const STATUS_TONE: Record<Ride['status'], string> = {
  requested: 'bg-amber-50 text-amber-800',
  accepted: 'bg-brand-50 text-brand-700',
  arrived: 'bg-brand-50 text-brand-700',
  in_progress: 'bg-brand-50 text-brand-700',
  completed: 'bg-ink-100 text-ink-700',
  cancelled: 'bg-red-50 text-red-700',
  no_driver: 'bg-red-50 text-red-700',
};

/** /ride-history: the rider's rides, newest first, a page at a time. */
export function RideHistoryPage() {
  const me = useMe();
  const history = useRideHistory(Boolean(me.data));

  const rides = history.data?.pages.flatMap((page) => page.rides) ?? [];
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading title={text.title} description={text.description} />
      <QueryView
        query={history}
        keepData
        loadFailed={text.loadFailed}
        isEmpty={(data) => data.pages.every((page) => page.rides.length === 0)}
        empty={
          <QueryEmpty
            hint={text.emptyText}
            action={
              <Link to={paths.bookRide} className={buttonClasses()}>
                {text.bookFirst}
              </Link>
            }
          >
            {text.empty}
          </QueryEmpty>
        }
      >
        {() => (
          <>
            <ul aria-label={text.title} className="divide-y divide-ink-100 overflow-hidden rounded-3xl border border-ink-100">
              {rides.map((ride) => (
                <li key={ride.id}>
                  <Link to={paths.trackRide(ride.id)} className="flex items-center gap-3 px-4 py-4 hover:bg-ink-50 focus-visible:bg-ink-50">
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="truncate font-semibold text-ink-900">{text.route(placeLabel(ride.pickup), placeLabel(ride.destination))}</p>
                      <p className="text-sm text-ink-600">
                        {formatDateTime(ride.requested_at)} · {ride.driver?.name ?? text.noDriver}
                      </p>
                      <p className="flex items-center gap-2 text-sm">
                        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_TONE[ride.status])}>{ride.status_label}</span>
                        <span className="font-semibold text-ink-900 tabular-nums">
                          {formatMoney(ride.fare_cents - ride.promo_discount_cents, ride.currency)}
                        </span>
                        {ride.promo_discount_cents > 0 ? (
                          <span className="text-xs text-ink-600 tabular-nums">
                            {promotionsText.receipt.discount(formatMoney(ride.promo_discount_cents, ride.currency))}
                          </span>
                        ) : null}
                      </p>
                    </div>
                    <ChevronRight className="size-5 shrink-0 text-ink-400" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
            <LoadMoreError query={history}>{text.loadFailed}</LoadMoreError>
            {history.hasNextPage ? (
              <Button variant="outline" size="lg" className="mt-4 w-full" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {history.isFetchingNextPage ? text.loadingMore : text.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </QueryView>
    </PageContainer>
  );
}
