import { formatTimeOfDay } from '@openride/shared/pricing/fare-policy';
import { publicText } from '@openride/shared/public/public-text';
import type { FareFormula, PublicCancellation, PublicPricing } from '@openride/shared/public/views';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { notFound } from '../lib/errors';
import { policiesInForce, ratesOf } from '../pricing/fare-policies.repo';
import { ruleOf } from '../surge/surge-engine';
import { defaultCancellationPolicies, enabledPricingZones, publicCityRow, surgeSettingsOf, zonePoliciesInForce } from './public.repo';
import type { Ports } from '../ports';
import type { SurgeEngine } from '../surge/surge-engine';

type PolicyRow = Parameters<typeof ratesOf>[0];

/** A version in force as the formula the public reads (the rates `priceTrip` prices with). */
function formulaOf(row: PolicyRow): FareFormula {
  const rates = ratesOf(row);
  return {
    base_cents: rates.base_cents,
    per_km_cents: rates.per_km_cents,
    per_min_cents: rates.per_min_cents,
    minimum_cents: rates.minimum_cents,
    booking_fee_cents: rates.booking_fee_cents,
    night: rates.night
      ? { multiplier: rates.night.multiplier, start: formatTimeOfDay(rates.night.start_min), end: formatTimeOfDay(rates.night.end_min) }
      : null,
    version: row.version,
    effective_from: new Date(row.effective_from).toISOString(),
  };
}

/**
 * GET /api/public/pricing/:city: what the server prices with, now — the city default's fare policy version
 * in force per ride type and each pricing zone's own versions (pricing/fare-policies.repo.ts, the functions
 * quotes use), the surge rule and freeze switch (surge_settings, read as the engine reads it) with each
 * pricing zone's multiplier as a quote would lock it in (`surge.quoteFor`), and the cancellation policy a
 * ride of each type is charged on (the city default, decision 0033).
 */
export async function publicPricing(services: Pick<Ports, 'db'> & { surge: SurgeEngine }, cityId: string, now = new Date()): Promise<PublicPricing> {
  const { db } = services;
  const city = await publicCityRow(db, cityId);
  if (!city) throw notFound(publicText.errors.cityNotFound);
  const [defaults, zoned, cancellation, settings, pricingZones] = await Promise.all([
    policiesInForce(db, city.id, null, now),
    zonePoliciesInForce(db, city.id, now),
    defaultCancellationPolicies(db, city.id),
    surgeSettingsOf(db, city.id),
    enabledPricingZones(db, city.id),
  ]);
  const rule = ruleOf(settings?.rule ?? {});
  const frozen = settings?.frozen ?? false;
  const surgeNow = await Promise.all(
    pricingZones.map(async (z) => ({ zone_id: z.id, name: z.name, multiplier_tenths: (await services.surge.quoteFor(z, now)).multiplier_tenths })),
  );
  const zoneOrder = new Map(pricingZones.map((z, i) => [z.id, i]));

  const ride_types = defaults.map((p) => {
    const terms = cancellation.find((c) => c.ride_type === p.ride_type);
    const cancel: PublicCancellation | null = terms
      ? {
          free_window_s: terms.free_window_s,
          fee_kind: terms.fee_kind,
          fee_fixed_cents: terms.fee_fixed_cents,
          fee_percent_bp: terms.fee_percent_bp,
          fee_min_cents: terms.fee_min_cents,
          fee_max_cents: terms.fee_max_cents,
          no_show_wait_s: terms.no_show_wait_s,
          no_show_fee_cents: terms.no_show_fee_cents,
          late_driver_margin_s: terms.late_driver_margin_s,
        }
      : null;
    return {
      ride_type: p.ride_type,
      name: RIDE_TYPE_NAMES[p.ride_type],
      seats: p.seats,
      description: publicText.rideTypes[p.ride_type],
      fare: formulaOf(p),
      from_cents: p.minimum_cents + p.booking_fee_cents,
      zones: zoned
        .filter((z) => z.ride_type === p.ride_type && z.zone_id !== null)
        .sort((a, b) => (zoneOrder.get(a.zone_id!) ?? 0) - (zoneOrder.get(b.zone_id!) ?? 0))
        .map((z) => ({ zone_id: z.zone_id!, zone_name: z.zone_name, fare: formulaOf(z) })),
      cancellation: cancel,
    };
  });
  ride_types.sort((a, b) => RIDE_TYPES.indexOf(a.ride_type) - RIDE_TYPES.indexOf(b.ride_type));

  const surge = { floor_tenths: rule.floor_tenths, cap_tenths: rule.cap_tenths, frozen };
  return {
    city: { id: city.id, name: city.name, currency: city.currency.trim(), time_zone: city.timezone },
    ride_types,
    surge: {
      ...surge,
      multiplies: ['base', 'distance', 'time'],
      never: ['booking_fee', 'cancellation_fees'],
      zones: surgeNow,
      summary: publicText.surge.sentences(surge),
    },
    as_of: now.toISOString(),
  };
}
