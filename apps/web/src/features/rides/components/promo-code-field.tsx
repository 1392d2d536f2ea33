import { type FormEvent, useState } from 'react';
import { errorText } from '@openride/shared/error-text';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { isRefusal } from '@/lib/api';
import { cn } from '@/lib/cn';
import type { AppliedPromo } from '../api/apply-promo';

const text = promotionsText.book;

/**
 * The Promo code field of /book-ride (decision 0063): Apply asks the server for the trip's fares with the
 * code; a refusal says why in the code's words. `applied` is the answer the page shows in the fares and sends
 * with the request; Remove takes it off.
 */
export function PromoCodeField({
  applied,
  applying,
  error,
  onApply,
  onRemove,
  disabled,
}: {
  applied: AppliedPromo | null;
  applying: boolean;
  error: unknown;
  onApply: (code: string) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onApply(code.trim());
  };
  const message = error ? (isRefusal(error) ? errorText(error.code!) : error instanceof Error ? error.message : promotionsText.refusals.unknown) : null;
  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-brand-50 px-3.5 py-2.5 text-sm">
        <span role="status" className="font-semibold text-brand-800">
          {text.applied(applied.code)}
        </span>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          {text.remove}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-1.5" aria-label={text.label}>
      <label htmlFor="promo-code" className="block text-sm font-medium text-ink-800">
        {text.label}
      </label>
      <div className="flex gap-2">
        <input
          id="promo-code"
          className={cn(inputClasses, 'uppercase')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'promo-code-error' : undefined}
          disabled={disabled}
        />
        <Button type="submit" variant="outline" disabled={disabled || applying || !code.trim()}>
          {applying ? text.applying : text.apply}
        </Button>
      </div>
      <Alert id="promo-code-error">{message}</Alert>
    </form>
  );
}
