import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Receipt } from 'lucide-react';
import { paymentHistoryText as text } from '@openride/shared/payment-history/payment-history-text';
import type { HistoryItem } from '@openride/shared/payment-history/views';
import { refundText } from '@openride/shared/refunds/refund-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { LoadMoreError, QueryView } from '@/components/ui/query-view';
import { StatCards } from '@/components/ui/stat-cards';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { usePaymentHistory } from '../api/payment-history';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A signed amount from the rider's side: −$12.40 for a charge, +$3.00 for money back. */
export const signedMoney = (cents: number, currency: string) => `${cents < 0 ? '−' : cents > 0 ? '+' : ''}${formatMoney(Math.abs(cents), currency)}`;

/**
 * /payment-history (riders, decision 0039): the wallet credit they hold and what they owe, then every
 * charge, fee, refund and credit, newest first, "Load more" at a time, each with its ride and a link to the
 * ride's receipt. Every figure is the server's sum of ledger entries. `top` is what the route puts first (the
 * payments feature's saved cards, decision 0043): features do not import each other.
 */
export function PaymentHistoryPage({ top }: { top?: ReactNode }) {
  const history = usePaymentHistory();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const balances = history.data?.pages[0]?.balances ?? [];
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      {top ? <div className="mb-6">{top}</div> : null}
      <QueryView query={history} loadFailed={text.loadFailed} keepData>
        {(_pages) => (
          <div className="space-y-6">
            {balances.length > 0 ? (
              <StatCards
                className="sm:grid-cols-2 lg:grid-cols-2"
                cards={balances.flatMap((b) => [
                  { label: text.wallet, value: formatMoney(b.wallet_cents, b.currency), detail: text.walletHint },
                  {
                    label: text.owed,
                    value: b.owed_cents > 0 ? formatMoney(b.owed_cents, b.currency) : text.nothingOwed,
                    detail: b.owed_cents > 0 ? text.owedHint : undefined,
                  },
                ])}
              />
            ) : null}
            {items.length === 0 ? (
              <QueryEmpty
                icon={Receipt}
                hint={text.emptyHint}
                action={
                  <Link to={paths.bookRide} className={buttonClasses({ size: 'sm' })}>
                    {text.bookRide}
                  </Link>
                }
              >
                {text.empty}
              </QueryEmpty>
            ) : (
              <ul aria-label={text.listLabel} className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
                {items.map((item) => (
                  <HistoryRow key={item.id} item={item} />
                ))}
              </ul>
            )}
            <LoadMoreError query={history}>{text.loadFailed}</LoadMoreError>
            {history.hasNextPage ? (
              <Button variant="outline" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
                {history.isFetchingNextPage ? text.loadingMore : text.loadMore}
              </Button>
            ) : null}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const route = item.ride ? text.rideTo(item.ride.pickup_label, item.ride.dropoff_label) : null;
  const request = item.refund_request;
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-ink-900">{text.kinds[item.kind]}</p>
        <p className={cn('font-semibold tabular-nums', item.amount_cents > 0 ? 'text-brand-700' : 'text-ink-900')}>
          {signedMoney(item.amount_cents, item.currency)}
        </p>
      </div>
      <p className="text-sm text-ink-600">
        <time dateTime={item.at}>{dateTime.format(new Date(item.at))}</time>
        {item.methods.length ? ` · ${item.methods.map((m) => text.methods[m]).join(' + ')}` : ''}
        {item.promotion ? ` · ${text.promotion(item.promotion.code, formatMoney(item.promotion.discount_cents, item.currency))}` : ''}
      </p>
      {item.ride ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 text-sm break-words text-ink-700">{route}</p>
          {item.ride.status === 'completed' ? (
            <Link to={paths.receipt(item.ride.id)} aria-label={text.receiptLabel(route!)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              {text.receiptLink}
            </Link>
          ) : null}
        </div>
      ) : null}
      {request ? (
        <p className="text-sm">
          <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[request.status])}>
            {text.requestStatus(refundText.statuses[request.status])}
          </span>
        </p>
      ) : null}
    </li>
  );
}

export const statusBadge = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-100 text-brand-800',
  credited: 'bg-brand-100 text-brand-800',
  rejected: 'bg-red-100 text-red-800',
} as const;
