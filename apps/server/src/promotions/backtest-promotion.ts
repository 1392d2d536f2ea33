import { discountForRide } from '@openride/shared/promotions/discount';
import { BACKTEST_DAYS } from '@openride/shared/promotions/schemas';
import type { Backtest } from '@openride/shared/promotions/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';

/**
 * What a promotion would have done (decision 0063): the city's rides completed in the last 30 days, replayed
 * in the order they were requested with the promotion's rules — ride types, the pickup's pricing zone (as the
 * booking recorded it), minimum fare, first ride only (the rider had completed no ride before), uses per
 * rider, maximum redemptions and budget. Reads only; the dates and the status are not applied (it is asked
 * before launching).
 */
export async function backtestPromotion(db: Kysely<DB>, id: string, now = new Date()): Promise<Backtest> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Promotion not found');
  const p = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound('Promotion not found');
  const from = new Date(now.getTime() - BACKTEST_DAYS * 86_400_000);
  const rides = await db
    .selectFrom('rides as r')
    .select([
      'r.id',
      'r.rider_id',
      'r.ride_type',
      'r.fare_cents',
      sql<string | null>`r.pricing->>'pickup_zone_id'`.as('zone_id'),
      // Whether the rider had completed a ride before this one (a first-ride code would not have applied).
      sql<boolean>`exists (select 1 from rides o where o.rider_id = r.rider_id and o.status = 'completed' and o.completed_at < r.completed_at)`.as('had_ride'),
    ])
    .where('r.city_id', '=', p.city_id)
    .where('r.status', '=', 'completed')
    .where('r.completed_at', '>=', from)
    .where('r.completed_at', '<', now)
    .orderBy('r.requested_at')
    .orderBy('r.id')
    .execute();
  // The counters start from nothing: the backtest asks what the promotion alone would have cost.
  const state = { ...p, status: 'active' as const, redemptions_held: 0, committed_cents: 0 };
  const uses = new Map<string, number>();
  let qualified = 0;
  let limitedBy: Backtest['limited_by'] = null;
  for (const ride of rides) {
    if (p.first_ride_only && ride.had_ride) continue;
    if (p.zone_ids.length > 0 && (!ride.zone_id || !p.zone_ids.includes(ride.zone_id))) continue;
    const outcome = discountForRide({ ...state, budget_cents: null }, ride);
    if ('refusal' in outcome) continue;
    qualified++;
    if ((uses.get(ride.rider_id) ?? 0) >= p.per_rider_limit) continue;
    if (p.max_redemptions !== null && state.redemptions_held >= p.max_redemptions) {
      limitedBy ??= 'max_redemptions';
      continue;
    }
    if (p.budget_cents !== null && state.committed_cents + outcome.discount_cents > p.budget_cents) {
      limitedBy ??= 'budget';
      continue;
    }
    state.redemptions_held++;
    state.committed_cents += outcome.discount_cents;
    uses.set(ride.rider_id, (uses.get(ride.rider_id) ?? 0) + 1);
  }
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    currency: p.currency.trim(),
    rides_considered: rides.length,
    rides_qualified: qualified,
    redemptions: state.redemptions_held,
    riders: uses.size,
    cost_cents: state.committed_cents,
    limited_by: limitedBy,
  };
}
