import { useId, useState, type FormEvent } from 'react';
import { driverText } from '@openride/shared/rides/driver-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const text = driverText.ride;
const PIN_LENGTH = 4;

/** The rider's 4-digit PIN and Start Ride; the server's refusal (wrong PIN, too many tries) shows below. */
export function PinForm({ busy, error, onStart }: { busy: boolean; error: string | null; onStart: (pin: string) => void }) {
  const [pin, setPin] = useState('');
  const id = useId();
  const complete = pin.length === PIN_LENGTH;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !busy) onStart(pin);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
          {text.pinLabel}
        </label>
        <input
          id={id}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={PIN_LENGTH}
          autoComplete="off"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className={cn(inputClasses, 'h-14 text-center font-mono text-2xl tracking-[0.6em]', error && 'border-red-500')}
        />
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {text.pinHint}
        </p>
        <Alert id={`${id}-error`}>{error}</Alert>
      </div>
      <Button type="submit" variant="accent" size="lg" className="h-14 w-full text-lg" disabled={!complete || busy}>
        {text.start}
      </Button>
    </form>
  );
}
