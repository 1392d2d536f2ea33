import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { cancellationText as text } from '@openride/shared/cancellation/cancellation-text';
import { type CancellationPolicyForm, cancellationPolicyFormSchema, FEE_KINDS, formToPolicyInput, policyToForm } from '@openride/shared/cancellation/schemas';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { useConsoleCity } from '@/lib/console-city';
import { formatDateTime } from '@/lib/format';
import {
  type CancellationPolicyView,
  useCancellationPolicies,
  useCityZones,
  useRemoveZonePolicy,
  useSaveCancellationPolicy,
} from '../api/cancellation-policies';
import { AddZoneTerms, type ZoneName } from './add-zone-terms';
import { formatMoney as moneyOf } from '@/lib/money';
import { PolicyHistory } from './policy-history';

/**
 * /cancellation-policies (admins, decision 0033): each city's rules per ride type — the free window, the
 * late-cancel fee, the no-show wait and fee, the late-driver margin, the driver's share — and an edit form
 * that saves all of them at once (audited). Money is typed in the city's currency and sent in its minor units. A pricing zone
 * may have terms of its own for a ride type (added as a copy of the city default, edited, removed): rides whose
 * pickup is in it follow them. Each save is the policy's next version (decision 0087): the card names the one in
 * force, and its history lists every version with what it changed.
 */
