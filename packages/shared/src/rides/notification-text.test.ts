import { describe, expect, it } from 'vitest';
import { chatNotice, riderNotice } from './notification-text';

describe('ride notification copy', () => {
  it('previews a long chat message in 120 characters, and leaves a short one whole', () => {
    const long = 'a'.repeat(200);
    expect(chatNotice('Dana', long).message).toBe(`${'a'.repeat(117)}...`);
    expect(chatNotice('Dana', long).message).toHaveLength(120);
    expect(chatNotice('Riley', 'By the blue door')).toEqual({ type: 'other', title: 'Message from Riley', message: 'By the blue door' });
  });

  it("prints the fare in the ride's currency", () => {
    expect(riderNotice.completed(1234, 'USD').message).toBe("You've arrived. Fare $12.34, paid in cash. Rate your driver.");
    expect(riderNotice.completed(500, 'EUR').message).toContain('€5.00');
  });

  it('shows a promotion as its own line and what the rider pays', () => {
    expect(riderNotice.completed(1234, 'USD', { code: 'DEMO20', discount_cents: 247 }).message).toBe(
      "You've arrived. Fare $12.34, Promo DEMO20 −$2.47: you pay $9.87. Rate your driver.",
    );
  });

  it('tells the rider of a no-show and its fee, or of a no-show without one', () => {
    expect(riderNotice.noShow('Dana', 500, 'USD').message).toBe(
      "Dana waited at the pickup and reported that you didn't show up. A $5.00 no-show fee will be added to your next ride.",
    );
    expect(riderNotice.noShow('Dana', null, 'USD').message).toBe("Dana waited at the pickup and reported that you didn't show up.");
  });
});
