import { z } from 'zod';
import {
  allowedHoursSchema,
  approvedAddressSchema,
  companyPolicySchema,
  type CompanyPolicy,
  createCompanySchema,
  updateCompanySchema,
} from '@openride/shared/corporate/schemas';
import { moneyInputValue, parseMoney } from '@openride/shared/money';
import type { CompanyDetail } from '../api/corporate';

const policy = companyPolicySchema.shape;

const amountMessage = (currency: string) => `Enter an amount in ${currency}, like ${moneyInputValue(2500, currency)}`;

/** Money as typed in `currency` ('12', '12.50' USD; '1200' JPY; empty: none) → minor units, checked by the server's own field schema. */
const money = (field: z.ZodType<number | null, number | null>, currency: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || !Number.isNaN(parseMoney(v, currency)), amountMessage(currency))
    .transform((v) => parseMoney(v, currency) ?? null)
    .pipe(field);

/** A credit limit as typed in `currency` (required) → the server's `credit_limit_cents`. */
const creditLimit = (currency: string) =>
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(parseMoney(v, currency) ?? Number.NaN), amountMessage(currency))
    .transform((v) => parseMoney(v, currency) ?? 0)
    .pipe(createCompanySchema.shape.credit_limit_cents);

/**
 * New company: the server's fields, the credit limit as typed in the chosen city's currency (`currencyOf` its
 * id); parses into `createCompanySchema`'s input.
 */
export const newCompanyFormSchema = (currencyOf: (cityId: string) => string) =>
  createCompanySchema
    .omit({ credit_limit_cents: true, billing_cycle: true })
    .extend({ credit: z.string().trim() })
    .transform(({ credit, ...company }, ctx): z.input<typeof createCompanySchema> => {
      const parsed = creditLimit(currencyOf(company.city_id)).safeParse(credit);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['credit'] });
        return z.NEVER;
      }
      return { ...company, billing_cycle: 'monthly', credit_limit_cents: parsed.data };
    })
    .pipe(createCompanySchema);
export type NewCompanyFormInput = z.input<ReturnType<typeof newCompanyFormSchema>>;

/** A platform admin's edit of a company (name, billing email, credit limit in its `currency`): the fields of `updateCompanySchema`. */
export const editCompanyFormSchema = (currency: string) =>
  z
    .object({ name: createCompanySchema.shape.name, billing_email: createCompanySchema.shape.billing_email, credit: creditLimit(currency) })
    .transform(({ credit, ...company }): Omit<z.input<typeof updateCompanySchema>, 'version'> => ({ ...company, credit_limit_cents: credit }))
    .pipe(updateCompanySchema.omit({ version: true }));
export type EditCompanyFormInput = z.input<ReturnType<typeof editCompanyFormSchema>>;

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
export const policyFormSchema = (currency: string) =>
  z
    .object({
      ride_types: policy.ride_types,
      limit: money(policy.per_ride_limit_cents, currency),
      budget: money(policy.monthly_budget_cents, currency),
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
export type PolicyFormInput = z.input<ReturnType<typeof policyFormSchema>>;

/** The form's values for the policy as stored, amounts in the company's `currency` (empty: none). */
export function policyFormValues(p: CompanyDetail['policy'], currency: string): PolicyFormInput {
  const shown = (minor: number | null) => (minor === null ? '' : moneyInputValue(minor, currency));
  return {
    ride_types: p.ride_types,
    limit: shown(p.per_ride_limit_cents),
    budget: shown(p.monthly_budget_cents),
    radius: String(p.radius_m),
    hoursOn: p.allowed_hours !== null,
    days: p.allowed_hours?.days ?? [1, 2, 3, 4, 5],
    from: p.allowed_hours?.from ?? '07:00',
    to: p.allowed_hours?.to ?? '20:00',
    addresses: p.approved_addresses.map((a) => ({ label: a.label, at: `${a.lat}, ${a.lng}` })),
    expense: p.expense_code_required,
  };
}
