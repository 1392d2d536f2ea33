import { useMemo } from 'react';
import { z } from 'zod';
import { type SeparationOfDuties, separationOfDutiesSchema } from '@openride/shared/admin/staff';
import { staffText } from '@openride/shared/admin/staff-text';
import { moneyInputValue, parseMoney } from '@openride/shared/money';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { useAdminCities } from '@/lib/admin-cities';
import { useSaveSeparationOfDuties, useSeparationOfDuties } from '../api/staff';

const text = staffText.duties;

/**
 * The owners' separation of duties (issue 29 §5, decisions 0092–0093): where money moves, a second person — a
 * payout run's approver is not who prepared it; a refund above an amount (per currency of the console's
 * cities, typed in that currency's units) is proposed by one person and approved by another.
 */
export function DutiesCard() {
  const duties = useSeparationOfDuties();
  const cities = useAdminCities();
  const currencies = useMemo(() => [...new Set((cities.data ?? []).map((c) => c.currency.trim()))].sort(), [cities.data]);
  return (
    <SectionCard id="staff-duties" title={text.title} hint={text.description}>
      <QueryView query={duties} loadFailed={text.loadFailed}>
        {(current) => <DutiesForm key={JSON.stringify([current, currencies])} current={current} currencies={currencies} />}
      </QueryView>
    </SectionCard>
  );
}

/** The form holds amounts as typed; a currency left empty has no rule. */
function formSchema(currencies: readonly string[]) {
  return z
    .object({ payout_runs: z.boolean(), refunds_above: z.record(z.string(), z.string()) })
    .superRefine((v, ctx) => {
      for (const c of currencies)
        if (Number.isNaN(parseMoney(v.refunds_above[c] ?? '', c)))
          ctx.addIssue({ code: 'custom', path: ['refunds_above', c], message: text.amountInvalid(c, moneyInputValue(5000, c)) });
    })
    .transform(
      (v): SeparationOfDuties => ({
        payout_runs: v.payout_runs,
        refunds_above: Object.fromEntries(
          Object.entries(v.refunds_above).flatMap(([c, typed]) => {
            const minor = parseMoney(typed, c);
            return minor === undefined ? [] : [[c, minor]];
          }),
        ),
      }),
    )
    .pipe(z.strictObject({ ...separationOfDutiesSchema.shape, refunds_above: separationOfDutiesSchema.shape.refunds_above.unwrap() }));
}

function DutiesForm({ current, currencies }: { current: SeparationOfDuties; currencies: readonly string[] }) {
  const save = useSaveSeparationOfDuties();
  // Every currency with a rule stays on the form, even one no city of this member uses any more.
  const shown = useMemo(() => [...new Set([...currencies, ...Object.keys(current.refunds_above)])].sort(), [currencies, current.refunds_above]);
  const schema = useMemo(() => formSchema(shown), [shown]);
  const form = useZodForm(schema, {
    defaultValues: {
      payout_runs: current.payout_runs,
      refunds_above: Object.fromEntries(shown.map((c) => [c, c in current.refunds_above ? moneyInputValue(current.refunds_above[c]!, c) : ''])),
    },
  });
  return (
    <Form form={form} onSubmit={(v) => save.mutateAsync(v).then(() => toast({ title: text.saved }))} className="space-y-3">
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink-900">
        <input type="checkbox" className="size-5" {...form.register('payout_runs')} />
        {text.payoutRuns}
      </label>
      {shown.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink-900">{text.refunds}</legend>
          <p className="text-xs text-ink-600">{text.refundsHint}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {shown.map((c) => (
              <FormField key={c} name={`refunds_above.${c}`} label={text.refundsAbove(c)} inputMode="decimal" />
            ))}
          </div>
        </fieldset>
      ) : null}
      <MutationError error={save.error} />
      <Button type="submit" size="sm" disabled={save.isPending}>
        {text.save}
      </Button>
    </Form>
  );
}
