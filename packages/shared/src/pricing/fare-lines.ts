import type { FareBreakdown } from '../rides/fare';
import { pricingText } from './pricing-text';

export type FareLine = { key: 'base' | 'distance' | 'time' | 'multipliers' | 'minimum' | 'booking_fee'; label: string; amount_cents: number };

const trim = (n: number) => Number(n.toFixed(2));

/**
 * A fare's lines as a person reads them (the receipt, the Simulate fare panel). They add up to the total
 * exactly (see `fareBreakdown`). `all`: keep the multipliers and minimum lines at 0 (the simulator shows
 * every line); otherwise they appear only when they change the fare.
 */
export function fareLines(
  b: FareBreakdown,
  distance_m: number,
  duration_s: number,
  { all = false, baseLabel = pricingText.lines.base }: { all?: boolean; baseLabel?: string } = {},
): FareLine[] {
  const lines: FareLine[] = [
    { key: 'base', label: baseLabel, amount_cents: b.base_cents },
    { key: 'distance', label: pricingText.lines.distance((Math.max(0, distance_m) / 1000).toFixed(1)), amount_cents: b.distance_cents },
    { key: 'time', label: pricingText.lines.time(String(Math.round(Math.max(0, duration_s) / 60))), amount_cents: b.time_cents },
  ];
  const parts = [
    ...(b.time_multiplier !== 1 ? [pricingText.lines.timeMultiplier(trim(b.time_multiplier))] : []),
    ...(b.surge_multiplier !== 1 ? [pricingText.lines.surge(trim(b.surge_multiplier))] : []),
  ];
  if (all || parts.length > 0 || b.multiplier_cents !== 0) {
    lines.push({
      key: 'multipliers',
      label: parts.length ? pricingText.lines.multipliers(parts) : pricingText.lines.multipliers([pricingText.lines.timeMultiplier(1)]),
      amount_cents: b.multiplier_cents,
    });
  }
  if (all || b.minimum_adjustment_cents !== 0) lines.push({ key: 'minimum', label: pricingText.lines.minimum, amount_cents: b.minimum_adjustment_cents });
  lines.push({ key: 'booking_fee', label: pricingText.lines.bookingFee, amount_cents: b.booking_fee_cents });
  return lines;
}
