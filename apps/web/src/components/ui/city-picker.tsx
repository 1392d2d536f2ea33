import { useId } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './field';

/**
 * The admin kit's city picker (/financial-dashboard, /financial-settings, /pricing-settings, /surge-pricing,
 * /geofence-management): a labelled select of cities by name. `inline` puts the label beside it (a page header).
 */
export function CityPicker({
  cities,
  value,
  onChange,
  label,
  inline = false,
  className,
  id,
}: {
  cities: readonly { id: string; name: string }[];
  value: string;
  onChange: (cityId: string) => void;
  label: string;
  inline?: boolean;
  className?: string;
  id?: string;
}) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={cn(inline ? 'flex items-center gap-2' : 'space-y-1.5', className)}>
      <label htmlFor={fieldId} className={cn('block text-sm font-medium', inline ? 'text-ink-700' : 'text-ink-800')}>
        {label}
      </label>
      <select id={fieldId} className={cn(inputClasses, inline && 'w-48')} value={value} onChange={(e) => onChange(e.target.value)}>
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
