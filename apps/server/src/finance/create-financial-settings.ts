import { financeText } from '@openride/shared/finance/finance-text';
import { EFFECTIVE_PAST_TOLERANCE_MS, type financialSettingsInputSchema } from '@openride/shared/finance/schemas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { auditFields, settingsView } from './settings-view';

type Input = z.output<typeof financialSettingsInputSchema>;

/**
 * An admin adds the next version of a city's financial settings, effective now or later; old versions are
 * never changed (a ride completed before keeps the split it was posted with). As fare policies (decision
 * 0032): the city row is taken first, so two admins' versions get distinct numbers, and the audit row
 * (the version it follows as `before`) commits with the version.
 */
export async function createFinancialSettings(db: Kysely<DB>, adminId: string, cityId: string, input: Input, now = new Date()) {
  const asked = input.effective_from ? new Date(input.effective_from) : now;
  if (asked.getTime() < now.getTime() - EFFECTIVE_PAST_TOLERANCE_MS) throw badRequest(financeText.errors.effectiveInPast);
  const effectiveFrom = asked < now ? now : asked;

  return inTransaction(db, async (trx) => {
    const city = await trx.selectFrom('cities').select('id').where('id', '=', cityId).forNoKeyUpdate().executeTakeFirst();
    if (!city) throw notFound(financeText.errors.cityNotFound);
    const previous = await trx
      .selectFrom('financial_settings')
      .selectAll()
      .where('city_id', '=', cityId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    const row = await trx
      .insertInto('financial_settings')
      .values({
        city_id: cityId,
        version: (previous?.version ?? 0) + 1,
        effective_from: effectiveFrom,
        commission_bp: JSON.stringify(input.commission_bp),
        tax_rate_bp: input.tax_rate_bp,
        tax_label: input.tax_rate_bp > 0 ? input.tax_label : '',
        payout_weekday: input.payout_weekday,
        minimum_payout_cents: input.minimum_payout_cents,
        negative_balance_limit_cents: input.negative_balance_limit_cents,
        grace_days: input.grace_days,
        created_by: adminId,
        note: input.note,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = settingsView(row, effectiveFrom > now ? 'scheduled' : 'in_force');
    await recordAudit(trx, {
      actorId: adminId,
      action: 'financial_settings.create',
      entityType: 'financial_settings',
      entityId: created.id,
      before: previous ? auditFields(settingsView(previous, 'superseded')) : null,
      after: { city_id: cityId, ...auditFields(created) },
      reason: input.note,
    });
    return created;
  });
}
