import { PAYOUT_ITEM_MACHINE, PAYOUT_RUN_MACHINE } from '@openride/shared/payouts/payout-state';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { accountId, balanceOf, post } from '../ledger/ledger';
import { notFound } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { requireSecondPerson } from '../roles/duties';
import { driverAccount } from './driver-ledger';
import { conflict, loadRun } from './payout-runs.repo';

/**
 * Locks a driver's ledger account row (`for no key update`: entries may still be written against it, which
 * only take a key-share lock) and answers their balance as committed now. Every verb that pays a driver or
 * records what they paid takes this lock before reading the balance, so two of them never act on the same
 * balance at once: the later one reads what the earlier one posted.
 */
export async function lockDriverBalance(trx: Kysely<DB>, driverId: string, currency: string) {
  const id = await accountId(trx, driverAccount(driverId), currency);
  await trx.selectFrom('ledger_accounts').select('id').where('id', '=', id).forNoKeyUpdate().execute();
  return balanceOf(trx, driverAccount(driverId), currency);
}

/**
 * Approve a preview (decision 0040): in one transaction, the run row locked, then each driver's account in
 * driver id order, each payout is posted (debit the driver, credit payouts in flight, line `payout`, key
 * `payout:<item>`): what the preview said or what they are owed now, whichever is less; nothing when they
 * are no longer owed the minimum (another run paid them: skipped). A second approval finds the run approved
 * and posts nothing.
 */
export async function approvePayoutRun(db: Kysely<DB>, adminId: string, runId: string) {
  if (!isUuid(runId)) throw notFound('No such payout run.');
  await inTransaction(db, async (trx) => {
    const run = await trx.selectFrom('payout_runs').selectAll().where('id', '=', runId).forUpdate().executeTakeFirst();
    if (!run) throw notFound('No such payout run.');
    if (run.status === 'discarded') throw conflict('This preview was replaced by a newer one. Approve the newest preview.');
    if (run.status !== 'preview') return;
    // The owners may require a second person (decision 0092): who prepared the run does not approve it.
    await requireSecondPerson(trx, 'payout_runs', run.created_by, adminId);
    const items = await trx.selectFrom('payout_items').selectAll().where('run_id', '=', run.id).orderBy('driver_id').execute();
    let total = 0;
    let paid = 0;
    for (const item of items) {
      const owed = -(await lockDriverBalance(trx, item.driver_id, run.currency));
      const amount = Math.min(Number(item.amount_cents), owed);
      if (owed < run.minimum_payout_cents || amount <= 0) {
        await move(trx, PAYOUT_ITEM_MACHINE, { table: 'payout_items', id: item.id, to: 'skipped', actor: 'admin', set: { updated_at: new Date() } });
        continue;
      }
      const tx = await post(trx, {
        kind: 'payout',
        key: `payout:${item.id}`,
        currency: run.currency,
        city_id: run.city_id,
        created_by: adminId,
        memo: { run_id: run.id, item_id: item.id, reference: item.reference },
        entries: [
          { account: driverAccount(item.driver_id), line: 'payout', amount_cents: amount },
          { account: { code: 'payouts_in_flight' }, line: 'payout', amount_cents: -amount },
        ],
      });
      await move(trx, PAYOUT_ITEM_MACHINE, {
        table: 'payout_items',
        id: item.id,
        to: 'pending',
        actor: 'admin',
        set: { amount_cents: amount, payout_tx_id: tx.id, updated_at: new Date() },
      });
      total += amount;
      paid++;
    }
    // Nothing to send to the bank: the run is done at once.
    const status = paid > 0 ? 'approved' : 'closed';
    await move(trx, PAYOUT_RUN_MACHINE, {
      table: 'payout_runs',
      id: run.id,
      to: status,
      actor: 'admin',
      set: { approved_by: adminId, approved_at: new Date() },
    });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'payout_run.approve',
      entityType: 'payout_run',
      entityId: run.id,
      before: { status: 'preview' },
      after: { status, drivers: paid, skipped: items.length - paid, total_cents: total },
    });
  });
  const run = await loadRun(db, runId);
  if (!run) throw notFound('No such payout run.');
  return run;
}
