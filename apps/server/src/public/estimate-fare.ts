import type { FareEstimate } from '@openride/shared/public/views';
import type { QuoteRequest } from '@openride/shared/rides/schemas';
import type { Ports } from '../ports';
import { withinLimits } from '../lib/rate-limit';
import { quoteFares } from '../pricing/quote-fares';

/**
 * POST /api/public/estimate: a visitor's fare estimate is the rider's quote for the same trip — `quoteFares`
 * itself, so the fares (surge included), the refusals (OUTSIDE_SERVICE_AREA, DESTINATION_RESTRICTED) and the
 * routed distance are the ones a signed-in rider gets — without what is personal (owed fees) or heavy (the
 * route). At most ESTIMATES_PER_MINUTE per network address, since each may cost a routing call; a refused
 * trip gives its point back.
 */
export async function estimateFare(
  services: Pick<Ports, 'limiters'> & Parameters<typeof quoteFares>[0],
  input: QuoteRequest,
  ctx: { ip: string },
): Promise<FareEstimate> {
  return withinLimits([[services.limiters.estimatePerIp, ctx.ip]], 'TOO_MANY_ESTIMATES', async () => {
    const quote = await quoteFares(services, input);
    // The multiplier of the pickup's pricing zone, as the quote locks it in (surge-engine.ts, quoteFor).
    const surge = await services.surge.quoteFor((await services.zones.at(input.pickup)).pricing_zone);
    return {
      city: quote.city,
      currency: quote.currency,
      distance_m: quote.distance_m,
      duration_s: quote.duration_s,
      options: quote.options,
      surge: { multiplier_tenths: surge.multiplier_tenths, zone_name: surge.zone_name },
    };
  });
}
