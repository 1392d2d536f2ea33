import { financeText } from '@openride/shared/finance/finance-text';
import { EFFECTIVE_PAST_TOLERANCE_MS, type financialSettingsInputSchema } from '@openride/shared/finance/schemas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { addSettingsVersion } from '../settings/versioned-settings';
import { auditFields, settingsView } from './settings-view';

type Input = z.output<typeof financialSettingsInputSchema>;

/**
 * An admin adds the next version of a city's financial settings, effective now or later; old versions are
 * never changed (a ride completed before keeps the split it was posted with). The rules every versioned
 * setting shares (the effective date, the city lock, the audit with the version it follows) are
 * `addSettingsVersion`'s.
 */
export async function createFinancialSettings(db: Kysely<DB>, adminId: string, cityId: string, input: Input, now = new Date()) {
  return addSettingsVersion(db, {
    adminId,
    cityId,
    effectiveFrom: input.effective_from,
    now,
    pastToleranceMs: EFFECTIVE_PAST_TOLERANCE_MS,
    words: { effectiveInPast: financeText.errors.effectiveInPast, cityNotFound: financeText.errors.cityNotFound },
    latest: (trx) => trx.selectFrom('financial_settings').selectAll().where('city_id', '=', cityId).orderBy('version', 'desc').limit(1).executeTakeFirst(),
    insert: (trx, next) =>
      trx
        .insertInto('financial_settings')
        .values({
          city_id: cityId,
          version: next.version,
          effective_from: next.effectiveFrom,
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
        .executeTakeFirstOrThrow(),
    view: settingsView,
    audit: {
      action: 'financial_settings.create',
      entityType: 'financial_settings',
      entityId: (v) => v.id,
      fields: auditFields,
      scope: { city_id: cityId },
      reason: input.note,
    },
  });
}
