import { z } from 'zod';
import { surgeRuleProblems } from './surge';

/** Requests to /api/admin/surge… (issue 12, decision 0035). Multipliers are integer tenths: 14 = 1.4×. */
const tenths = (what: string) =>
  z.coerce.number().int(`${what} goes in steps of 0.1×.`).min(5, `${what} is at least 0.5×.`).max(30, `${what} is at most 3.0×.`);

export const surgeCityQuerySchema = z.object({ city_id: z.string().trim().min(1, 'Choose a city.').max(40) });

export const surgeRuleSchema = z
  .strictObject({
    thresholds: z
      .array(
        z.strictObject({
          ratio: z.coerce.number().finite().min(0.1, 'A step starts at a ratio of at least 0.1.').max(50, 'A step starts at a ratio of at most 50.'),
          multiplier_tenths: tenths('A step'),
        }),
      )
      .max(10, 'At most 10 steps.'),
    floor_tenths: tenths('The floor'),
    cap_tenths: tenths('The cap'),
    max_change_tenths: z.coerce.number().int().min(1, 'The change per update is at least 0.1×.').max(10, 'The change per update is at most 1.0×.'),
    hysteresis: z.coerce.number().finite().min(0, 'Hysteresis is 0 or more.').max(2, 'Hysteresis is at most 2.'),
    min_requests: z.coerce.number().int().min(0).max(100, 'At most 100.'),
  })
  .superRefine((rule, ctx) => {
    for (const message of surgeRuleProblems(rule)) ctx.addIssue({ code: 'custom', message });
  });

export const updateSurgeRuleSchema = z.strictObject({ city_id: surgeCityQuerySchema.shape.city_id, rule: surgeRuleSchema });
export const surgeFreezeSchema = z.strictObject({ city_id: surgeCityQuerySchema.shape.city_id, frozen: z.boolean() });
export const surgeDemoRushSchema = z.strictObject({ city_id: surgeCityQuerySchema.shape.city_id, on: z.boolean() });

/** An operator's fixed multiplier for one zone until a time: at most a day ahead, and in the future. */
export const MAX_OVERRIDE_HOURS = 24;
export const surgeOverrideSchema = z
  .strictObject({ multiplier_tenths: tenths('The override'), until: z.iso.datetime({ offset: true, error: 'Give the end as a date and time.' }) })
  .refine((o) => new Date(o.until).getTime() > Date.now(), { message: 'The end must be in the future.', path: ['until'] })
  .refine((o) => new Date(o.until).getTime() <= Date.now() + MAX_OVERRIDE_HOURS * 3_600_000, {
    message: `An override lasts at most ${MAX_OVERRIDE_HOURS} hours.`,
    path: ['until'],
  });

export const surgeTimelineQuerySchema = z.object({ hours: z.coerce.number().int().min(1).max(168).default(6) });

export type UpdateSurgeRuleInput = z.infer<typeof updateSurgeRuleSchema>;
export type SurgeOverrideInput = z.infer<typeof surgeOverrideSchema>;
