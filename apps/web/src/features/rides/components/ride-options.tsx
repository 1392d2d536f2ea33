import { Banknote, TrendingUp, Users } from 'lucide-react';
import { surgeText } from '@openride/shared/surge/surge-text';
import type { RideType } from '@openride/shared/rides/schemas';
import { riderText } from '@openride/shared/rides/rider-text';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import type { AppliedPromo } from '@openride/shared/promotions/views';
import { cn } from '@/lib/cn';
import type { Quote } from '@openride/shared/rides/views';
import { formatDistance, formatDuration, formatEta, formatMoney } from '../lib/format';

const text = riderText.book;

/** The ride types of a quote as one radio group: name, seats, upfront fare (with surge, when there is), pickup ETA. */
export function RideOptions({
  quote,
  selected,
  onSelect,
  disabled,
  promo,
  verdicts,
}: {
  quote: Quote;
  selected: RideType;
  onSelect: (type: RideType) => void;
  disabled?: boolean;
  /** A promo code applied (decision 0063): each option's discounted price and saving, or why the code does not take it. */
  promo?: AppliedPromo | null;
  /** On a company's account (decision 0067): per ride type, allowed by its policy or why not, and the budget left. */
  verdicts?: Record<string, { allowed: boolean; reason: string | null; note: string | null }> | null;
}) {
  // Surge is shown before booking (issue 12): the multiplier beside each fare, and why.
  const surging = quote.surge_tenths > 10;
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1 flex w-full items-baseline justify-between gap-2 text-sm font-semibold text-ink-900">
        <span>{text.rideTypes}</span>
        <span className="text-xs font-normal text-ink-500">{text.tripSummary(formatDistance(quote.distance_m), formatDuration(quote.duration_s))}</span>
      </legend>
      {surging ? (
        <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <TrendingUp className="size-4 shrink-0" aria-hidden="true" />
          {surgeText.rider.sentence}
        </p>
      ) : null}
      {quote.options.map((option) => {
        const checked = option.ride_type === selected;
        // Shown, not hidden, when no car near qualifies for it (decision 0046): it may still be requested.
        const eta = option.available
          ? formatEta(option.pickup_eta_s)
          : quote.options.some((o) => o.available)
            ? text.noCarsOfType(option.name)
            : text.noDrivers;
        return (
          <label
            key={option.ride_type}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-2xl border-2 px-3.5 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              checked ? 'border-ink-900 bg-ink-50' : 'border-ink-100 hover:border-ink-300',
              !option.available && !checked && 'bg-ink-50/60',
            )}
          >
            <input type="radio" name="ride_type" value={option.ride_type} checked={checked} onChange={() => onSelect(option.ride_type)} className="sr-only" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="font-semibold text-ink-900">{option.name}</span>
                <span className="inline-flex items-center gap-0.5 text-xs text-ink-500">
                  <Users className="size-3.5" aria-hidden="true" />
                  <span aria-hidden="true">{option.seats}</span>
                  <span className="sr-only">{text.seats(option.seats)}</span>
                </span>
              </span>
              <span className={cn('block text-sm', option.available ? 'text-brand-700' : 'text-ink-500')}>{eta}</span>
              {verdicts?.[option.ride_type] ? (
                <span className={cn('block text-xs font-medium', verdicts[option.ride_type]!.allowed ? 'text-ink-600' : 'text-red-700')}>
                  {verdicts[option.ride_type]!.allowed ? verdicts[option.ride_type]!.note : verdicts[option.ride_type]!.reason}
                </span>
              ) : null}
            </span>
            <span className="flex flex-col items-end">
              <PromoPrice option={option} currency={quote.currency} promo={promo?.options.find((o) => o.ride_type === option.ride_type)} />
              {surging ? <span className="text-xs font-semibold text-amber-800">{surgeText.rider.badge(quote.surge_tenths)}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The fare, and with a promo code the discounted price, the saving, or the reason the code does not apply. */
function PromoPrice({ option, currency, promo }: { option: { fare_cents: number }; currency: string; promo?: AppliedPromo['options'][number] }) {
  if (!promo || promo.discount_cents <= 0) {
    return (
      <>
        <span className="text-base font-bold text-ink-900 tabular-nums">{formatMoney(option.fare_cents, currency)}</span>
        {promo?.message ? <span className="max-w-40 text-right text-xs text-ink-500">{promo.message}</span> : null}
      </>
    );
  }
  return (
    <>
      <span className="text-xs text-ink-500 tabular-nums line-through">{formatMoney(option.fare_cents, currency)}</span>
      <span className="text-base font-bold text-ink-900 tabular-nums">{formatMoney(option.fare_cents - promo.discount_cents, currency)}</span>
      <span className="text-xs font-semibold text-brand-700">{promotionsText.book.saving(formatMoney(promo.discount_cents, currency))}</span>
    </>
  );
}

export function PaymentRow() {
  return (
    <div className="flex items-center justify-between rounded-2xl bg-ink-50 px-3.5 py-3 text-sm">
      <span className="font-medium text-ink-700">{text.payment}</span>
      <span className="inline-flex items-center gap-2 font-semibold text-ink-900">
        <Banknote className="size-4 text-brand-600" aria-hidden="true" />
        {text.cash}
      </span>
    </div>
  );
}
