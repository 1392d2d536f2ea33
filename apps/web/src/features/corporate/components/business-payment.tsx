import { Briefcase } from 'lucide-react';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useBusinessCheck, useMyCompanies } from '../api/corporate';

export type BusinessChoice = { company_id: string; expense_code?: string } | null;
export type RideTypeVerdict = { allowed: boolean; reason: string | null; note: string | null };

/**
 * /book-ride's Business options (decision 0067): one "Business — <company>" per active membership in the
 * trip's currency, and the expense code when the company asks for one. The route module puts them beside the
 * payments feature's methods.
 */
export function BusinessOptions({
  name,
  currency,
  value,
  onChange,
  disabled,
}: {
  name: string;
  currency: string;
  value: BusinessChoice;
  onChange: (choice: BusinessChoice) => void;
  disabled?: boolean;
}) {
  const mine = useMyCompanies();
  const companies = (mine.data ?? []).filter((c) => c.company_status === 'active' && c.currency === currency);
  const chosen = companies.find((c) => c.company_id === value?.company_id);
  return (
    <>
      {companies.map((c) => (
        <label
          key={c.company_id}
          className={cn(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 px-3.5 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            value?.company_id === c.company_id ? 'border-ink-900 bg-ink-50' : 'border-ink-100 hover:border-ink-300',
          )}
        >
          <input
            type="radio"
            name={name}
            checked={value?.company_id === c.company_id}
            onChange={() => onChange({ company_id: c.company_id })}
            className="sr-only"
            disabled={disabled}
          />
          <Briefcase className="size-5 text-ink-700" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate font-semibold text-ink-900">{corporateText.business(c.name)}</span>
        </label>
      ))}
      {chosen?.expense_code_required ? (
        <Field
          label="Expense code"
          hint={corporateText.refusals.expenseCode}
          value={value?.expense_code ?? ''}
          onChange={(e) => onChange({ company_id: chosen.company_id, expense_code: e.target.value })}
          maxLength={64}
          required
          disabled={disabled}
        />
      ) : null}
    </>
  );
}

/** Per ride type, whether the chosen company's policy allows this trip (the server's check, same words as its refusal). */
export function useBusinessVerdicts(
  companyId: string | null,
  pickup: { lat: number; lng: number } | null,
  fares: { ride_type: string; fare_cents: number }[],
): Record<string, RideTypeVerdict> | null {
  const check = useBusinessCheck(companyId, pickup && fares.length ? { pickup: { lat: pickup.lat, lng: pickup.lng }, fares } : null);
  if (!companyId || !check.data) return null;
  return Object.fromEntries(check.data.options.map((o) => [o.ride_type, { allowed: o.allowed, reason: o.reason, note: o.note }]));
}
