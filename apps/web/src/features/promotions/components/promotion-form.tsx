import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { EDITABLE_WHEN_LAUNCHED } from '@openride/shared/promotions/schemas';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/field';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { useAdminCities } from '@/lib/admin-cities';
import { formatMoney } from '@/lib/money';
import { type Promotion, useCreatePromotion, usePromotionZones, useUpdatePromotion } from '../api/promotions';
import { blankForm, bodyOf, type FormState, formOf } from './promotion-form-state';

const text = promotionsText;

/**
 * The promotion form: a new one (saved as a draft), or an edit (decision 0068) — a draft's every field, a
 * launched one's end, budget, maximum redemptions, uses per rider and description (the others shown, disabled),
 * sent with the version read (a stale edit is refused and says so).
 */
export function PromotionForm({ promotion, onDone }: { promotion?: Promotion; onDone?: (savedCode?: string) => void }) {
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
