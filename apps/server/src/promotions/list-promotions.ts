import type { adminPromotionsQuerySchema, promoRedemptionsQuerySchema } from '@openride/shared/promotions/schemas';
import type { Promotion, PromoRedemption } from '@openride/shared/promotions/views';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { notFound } from '../lib/errors';
import { effectiveStatusSql, promotionRows, promotionView } from './promotions.repo';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminPromotionsQuerySchema>;
const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'p.created_at', type: 'timestamptz' }, code: { expr: 'p.code', type: 'text' } },
  id: { ref: 'p.id', type: 'uuid' },
};

/** /promo-codes' list: newest first, by status as people read it (exhausted, expired included) and city; search by code. */
export async function listPromotions(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = promotionRows(db);
  const inCities = cityCondition('p.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  if (query.status) rows = rows.where(sql<boolean>`${effectiveStatusSql} = ${query.status}`);
  if (query.city) rows = rows.where('p.city_id', '=', query.city);
  if (query.q) rows = rows.where('p.code', 'ilike', containsPattern(query.q));
  const page = await keysetPage(db, rows, spec, query);
  const now = new Date();
  return { ...page, items: page.items.map((r) => promotionView(r, now)) };
}

export const PROMOTIONS_CSV: CsvColumn<Promotion>[] = [
  { header: 'Code', value: (p) => p.code },
  { header: 'City', value: (p) => p.city_name },
  { header: 'Status', value: (p) => p.status },
  { header: 'Kind', value: (p) => p.kind },
  { header: 'Value', value: (p) => p.value },
  { header: 'Currency', value: (p) => p.currency },
  { header: 'Valid from', value: (p) => p.valid_from },
  { header: 'Valid to', value: (p) => p.valid_to },
  { header: 'Budget (cents)', value: (p) => p.budget_cents },
  { header: 'Redemptions applied', value: (p) => p.redemptions_applied },
  { header: 'Redemptions reserved', value: (p) => p.redemptions_reserved },
  { header: 'Spent (cents)', value: (p) => p.spent_cents },
  { header: 'Reserved (cents)', value: (p) => p.reserved_cents },
];

type RedemptionsQuery = z.output<typeof promoRedemptionsQuerySchema>;
const redemptionSpec: KeysetSpec<RedemptionsQuery['sort']> = {
  sorts: { created_at: { expr: 'r.created_at', type: 'timestamptz' } },
  id: { ref: 'r.id', type: 'uuid' },
};

/** A promotion's redemptions, newest first, by state. */
export async function listRedemptions(db: Kysely<DB>, promotionId: string, query: RedemptionsQuery) {
  if (!/^[0-9a-f-]{36}$/i.test(promotionId) || !(await db.selectFrom('promotions').select('id').where('id', '=', promotionId).executeTakeFirst()))
    throw notFound('Promotion not found');
  let rows = db
    .selectFrom('promo_redemptions as r')
    .leftJoin('user as u', 'u.id', 'r.rider_id')
    .select(['r.id', 'r.ride_id', 'u.name as rider_name', 'r.state', 'r.reserved_cents', 'r.applied_cents', 'r.created_at', 'r.applied_at', 'r.released_at'])
    .where('r.promotion_id', '=', promotionId);
  if (query.state) rows = rows.where('r.state', '=', query.state);
  const page = await keysetPage(db, rows, redemptionSpec, query);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    ...page,
    items: page.items.map(
      (r): PromoRedemption => ({
        id: r.id,
        ride_id: r.ride_id,
        rider_name: r.rider_name ?? null,
        state: r.state,
        reserved_cents: r.reserved_cents,
        applied_cents: r.applied_cents,
        created_at: iso(r.created_at)!,
        applied_at: iso(r.applied_at),
        released_at: iso(r.released_at),
      }),
    ),
  };
}

export const REDEMPTIONS_CSV: CsvColumn<PromoRedemption>[] = [
  { header: 'Date', value: (r) => r.created_at },
  { header: 'Ride', value: (r) => r.ride_id },
  { header: 'Rider', value: (r) => r.rider_name },
  { header: 'State', value: (r) => r.state },
  { header: 'Reserved (cents)', value: (r) => r.reserved_cents },
  { header: 'Applied (cents)', value: (r) => r.applied_cents },
];
