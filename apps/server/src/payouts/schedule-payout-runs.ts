import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { financialSettingsAt } from '../ledger/financial-settings.repo';
import { isUniqueViolation } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { localDate, weekdayOf } from './local-dates';
import { fillPreview } from './payout-runs.repo';

/** Every hour at :23 (UTC): the `payout-schedule` job looks at each city's local date. */
export const PAYOUT_SCHEDULE_CRON = '23 * * * *';

/**
 * The `payout-schedule` job (decision 0040): on a city's payout weekday (financial settings, in its time
 * zone), the week's preview run, once — `unique (city_id, scheduled_for)` keeps a second job, process or
 * retry from making another. An admin approves it on /driver-payouts. Answers the runs it made.
 */
export async function schedulePayoutRuns(db: Kysely<DB>, now = new Date()) {
  const cities = await db.selectFrom('cities').select(['id', 'currency', 'timezone']).orderBy('id').execute();
  const made: string[] = [];
  for (const city of cities) {
    const settings = await financialSettingsAt(db, city.id, now);
    const today = localDate(now, city.timezone);
    if (weekdayOf(today) !== settings.payout_weekday) continue;
    try {
      const id = await inTransaction(db, async (trx) => {
        const run = await trx
          .insertInto('payout_runs')
          .values({ city_id: city.id, currency: city.currency.trim(), minimum_payout_cents: settings.minimum_payout_cents, scheduled_for: today })
          .onConflict((oc) => oc.columns(['city_id', 'scheduled_for']).doNothing())
          .returning(['id', 'city_id', 'currency', 'minimum_payout_cents'])
          .executeTakeFirst();
        if (!run) return null;
        await fillPreview(trx, run);
        return run.id;
      });
      if (id) made.push(id);
    } catch (err) {
      if (!isUniqueViolation(err, 'payout_runs_city_id_scheduled_for_key')) throw err;
    }
  }
  return made;
}
