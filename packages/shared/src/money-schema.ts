import { z } from 'zod';
import { parseMoney } from './money';
import { text } from './text';

/**
 * A form's amount field in `currency` (issue 30 §3): the typed text → integer minor units through `parseMoney`
 * ("2.50" USD → 250, "1050" JPY → 1050, "1.234" KWD → 1234). `message` when it is empty, not an amount in that
 * currency (too many decimals, a sign, letters), or outside `min`..`max` minor units.
 */
export const moneyField = (currency: string, message: string, { min = 0, max }: { min?: number; max?: number } = {}) =>
  text()
    .trim()
    .transform((typed, ctx) => {
      const minor = parseMoney(typed, currency);
      if (minor === undefined || Number.isNaN(minor) || minor < min || (max !== undefined && minor > max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return minor;
    });
