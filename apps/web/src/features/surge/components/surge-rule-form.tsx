import { useId, useState } from 'react';
import { formatMultiplier, type SurgeRule } from '@openride/shared/surge/surge';
import { surgeText } from '@openride/shared/surge/surge-text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useSaveSurgeRule } from '../api/surge';
import { MutationError } from '@/components/ui/query-view';

const text = surgeText.page;
/** 0.5× … 3.0× in steps of 0.1×: what a multiplier may be. */
const TENTHS = Array.from({ length: 26 }, (_, i) => i + 5);

function MultiplierSelect({ label, value, onChange, id }: { label: string; value: number; onChange: (v: number) => void; id: string }) {
  return (
    <label htmlFor={id} className="block text-sm text-ink-700">
      {label}
      <select id={id} className={cn(inputClasses, 'mt-1 w-28')} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {TENTHS.map((t) => (
          <option key={t} value={t}>
            {formatMultiplier(t)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The city's surge rule: the ratio → multiplier steps, floor, cap, the largest change per update, hysteresis
 * and the least demand that can surge. The server checks it (ladder ascending, within the cap) and says why not.
 */
export function SurgeRuleForm({ cityId, rule }: { cityId: string; rule: SurgeRule }) {
  const save = useSaveSurgeRule(cityId);
  const [draft, setDraft] = useState<SurgeRule>(rule);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const set = (patch: Partial<SurgeRule>) => setDraft((d) => ({ ...d, ...patch }));
  const setStep = (i: number, patch: Partial<SurgeRule['thresholds'][number]>) =>
    set({ thresholds: draft.thresholds.map((t, j) => (j === i ? { ...t, ...patch } : t)) });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-ink-100 bg-white p-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-900">
          {text.rule}
        </h2>
        <p className="text-sm text-ink-600">{text.ruleHint}</p>
      </div>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          save.mutate(draft, {
            onSuccess: (overview) => {
              setDraft(overview.rule);
              toast({ title: text.saved });
            },
            onError: (err) => setError(err.message),
          });
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink-800">{text.ladder}</legend>
          <ol className="space-y-2">
            {draft.thresholds.map((t, i) => (
              <li key={i} className="flex flex-wrap items-end gap-3">
                <label htmlFor={`${id}-r${i}`} className="block text-sm text-ink-700">
                  {text.stepRatio}
                  <input
                    id={`${id}-r${i}`}
                    type="number"
                    inputMode="decimal"
                    step="0.1"
                    min="0.1"
                    className={cn(inputClasses, 'mt-1 w-28')}
                    value={t.ratio}
                    onChange={(e) => setStep(i, { ratio: Number(e.target.value) })}
                  />
                </label>
                <MultiplierSelect
                  id={`${id}-m${i}`}
                  label={text.stepMultiplier}
                  value={t.multiplier_tenths}
                  onChange={(v) => setStep(i, { multiplier_tenths: v })}
                />
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={text.removeStep(i + 1)}
                  onClick={() => set({ thresholds: draft.thresholds.filter((_, j) => j !== i) })}
                >
                  ✕
                </Button>
              </li>
            ))}
          </ol>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="mt-2"
            disabled={draft.thresholds.length >= 10}
            onClick={() => {
              const last = draft.thresholds[draft.thresholds.length - 1];
              set({
                thresholds: [
                  ...draft.thresholds,
                  {
                    ratio: Math.round(((last?.ratio ?? 1) + 0.5) * 10) / 10,
                    multiplier_tenths: Math.min(draft.cap_tenths, (last?.multiplier_tenths ?? draft.floor_tenths) + 2),
                  },
                ],
              });
            }}
          >
            {text.addStep}
          </Button>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <MultiplierSelect id={`${id}-floor`} label={text.floor} value={draft.floor_tenths} onChange={(v) => set({ floor_tenths: v })} />
          <MultiplierSelect id={`${id}-cap`} label={text.cap} value={draft.cap_tenths} onChange={(v) => set({ cap_tenths: v })} />
          <label htmlFor={`${id}-change`} className="block text-sm text-ink-700">
            {text.maxChange}
            <select
              id={`${id}-change`}
              className={cn(inputClasses, 'mt-1 w-28')}
              value={draft.max_change_tenths}
              onChange={(e) => set({ max_change_tenths: Number(e.target.value) })}
            >
              {Array.from({ length: 10 }, (_, i) => i + 1).map((t) => (
                <option key={t} value={t}>
                  ±{(t / 10).toFixed(1)}×
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-hyst`} className="block text-sm text-ink-700">
            {text.hysteresis}
            <input
              id={`${id}-hyst`}
              type="number"
              inputMode="decimal"
              step="0.05"
              min="0"
              max="2"
              aria-describedby={`${id}-hyst-hint`}
              className={cn(inputClasses, 'mt-1 w-28')}
              value={draft.hysteresis}
              onChange={(e) => set({ hysteresis: Number(e.target.value) })}
            />
          </label>
          <label htmlFor={`${id}-min`} className="block text-sm text-ink-700">
            {text.minRequests}
            <input
              id={`${id}-min`}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              className={cn(inputClasses, 'mt-1 w-28')}
              value={draft.min_requests}
              onChange={(e) => set({ min_requests: Number(e.target.value) })}
            />
          </label>
        </div>
        <p id={`${id}-hyst-hint`} className="text-xs text-ink-500">
          {text.hysteresisHint}
        </p>
        <MutationError error={error}>{error}</MutationError>
        <Button type="submit" disabled={save.isPending}>
          {text.saveRule}
        </Button>
      </form>
    </section>
  );
}
