import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { publicText } from '@openride/shared/public/public-text';
import type { PublicCity } from '@openride/shared/public/views';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** The city a public page shows: `?city=` when it names a served city, else the first one. */
export function useChosenCity(cities: readonly PublicCity[] | undefined) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('city');
  const city = cities?.find((c) => c.id === asked) ?? cities?.[0] ?? null;
  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('city', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { city, choose };
}

/** A select of the served cities; with only one, its name. */
export function CityChooser({ cities, value, onChange }: { cities: readonly PublicCity[]; value: string; onChange: (id: string) => void }) {
  const id = useId();
  if (cities.length < 2)
    return (
      <p className="text-sm text-ink-600">
        {publicText.pricing.city}: <span className="font-semibold text-ink-900">{cities[0]?.name}</span>
      </p>
    );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-800">
        {publicText.pricing.city}
      </label>
      <select id={id} className={cn(inputClasses, 'w-full sm:w-64')} value={value} onChange={(e) => onChange(e.target.value)}>
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
