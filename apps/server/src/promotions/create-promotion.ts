import type { CreatePromotionInput } from '@openride/shared/promotions/schemas';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, isUniqueViolation, notFound } from '../lib/errors';
import { promotionRows, promotionView } from './promotions.repo';

/** An admin creates a promotion in a city (its currency), as a draft or active; audited `promotion.create`. */
export async function createPromotion(db: Kysely<DB>, adminId: string, input: CreatePromotionInput) {
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', input.city_id).executeTakeFirst();
  if (!city) throw notFound('City not found');
  if (input.zone_ids.length > 0) {
    const zones = await db
      .selectFrom('zones')
      .select('id')
      .where('city_id', '=', city.id)
      .where('type', '=', 'pricing_zone')
      .where('id', 'in', input.zone_ids)
      .execute();
    if (zones.length !== new Set(input.zone_ids).size) throw notFound('A zone is not a pricing zone of this city');
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('promotions')
        .values({
          city_id: city.id,
          currency: city.currency,
          code: input.code,
          kind: input.kind,
          value: input.value,
          max_discount_cents: input.max_discount_cents ?? null,
          min_fare_cents: input.min_fare_cents,
          ride_types: input.ride_types,
          zone_ids: [...new Set(input.zone_ids)],
          valid_from: input.valid_from,
          valid_to: input.valid_to ?? null,
          budget_cents: input.budget_cents ?? null,
          max_redemptions: input.max_redemptions ?? null,
          per_rider_limit: input.per_rider_limit,
          first_ride_only: input.first_ride_only,
          status: input.status,
          description: input.description,
          created_by: adminId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const promotion = promotionView(await promotionRows(trx).where('p.id', '=', id).executeTakeFirstOrThrow());
      await recordAudit(trx, { actorId: adminId, action: 'promotion.create', entityType: 'promotion', entityId: id, before: null, after: { ...input } });
      return promotion;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'promotions_code_key')) throw domainError('PROMO_CODE_TAKEN');
    throw err;
  }
}
