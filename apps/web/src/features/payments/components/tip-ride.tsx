import { useId, useMemo } from 'react';
import { z } from 'zod';
import { Heart } from 'lucide-react';
import { moneyInputValue, parseMoney } from '@openride/shared/money';
import { paymentText as text } from '@openride/shared/payments/payment-text';
import { MAX_TIP_CENTS, type TipInput, tipSchema } from '@openride/shared/payments/schemas';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { useRidePayment, useTipRide } from '../api/payments';
import { MutationError } from '@/components/ui/query-view';

const CHOICES = ['none', '10', '15', '20', 'custom'] as const;
type Choice = (typeof CHOICES)[number];

/** An amount typed in the ride's `currency` ("3", "3.50" USD; "300" JPY) → minor units, or null when it is none. */
const minorOf = (value: string, currency: string) => {
  const minor = parseMoney(value, currency);
  return minor === undefined || Number.isNaN(minor) ? null : minor;
};

/** The choice (a radio's value) and the amount typed in `currency` → the server's `tipSchema`: a preset's percent, or minor units. */
export const tipForm = (currency: string) =>
  z
    .object({ choice: z.enum(CHOICES), custom: z.string() })
    .superRefine(({ choice, custom }, ctx) => {
      if (choice === 'none') ctx.addIssue({ code: 'custom', path: ['choice'], message: text.tipNone });
      const minor = minorOf(custom, currency);
      if (choice === 'custom' && (!minor || minor > MAX_TIP_CENTS)) ctx.addIssue({ code: 'custom', path: ['custom'], message: text.tipCustomLabel });
    })
    .transform(
      ({ choice, custom }): TipInput => (choice === 'custom' ? { amount_cents: minorOf(custom, currency)! } : { percent: Number(choice) as 10 | 15 | 20 }),
    )
    .pipe(tipSchema);

/**
 * After a completed ride, on the rating screen (issue 13, decision 0038): no tip, 10 %, 15 %, 20 % of what the
 * rider pays for the fare (after its promotion, issue 27; the amounts are the server's `tip_options`) or an amount, all of it to the driver; by card or wallet when the ride was paid so, else given in cash.
 * Once given, the tip as the ledger recorded it.
 */
export function TipRide({ ride }: { ride: { id: string; currency: string; status: string } }) {
  const id = useId();
  const payment = useRidePayment(ride.id, ride.status === 'completed');
  const tip = useTipRide(ride.id);
  const schema = useMemo(() => tipForm(ride.currency), [ride.currency]);
  const form = useZodForm(schema, { defaultValues: { choice: '15', custom: '' } });
  const [choice, custom] = form.watch(['choice', 'custom']);
  const money = (cents: number) => formatMoney(cents, ride.currency);

  if (payment.isPending || payment.isError) return null;
  const given = payment.data.tip;
  if (given) {
    return (
      <section aria-labelledby={`${id}-title`} className="flex items-start gap-3 rounded-2xl bg-brand-50 p-4">
        <Heart className="mt-0.5 size-5 shrink-0 fill-brand-500 text-brand-600" aria-hidden="true" />
        <div>
          <h2 id={`${id}-title`} className="sr-only">
            {text.tipTitle}
          </h2>
          <p role="status" className="text-sm font-semibold text-ink-900">
            {given.method === 'cash' ? text.tipGivenCash(money(given.amount_cents)) : text.tipGiven(money(given.amount_cents))}
          </p>
          <p className="text-xs text-ink-600">{text.tipBy[given.method]}</p>
        </div>
      </section>
    );
  }
  const methods = payment.data.tip_methods;
  if (methods.length === 0) return null;
  // The presets are the server's (`tip_options`): percentages of what the rider pays for the fare, after its promotion.
  const presets = payment.data.tip_options;
  const amount =
    choice === 'none' ? 0 : choice === 'custom' ? minorOf(custom, ride.currency) : (presets.find((o) => String(o.percent) === choice)?.amount_cents ?? 0);

  const options: Array<{ value: Choice; label: string; detail?: string }> = [
    { value: 'none', label: text.tipNone },
    ...presets.map((o) => ({ value: String(o.percent) as Choice, label: `${o.percent} %`, detail: money(o.amount_cents) })),
    { value: 'custom', label: text.tipCustom },
  ];
  return (
    <Form form={form} onSubmit={(input) => tip.mutate(input)} aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl bg-ink-50 p-4">
      <div>
        <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
          {text.tipTitle}
        </h2>
        <p className="text-xs text-ink-600">
          {text.tipHint} {text.tipBy[methods[0]!]}.
        </p>
      </div>
      <fieldset className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        <legend className="sr-only">{text.tipTitle}</legend>
        {options.map((o) => (
          <label
            key={String(o.value)}
            className={cn(
              'flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-xl border-2 px-1 py-1.5 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              choice === o.value ? 'border-ink-900 bg-white font-semibold' : 'border-ink-100 bg-white',
            )}
          >
            <input type="radio" value={o.value} {...form.register('choice')} className="sr-only" />
            <span>{o.label}</span>
            {o.detail ? <span className="text-xs text-ink-500 tabular-nums">{o.detail}</span> : null}
          </label>
        ))}
      </fieldset>
      {choice === 'custom' ? (
        <FormField name="custom" label={text.tipCustomLabel} inputMode="decimal" placeholder={moneyInputValue(500, ride.currency)} className="space-y-1" />
      ) : null}
      <MutationError error={tip.error} fallback={text.tipFailed} />
      {choice !== 'none' ? (
        <Button type="submit" size="lg" variant="accent" className="w-full" disabled={!amount || amount > MAX_TIP_CENTS || tip.isPending}>
          {tip.isPending ? text.tipping : text.tipButton(amount ? money(amount) : '')}
        </Button>
      ) : null}
    </Form>
  );
}
