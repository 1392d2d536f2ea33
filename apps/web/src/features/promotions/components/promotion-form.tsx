import { useEffect, useId, useMemo, useRef } from 'react';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { EDITABLE_WHEN_LAUNCHED, PROMOTION_FIELDS } from '@openride/shared/promotions/schemas';
import { Button } from '@/components/ui/button';
import { CheckboxListField, RideTypeChecks } from '@/components/ui/checkbox-group';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCityDefault } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';
import { type Promotion, useCreatePromotion, usePromotionZones, useUpdatePromotion } from '../api/promotions';
import { blankForm, formOf, type PromotionBody, promotionFormSchema } from './promotion-form-state';

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
  const schema = useMemo(
    () => promotionFormSchema((id) => (id === promotion?.city_id ? promotion.currency : (cities.data?.find((c) => c.id === id)?.currency ?? 'USD'))),
    [cities.data, promotion],
  );
  const form = useZodForm(schema, { defaultValues: promotion ? formOf(promotion) : blankForm() });
  const [cityId, kind, code] = form.watch(['city_id', 'kind', 'code']);
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
  // The console's city (else the first) is chosen until another is.
  const firstCity = usePageCityDefault(cities.data?.[0]?.id ?? null);
  useEffect(() => {
    if (firstCity && !form.getValues('city_id')) form.setValue('city_id', firstCity);
  }, [firstCity, form]);
  // Another city: its zones are others, so none is chosen.
  const shownCity = useRef(cityId);
  useEffect(() => {
    if (shownCity.current && shownCity.current !== cityId) form.setValue('zone_ids', []);
    shownCity.current = cityId;
  }, [cityId, form]);
  // A code is written in capitals as it is typed.
  useEffect(() => {
    if (code !== code.toUpperCase()) form.setValue('code', code.toUpperCase());
  }, [code, form]);

  const submit = (body: PromotionBody) => {
    if (!promotion) {
      create.mutate({ ...body, status: 'draft' }, { onSuccess: () => form.reset({ ...form.getValues(), code: '', value: '', description: '' }) });
      return;
    }
    const sent: readonly string[] = launched ? EDITABLE_WHEN_LAUNCHED : PROMOTION_FIELDS;
    const fields = Object.fromEntries(Object.entries(body).filter(([k]) => sent.includes(k)));
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
      <Form form={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField name="city_id" as="select" label={text.form.city} disabled={locked('city_id')}>
          {(cities.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.currency})
            </option>
          ))}
        </FormField>
        <FormField name="code" label={text.form.code} maxLength={20} autoCapitalize="characters" disabled={locked('code')} />
        <FormField name="kind" as="select" label={text.form.kind} disabled={locked('kind')}>
          <option value="percent">{text.kinds.percent}</option>
          <option value="amount">{text.kinds.amount}</option>
        </FormField>
        <FormField
          name="value"
          label={text.form.value}
          hint={kind === 'percent' ? text.form.valueHintPercent : text.form.valueHintAmount}
          inputMode="decimal"
          disabled={locked('value')}
        />
        <FormField name="max_discount_cents" label={text.form.maxDiscount} inputMode="decimal" disabled={locked('max_discount_cents')} />
        <FormField name="min_fare_cents" label={text.form.minFare} inputMode="decimal" disabled={locked('min_fare_cents')} />
        <FormField name="valid_from" label={text.form.validFrom} type="datetime-local" disabled={locked('valid_from')} />
        <FormField name="valid_to" label={text.form.validTo} type="datetime-local" />
        <FormField name="budget_cents" label={text.form.budget} inputMode="decimal" />
        <FormField name="max_redemptions" label={text.form.maxRedemptions} inputMode="numeric" />
        <FormField name="per_rider_limit" label={text.form.perRider} inputMode="numeric" />
        <FormField name="description" label={text.form.description} maxLength={500} />
        <RideTypeChecks name="ride_types" legend={text.form.rideTypes} disabled={locked('ride_types')} className="space-y-1.5" />
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
                <CheckboxListField
                  name="zone_ids"
                  options={zoneList.map((z) => ({ value: z.id, label: z.name }))}
                  listClassName="flex flex-wrap gap-x-4 gap-y-1"
                />
              )}
            </QueryView>
          )}
        </fieldset>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-800">
          <input type="checkbox" className="size-4" disabled={locked('first_ride_only')} {...form.register('first_ride_only')} />
          {text.form.firstRide}
        </label>
        <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3">
          <div aria-live="polite">
            <MutationError error={mutation.error} />
            {!mutation.isError && create.isSuccess && !promotion ? (
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
      </Form>
    </section>
  );
}
