import { type FormEvent, useState } from 'react';
import { dashboardText } from '@openride/shared/dashboard/dashboard-text';
import type { Goal } from '@openride/shared/dashboard/views';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { MutationError } from '@/components/ui/query-view';
import { useSetGoal } from '../api/set-goal';
import { goalFromForm } from '../lib/dashboard-format';

const text = dashboardText.goal;

/** Set, change or clear the daily goal: earnings and/or trips; checked with the server's schema before sending. */
export function GoalForm({ goal, currency, onDone }: { goal: Goal | null; currency: string; onDone: () => void }) {
  const save = useSetGoal();
  const [earnings, setEarnings] = useState(goal?.earnings_cents != null ? String(goal.earnings_cents / 100) : '');
  const [trips, setTrips] = useState(goal?.trips != null ? String(goal.trips) : '');
  const [problem, setProblem] = useState<string | null>(null);

  const send = (input: { earnings_cents: number | null; trips: number | null }) =>
    save.mutate(input, {
      onSuccess: (stored) => {
        toast({ title: stored ? text.saved : text.cleared });
        onDone();
      },
      onError: (error) => setProblem(text.failed(error.message)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = goalFromForm(earnings, trips);
    if ('error' in parsed) return setProblem(parsed.error);
    setProblem(null);
    send(parsed.input);
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-label={text.title} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={text.earnings(currency)}
          inputMode="decimal"
          autoComplete="off"
          value={earnings}
          onChange={(e) => setEarnings(e.target.value)}
          placeholder="150"
        />
        <Field
          label={text.trips}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          value={trips}
          onChange={(e) => setTrips(e.target.value)}
          placeholder="10"
        />
      </div>
      <p className="text-xs text-ink-500">{text.hint}</p>
      <MutationError error={problem}>{problem}</MutationError>
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
    </form>
  );
}
