import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { cancellationText as text } from '@openride/shared/cancellation/cancellation-text';
import {
  type CancellationPolicyForm,
  cancellationPolicyFormSchema,
  FEE_KINDS,
  formToPolicyInput,
  policyToForm,
} from '@openride/shared/cancellation/schemas';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty, QueryError, QueryLoading } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type CancellationPolicyView, useCancellationPolicies, useSaveCancellationPolicy } from '../api/cancellation-policies';

const moneyOf = (cents: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
};

/**
 * /cancellation-policies (admins, decision 0033): each city's rules per ride type — the free window, the
 * late-cancel fee, the no-show wait and fee, the late-driver margin, the driver's share — and an edit form
 * that saves all of them at once (audited). Money is typed in dollars.cents and sent in cents.
 */
export function CancellationPoliciesPage() {
  const policies = useCancellationPolicies();
  const cities = groupByCity(policies.data?.policies ?? []);
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      {policies.isPending ? (
        <QueryLoading />
      ) : policies.isError ? (
        <QueryError onRetry={() => void policies.refetch()} retrying={policies.isFetching}>
          {text.loadFailed}
        </QueryError>
      ) : cities.length === 0 ? (
        <QueryEmpty>{text.empty}</QueryEmpty>
      ) : (
        <div className="space-y-10">
          {cities.map(([city, list]) => (
            <section key={city} aria-labelledby={`city-${list[0]!.city_id}`} className="space-y-4">
              <h2 id={`city-${list[0]!.city_id}`} className="text-xl font-bold text-ink-900">
                {city}
              </h2>
              <ul className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                {list.map((p) => (
                  <li key={p.id}>
                    <PolicyCard policy={p} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PageContainer>
  );
}

function groupByCity(policies: CancellationPolicyView[]): [string, CancellationPolicyView[]][] {
  const byCity = new Map<string, CancellationPolicyView[]>();
  for (const p of policies) byCity.set(p.city_name, [...(byCity.get(p.city_name) ?? []), p]);
  return [...byCity];
}

function PolicyCard({ policy: p }: { policy: CancellationPolicyView }) {
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const typeName = RIDE_TYPE_NAMES[p.ride_type];
  const headingId = useId();
  const money = (cents: number) => moneyOf(cents, p.currency);
  const close = () => {
    setEditing(false);
    // Back to the control that opened the form.
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4">
      <header className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-ink-900">
          {typeName}
          <span className="ml-2 text-sm font-normal text-ink-500">{p.zone_id ? p.zone_id : text.cityDefault}</span>
        </h3>
        {editing ? null : (
          <Button ref={editRef} variant="outline" size="sm" aria-label={text.editLabel(typeName)} onClick={() => setEditing(true)}>
            {text.edit}
          </Button>
        )}
      </header>
      {editing ? (
        <PolicyForm policy={p} title={text.editTitle(typeName, p.city_name)} onDone={close} />
      ) : (
        <dl className="grid grid-cols-1 gap-2 text-sm">
          <Term label={text.columns.freeWindow}>{text.seconds(p.free_window_s)}</Term>
          <Term label={text.columns.fee}>
            {p.fee_kind === 'fixed' ? text.feeFixed(money(p.fee_fixed_cents)) : text.feePercent(String(p.fee_percent_bp / 100), money(p.fee_min_cents), money(p.fee_max_cents))}
          </Term>
          <Term label={text.columns.noShow}>{text.noShowSummary(text.seconds(p.no_show_wait_s), money(p.no_show_fee_cents))}</Term>
          <Term label={text.columns.lateMargin}>{text.seconds(p.late_driver_margin_s)}</Term>
          <Term label={text.columns.driverShare}>{text.shareSummary(p.driver_share_late_cancel_pct, p.driver_share_no_show_pct)}</Term>
        </dl>
      )}
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
  const form = useZodForm(cancellationPolicyFormSchema, { defaultValues: policyToForm(policy) });
  const save = useSaveCancellationPolicy();
  const kind = form.watch('fee_kind');
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector('input')?.focus(), []);
  const typeName = RIDE_TYPE_NAMES[policy.ride_type];
  const onSubmit = (values: CancellationPolicyForm) =>
    save.mutate(
      { id: policy.id, input: formToPolicyInput(values) },
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
        <FormField<CancellationPolicyForm> name="fee_fixed" label={text.fields.fee_fixed} inputMode="decimal" />
      ) : (
        <>
          <FormField<CancellationPolicyForm> name="fee_percent" label={text.fields.fee_percent} inputMode="decimal" hint={text.percentHint} />
          <FormField<CancellationPolicyForm> name="fee_min" label={text.fields.fee_min} inputMode="decimal" />
          <FormField<CancellationPolicyForm> name="fee_max" label={text.fields.fee_max} inputMode="decimal" />
        </>
      )}
      <FormField<CancellationPolicyForm> name="no_show_wait_s" label={text.fields.no_show_wait_s} inputMode="numeric" />
      <FormField<CancellationPolicyForm> name="no_show_fee" label={text.fields.no_show_fee} inputMode="decimal" />
      <FormField<CancellationPolicyForm> name="late_driver_margin_s" label={text.fields.late_driver_margin_s} inputMode="numeric" />
      <FormField<CancellationPolicyForm> name="driver_share_late_cancel_pct" label={text.fields.driver_share_late_cancel_pct} inputMode="numeric" />
      <FormField<CancellationPolicyForm> name="driver_share_no_show_pct" label={text.fields.driver_share_no_show_pct} inputMode="numeric" />
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
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
