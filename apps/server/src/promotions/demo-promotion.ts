import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The demo city's sample promotion (decision 0063): riders type it on /book-ride; its cost shows on /financial-dashboard. */
export const DEMO_PROMO_CODE = 'DEMO20';

/** Idempotent: 20 % off up to $5, three rides per rider, a $500 budget, active from the first start. */
export async function ensureDemoPromotion(db: Kysely<DB>, cityId: string, adminId: string) {
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', cityId).executeTakeFirst();
  if (!city) return;
  await db
    .insertInto('promotions')
    .values({
      city_id: city.id,
      currency: city.currency,
      code: DEMO_PROMO_CODE,
      kind: 'percent',
      value: 20,
      max_discount_cents: 500,
      valid_from: new Date(),
      budget_cents: 50_000,
      per_rider_limit: 3,
      status: 'active',
      created_by: adminId,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
