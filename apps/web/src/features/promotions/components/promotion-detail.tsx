import { useMemo } from 'react';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { REDEMPTION_STATES } from '@openride/shared/promotions/schemas';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { hrefOf } from '@/lib/call';
import { formatMoney } from '@/lib/money';
import { type Promotion, type PromoRedemption, promotionKeys, usePromotion } from '../api/promotions';
import { when } from './promotion-format';

const text = promotionsText;

const redemptionColumns = (currency: string): ColumnDef<PromoRedemption>[] => [
  {
    id: 'created_at',
    header: text.columns.date,
    enableSorting: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => when(row.original.created_at),
  },
  { id: 'rider', header: text.columns.rider, cell: ({ row }) => row.original.rider_name ?? '—' },
  { id: 'state', header: text.columns.state, cell: ({ row }) => text.states[row.original.state] },
  { id: 'amount', header: text.columns.amount, cell: ({ row: { original: r } }) => formatMoney(r.applied_cents ?? r.reserved_cents, currency) },
];

/** A promotion's details (its zones by name, read fresh: an edit shows at once) and its redemptions. */
export function PromotionDetail({ promotion: listed, onClose }: { promotion: Promotion; onClose: () => void }) {
  const fresh = usePromotion(listed.id);
  const promotion = fresh.data ?? listed;
  const columns = useMemo(() => redemptionColumns(promotion.currency), [promotion.currency]);
  return (
    <section aria-labelledby="promo-redemptions" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="promo-redemptions" className="text-lg font-semibold text-ink-900">
          {text.page.redemptions}: {promotion.code}
        </h2>
        <Button variant="outline" size="sm" onClick={onClose}>
          {text.page.close}
        </Button>
      </div>
      <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-ink-100 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-600">{text.detail.zones}</dt>
          <dd className="text-ink-900">{promotion.zones.length ? promotion.zones.map((z) => z.name).join(', ') : text.detail.anyZone}</dd>
        </div>
        <div>
          <dt className="text-ink-600">{text.detail.rideTypes}</dt>
          <dd className="text-ink-900">
            {promotion.ride_types.length ? promotion.ride_types.map((t) => RIDE_TYPE_NAMES[t]).join(', ') : text.detail.allTypes}
          </dd>
        </div>
        <div>
          <dt className="text-ink-600">{text.detail.valid}</dt>
          <dd className="text-ink-900">
            {when(promotion.valid_from)} – {when(promotion.valid_to)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-600">{text.detail.perRider}</dt>
          <dd className="text-ink-900">{promotion.per_rider_limit}</dd>
        </div>
        {promotion.description ? (
          <div className="sm:col-span-2">
            <dt className="text-ink-600">{text.detail.description}</dt>
            <dd className="break-words text-ink-900">{promotion.description}</dd>
          </div>
        ) : null}
      </dl>
      <DataTable
        label={`${text.page.redemptions} ${promotion.code}`}
        endpoint={hrefOf('GET /api/admin/promotions/:id/redemptions', { params: { id: promotion.id } })}
        queryKey={promotionKeys.redemptions(promotion.id)}
        columns={columns}
        getRowId={(r) => r.id}
        defaultSort={{ id: 'created_at', dir: 'desc' }}
        filters={[{ id: 'state', label: text.columns.state, options: REDEMPTION_STATES.map((s) => ({ value: s, label: text.states[s] })) }]}
        empty={text.page.noRedemptions}
        loadFailed={text.page.redemptionsFailed}
      />
    </section>
  );
}
