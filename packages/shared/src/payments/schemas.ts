import { z } from 'zod';

/**
 * What riders send about paying (issue 13, decision 0038): saving a card, tipping. The test card provider
 * (outside production only) takes a card number typed into our own form; Stripe's cards never touch our
 * server: the browser confirms a SetupIntent with Stripe Elements and we read the result by its id.
 */
export const testCardSchema = z
  .object({
    number: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (12 to 19 digits)')),
    exp_month: z.number().int().min(1, 'Enter the expiry month (1–12)').max(12, 'Enter the expiry month (1–12)'),
    exp_year: z.number().int().min(2000, 'Enter the expiry year').max(2100, 'Enter the expiry year'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back of the card'),
  })
  .strict();
export type TestCardInput = z.infer<typeof testCardSchema>;

export const saveCardSchema = z.union([
  z.object({ setup_intent_id: z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'Not a Stripe SetupIntent id') }).strict(),
  z.object({ test_card: testCardSchema }).strict(),
]);
export type SaveCardInput = z.infer<typeof saveCardSchema>;

/** Preset tips are percentages of what the rider pays for the fare (decision 0038; after its promotion, issue 27): 10, 15 or 20 %. */
export const TIP_PERCENTS = [10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];
export const TIP_METHODS = ['card', 'wallet', 'cash'] as const;
export type TipMethod = (typeof TIP_METHODS)[number];
/** A custom tip is at most this many cents ($200): a typo, not a tip, beyond it. */
export const MAX_TIP_CENTS = 20_000;
/** Tips are given within this long of the ride's completion. */
export const TIP_WINDOW_HOURS = 72;

export const tipSchema = z
  .object({
    percent: z.union([z.literal(10), z.literal(15), z.literal(20)]).optional(),
    amount_cents: z.number().int().min(1, 'A tip is at least 1 cent').max(MAX_TIP_CENTS, 'A tip is at most $200').optional(),
    /** Default: how the ride was paid (card, else wallet when the wallet paid it all, else cash). */
    method: z.enum(TIP_METHODS).optional(),
  })
  .strict()
  .refine((t) => (t.percent === undefined) !== (t.amount_cents === undefined), { message: 'Choose a percentage or an amount', path: ['amount_cents'] });
export type TipInput = z.infer<typeof tipSchema>;

/** What the rider chose on /book-ride, sent with POST /api/rides. */
/** `business` (decision 0067): on a company's account, with the expense code when asked. */
export type PaymentChoice = {
  payment_method: 'cash' | 'card' | 'business';
  payment_card_id?: string;
  use_wallet?: boolean;
  company_id?: string;
  expense_code?: string;
};
