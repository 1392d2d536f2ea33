import { type FormEvent, useId, useState } from 'react';
import { paymentText as text } from '@openride/shared/payments/payment-text';
import type { SavedCard } from '@openride/shared/payments/views';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useSaveCard } from '../api/payments';

/** "MM/YY" (or MM/YYYY) → month and full year, or null. */
function parseExpiry(value: string): { exp_month: number; exp_year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { exp_month: month, exp_year: year } : null;
}

/**
 * The test card provider's form (decision 0038): our own fields, clearly labelled Test mode, for the demo
 * city's card flow offline. Never shown with Stripe (Elements takes the card there) nor in production (the
 * server has no test provider there).
 */
export function TestCardForm({ onSaved, onCancel }: { onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  const id = useId();
  const save = useSaveCard();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) {
      setInvalid(text.expiryInvalid);
      return;
    }
    setInvalid(null);
    save.mutate({ test_card: { number, cvc, ...exp } }, { onSuccess: onSaved });
  };

  const error = invalid ?? (save.error ? save.error.message : null);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50/60 p-3.5"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {text.addCard}
      </h3>
      <p className="rounded-lg bg-amber-100 px-2.5 py-1.5 text-xs font-semibold text-amber-900">{text.testModeHint}</p>
      <div className="space-y-1">
        <label htmlFor={`${id}-number`} className="block text-sm font-medium text-ink-800">
          {text.cardNumber}
        </label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          maxLength={23}
          className={inputClasses}
          placeholder="4242 4242 4242 4242"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-exp`} className="block text-sm font-medium text-ink-800">
            {text.expiry}
          </label>
          <input
            id={`${id}-exp`}
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            maxLength={7}
            className={inputClasses}
            placeholder="12/30"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-cvc`} className="block text-sm font-medium text-ink-800">
            {text.cvc}
          </label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
            maxLength={4}
            className={inputClasses}
            placeholder="123"
          />
        </div>
      </div>
      <Alert>{error}</Alert>
      <div className={cn('grid grid-cols-[1fr_2fr] gap-2')}>
        <Button type="button" variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.addingCard : text.saveCard}
        </Button>
      </div>
    </form>
  );
}
