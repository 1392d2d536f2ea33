import type { DiffableNight, PolicyField } from '@openride/shared/pricing/fare-policy';
import { pricingText } from '@openride/shared/pricing/pricing-text';
import { formatCents } from './money';

/** One field of a version as a person reads it: money in the city's currency, the night window in words. */
export function formatPolicyValue(field: PolicyField, value: number | DiffableNight, currency: string): string {
  if (field === 'night') {
    const night = value as DiffableNight;
    return night ? pricingText.night(night.multiplier, night.start, night.end) : pricingText.noNight;
  }
  if (field === 'seats') return String(value);
  return formatCents(value as number, currency);
}

/** A scope's label: the city default, or a zone (by name when the zones feature gave us one). */
export function scopeLabel(zoneId: string | null, zones: readonly { id: string; name: string }[]): string {
  if (zoneId === null) return pricingText.cityDefault;
  return zones.find((z) => z.id === zoneId)?.name ?? pricingText.zone(zoneId);
}

/** A Date as the value of an <input type="datetime-local"> in the reader's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
