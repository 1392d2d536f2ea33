import { PAYOUT_ITEM_MACHINE, PAYOUT_RUN_MACHINE } from '@openride/shared/payouts/payout-state';
import type { MarkPaid } from '@openride/shared/payouts/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { post } from '../ledger/ledger';
import { notFound } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { conflict, loadRun } from './payout-runs.repo';

/**
 * The bank paid the run (decision 0040): every item still pending is paid — debit payouts in flight, credit
 * the bank (line `payout`, key `payout:<item>:paid`) — with the bank's reference; the run closes.
 */
export async function markRunPaid(db: Kysely<DB>, adminId: string, runId: string, input: MarkPaid) {
  if (!isUuid(runId)) throw notFound('No such payout run.');
  await inTransaction(db, async (trx) => {
    const run = await trx.selectFrom('payout_runs').selectAll().where('id', '=', runId).forUpdate().executeTakeFirst();
    if (!run) throw notFound('No such payout run.');
    if (run.status === 'preview' || run.status === 'discarded') throw conflict('Approve the run before marking it paid.');
    const items = await trx
      .selectFrom('payout_items')
      .selectAll()
      .where('run_id', '=', run.id)
      .where('status', '=', 'pending')
      .orderBy('driver_id')
      .forUpdate()
      .execute();
    if (items.length === 0) throw conflict('Nothing in this run is waiting for the bank.');
    let total = 0;
    for (const item of items) {
      const amount = Number(item.amount_cents);
      const tx = await post(trx, {
        kind: 'payout.paid',
        key: `payout:${item.id}:paid`,
        currency: run.currency,
        city_id: run.city_id,
        created_by: adminId,
        memo: { run_id: run.id, item_id: item.id, reference: item.reference, bank_reference: input.reference },
        entries: [
          { account: { code: 'payouts_in_flight' }, line: 'payout', amount_cents: amount },
          { account: { code: 'bank' }, line: 'payout', amount_cents: -amount },
        ],
      });
      await move(trx, PAYOUT_ITEM_MACHINE, {
        table: 'payout_items',
        id: item.id,
        to: 'paid',
        actor: 'admin',
        set: { bank_reference: input.reference, settled_tx_id: tx.id, updated_at: new Date() },
      });
      total += amount;
    }
    await move(trx, PAYOUT_RUN_MACHINE, { table: 'payout_runs', id: run.id, to: 'closed', actor: 'admin' });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'payout_run.mark_paid',
      entityType: 'payout_run',
      entityId: run.id,
      before: { status: run.status },
      after: { status: 'closed', paid: items.length, total_cents: total, bank_reference: input.reference },
    });
  });
  const run = await loadRun(db, runId);
  if (!run) throw notFound('No such payout run.');
  return run;
}
