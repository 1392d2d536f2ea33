import { errorText } from '@openride/shared/error-text';
import { EDITABLE_WHEN_LAUNCHED, type UpdatePromotionInput } from '@openride/shared/promotions/schemas';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError, badRequest, domainError, isUniqueViolation, notFound } from '../lib/errors';
import { type PromotionRow, promotionRows, promotionView } from './promotions.repo';

type Changes = Omit<UpdatePromotionInput, 'version'>;
type Field = keyof Changes;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** A stored field as the edit's input spells it, to tell what an edit changes. */
function stored(row: PromotionRow, field: Field): unknown {
  if (field === 'valid_from' || field === 'valid_to') return iso(row[field]);
  return row[field];
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An admin edits a promotion (decision 0068), under its row lock (a reservation waits, or the edit reads the
 * counters it moved):
 *
 * - the edit carries the `version` it read: another admin's edit, launch or pause since → 409 PROMOTION_STALE;
 * - a draft may change every field (code, city and its zones, offer, rules, dates, limits, description);
 * - a launched promotion (stored active or paused; exhausted and expired are active ones) only its end, budget,
 *   maximum redemptions, uses per rider and description → otherwise 422 PROMOTION_FIELD_LOCKED, naming the
 *   fields. The end may not move into the past (PROMOTION_END_IN_PAST: pausing stops it now);
 * - the budget never below what is committed (reserved + spent) → PROMOTION_BUDGET_BELOW_COMMITTED; the maximum
 *   redemptions never below those held (reserved + applied) → PROMOTION_MAX_BELOW_HELD (the table's checks
 *   hold both whatever writes); "none" (null) lifts either;
 * - audited `promotion.update` with the changed fields before and after; the version moves by one. An edit
 *   that changes nothing writes nothing.
 */
export async function updatePromotion(db: Kysely<DB>, adminId: string, id: string, input: UpdatePromotionInput, now = new Date()) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Promotion not found');
  const { version, ...changes } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('promotions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('Promotion not found');
      if (before.version !== version) throw domainError('PROMOTION_STALE');
      const fields = (Object.keys(changes) as Field[]).filter((f) => changes[f] !== undefined);
      if (before.status !== 'draft') {
        const locked = fields.filter((f) => !(EDITABLE_WHEN_LAUNCHED as readonly string[]).includes(f));
        if (locked.length > 0) throw new AppError('PROMOTION_FIELD_LOCKED', errorText('PROMOTION_FIELD_LOCKED'), { fields: locked });
      }
      const changed = fields.filter((f) => !same(stored(before, f), f === 'zone_ids' ? [...new Set(changes.zone_ids)] : changes[f]));
      if (changed.length === 0) return promotionView(await promotionRows(trx).where('p.id', '=', id).executeTakeFirstOrThrow());

      const after = { ...before, ...Object.fromEntries(changed.map((f) => [f, f === 'zone_ids' ? [...new Set(changes.zone_ids)] : changes[f]])) } as Omit<
        PromotionRow,
        'valid_from' | 'valid_to'
      > & {
        valid_from: Date | string;
        valid_to: Date | string | null;
      };
      if (after.kind === 'percent' && after.value > 100) throw badRequest('A percentage is at most 100');
      if (after.valid_to !== null && new Date(after.valid_to).getTime() <= new Date(after.valid_from).getTime())
        throw badRequest('The end must be after the start');
      if (before.status !== 'draft' && changed.includes('valid_to') && after.valid_to !== null && new Date(after.valid_to).getTime() <= now.getTime()) {
        throw domainError('PROMOTION_END_IN_PAST');
      }
      if (after.budget_cents !== null && after.budget_cents < before.committed_cents) throw domainError('PROMOTION_BUDGET_BELOW_COMMITTED');
      if (after.max_redemptions !== null && after.max_redemptions < before.redemptions_held) throw domainError('PROMOTION_MAX_BELOW_HELD');

      let currency = before.currency;
      if (changed.includes('city_id')) {
        const city = await trx.selectFrom('cities').select(['id', 'currency']).where('id', '=', after.city_id).executeTakeFirst();
        if (!city) throw notFound('City not found');
        currency = city.currency;
      }
      if ((changed.includes('city_id') || changed.includes('zone_ids')) && after.zone_ids.length > 0) {
        const zones = await trx
          .selectFrom('zones')
          .select('id')
          .where('city_id', '=', after.city_id)
          .where('type', '=', 'pricing_zone')
          .where('id', 'in', after.zone_ids)
          .execute();
        if (zones.length !== after.zone_ids.length) throw notFound('A zone is not a pricing zone of this city');
      }

      const set = Object.fromEntries(changed.map((f) => [f, f === 'zone_ids' ? after.zone_ids : changes[f]]));
      await trx
        .updateTable('promotions')
        .set({ ...set, currency, version: before.version + 1, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        actorId: adminId,
        action: 'promotion.update',
        entityType: 'promotion',
        entityId: id,
        before: Object.fromEntries(changed.map((f) => [f, stored(before, f)])),
        after: set,
      });
      return promotionView(await promotionRows(trx).where('p.id', '=', id).executeTakeFirstOrThrow());
    });
  } catch (err) {
    if (isUniqueViolation(err, 'promotions_code_key')) throw domainError('PROMO_CODE_TAKEN');
    throw err;
  }
}
