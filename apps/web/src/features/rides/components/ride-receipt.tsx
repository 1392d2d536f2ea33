import { useId } from 'react';
import { Link } from 'react-router';
import { paymentHistoryText } from '@openride/shared/payment-history/payment-history-text';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { paths } from '@/config/paths';
import { riderText } from '@openride/shared/rides/rider-text';
import { RideMap } from '@/components/map/ride-map';
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
      {receipt.isPending ? (
        <p role="status" className="text-sm text-ink-500">
          {text.receiptLoading}
        </p>
      ) : receipt.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {text.receiptFailed}
        </p>
      ) : (
        <>
          <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-100 text-sm">
            {receipt.data.lines.map((line) => (
              <div key={line.label} className="flex justify-between px-4 py-2.5">
                <dt className="text-ink-600">{line.label}</dt>
                <dd className="text-ink-900 tabular-nums">{formatMoney(line.amount_cents, receipt.data.currency)}</dd>
              </div>
            ))}
            {receipt.data.promotion ? (
              <div className="flex justify-between px-4 py-2.5">
                <dt className="text-ink-600">{promotionsText.receipt.line(receipt.data.promotion.code)}</dt>
                <dd className="text-ink-900 tabular-nums">−{formatMoney(receipt.data.promotion.discount_cents, receipt.data.currency)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between px-4 py-3 text-base font-bold">
              <dt>{text.total}</dt>
              <dd className="tabular-nums">{formatMoney(receipt.data.paid_fare_cents, receipt.data.currency)}</dd>
            </div>
            <div className="flex justify-between px-4 py-2.5">
              <dt className="text-ink-600">{text.distance}</dt>
              <dd>{formatDistance(receipt.data.distance_m)}</dd>
            </div>
            <div className="flex justify-between px-4 py-2.5">
              <dt className="text-ink-600">{text.duration}</dt>
              <dd>{formatDuration(receipt.data.duration_s)}</dd>
            </div>
            <div className="flex justify-between px-4 py-2.5">
              <dt className="text-ink-600">{riderText.book.payment}</dt>
              <dd>
                {receipt.data.company_name
                  ? riderText.track.paidByCompany(receipt.data.company_name)
                  : receipt.data.payment_method === 'card'
                    ? riderText.book.card
                    : riderText.book.cash}
              </dd>
            </div>
          </dl>
          <Link to={paths.receipt(ride.id)} className="inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            {paymentHistoryText.fullReceipt}
          </Link>
          <RideMap className="h-56 rounded-2xl" label={text.pathMap} pickup={ride.pickup} destination={ride.destination} path={receipt.data.path} />
        </>
      )}
    </section>
  );
}
