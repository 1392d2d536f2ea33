import { useId } from 'react';
import { Link } from 'react-router';
import { paymentHistoryText } from '@openride/shared/payment-history/payment-history-text';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { paths } from '@/config/paths';
import { riderText } from '@openride/shared/rides/rider-text';
import { RideMap } from '@/components/map/ride-map';
import { QueryView } from '@/components/ui/query-view';
import { useReceipt } from '../api/get-receipt';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { formatDistance, formatDuration, formatMoney } from '../lib/format';

const text = riderText.track;

/** GET /api/rides/:id/receipt: the fare's lines, the promotion's (decision 0068), total, distance, time and the path driven. */
export function RideReceipt({ ride }: { ride: Ride }) {
  const id = useId();
  const receipt = useReceipt(ride.id, ride.status === 'completed');
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {text.receipt}
      </h2>
      <QueryView
        query={receipt}
        loadFailed={text.receiptFailed}
        loading={
          <p role="status" className="text-sm text-ink-500">
            {text.receiptLoading}
          </p>
        }
      >
        {(data) => (
          <>
            <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-100 text-sm">
              {data.lines.map((line) => (
                <div key={line.label} className="flex justify-between px-4 py-2.5">
                  <dt className="text-ink-600">{line.label}</dt>
                  <dd className="text-ink-900 tabular-nums">{formatMoney(line.amount_cents, data.currency)}</dd>
                </div>
              ))}
              {data.promotion ? (
                <div className="flex justify-between px-4 py-2.5">
                  <dt className="text-ink-600">{promotionsText.receipt.line(data.promotion.code)}</dt>
                  <dd className="text-ink-900 tabular-nums">−{formatMoney(data.promotion.discount_cents, data.currency)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between px-4 py-3 text-base font-bold">
                <dt>{text.total}</dt>
                <dd className="tabular-nums">{formatMoney(data.paid_fare_cents, data.currency)}</dd>
              </div>
              <div className="flex justify-between px-4 py-2.5">
                <dt className="text-ink-600">{text.distance}</dt>
                <dd>{formatDistance(data.distance_m)}</dd>
              </div>
              <div className="flex justify-between px-4 py-2.5">
                <dt className="text-ink-600">{text.duration}</dt>
                <dd>{formatDuration(data.duration_s)}</dd>
              </div>
              <div className="flex justify-between px-4 py-2.5">
                <dt className="text-ink-600">{riderText.book.payment}</dt>
                <dd>
                  {data.company_name
                    ? riderText.track.paidByCompany(data.company_name)
                    : data.payment_method === 'card'
                      ? riderText.book.card
                      : riderText.book.cash}
                </dd>
              </div>
            </dl>
            <Link to={paths.receipt(ride.id)} className="inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
              {paymentHistoryText.fullReceipt}
            </Link>
            <RideMap className="h-56 rounded-2xl" label={text.pathMap} pickup={ride.pickup} destination={ride.destination} path={data.path} />
          </>
        )}
      </QueryView>
    </section>
  );
}
