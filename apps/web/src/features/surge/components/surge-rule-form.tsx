import { useId } from 'react';
import { type FieldPath, useFieldArray } from 'react-hook-form';
import { formatMultiplier, type SurgeRule } from '@openride/shared/surge/surge';
import { surgeText } from '@openride/shared/surge/surge-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { useSaveSurgeRule } from '../api/surge';
import { type SurgeRuleFormInput, surgeRuleFormSchema, surgeRuleFormValues } from './surge-form-schemas';

const text = surgeText.page;
/** 0.5× … 3.0× in steps of 0.1×: what a multiplier may be. */
const TENTHS = Array.from({ length: 26 }, (_, i) => i + 5);
/** ±0.1× … ±1.0×: the largest change per update. */
const CHANGES = Array.from({ length: 10 }, (_, i) => i + 1);

type Name = FieldPath<SurgeRuleFormInput>;

/** A multiplier, 0.5× … 3.0×, chosen on the form. */
function MultiplierSelect({ name, label }: { name: Name; label: string }) {
  return (
    <FormField<SurgeRuleFormInput> name={name} as="select" label={label} className="w-28">
      {TENTHS.map((t) => (
        <option key={t} value={String(t)}>
          {formatMultiplier(t)}
        </option>
      ))}
    </FormField>
  );
}

/**
 * The city's surge rule: the ratio → multiplier steps, floor, cap, the largest change per update, hysteresis
 * and the least demand that can surge. The kit's form on the server's `surgeRuleSchema` (each number as
 * typed); the rule's own problems (ladder ascending, within the cap) are said before it is sent.
 */
export function SurgeRuleForm({ cityId, rule }: { cityId: string; rule: SurgeRule }) {
  const save = useSaveSurgeRule(cityId);
  const form = useZodForm(surgeRuleFormSchema, { defaultValues: surgeRuleFormValues(rule) });
  const steps = useFieldArray({ control: form.control, name: 'thresholds' });
  const id = useId();

  const addStep = () => {
    const { thresholds, cap_tenths, floor_tenths } = form.getValues();
    const last = thresholds[thresholds.length - 1];
    const ratio = Number(last?.ratio ?? 1) || 1;
    const multiplier = Number(last?.multiplier_tenths ?? floor_tenths) || Number(floor_tenths);
    steps.append({
      ratio: String(Math.round((ratio + 0.5) * 10) / 10),
      multiplier_tenths: String(Math.min(Number(cap_tenths), multiplier + 2)),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-ink-100 bg-white p-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-900">
          {text.rule}
        </h2>
        <p className="text-sm text-ink-600">{text.ruleHint}</p>
      </div>
      <Form
        form={form}
        className="space-y-4"
        onSubmit={(values) =>
          save.mutate(values, {
            onSuccess: (overview) => {
              form.reset(surgeRuleFormValues(overview.rule));
              toast({ title: text.saved });
            },
          })
        }
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink-800">{text.ladder}</legend>
          <ol className="space-y-2">
            {steps.fields.map((f, i) => (
              <li key={f.id} className="flex flex-wrap items-end gap-3">
                <FormField name={`thresholds.${i}.ratio`} label={text.stepRatio} type="number" inputMode="decimal" step="0.1" min="0.1" className="w-28" />
                <MultiplierSelect name={`thresholds.${i}.multiplier_tenths`} label={text.stepMultiplier} />
                <Button type="button" size="sm" variant="outline" aria-label={text.removeStep(i + 1)} onClick={() => steps.remove(i)}>
                  ✕
                </Button>
              </li>
            ))}
          </ol>
          <Button type="button" size="sm" variant="outline" className="mt-2" disabled={steps.fields.length >= 10} onClick={addStep}>
            {text.addStep}
          </Button>
        </fieldset>
        <div className="flex flex-wrap items-start gap-4">
          <MultiplierSelect name="floor_tenths" label={text.floor} />
          <MultiplierSelect name="cap_tenths" label={text.cap} />
          <FormField name="max_change_tenths" as="select" label={text.maxChange} className="w-28">
            {CHANGES.map((t) => (
              <option key={t} value={String(t)}>
                ±{(t / 10).toFixed(1)}×
              </option>
            ))}
          </FormField>
          <FormField
            name="hysteresis"
            label={text.hysteresis}
            hint={text.hysteresisHint}
            type="number"
            inputMode="decimal"
            step="0.05"
            min="0"
            max="2"
            className="w-56"
          />
          <FormField name="min_requests" label={text.minRequests} type="number" inputMode="numeric" step="1" min="0" className="w-28" />
        </div>
        <Alert>{form.formState.errors.root?.message}</Alert>
        <MutationError error={save.error} />
        <Button type="submit" disabled={save.isPending}>
          {text.saveRule}
        </Button>
      </Form>
    </section>
  );
}
