import { promoOutcome } from '@openride/shared/promotions/discount';
import { BACKTEST_DAYS } from '@openride/shared/promotions/schemas';
import type { Backtest } from '@openride/shared/promotions/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';

/**
 * What a promotion would have done (decision 0063): the city's rides completed in the last 30 days, replayed
 * in the order they were requested with the very rule a live redemption applies (`promoOutcome`, issue 27): a
 * business ride takes no code; the ride type, the pickup's pricing zone (as the booking recorded it), minimum
 * fare, first ride only (the rider had completed a ride when this one was requested), uses per rider, maximum
 * redemptions and budget, the counters moving as reservations would have moved them. Reads only; the dates and
 * the status are not applied (it is asked before launching): the promotion is replayed as if launched.
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
      'r.city_id',
      'r.rider_id',
      'r.ride_type',
      'r.fare_cents',
      'r.payment_method',
      'r.requested_at',
      sql<string | null>`r.pricing->>'pickup_zone_id'`.as('zone_id'),
      // Whether the rider had completed a ride when this one was requested (what the request would have read).
      sql<boolean>`exists (select 1 from rides o where o.rider_id = r.rider_id and o.status = 'completed' and o.completed_at < r.requested_at)`.as('had_ride'),
    ])
    .where('r.city_id', '=', p.city_id)
    .where('r.status', '=', 'completed')
    .where('r.completed_at', '>=', from)
    .where('r.completed_at', '<', now)
    .orderBy('r.requested_at')
    .orderBy('r.id')
    .execute();
  // As if launched for the whole window, the counters starting from nothing: what the promotion alone would have cost.
  const launched = { ...p, status: 'active' as const, valid_from: new Date(0), valid_to: null, redemptions_held: 0, committed_cents: 0 };
  const unlimited = { ...launched, budget_cents: null, max_redemptions: null };
  const uses = new Map<string, number>();
  let qualified = 0;
  let limitedBy: Backtest['limited_by'] = null;
  for (const ride of rides) {
    const facts = {
      now: new Date(ride.requested_at),
      city_id: ride.city_id,
      zone_id: ride.zone_id,
      ride_type: ride.ride_type,
      fare_cents: ride.fare_cents,
      business: ride.payment_method === 'business',
      rider_has_completed_ride: ride.had_ride,
    };
    const riderUses = uses.get(ride.rider_id) ?? 0;
    // Qualifies: the code takes this ride, the promotion's limits and the rider's earlier uses aside.
    if ('refusal' in promoOutcome(unlimited, { ...facts, rider_uses: 0 })) continue;
    qualified++;
    const outcome = promoOutcome(launched, { ...facts, rider_uses: riderUses });
    if ('refusal' in outcome) {
      // Stopped by the budget or the maximum only when nothing else would have refused it (its rider's uses).
      if (
        outcome.refusal === 'spent' &&
        !(
          'refusal' in
          promoOutcome(
            { ...unlimited, redemptions_held: launched.redemptions_held, committed_cents: launched.committed_cents },
            { ...facts, rider_uses: riderUses },
          )
        )
      ) {
        limitedBy ??= p.max_redemptions !== null && launched.redemptions_held >= p.max_redemptions ? 'max_redemptions' : 'budget';
      }
      continue;
    }
    launched.redemptions_held++;
    launched.committed_cents += outcome.discount_cents;
    uses.set(ride.rider_id, riderUses + 1);
  }
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    currency: p.currency.trim(),
    rides_considered: rides.length,
    rides_qualified: qualified,
    redemptions: launched.redemptions_held,
    riders: uses.size,
    cost_cents: launched.committed_cents,
    limited_by: limitedBy,
  };
}
