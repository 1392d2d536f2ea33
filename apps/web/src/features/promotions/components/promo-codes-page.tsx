import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { EDITABLE_WHEN_LAUNCHED, PROMOTION_STATUSES, REDEMPTION_STATES } from '@openride/shared/promotions/schemas';
import { RIDE_TYPE_NAMES, RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Field, inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { formatMoney } from '@/lib/money';
import {
  type Backtest,
  type Promotion,
  type PromoRedemption,
  promotionKeys,
  promotionsList,
  useBacktest,
  useCreatePromotion,
  usePromotion,
  usePromotionStatus,
  usePromotionZones,
  useUpdatePromotion,
} from '../api/promotions';
import { useAdminCities } from '@/lib/admin-cities';
import { hrefOf } from '@/lib/call';

const text = promotionsText;

const offerOf = (p: Promotion) =>
  `${p.kind === 'percent' ? `${p.value} % off` : `${formatMoney(p.value, p.currency)} off`}${p.max_discount_cents ? ` (max ${formatMoney(p.max_discount_cents, p.currency)})` : ''}`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/**
 * /promo-codes (decisions 0063, 0068): the promotions with their spend, a form for a new one, Edit (the same
 * form), Backtest, Launch and Pause, and a promotion's details (zones by name) and redemptions.
 */
export function PromoCodesPage() {
  const [result, setResult] = useState<{ promotion: Promotion; backtest: Backtest } | null>(null);
  const [shown, setShown] = useState<Promotion | null>(null);
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const backtest = useBacktest();
  const status = usePromotionStatus();

  const columns = useMemo<ColumnDef<Promotion>[]>(
    () => [
      {
        id: 'code',
        header: text.columns.code,
        enableSorting: true,
        cell: ({ row }) => <span className="font-mono font-semibold text-ink-900">{row.original.code}</span>,
      },
      { id: 'city', header: text.columns.city, cell: ({ row }) => row.original.city_name },
      { id: 'offer', header: text.columns.offer, cell: ({ row }) => offerOf(row.original) },
      { id: 'status', header: text.columns.status, cell: ({ row }) => text.statuses[row.original.status] },
      {
        id: 'redemptions',
        header: text.columns.redemptions,
        cell: ({ row: { original: p } }) =>
          `${p.redemptions_applied}${p.redemptions_reserved ? ` + ${p.redemptions_reserved} reserved` : ''}${p.max_redemptions ? ` / ${p.max_redemptions}` : ''}`,
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
              <Button
                size="sm"
                aria-label={`${p.status === 'draft' ? text.page.activate : text.page.resume} ${p.code}`}
                disabled={status.isPending}
                onClick={() => status.mutate({ id: p.id, status: 'active' })}
              >
                {p.status === 'draft' ? text.page.activate : text.page.resume}
              </Button>
            ) : p.status !== 'expired' ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={`${text.page.pause} ${p.code}`}
                disabled={status.isPending}
                onClick={() => status.mutate({ id: p.id, status: 'paused' })}
              >
                {text.page.pause}
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              aria-label={`${text.edit.action} ${p.code}`}
              onClick={() => {
                setSaved(null);
                setEditing(p);
              }}
            >
              {text.edit.action}
            </Button>
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
        {editing ? (
          <PromotionForm
            key={editing.id}
            promotion={editing}
            onDone={(code) => {
              setEditing(null);
              if (code) setSaved(code);
            }}
          />
        ) : null}
        <PromotionForm />
        <div aria-live="polite">
          {saved ? (
            <p role="status" className="text-sm font-medium text-brand-700">
              {text.edit.saved(saved)}
            </p>
          ) : null}
          {backtest.isPending ? <p className="text-sm text-ink-600">{text.page.backtesting}</p> : null}
          <MutationError error={backtest.error} />
          {result && !backtest.isPending ? (
            <section
              aria-label={`${text.page.backtest} ${result.promotion.code}`}
              className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink-900"
            >
              <h2 className="font-semibold">
                {text.page.backtest}: {result.promotion.code}
              </h2>
              <p>
                {text.page.backtestResult(
                  result.backtest.rides_qualified,
                  result.backtest.rides_considered,
                  result.backtest.redemptions,
                  formatMoney(result.backtest.cost_cents, result.backtest.currency),
                )}
              </p>
              {result.backtest.limited_by ? <p>{text.page.limitedBy[result.backtest.limited_by]}</p> : null}
            </section>
          ) : null}
          <MutationError error={status.error} />
        </div>
        <DataTable
          label={text.page.list}
          endpoint={promotionsList.endpoint}
          queryKey={promotionsList.queryKey}
          columns={columns}
          getRowId={(p) => p.id}
          defaultSort={promotionsList.defaultSort}
          searchLabel={text.page.search}
          filters={[{ id: 'status', label: text.columns.status, options: PROMOTION_STATUSES.map((s) => ({ value: s, label: text.statuses[s] })) }]}
          empty={text.page.empty}
          loadFailed={text.page.loadFailed}
        />
        {shown ? <PromotionDetail key={shown.id} promotion={shown} onClose={() => setShown(null)} /> : null}
      </div>
    </PageContainer>
  );
}

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
function PromotionDetail({ promotion: listed, onClose }: { promotion: Promotion; onClose: () => void }) {
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

/** Dollars and cents typed, minor units sent (empty: none). */
const toCents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 100));
const fromCents = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const toLocal = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const localNow = () => {
  const d = new Date();
  d.setSeconds(0, 0);
  return toLocal(d);
};

type FormState = {
  city_id: string;
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  max_discount: string;
  min_fare: string;
  ride_types: RideType[];
  zone_ids: string[];
  valid_from: string;
  valid_to: string;
  budget: string;
  max_redemptions: string;
  per_rider: string;
  first_ride_only: boolean;
  description: string;
};

const blankForm = (): FormState => ({
  city_id: '',
  code: '',
  kind: 'percent',
  value: '',
  max_discount: '',
  min_fare: '',
  ride_types: [],
  zone_ids: [],
  valid_from: localNow(),
  valid_to: '',
  budget: '',
  max_redemptions: '',
  per_rider: '1',
  first_ride_only: false,
  description: '',
});

/** The form as a promotion fills it, to edit it. */
const formOf = (p: Promotion): FormState => ({
  city_id: p.city_id,
  code: p.code,
  kind: p.kind,
  value: p.kind === 'percent' ? String(p.value) : fromCents(p.value),
  max_discount: fromCents(p.max_discount_cents),
  min_fare: p.min_fare_cents ? fromCents(p.min_fare_cents) : '',
  ride_types: p.ride_types,
  zone_ids: p.zone_ids,
  valid_from: toLocal(new Date(p.valid_from)),
  valid_to: p.valid_to ? toLocal(new Date(p.valid_to)) : '',
  budget: fromCents(p.budget_cents),
  max_redemptions: p.max_redemptions === null ? '' : String(p.max_redemptions),
  per_rider: String(p.per_rider_limit),
  first_ride_only: p.first_ride_only,
  description: p.description,
});

/** Every field as the API reads it. */
const bodyOf = (form: FormState, cityId: string) => ({
  city_id: cityId,
  code: form.code,
  kind: form.kind,
  value: form.kind === 'percent' ? Number(form.value) : (toCents(form.value) ?? 0),
  max_discount_cents: toCents(form.max_discount),
  min_fare_cents: toCents(form.min_fare) ?? 0,
  ride_types: form.ride_types,
  zone_ids: form.zone_ids,
  valid_from: new Date(form.valid_from).toISOString(),
  valid_to: form.valid_to ? new Date(form.valid_to).toISOString() : null,
  budget_cents: toCents(form.budget),
  max_redemptions: form.max_redemptions.trim() ? Number(form.max_redemptions) : null,
  per_rider_limit: Number(form.per_rider),
  first_ride_only: form.first_ride_only,
  description: form.description,
});

/**
 * The promotion form: a new one (saved as a draft), or an edit (decision 0068) — a draft's every field, a
 * launched one's end, budget, maximum redemptions, uses per rider and description (the others shown, disabled),
 * sent with the version read (a stale edit is refused and says so).
 */
function PromotionForm({ promotion, onDone }: { promotion?: Promotion; onDone?: (savedCode?: string) => void }) {
  const cities = useAdminCities();
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const mutation = promotion ? update : create;
  const [form, setForm] = useState<FormState>(() => (promotion ? formOf(promotion) : blankForm()));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const cityId = form.city_id || cities.data?.[0]?.id || '';
  const zones = usePromotionZones(cityId);
  const launched = promotion !== undefined && promotion.status !== 'draft';
  /** A launched promotion's locked fields are shown, not editable. */
  const locked = (field: string) => launched && !(EDITABLE_WHEN_LAUNCHED as readonly string[]).includes(field);
  const ids = useId();
  const headingId = `${ids}-heading`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Edit moves the keyboard to the form it opened.
  useEffect(() => {
    if (promotion) headingRef.current?.focus();
  }, [promotion]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form, cityId);
    if (!promotion) {
      create.mutate({ ...body, status: 'draft' }, { onSuccess: () => setForm((f) => ({ ...f, code: '', value: '', description: '' })) });
      return;
    }
    const fields = launched ? Object.fromEntries(Object.entries(body).filter(([k]) => (EDITABLE_WHEN_LAUNCHED as readonly string[]).includes(k))) : body;
    update.mutate({ id: promotion.id, body: { version: promotion.version, ...fields } }, { onSuccess: (p) => onDone?.(p.code) });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-ink-100 p-4 sm:p-6">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-ink-900 focus:outline-none">
        {promotion ? text.edit.title(promotion.code) : text.page.create}
      </h2>
      {launched ? (
        <p className="mb-4 rounded-2xl bg-ink-50 p-3 text-sm text-ink-700">
          {text.edit.lockedHint}{' '}
          {text.edit.taken(formatMoney(promotion.spent_cents, promotion.currency), formatMoney(promotion.reserved_cents, promotion.currency))}.
        </p>
      ) : null}
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-city`} className="block text-sm font-medium text-ink-800">
            {text.form.city}
          </label>
          <select
            id={`${ids}-city`}
            className={inputClasses}
            value={cityId}
            disabled={locked('city_id')}
            onChange={(e) => setForm((f) => ({ ...f, city_id: e.target.value, zone_ids: [] }))}
          >
            {(cities.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.currency})
              </option>
            ))}
          </select>
        </div>
        <Field
          label={text.form.code}
          value={form.code}
          onChange={(e) => set('code', e.target.value.toUpperCase())}
          required
          maxLength={20}
          autoCapitalize="characters"
          disabled={locked('code')}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-kind`} className="block text-sm font-medium text-ink-800">
            {text.form.kind}
          </label>
          <select
            id={`${ids}-kind`}
            className={inputClasses}
            value={form.kind}
            disabled={locked('kind')}
            onChange={(e) => set('kind', e.target.value as 'percent' | 'amount')}
          >
            <option value="percent">{text.kinds.percent}</option>
            <option value="amount">{text.kinds.amount}</option>
          </select>
        </div>
        <Field
          label={text.form.value}
          hint={form.kind === 'percent' ? text.form.valueHintPercent : text.form.valueHintAmount}
          inputMode="decimal"
          value={form.value}
          onChange={(e) => set('value', e.target.value)}
          required
          disabled={locked('value')}
        />
        <Field
          label={text.form.maxDiscount}
          inputMode="decimal"
          value={form.max_discount}
          onChange={(e) => set('max_discount', e.target.value)}
          disabled={locked('max_discount_cents')}
        />
        <Field
          label={text.form.minFare}
          inputMode="decimal"
          value={form.min_fare}
          onChange={(e) => set('min_fare', e.target.value)}
          disabled={locked('min_fare_cents')}
        />
        <Field
          label={text.form.validFrom}
          type="datetime-local"
          value={form.valid_from}
          onChange={(e) => set('valid_from', e.target.value)}
          required
          disabled={locked('valid_from')}
        />
        <Field label={text.form.validTo} type="datetime-local" value={form.valid_to} onChange={(e) => set('valid_to', e.target.value)} />
        <Field label={text.form.budget} inputMode="decimal" value={form.budget} onChange={(e) => set('budget', e.target.value)} />
        <Field label={text.form.maxRedemptions} inputMode="numeric" value={form.max_redemptions} onChange={(e) => set('max_redemptions', e.target.value)} />
        <Field label={text.form.perRider} inputMode="numeric" value={form.per_rider} onChange={(e) => set('per_rider', e.target.value)} required />
        <Field label={text.form.description} value={form.description} onChange={(e) => set('description', e.target.value)} maxLength={500} />
        <fieldset className="space-y-1.5" disabled={locked('ride_types')}>
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
        <fieldset className="space-y-1.5" disabled={locked('zone_ids')}>
          <legend className="text-sm font-medium text-ink-800">{text.form.zones}</legend>
          {!cityId ? (
            <p className="text-sm text-ink-600">{text.form.noZones}</p>
          ) : (
            <QueryView
              query={zones}
              loadFailed={text.form.zonesFailed}
              loading={<p className="text-sm text-ink-500">{text.form.zonesLoading}</p>}
              isEmpty={(d) => d.length === 0}
              empty={<p className="text-sm text-ink-600">{text.form.noZones}</p>}
            >
              {(zoneList) => (
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {zoneList.map((z) => (
                    <label key={z.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={form.zone_ids.includes(z.id)}
                        onChange={(e) => set('zone_ids', e.target.checked ? [...form.zone_ids, z.id] : form.zone_ids.filter((x) => x !== z.id))}
                      />
                      {z.name}
                    </label>
                  ))}
                </div>
              )}
            </QueryView>
          )}
        </fieldset>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-800">
          <input
            type="checkbox"
            className="size-4"
            checked={form.first_ride_only}
            disabled={locked('first_ride_only')}
            onChange={(e) => set('first_ride_only', e.target.checked)}
          />
          {text.form.firstRide}
        </label>
        <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3">
          <div aria-live="polite">
            {mutation.isError ? (
              <MutationError error={mutation.error} />
            ) : create.isSuccess && !promotion ? (
              <p role="status" className="text-sm font-medium text-brand-700">
                {text.form.created(create.data.code)}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="w-full sm:w-auto" disabled={mutation.isPending || !cityId}>
              {promotion ? text.edit.save : text.form.saveDraft}
            </Button>
            {promotion ? (
              <Button type="button" variant="outline" className="w-full sm:w-auto" onClick={() => onDone?.()}>
                {text.edit.cancel}
              </Button>
            ) : null}
          </div>
        </div>
      </form>
    </section>
  );
}
