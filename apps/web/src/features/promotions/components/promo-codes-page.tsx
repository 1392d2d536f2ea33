import { type FormEvent, useMemo, useState } from 'react';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { PROMOTION_STATUSES, REDEMPTION_STATES } from '@openride/shared/promotions/schemas';
import { RIDE_TYPE_NAMES, RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Field, inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { formatMoney } from '@/lib/money';
import { type Backtest, type Promotion, type PromoRedemption, promotionKeys, useBacktest, useCreatePromotion, usePromotionCities, usePromotionStatus } from '../api/promotions';

const text = promotionsText;

const offerOf = (p: Promotion) =>
  `${p.kind === 'percent' ? `${p.value} % off` : `${formatMoney(p.value, p.currency)} off`}${p.max_discount_cents ? ` (max ${formatMoney(p.max_discount_cents, p.currency)})` : ''}`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** /promo-codes (decision 0063): the promotions with their spend, a form for a new one, Backtest, Launch and Pause, and a promotion's redemptions. */
export function PromoCodesPage() {
  const [result, setResult] = useState<{ promotion: Promotion; backtest: Backtest } | null>(null);
  const [shown, setShown] = useState<Promotion | null>(null);
  const backtest = useBacktest();
  const status = usePromotionStatus();

  const columns = useMemo<ColumnDef<Promotion>[]>(
    () => [
      { id: 'code', header: text.columns.code, enableSorting: true, cell: ({ row }) => <span className="font-mono font-semibold text-ink-900">{row.original.code}</span> },
      { id: 'city', header: text.columns.city, cell: ({ row }) => row.original.city_name },
      { id: 'offer', header: text.columns.offer, cell: ({ row }) => offerOf(row.original) },
      { id: 'status', header: text.columns.status, cell: ({ row }) => text.statuses[row.original.status] },
      {
        id: 'redemptions',
        header: text.columns.redemptions,
        cell: ({ row: { original: p } }) => `${p.redemptions_applied}${p.redemptions_reserved ? ` + ${p.redemptions_reserved} reserved` : ''}${p.max_redemptions ? ` / ${p.max_redemptions}` : ''}`,
      },
      {
        id: 'spend',
        header: text.columns.spend,
        cell: ({ row: { original: p } }) => `${formatMoney(p.spent_cents, p.currency)}${p.budget_cents ? ` / ${formatMoney(p.budget_cents, p.currency)}` : ''}`,
      },
      { id: 'created_at', header: 'Created', enableSorting: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => when(row.original.created_at) },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: p } }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={`${text.page.backtest} ${p.code}`}
              disabled={backtest.isPending}
              onClick={() => backtest.mutate(p.id, { onSuccess: (b) => setResult({ promotion: p, backtest: b }) })}
            >
              {text.page.backtest}
            </Button>
            {p.status === 'draft' || p.status === 'paused' ? (
              <Button size="sm" aria-label={`${p.status === 'draft' ? text.page.activate : text.page.resume} ${p.code}`} disabled={status.isPending} onClick={() => status.mutate({ id: p.id, status: 'active' })}>
                {p.status === 'draft' ? text.page.activate : text.page.resume}
              </Button>
            ) : p.status !== 'expired' ? (
              <Button variant="outline" size="sm" aria-label={`${text.page.pause} ${p.code}`} disabled={status.isPending} onClick={() => status.mutate({ id: p.id, status: 'paused' })}>
                {text.page.pause}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" aria-label={`${text.page.redemptions} ${p.code}`} onClick={() => setShown(p)}>
              {text.page.redemptions}
            </Button>
          </div>
        ),
      },
    ],
    [backtest, status],
  );

  return (
    <PageContainer>
      <PageHeading title={text.page.title} description={text.page.description} />
      <div className="space-y-8">
        <NewPromotion />
        <div aria-live="polite">
          {backtest.isPending ? <p className="text-sm text-ink-600">{text.page.backtesting}</p> : null}
          {backtest.isError ? (
            <p role="alert" className="rounded-2xl bg-red-50 p-3 text-sm text-red-800">
              {backtest.error.message}
            </p>
          ) : null}
          {result && !backtest.isPending ? (
            <section aria-label={`${text.page.backtest} ${result.promotion.code}`} className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink-900">
              <h2 className="font-semibold">
                {text.page.backtest}: {result.promotion.code}
              </h2>
              <p>{text.page.backtestResult(result.backtest.rides_qualified, result.backtest.rides_considered, result.backtest.redemptions, formatMoney(result.backtest.cost_cents, result.backtest.currency))}</p>
              {result.backtest.limited_by ? <p>{text.page.limitedBy[result.backtest.limited_by]}</p> : null}
            </section>
          ) : null}
          {status.isError ? (
            <p role="alert" className="rounded-2xl bg-red-50 p-3 text-sm text-red-800">
              {status.error.message}
            </p>
          ) : null}
        </div>
        <DataTable
          label={text.page.list}
          endpoint="/api/admin/promotions"
          queryKey={promotionKeys.list}
          columns={columns}
          getRowId={(p) => p.id}
          defaultSort={{ id: 'created_at', dir: 'desc' }}
          searchLabel={text.page.search}
          filters={[{ id: 'status', label: text.columns.status, options: PROMOTION_STATUSES.map((s) => ({ value: s, label: text.statuses[s] })) }]}
          empty={text.page.empty}
          loadFailed={text.page.loadFailed}
        />
        {shown ? <Redemptions promotion={shown} onClose={() => setShown(null)} /> : null}
      </div>
    </PageContainer>
  );
}

