import { formatTimeOfDay } from '@openride/shared/pricing/fare-policy';
import type { FarePolicy } from '@openride/shared/pricing/views';
import { ratesOf } from './fare-policies.repo';

type Row = Parameters<typeof ratesOf>[0] & { city_id: string; created_by: string | null; created_by_name?: string | null; note: string | null };

/** A version as the wire carries it (the night window as 'HH:MM' local times). */
export function farePolicyView(row: Row, status: FarePolicy['status']): FarePolicy {
  const rates = ratesOf(row);
  return {
    id: row.id,
    city_id: row.city_id,
    zone_id: row.zone_id,
    ride_type: row.ride_type,
    version: row.version,
    base_cents: rates.base_cents,
    per_km_cents: rates.per_km_cents,
    per_min_cents: rates.per_min_cents,
    minimum_cents: rates.minimum_cents,
    booking_fee_cents: rates.booking_fee_cents,
    seats: rates.seats,
    night: rates.night
      ? { multiplier: rates.night.multiplier, start: formatTimeOfDay(rates.night.start_min), end: formatTimeOfDay(rates.night.end_min) }
      : null,
    effective_from: new Date(row.effective_from).toISOString(),
    created_by: row.created_by,
    created_by_name: row.created_by_name ?? null,
    created_at: new Date(row.created_at).toISOString(),
    note: row.note,
    status,
  };
}
