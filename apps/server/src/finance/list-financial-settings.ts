import { financeText } from '@openride/shared/finance/finance-text';
import type { FinancialSettingsResponse } from '@openride/shared/finance/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { cityHasBooks, settingsView } from './settings-view';

/**
 * /financial-settings: every version of a city's financial settings, newest first, each marked in force,
 * scheduled or superseded at `now` (the same rule as `financialSettingsAt`: the latest effective date not
 * after now, then the highest version), and whether the city's currency may still change.
 */
export async function listFinancialSettings(db: Kysely<DB>, cityId: string, now = new Date()): Promise<FinancialSettingsResponse> {
  const cities = await db.selectFrom('cities').selectAll().orderBy('name').execute();
  const city = cities.find((c) => c.id === cityId);
  if (!city) throw notFound(financeText.errors.cityNotFound);
  const rows = await db
    .selectFrom('financial_settings')
    .leftJoin('user', 'user.id', 'financial_settings.created_by')
    .selectAll('financial_settings')
    .select('user.name as created_by_name')
    .where('financial_settings.city_id', '=', cityId)
    .orderBy('financial_settings.effective_from', 'desc')
    .orderBy('financial_settings.version', 'desc')
    .execute();
  const inForce = rows.find((r) => new Date(r.effective_from as unknown as string) <= now);
  const history = rows.map((r) =>
    settingsView(r, r === inForce ? 'in_force' : new Date(r.effective_from as unknown as string) > now ? 'scheduled' : 'superseded'),
  );
  return {
    city: { id: city.id, name: city.name, currency: city.currency.trim(), time_zone: city.timezone || 'UTC' },
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    currency_locked: await cityHasBooks(db, cityId),
    current: history.find((h) => h.status === 'in_force') ?? null,
    history,
  };
}
