import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Track colour when on; off is always grey. */
  onClassName?: string;
};

/** A button with role="switch": Space and Enter toggle it natively, aria-checked carries the state. */
export function Switch({ checked, onCheckedChange, onClassName = 'bg-brand-500', className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        checked ? onClassName : 'bg-ink-300',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')}
      />
    </button>
  );
}
