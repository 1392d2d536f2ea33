import { z } from 'zod';
import { type SurgeRule, surgeRuleProblems } from '@openride/shared/surge/surge';
import { surgeOverrideSchema, surgeRuleSchema } from '@openride/shared/surge/schemas';

const rule = surgeRuleSchema.shape;
const step = rule.thresholds.element.shape;

/**
 * The server's field, read from what the form holds: its `z.coerce` input is `unknown`, which zod's `pipe` will
 * not take after a string (the same schema at run time; only its declared input is narrowed).
 */
const readsText = <O, I>(field: z.ZodType<O, I>) => field as unknown as z.ZodType<O, string>;

/** A number as typed (a box or a select's value): an empty box is refused, not read as 0; then the server's own field. */
const typed = <O, I>(field: z.ZodType<O, I>, empty: string) => z.string().trim().min(1, empty).pipe(readsText(field));

/**
 * The surge rule as the form holds it (every number a string, as typed or chosen): each field is the server's
 * field of `surgeRuleSchema`; the rule's own problems (a ladder not ascending, a step above the cap) are said
 * at the form's root, under the ladder; the whole is `surgeRuleSchema` once more.
 */
export const surgeRuleFormSchema = z
  .object({
    thresholds: z.array(
      z.object({
        ratio: typed(step.ratio, 'A step starts at a ratio of at least 0.1.'),
        multiplier_tenths: typed(step.multiplier_tenths, 'A step is at least 0.5×.'),
      }),
    ),
    floor_tenths: typed(rule.floor_tenths, 'The floor is at least 0.5×.'),
    cap_tenths: typed(rule.cap_tenths, 'The cap is at least 0.5×.'),
    max_change_tenths: typed(rule.max_change_tenths, 'The change per update is at least 0.1×.'),
    hysteresis: typed(rule.hysteresis, 'Hysteresis is 0 or more.'),
    min_requests: typed(rule.min_requests, 'Give the least number of requests (0 or more).'),
  })
  .superRefine((r, ctx) => {
    for (const message of surgeRuleProblems(r)) ctx.addIssue({ code: 'custom', message, path: ['root'] });
  })
  .pipe(readsText(surgeRuleSchema) as unknown as z.ZodType<SurgeRule, SurgeRule>);
export type SurgeRuleFormInput = z.input<typeof surgeRuleFormSchema>;

/** The form's values for a rule as stored. */
export const surgeRuleFormValues = (r: SurgeRule): SurgeRuleFormInput => ({
  thresholds: r.thresholds.map((t) => ({ ratio: String(t.ratio), multiplier_tenths: String(t.multiplier_tenths) })),
  floor_tenths: String(r.floor_tenths),
  cap_tenths: String(r.cap_tenths),
  max_change_tenths: String(r.max_change_tenths),
  hysteresis: String(r.hysteresis),
  min_requests: String(r.min_requests),
});

/** An override as the form holds it: the multiplier chosen, the end as a datetime-local box gives it (local time) → the server's `surgeOverrideSchema`. */
export const surgeOverrideFormSchema = z
  .object({
    multiplier_tenths: z.string(),
    // A local date-time becomes an instant; anything else is left as typed, for the server's schema to refuse.
    until: z.string().transform((v) => {
      const at = new Date(v);
      return v.trim() === '' || Number.isNaN(at.getTime()) ? v : at.toISOString();
    }),
  })
  .pipe(surgeOverrideSchema as unknown as z.ZodType<z.output<typeof surgeOverrideSchema>, { multiplier_tenths: string; until: string }>);
