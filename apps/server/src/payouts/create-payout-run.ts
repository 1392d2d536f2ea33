import { PAYOUT_RUN_MACHINE } from '@openride/shared/payouts/payout-state';
import type { CreatePayoutRun } from '@openride/shared/payouts/schemas';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { financialSettingsAt } from '../ledger/financial-settings.repo';
import { badRequest, notFound } from '../lib/errors';
import { moveAll } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { fillPreview, loadRun } from './payout-runs.repo';

/**
 * "Preview run now" (decision 0040): a preview of every driver of the city owed at least the minimum,
 * nothing posted. An earlier on-demand preview of the city still waiting is discarded, so one stands.
 */
export async function createPayoutRun(db: Kysely<DB>, adminId: string, input: CreatePayoutRun, now = new Date()) {
  const runId = await inTransaction(db, async (trx) => {
    const city = await trx.selectFrom('cities').select(['id', 'currency']).where('id', '=', input.city_id).executeTakeFirst();
    if (!city) throw badRequest('Choose one of the cities.');
    const settings = await financialSettingsAt(trx, city.id, now);
    await moveAll(trx, PAYOUT_RUN_MACHINE, {
      table: 'payout_runs',
      to: 'discarded',
      actor: 'admin',
      where: (eb) => eb.and([eb('city_id', '=', city.id), eb('scheduled_for', 'is', null)]),
    });
    const run = await trx
      .insertInto('payout_runs')
      .values({ city_id: city.id, currency: city.currency.trim(), minimum_payout_cents: settings.minimum_payout_cents, created_by: adminId })
      .returning(['id', 'city_id', 'currency', 'minimum_payout_cents'])
      .executeTakeFirstOrThrow();
    const drivers = await fillPreview(trx, run);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'payout_run.create',
      entityType: 'payout_run',
      entityId: run.id,
      before: null,
      after: { city_id: city.id, drivers, minimum_payout_cents: run.minimum_payout_cents },
    });
    return run.id;
  });
  const run = await loadRun(db, runId);
  if (!run) throw notFound('No such payout run.');
  return run;
}
