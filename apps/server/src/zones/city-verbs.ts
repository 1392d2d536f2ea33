import type { CreateCityInput, UpdateCityInput } from '@openride/shared/zones/schemas';
import { DEFAULT_SURGE_RULE } from '@openride/shared/surge/surge';
import { recordAudit } from '../audit/record-audit';
import { seedCityPolicies } from '../cancellation/cancellation.repo';
import { seedCityFinance } from '../ledger/financial-settings.repo';
import { seedCityVehicleRules } from '../vehicles/vehicle-rules.repo';
import { seedCityDocumentTypes } from '../compliance/compliance.repo';
import { cityHasBooks } from '../finance/settings-view';
import { financeText } from '@openride/shared/finance/finance-text';
import { AppError, isUniqueViolation, notFound } from '../lib/errors';
import { CITY_COLUMNS, cityView } from './zones.repo';
import type { Ports } from '../ports';
import type { ZoneLocator } from './zone-locator';

/**
 * An admin adds a city (audited), with default cancellation terms and surge rule. It serves nowhere until it
 * has an enabled service area, and offers no ride type until /pricing-settings gives it fare policies.
 */
export async function createCity(services: Pick<Ports, 'db'> & { zones: ZoneLocator }, adminId: string, input: CreateCityInput) {
  let city;
  try {
    city = await services.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('cities').values(input).returning(CITY_COLUMNS).executeTakeFirstOrThrow();
      // Its levers start from the defaults: free cancellation terms (no fees until set) and the default surge rule.
      await seedCityPolicies(trx, row.id);
      await seedCityFinance(trx, row.id);
      await seedCityVehicleRules(trx, row.id);
      await seedCityDocumentTypes(trx, row.id);
      await trx
        .insertInto('surge_settings')
        .values({ city_id: row.id, rule: JSON.stringify(DEFAULT_SURGE_RULE) })
        .execute();
      await recordAudit(trx, { actorId: adminId, action: 'city.create', entityType: 'city', entityId: row.id, before: null, after: cityView(row) });
      return cityView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'cities_pkey')) throw new AppError('CONFLICT', `A city with the id "${input.id}" already exists.`);
    throw err;
  }
  await services.zones.changed();
  return city;
}

/** An admin edits a city's name, currency, time zone or map centre (audited: the fields that changed). */
export async function updateCity(services: Pick<Ports, 'db'> & { zones: ZoneLocator }, adminId: string, id: string, input: UpdateCityInput) {
  const city = await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('cities').select(CITY_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('City not found');
    if (Object.keys(input).length === 0) return cityView(before);
    // Every amount in a city's books is in its currency: fixed once money is posted (decision 0041).
    if (input.currency !== undefined && input.currency !== before.currency.trim() && (await cityHasBooks(trx, id)))
      throw new AppError('CONFLICT', financeText.errors.currencyLocked);
    const after = await trx.updateTable('cities').set(input).where('id', '=', id).returning(CITY_COLUMNS).executeTakeFirstOrThrow();
    const keys = Object.keys(input) as (keyof UpdateCityInput)[];
    const was = cityView(before);
    const now = cityView(after);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'city.update',
      entityType: 'city',
      entityId: id,
      before: Object.fromEntries(keys.map((k) => [k, was[k]])),
      after: Object.fromEntries(keys.map((k) => [k, now[k]])),
    });
    return now;
  });
  await services.zones.changed();
  return city;
}