export function CancellationPoliciesPage() {
  const policies = useCancellationPolicies();
  // The console's city shows its own section only; "All cities", each of them.
  const consoleCity = useConsoleCity().city;
  const cities = groupByCity((policies.data?.policies ?? []).filter((p) => consoleCity === null || p.city_id === consoleCity));
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      <QueryView query={policies} loadFailed={text.loadFailed} isEmpty={() => cities.length === 0} empty={text.empty}>
        {(_policies) => (
          <div className="space-y-10">
            {cities.map(([city, list]) => (
              <CitySection key={list[0]!.city_id} cityName={city} policies={list} />
            ))}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function groupByCity(policies: CancellationPolicyView[]): [string, CancellationPolicyView[]][] {
  const byCity = new Map<string, CancellationPolicyView[]>();
  for (const p of policies) byCity.set(p.city_name, [...(byCity.get(p.city_name) ?? []), p]);
  return [...byCity];
}

/**
 * One city: its default terms per ride type, then a section per pricing zone that has terms of its own (Edit,
 * Remove), and "Add terms for a zone". Zone names come from the zones domain's list of the city.
 */
function CitySection({ cityName, policies }: { cityName: string; policies: CancellationPolicyView[] }) {
  const cityId = policies[0]!.city_id;
  const zones = useCityZones(cityId);
  const pricingZones: ZoneName[] = (zones.data ?? [])
    .filter((z) => z.type === 'pricing_zone')
    .map((z) => ({ id: z.id, name: z.enabled ? z.name : text.zoneOff(z.name) }));
  const zoneName = (id: string) => pricingZones.find((z) => z.id === id)?.name ?? (zones.isPending ? text.zoneFallback(id) : text.unknownZone);
  const defaults = policies.filter((p) => p.zone_id === null);
  const byZone = new Map<string, CancellationPolicyView[]>();
  for (const p of policies) if (p.zone_id) byZone.set(p.zone_id, [...(byZone.get(p.zone_id) ?? []), p]);
  const zoneSections = [...byZone].sort(([a], [b]) => zoneName(a).localeCompare(zoneName(b)));
  const [adding, setAdding] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const closeAdd = () => {
    setAdding(false);
    requestAnimationFrame(() => addRef.current?.focus());
  };
  const headingId = `city-${cityId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold text-ink-900">
        {cityName}
      </h2>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {defaults.map((p) => (
          <li key={p.id}>
            <PolicyCard policy={p} />
          </li>
        ))}
      </ul>
      {zoneSections.map(([zoneId, list]) => (
        <ZoneSection key={zoneId} zone={zoneName(zoneId)} policies={list} onRemoved={() => addRef.current?.focus()} />
      ))}
      {adding ? (
        <AddZoneTerms cityName={cityName} cityId={cityId} zones={zones} pricingZones={pricingZones} policies={policies} onDone={closeAdd} />
      ) : (
        <Button ref={addRef} variant="outline" onClick={() => setAdding(true)}>
          {text.addZone}
        </Button>
      )}
    </section>
  );
}

function ZoneSection({ zone, policies, onRemoved }: { zone: string; policies: CancellationPolicyView[]; onRemoved: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl bg-ink-50 p-3 sm:p-4">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-ink-900">
          {text.zoneSection(zone)}
        </h3>
        <p className="text-sm text-ink-600">{text.zoneIntro}</p>
      </div>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {policies.map((p) => (
          <li key={p.id}>
            <PolicyCard policy={p} zone={zone} onRemoved={onRemoved} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PolicyCard({ policy: p, zone, onRemoved }: { policy: CancellationPolicyView; zone?: string; onRemoved?: () => void }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveZonePolicy();
  const editRef = useRef<HTMLButtonElement>(null);
  const typeName = RIDE_TYPE_NAMES[p.ride_type];
  const headingId = useId();
  // Inside a zone's section (an h3) the card's heading is one level down.
  const HeadingTag = zone ? 'h4' : 'h3';
  const money = (cents: number) => moneyOf(cents, p.currency);
  const close = () => {
    setEditing(false);
    // Back to the control that opened the form.
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <header className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <HeadingTag id={headingId} className="text-lg font-semibold text-ink-900">
            {typeName}
            <span className="ml-2 text-sm font-normal text-ink-500">{zone ?? text.cityDefault}</span>
          </HeadingTag>
          <p className="text-sm text-ink-600">
            {text.version(p.version)} · {text.since(formatDateTime(p.updated_at))}
          </p>
        </div>
        {editing ? null : (
          <div className="flex flex-wrap gap-2">
            <Button ref={editRef} variant="outline" size="sm" aria-label={text.editLabel(typeName, zone)} onClick={() => setEditing(true)}>
              {text.edit}
            </Button>
            {zone ? (
              <Button variant="outline" size="sm" aria-label={text.removeLabel(typeName, zone)} onClick={() => setRemoving(true)}>
                {text.remove}
              </Button>
            ) : null}
          </div>
        )}
      </header>
      {zone ? (
        <ConfirmDialog
          open={removing}
          onOpenChange={setRemoving}
          title={text.removeTitle(typeName, zone)}
          description={remove.error ? (isApiError(remove.error) && remove.error.message ? remove.error.message : text.removeFailed) : text.removeText}
          confirmLabel={text.removeConfirm}
          variant="destructive"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(p.id, {
              onSuccess: () => {
                setRemoving(false);
                toast({ title: text.removed(typeName, zone) });
                onRemoved?.();
              },
            })
          }
        />
      ) : null}
      {editing ? (
        <PolicyForm policy={p} title={zone ? text.editTitle(typeName, zone) : text.editTitle(typeName, p.city_name)} onDone={close} />
      ) : (
        <dl className="grid grid-cols-1 gap-2 text-sm">
          <Term label={text.columns.freeWindow}>{text.seconds(p.free_window_s)}</Term>
          <Term label={text.columns.fee}>
            {p.fee_kind === 'fixed'
              ? text.feeFixed(money(p.fee_fixed_cents))
              : text.feePercent(String(p.fee_percent_bp / 100), money(p.fee_min_cents), money(p.fee_max_cents))}
          </Term>
          <Term label={text.columns.noShow}>{text.noShowSummary(text.seconds(p.no_show_wait_s), money(p.no_show_fee_cents))}</Term>
          <Term label={text.columns.lateMargin}>{text.seconds(p.late_driver_margin_s)}</Term>
          <Term label={text.columns.driverShare}>{text.shareSummary(p.driver_share_late_cancel_pct, p.driver_share_no_show_pct)}</Term>
        </dl>
      )}
      <PolicyHistory policy={p} />
    </article>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-ink-500">{label}</dt>
      <dd className="font-medium text-ink-900">{children}</dd>
    </div>
  );
}

function PolicyForm({ policy, title, onDone }: { policy: CancellationPolicyView; title: string; onDone: () => void }) {
  const currency = policy.currency;
  const schema = useMemo(() => cancellationPolicyFormSchema(currency), [currency]);
  const form = useZodForm(schema, { defaultValues: policyToForm(policy, currency) });
  const save = useSaveCancellationPolicy();
  const kind = form.watch('fee_kind');
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector('input')?.focus(), []);
  const typeName = RIDE_TYPE_NAMES[policy.ride_type];
  const onSubmit = (values: CancellationPolicyForm) =>
    save.mutate(
      { id: policy.id, input: formToPolicyInput(values, currency) },
      {
        onSuccess: () => {
          toast({ title: text.saved(typeName) });
          onDone();
        },
      },
    );
  const failure = save.error ? (isApiError(save.error) && save.error.message ? save.error.message : text.saveFailed) : null;
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={title} className="space-y-4">
      <div ref={first}>
        <FormField<CancellationPolicyForm> name="free_window_s" label={text.fields.free_window_s} inputMode="numeric" />
      </div>
      <FeeKind />
      {kind === 'fixed' ? (
        <FormField<CancellationPolicyForm> name="fee_fixed" label={text.fields.fee_fixed(currency)} inputMode="decimal" />
      ) : (
        <>
          <FormField<CancellationPolicyForm> name="fee_percent" label={text.fields.fee_percent} inputMode="decimal" hint={text.percentHint} />
          <FormField<CancellationPolicyForm> name="fee_min" label={text.fields.fee_min(currency)} inputMode="decimal" />
          <FormField<CancellationPolicyForm> name="fee_max" label={text.fields.fee_max(currency)} inputMode="decimal" />
        </>
      )}
      <FormField<CancellationPolicyForm> name="no_show_wait_s" label={text.fields.no_show_wait_s} inputMode="numeric" />
      <FormField<CancellationPolicyForm> name="no_show_fee" label={text.fields.no_show_fee(currency)} inputMode="decimal" />
      <FormField<CancellationPolicyForm> name="late_driver_margin_s" label={text.fields.late_driver_margin_s} inputMode="numeric" />
      <FormField<CancellationPolicyForm> name="driver_share_late_cancel_pct" label={text.fields.driver_share_late_cancel_pct} inputMode="numeric" />
      <FormField<CancellationPolicyForm> name="driver_share_no_show_pct" label={text.fields.driver_share_no_show_pct} inputMode="numeric" />
      <MutationError error={failure}>{failure}</MutationError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </Form>
  );
}

function FeeKind() {
  const { register } = useFormContext<CancellationPolicyForm>();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-800">{text.fields.fee_kind}</legend>
      {FEE_KINDS.map((k) => (
        <label key={k} className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
          <input type="radio" value={k} {...register('fee_kind')} className="size-4" />
          {text.fields.fee_kinds[k]}
        </label>
      ))}
    </fieldset>
  );
}
