import { z } from 'zod';
import {
  allowedHoursSchema,
  approvedAddressSchema,
  companyPolicySchema,
  type CompanyPolicy,
  createCompanySchema,
  updateCompanySchema,
} from '@openride/shared/corporate/schemas';
import type { CompanyDetail } from '../api/corporate';
import { fromCents, toCents } from './corporate-cents';

const policy = companyPolicySchema.shape;

const AMOUNT = /^\d+([.,]\d{1,2})?$/;
const amountMessage = 'Enter an amount like 25 or 25.00';

/** Money as typed ('12', '12.50'; empty: none) → cents, checked by the server's own field schema. */
const money = (field: z.ZodType<number | null, number | null>) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || AMOUNT.test(v), amountMessage)
    .transform((v) => toCents(v))
    .pipe(field);

/** A credit limit as typed (required) → the server's `credit_limit_cents`. */
const creditLimit = z
  .string()
  .trim()
  .regex(AMOUNT, amountMessage)
  .transform((v) => toCents(v) ?? 0)
  .pipe(createCompanySchema.shape.credit_limit_cents);

/** New company: the server's fields, the credit limit as typed; parses into `createCompanySchema`'s input. */
export const newCompanyFormSchema = createCompanySchema
  .omit({ credit_limit_cents: true, billing_cycle: true })
  .extend({ credit: creditLimit })
  .transform(({ credit, ...company }): z.input<typeof createCompanySchema> => ({ ...company, billing_cycle: 'monthly', credit_limit_cents: credit }))
  .pipe(createCompanySchema);
export type NewCompanyFormInput = z.input<typeof newCompanyFormSchema>;

/** A platform admin's edit of a company (name, billing email, credit limit): the fields of `updateCompanySchema`. */
export const editCompanyFormSchema = z
  .object({ name: createCompanySchema.shape.name, billing_email: createCompanySchema.shape.billing_email, credit: creditLimit })
  .transform(({ credit, ...company }): Omit<z.input<typeof updateCompanySchema>, 'version'> => ({ ...company, credit_limit_cents: credit }))
  .pipe(updateCompanySchema.omit({ version: true }));
export type EditCompanyFormInput = z.input<typeof editCompanyFormSchema>;

/** "lat, lng" as typed → the address's coordinates (the server's place schema). */
const position = z.string().transform((v, ctx) => {
  const [lat, lng, ...rest] = v.split(',').map((s) => (s.trim() === '' ? NaN : Number(s.trim())));
  const parsed = approvedAddressSchema.pick({ lat: true, lng: true }).safeParse({ lat, lng });
  if (rest.length || !parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'Enter the position as lat, lng (e.g. 37.79, -122.39)' });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * The policy form: amounts and the radius as typed, the hours behind their switch, each address's position as
 * "lat, lng"; it parses into the server's `companyPolicySchema` (each field checked by that schema's own field,
 * the whole once more at the end), every refusal under the field it is about.
 */
export const policyFormSchema = z
  .object({
    ride_types: policy.ride_types,
    limit: money(policy.per_ride_limit_cents),
    budget: money(policy.monthly_budget_cents),
    radius: z.string().trim().regex(/^\d+$/, 'Enter the radius in whole metres').transform(Number).pipe(policy.radius_m),
    hoursOn: z.boolean(),
    days: z.array(z.number().int()),
    from: z.string(),
    to: z.string(),
    addresses: z.array(z.object({ label: approvedAddressSchema.shape.label, at: position })).max(20),
    expense: z.boolean(),
  })
  .superRefine((f, ctx) => {
    if (!f.hoursOn) return;
    const hours = allowedHoursSchema.safeParse({ days: f.days, from: f.from, to: f.to });
    if (!hours.success) for (const issue of hours.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  })
  .transform(
    (f): CompanyPolicy => ({
      ride_types: f.ride_types,
      per_ride_limit_cents: f.limit,
      monthly_budget_cents: f.budget,
      allowed_hours: f.hoursOn ? { days: f.days, from: f.from, to: f.to } : null,
      approved_addresses: f.addresses.map((a) => ({ label: a.label, ...a.at })),
      radius_m: f.radius,
      expense_code_required: f.expense,
    }),
  )
  .pipe(companyPolicySchema);
export type PolicyFormInput = z.input<typeof policyFormSchema>;

/** The form's values for the policy as stored. */
export function policyFormValues(p: CompanyDetail['policy']): PolicyFormInput {
  return {
    ride_types: p.ride_types,
    limit: fromCents(p.per_ride_limit_cents),
    budget: fromCents(p.monthly_budget_cents),
    radius: String(p.radius_m),
    hoursOn: p.allowed_hours !== null,
    days: p.allowed_hours?.days ?? [1, 2, 3, 4, 5],
    from: p.allowed_hours?.from ?? '07:00',
    to: p.allowed_hours?.to ?? '20:00',
    addresses: p.approved_addresses.map((a) => ({ label: a.label, at: `${a.lat}, ${a.lng}` })),
    expense: p.expense_code_required,
  };
}
