import { financeText } from '@openride/shared/finance/finance-text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { cityHasBooks } from './settings-view';

/**
 * A city's currency changes only while no money has been posted for it (decision 0041): every amount in
 * its books is in that currency, and accounts are per currency, so changing it later would split one
 * driver's balance in two. The city row is locked first; a posting that names the city takes a key-share
 * lock on it (the foreign key), so a ride completing meanwhile waits or is seen. Audited as `city.update`.
 */
export async function setCityCurrency(db: Kysely<DB>, adminId: string, cityId: string, currency: string) {
  return inTransaction(db, async (trx) => {
    const city = await trx.selectFrom('cities').select(['id', 'name', 'currency', 'timezone']).where('id', '=', cityId).forUpdate().executeTakeFirst();
    if (!city) throw notFound(financeText.errors.cityNotFound);
    const view = (c: typeof city) => ({ id: c.id, name: c.name, currency: c.currency.trim(), time_zone: c.timezone || 'UTC' });
    if (city.currency.trim() === currency) return view(city);
    if (await cityHasBooks(trx, cityId)) throw new AppError('CONFLICT', financeText.errors.currencyLocked);
    const after = await trx
      .updateTable('cities')
      .set({ currency })
      .where('id', '=', cityId)
      .returning(['id', 'name', 'currency', 'timezone'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'city.update',
      entityType: 'city',
      entityId: cityId,
      before: { currency: city.currency.trim() },
      after: { currency },
    });
    return view(after);
  });
}
