import { describe, expect, it } from 'vitest';
import { memberBudgetFormSchema } from '@openride/shared/corporate/schemas';
import { editCompanyFormSchema, newCompanyFormSchema, policyFormSchema, policyFormValues } from './company-form-schemas';

const policy = {
  ride_types: ['economy' as const],
  per_ride_limit_cents: 2500,
  monthly_budget_cents: null,
  allowed_hours: null,
  approved_addresses: [],
  radius_m: 500,
  expense_code_required: false,
  version: 1,
  updated_at: null,
};

describe("the corporate forms read amounts in the company's currency (issue 30 §3)", () => {
  it('USD as before: dollars and cents', () => {
    expect(editCompanyFormSchema('USD').parse({ name: 'Acme', billing_email: 'ap@acme.test', credit: '1000.50' }).credit_limit_cents).toBe(100_050);
    expect(memberBudgetFormSchema('USD').parse({ budget: '150' }).budget).toBe(15_000);
    expect(memberBudgetFormSchema('USD').safeParse({ budget: '15o' }).error?.issues[0]?.message).toBe('Enter an amount in USD, like 150.00');
    expect(policyFormValues(policy, 'USD')).toMatchObject({ limit: '25.00', budget: '' });
    expect(policyFormSchema('USD').parse(policyFormValues(policy, 'USD'))).toMatchObject({ per_ride_limit_cents: 2500, monthly_budget_cents: null });
  });

  it('JPY takes whole yen and refuses decimals; KWD takes fils', () => {
    expect(editCompanyFormSchema('JPY').parse({ name: 'Acme', billing_email: 'ap@acme.test', credit: '1050' }).credit_limit_cents).toBe(1050);
    expect(editCompanyFormSchema('JPY').safeParse({ name: 'Acme', billing_email: 'ap@acme.test', credit: '10.5' }).success).toBe(false);
    expect(memberBudgetFormSchema('JPY').parse({ budget: '1050' }).budget).toBe(1050);
    expect(memberBudgetFormSchema('JPY').safeParse({ budget: '10.5' }).success).toBe(false);
    expect(memberBudgetFormSchema('KWD').parse({ budget: '1.234' }).budget).toBe(1234);
    expect(policyFormValues(policy, 'JPY').limit).toBe('2500');
    expect(policyFormSchema('KWD').parse({ ...policyFormValues(policy, 'KWD'), limit: '1.234' }).per_ride_limit_cents).toBe(1234);
  });

  it("a new company's credit limit is read in the chosen city's currency", () => {
    const schema = newCompanyFormSchema((city) => (city === 'tokyo' ? 'JPY' : 'USD'));
    const company = { name: 'Acme', billing_email: 'ap@acme.test', admin_email: 'boss@acme.test' };
    expect(schema.parse({ ...company, city_id: 'tokyo', credit: '1050' }).credit_limit_cents).toBe(1050);
    const refused = schema.safeParse({ ...company, city_id: 'tokyo', credit: '10.5' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['credit', 'Enter an amount in JPY, like 2500']]);
    expect(schema.parse({ ...company, city_id: 'sf', credit: '10.5' }).credit_limit_cents).toBe(1050);
  });
});
