import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses =
  'block h-11 w-full rounded-xl border border-ink-200 bg-white px-3.5 text-base text-ink-900 shadow-xs ' +
  'placeholder:text-ink-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-500';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  hint?: ReactNode;
  /** Rendered inside the input box on the right, e.g. a show/hide password toggle. */
  trailing?: ReactNode;
};

/** A labelled input; the hint is wired up as its description. */
export function Field({ label, hint, trailing, className, id, ...props }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      <div className="relative">
        <input id={inputId} aria-describedby={hint ? hintId : undefined} className={cn(inputClasses, trailing ? 'pr-12' : undefined)} {...props} />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
