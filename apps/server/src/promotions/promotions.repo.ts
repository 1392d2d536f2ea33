import { effectiveStatus } from '@openride/shared/promotions/discount';
import type { Promotion } from '@openride/shared/promotions/views';
import type { RideType } from '@openride/shared/rides/schemas';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, PromotionsTable } from '../db/schema';

export type PromotionRow = Selectable<PromotionsTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The promotions with their city's name and their zones' names, for the admin views. */
export const promotionRows = (db: Kysely<DB>) =>
  db
    .selectFrom('promotions as p')
    .innerJoin('cities as c', 'c.id', 'p.city_id')
    .selectAll('p')
    .select('c.name as city_name')
    .select(
      sql<
        { id: string; name: string }[] | string
      >`(select coalesce(json_agg(json_build_object('id', z.id, 'name', z.name) order by z.name), '[]'::json) from zones z where z.id = any(p.zone_ids))`.as(
        'zones',
      ),
    );

/** The status as people read it, in SQL (the list's filter), the same rule as `effectiveStatus`. */
export const effectiveStatusSql = sql<string>`case
  when p.status <> 'active' then p.status
  when p.valid_to is not null and now() >= p.valid_to then 'expired'
  when (p.max_redemptions is not null and p.redemptions_held >= p.max_redemptions) or (p.budget_cents is not null and p.committed_cents >= p.budget_cents) then 'exhausted'
  else 'active' end`;

export function promotionView(row: PromotionRow & { city_name: string; zones: { id: string; name: string }[] | string }, now = new Date()): Promotion {
  return {
    id: row.id,
    city_id: row.city_id,
    city_name: row.city_name,
    currency: row.currency.trim(),
    code: row.code,
    kind: row.kind,
    value: row.value,
    max_discount_cents: row.max_discount_cents,
    min_fare_cents: row.min_fare_cents,
    ride_types: row.ride_types as RideType[],
    zone_ids: row.zone_ids,
    zones: (typeof row.zones === 'string' ? JSON.parse(row.zones) : row.zones) as { id: string; name: string }[],
    description: row.description,
    version: row.version,
    valid_from: iso(row.valid_from)!,
    valid_to: iso(row.valid_to),
    budget_cents: row.budget_cents,
    max_redemptions: row.max_redemptions,
    per_rider_limit: row.per_rider_limit,
    first_ride_only: row.first_ride_only,
    status: effectiveStatus(row, now),
    redemptions_reserved: row.redemptions_held - row.redemptions_applied,
    redemptions_applied: row.redemptions_applied,
    reserved_cents: row.committed_cents - row.spent_cents,
    spent_cents: row.spent_cents,
    created_at: iso(row.created_at)!,
  };
}

export async function findPromotionView(db: Kysely<DB>, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const row = await promotionRows(db).where('p.id', '=', id).executeTakeFirst();
  return row ? promotionView(row) : undefined;
}

/** The rider's uses of a promotion that count against its per-rider limit: reserved (ride under way) or applied. */
export async function riderUses(db: Kysely<DB>, promotionId: string, riderId: string) {
  const row = await db
    .selectFrom('promo_redemptions')
    .select(sql<string>`count(*)`.as('n'))
    .where('promotion_id', '=', promotionId)
    .where('rider_id', '=', riderId)
    .where('state', '<>', 'released')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the rider has completed a ride (a first-ride code is for riders who have not). */
export async function hasCompletedRide(db: Kysely<DB>, riderId: string) {
  return (
    (await db.selectFrom('rides').select('id').where('rider_id', '=', riderId).where('status', '=', 'completed').limit(1).executeTakeFirst()) !== undefined
  );
}
