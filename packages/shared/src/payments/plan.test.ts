import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRidePayment } from './plan';

describe('planRidePayment (decision 0038)', () => {
  it('applies wallet credit first, never more than available or owed, and the parts add up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -100, max: 1_000_000 }),
        fc.boolean(),
        fc.constantFrom('cash' as const, 'card' as const),
        (total, available, useWallet, method) => {
          const plan = planRidePayment(total, available, useWallet, method);
          expect(plan.wallet_cents + plan.card_cents + plan.cash_cents).toBe(total);
          for (const part of Object.values(plan)) expect(Number.isInteger(part) && part >= 0).toBe(true);
          expect(plan.wallet_cents).toBeLessThanOrEqual(Math.max(0, available));
          if (!useWallet) expect(plan.wallet_cents).toBe(0);
          // First: the chosen method pays something only once the wallet is used up.
          if (useWallet && plan.card_cents + plan.cash_cents > 0) expect(plan.wallet_cents).toBe(Math.max(0, available));
          expect(method === 'card' ? plan.cash_cents : plan.card_cents).toBe(0);
        },
      ),
    );
  });
});
