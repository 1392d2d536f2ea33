import { useMemo } from 'react';
import { z } from 'zod';
import { dashboardGoalWords, dashboardText } from '@openride/shared/dashboard/dashboard-text';
import { GOAL_MAX_EARNINGS_CENTS, GOAL_MIN_EARNINGS_CENTS } from '@openride/shared/dashboard/limits';
import { goalInputSchema } from '@openride/shared/dashboard/schemas';
import { moneyInputValue, parseMoney } from '@openride/shared/money';
import type { Goal } from '@openride/shared/dashboard/views';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { MutationError } from '@/components/ui/query-view';
import { useSetGoal } from '../api/set-goal';

const text = dashboardText.goal;

/**
 * The two boxes as typed → the server's `goalInputSchema` (its bounds): the earnings in the driver's city's
 * `currency` ("150", "150.5" USD; "15000" JPY) to minor units, a whole count of trips; either left empty is null.
 */
export const goalForm = (currency: string) =>
  z
    .object({
      earnings: z
        .string()
        .refine((s) => !Number.isNaN(parseMoney(s, currency)), text.badEarnings(currency))
        .transform((s) => parseMoney(s, currency) ?? null)
        .refine((c) => c === null || (c >= GOAL_MIN_EARNINGS_CENTS && c <= GOAL_MAX_EARNINGS_CENTS), dashboardGoalWords.earningsRange(currency))
        .pipe(goalInputSchema.shape.earnings_cents),
      trips: z
        .string()
        .trim()
        .regex(/^\d*$/, dashboardGoalWords.tripsRange)
        .transform((t) => (t === '' ? null : Number(t)))
        .pipe(goalInputSchema.shape.trips),
    })
    .transform(({ earnings, trips }) => ({ earnings_cents: earnings, trips }))
    .pipe(goalInputSchema);

/** Set, change or clear the daily goal: earnings and/or trips; checked with the server's schema before sending. */
export function GoalForm({ goal, currency, onDone }: { goal: Goal | null; currency: string; onDone: () => void }) {
  const save = useSetGoal();
  const schema = useMemo(() => goalForm(currency), [currency]);
  const form = useZodForm(schema, {
    defaultValues: {
      earnings: goal?.earnings_cents != null ? moneyInputValue(goal.earnings_cents, currency) : '',
      trips: goal?.trips != null ? String(goal.trips) : '',
    },
  });

  const send = (input: { earnings_cents: number | null; trips: number | null }) =>
    save.mutate(input, {
      onSuccess: (stored) => {
        toast({ title: stored ? text.saved : text.cleared });
        onDone();
      },
    });

  return (
    <Form form={form} onSubmit={send} className="mt-4 space-y-3" aria-label={text.title}>
      <div className="grid grid-cols-2 gap-3">
        <FormField name="earnings" label={text.earnings(currency)} inputMode="decimal" autoComplete="off" placeholder="150" />
        <FormField name="trips" label={text.trips} type="number" inputMode="numeric" min={1} max={100} step={1} placeholder="10" />
      </div>
      <p className="text-xs text-ink-500">{text.hint}</p>
      <MutationError error={save.error}>{save.error ? text.failed(save.error.message) : null}</MutationError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
        {goal ? (
          <Button variant="outline" disabled={save.isPending} onClick={() => send({ earnings_cents: null, trips: null })}>
            {text.clear}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDone}>
          {text.cancel}
        </Button>
      </div>
    </Form>
  );
}
