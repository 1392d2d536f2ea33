import type { ReactNode } from 'react';
import { uiText } from '@openride/shared/ui-text';
import { cn } from '@/lib/cn';
import { ISO_DAY, lastDays } from '@/lib/date-range';
import { Button } from './button';
import { inputClasses } from './field';

const text = uiText.dateRange;

/**
 * The admin kit's range picker: presets (the last 7, 30, 90 days; the pressed one is the range shown) and
 * From / To days. `children` go first in the same row (a city picker, say). A malformed day is ignored.
 */
export function DateRangeFields({
  from,
  to,
  onChange,
  presets = [7, 30, 90],
  children,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  presets?: readonly number[];
  children?: ReactNode;
}) {
  return (
    <fieldset className="mb-6 flex flex-wrap items-end gap-3">
      <legend className="sr-only">{text.range}</legend>
      {children}
      <div role="group" aria-label={text.range} className="flex flex-wrap gap-2">
        {presets.map((days) => {
          const range = lastDays(days);
          const active = range.from === from && range.to === to;
          return (
            <Button key={days} size="sm" variant={active ? 'primary' : 'outline'} aria-pressed={active} onClick={() => onChange(range)}>
              {text.lastDays(days)}
            </Button>
          );
        })}
      </div>
      <label className="text-sm text-ink-700">
        <span className="mb-1 block font-medium">{text.from}</span>
        <input
          type="date"
          className={cn(inputClasses, 'h-9 w-40')}
          value={from}
          max={to}
          onChange={(e) => ISO_DAY.test(e.target.value) && onChange({ from: e.target.value, to })}
        />
      </label>
      <label className="text-sm text-ink-700">
        <span className="mb-1 block font-medium">{text.to}</span>
        <input
          type="date"
          className={cn(inputClasses, 'h-9 w-40')}
          value={to}
          min={from}
          onChange={(e) => ISO_DAY.test(e.target.value) && onChange({ from, to: e.target.value })}
        />
      </label>
    </fieldset>
  );
}
