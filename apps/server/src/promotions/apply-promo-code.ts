import { discountForRide, refusalForRider } from '@openride/shared/promotions/discount';
import type { ApplyPromoInput } from '@openride/shared/promotions/schemas';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import type { AppliedPromo } from '@openride/shared/promotions/views';
import { quoteFares, type SearchRadii } from '../pricing/quote-fares';
import { checkTrip } from '../zones/check-trip';
import { hasCompletedRide, riderUses } from './promotions.repo';
import { refuse } from './ride-promotions';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { ZoneLocator } from '../zones/zone-locator';

/**
 * The rider's Apply on /book-ride (decision 0063): the trip priced again as the quote prices it, and for each
 * ride type the discount or why the code does not take it (ride type, minimum fare, budget left). A refusal
 * that holds whatever the ride type (unknown, not active, expired, spent, first ride, used, zone) is thrown.
 * Nothing is reserved: the request reserves, and checks everything again.
 */
export async function applyPromoCode(
  services: Pick<Ports, 'db' | 'quoteKey'> & { routing: RoutingProvider; geo: GeoIndex; dispatcher: SearchRadii; zones: ZoneLocator; surge: SurgeEngine },
  riderId: string,
  input: ApplyPromoInput,
): Promise<AppliedPromo> {
  const { db } = services;
  const p = await db.selectFrom('promotions').selectAll().where('code', '=', input.code).executeTakeFirst();
  if (!p) throw refuse('unknown');
  const { city, pricing_zone } = await checkTrip(services.zones, input);
  const refusal = refusalForRider(p, {
    now: new Date(),
    city_id: city.id,
    zone_id: pricing_zone?.id ?? null,
    rider_uses: await riderUses(db, p.id, riderId),
    rider_has_completed_ride: p.first_ride_only ? await hasCompletedRide(db, riderId) : false,
  });
  if (refusal) throw refuse(refusal);
  const quote = await quoteFares(services, { pickup: input.pickup, destination: input.destination }, { riderId });
  return {
    code: p.code,
    currency: quote.currency,
    options: quote.options.map((o) => {
      const outcome = discountForRide(p, o);
      return 'refusal' in outcome
        ? { ride_type: o.ride_type, fare_cents: o.fare_cents, discount_cents: 0, refusal: outcome.refusal, message: promotionsText.refusals[outcome.refusal] }
        : { ride_type: o.ride_type, fare_cents: o.fare_cents, discount_cents: outcome.discount_cents, refusal: null, message: null };
    }),
  };
}
