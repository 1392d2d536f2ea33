import { describe, expect, it } from 'vitest';
import { cancellationPolicyFormSchema, formToPolicyInput, policyToForm } from './schemas';

const stored = {
  free_window_s: 120,
  fee_kind: 'percent' as const,
  fee_fixed_cents: 500,
  fee_percent_bp: 1250,
  fee_min_cents: 300,
  fee_max_cents: 1000,
  no_show_wait_s: 300,
  no_show_fee_cents: 700,
  late_driver_margin_s: 300,
  driver_share_late_cancel_pct: 80,
  driver_share_no_show_pct: 80,
};

describe("the cancellation policy form reads amounts in the city's currency (issue 30 §3)", () => {
  it('USD as before: dollars and cents both ways', () => {
    const form = policyToForm(stored, 'USD');
    expect(form).toMatchObject({ fee_fixed: '5.00', fee_percent: '12.5', fee_min: '3.00', no_show_fee: '7.00' });
    expect(formToPolicyInput(cancellationPolicyFormSchema('USD').parse({ ...form, fee_fixed: '5.2' }), 'USD')).toEqual({ ...stored, fee_fixed_cents: 520 });
    const refused = cancellationPolicyFormSchema('USD').safeParse({ ...form, fee_fixed: '5.001' });
    expect(refused.error?.issues[0]?.message).toBe('Fixed fee: an amount in USD, like 5.00');
    expect(cancellationPolicyFormSchema('USD').safeParse({ ...form, fee_max: '2.99' }).error?.issues[0]?.path).toEqual(['fee_max']);
  });

  it('JPY takes whole yen and refuses decimals; KWD takes fils', () => {
    const yen = policyToForm(stored, 'JPY');
    expect(yen.fee_fixed).toBe('500');
    expect(formToPolicyInput(cancellationPolicyFormSchema('JPY').parse({ ...yen, fee_fixed: '1050' }), 'JPY').fee_fixed_cents).toBe(1050);
    expect(cancellationPolicyFormSchema('JPY').safeParse({ ...yen, fee_fixed: '10.5' }).success).toBe(false);
    const fils = policyToForm(stored, 'KWD');
    expect(fils.fee_fixed).toBe('0.500');
    expect(formToPolicyInput(cancellationPolicyFormSchema('KWD').parse({ ...fils, fee_fixed: '1.234' }), 'KWD').fee_fixed_cents).toBe(1234);
  });
});