const redemptionColumns = (currency: string): ColumnDef<PromoRedemption>[] => [
  { id: 'created_at', header: text.columns.date, enableSorting: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => when(row.original.created_at) },
  { id: 'rider', header: text.columns.rider, cell: ({ row }) => row.original.rider_name ?? '—' },
  { id: 'state', header: text.columns.state, cell: ({ row }) => text.states[row.original.state] },
  { id: 'amount', header: text.columns.amount, cell: ({ row: { original: r } }) => formatMoney(r.applied_cents ?? r.reserved_cents, currency) },
];

function Redemptions({ promotion, onClose }: { promotion: Promotion; onClose: () => void }) {
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
      <DataTable
        label={`${text.page.redemptions} ${promotion.code}`}
        endpoint={`/api/admin/promotions/${encodeURIComponent(promotion.id)}/redemptions`}
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

/** Dollars and cents typed, minor units sent (empty: none). */
const toCents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 100));
const localNow = () => {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function NewPromotion() {
  const cities = usePromotionCities();
  const create = useCreatePromotion();
  const [form, setForm] = useState({
    city_id: '',
    code: '',
    kind: 'percent' as 'percent' | 'amount',
    value: '',
    max_discount: '',
    min_fare: '',
    ride_types: [] as RideType[],
    valid_from: localNow(),
    valid_to: '',
    budget: '',
    max_redemptions: '',
    per_rider: '1',
    first_ride_only: false,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const cityId = form.city_id || cities.data?.[0]?.id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        city_id: cityId,
        code: form.code,
        kind: form.kind,
        value: form.kind === 'percent' ? Number(form.value) : (toCents(form.value) ?? 0),
        max_discount_cents: toCents(form.max_discount),
        min_fare_cents: toCents(form.min_fare) ?? 0,
        ride_types: form.ride_types,
        valid_from: new Date(form.valid_from).toISOString(),
        valid_to: form.valid_to ? new Date(form.valid_to).toISOString() : null,
        budget_cents: toCents(form.budget),
        max_redemptions: form.max_redemptions.trim() ? Number(form.max_redemptions) : null,
        per_rider_limit: Number(form.per_rider),
        first_ride_only: form.first_ride_only,
        status: 'draft',
      },
      { onSuccess: () => setForm((f) => ({ ...f, code: '', value: '' })) },
    );
  };

  return (
    <section aria-labelledby="new-promotion" className="rounded-2xl border border-ink-100 p-4 sm:p-6">
      <h2 id="new-promotion" className="mb-4 text-lg font-semibold text-ink-900">
        {text.page.create}
      </h2>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor="promo-city" className="block text-sm font-medium text-ink-800">
            {text.form.city}
          </label>
          <select id="promo-city" className={inputClasses} value={cityId} onChange={(e) => set('city_id', e.target.value)}>
            {(cities.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.currency})
              </option>
            ))}
          </select>
        </div>
        <Field label={text.form.code} value={form.code} onChange={(e) => set('code', e.target.value.toUpperCase())} required maxLength={20} autoCapitalize="characters" />
        <div className="space-y-1.5">
          <label htmlFor="promo-kind" className="block text-sm font-medium text-ink-800">
            {text.form.kind}
          </label>
          <select id="promo-kind" className={inputClasses} value={form.kind} onChange={(e) => set('kind', e.target.value as 'percent' | 'amount')}>
            <option value="percent">{text.kinds.percent}</option>
            <option value="amount">{text.kinds.amount}</option>
          </select>
        </div>
        <Field label={text.form.value} hint={form.kind === 'percent' ? text.form.valueHintPercent : text.form.valueHintAmount} inputMode="decimal" value={form.value} onChange={(e) => set('value', e.target.value)} required />
        <Field label={text.form.maxDiscount} inputMode="decimal" value={form.max_discount} onChange={(e) => set('max_discount', e.target.value)} />
        <Field label={text.form.minFare} inputMode="decimal" value={form.min_fare} onChange={(e) => set('min_fare', e.target.value)} />
        <Field label={text.form.validFrom} type="datetime-local" value={form.valid_from} onChange={(e) => set('valid_from', e.target.value)} required />
        <Field label={text.form.validTo} type="datetime-local" value={form.valid_to} onChange={(e) => set('valid_to', e.target.value)} />
        <Field label={text.form.budget} inputMode="decimal" value={form.budget} onChange={(e) => set('budget', e.target.value)} />
        <Field label={text.form.maxRedemptions} inputMode="numeric" value={form.max_redemptions} onChange={(e) => set('max_redemptions', e.target.value)} />
        <Field label={text.form.perRider} inputMode="numeric" value={form.per_rider} onChange={(e) => set('per_rider', e.target.value)} required />
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-ink-800">{text.form.rideTypes}</legend>
          <div className="flex flex-wrap gap-3">
            {RIDE_TYPES.map((t) => (
              <label key={t} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={form.ride_types.includes(t)}
                  onChange={(e) => set('ride_types', e.target.checked ? [...form.ride_types, t] : form.ride_types.filter((x) => x !== t))}
                />
                {RIDE_TYPE_NAMES[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-800">
          <input type="checkbox" className="size-4" checked={form.first_ride_only} onChange={(e) => set('first_ride_only', e.target.checked)} />
          {text.form.firstRide}
        </label>
        <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3">
          <div aria-live="polite">
            {create.isError ? (
              <p role="alert" className="rounded-2xl bg-red-50 p-3 text-sm text-red-800">
                {create.error.message}
              </p>
            ) : create.isSuccess ? (
              <p role="status" className="text-sm font-medium text-brand-700">
                {text.form.created(create.data.code)}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="w-full sm:w-auto sm:self-start" disabled={create.isPending || !cityId}>
            {text.form.saveDraft}
          </Button>
        </div>
      </form>
    </section>
  );
}
