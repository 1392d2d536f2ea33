import { PAYOUT_ITEM_MACHINE, PAYOUT_RUN_MACHINE } from '@openride/shared/payouts/payout-state';
import type { FailPayout } from '@openride/shared/payouts/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { post, reverse } from '../ledger/ledger';
import { notFound } from '../lib/errors';
import { move } from '../lib/move';
import { inTransaction } from '../lib/transaction';
import { driverAccount } from './driver-ledger';
import { conflict, loadRun } from './payout-runs.repo';

/**
 * A payout failed (decision 0040): the amount returns to the driver's balance, once. Pending: its payout
 * transaction is reversed (payouts in flight → driver). Already paid and returned by the bank: the bank is
 * debited and the driver credited (key `payout:<item>:returned`). The run row is locked first, then the item.
 */
export async function failPayoutItem(db: Kysely<DB>, adminId: string, itemId: string, input: FailPayout) {
  if (!isUuid(itemId)) throw notFound('No such payout.');
  const found = await db.selectFrom('payout_items').select('run_id').where('id', '=', itemId).executeTakeFirst();
  if (!found) throw notFound('No such payout.');
  await inTransaction(db, async (trx) => {
    const run = await trx.selectFrom('payout_runs').selectAll().where('id', '=', found.run_id).forUpdate().executeTakeFirstOrThrow();
    const item = await trx.selectFrom('payout_items').selectAll().where('id', '=', itemId).forUpdate().executeTakeFirstOrThrow();
    const amount = Number(item.amount_cents);
    let txId: string;
    if (item.status === 'pending' && item.payout_tx_id) {
      txId = (await reverse(trx, item.payout_tx_id, { kind: 'payout.failed', reason: input.reason, created_by: adminId })).id;
    } else if (item.status === 'paid') {
      txId = (
        await post(trx, {
          kind: 'payout.failed',
          key: `payout:${item.id}:returned`,
          currency: run.currency,
          city_id: run.city_id,
          created_by: adminId,
          reason: input.reason,
          memo: { run_id: run.id, item_id: item.id, reference: item.reference },
          entries: [
            { account: { code: 'bank' }, line: 'payout', amount_cents: amount },
            { account: driverAccount(item.driver_id), line: 'payout', amount_cents: -amount },
          ],
        })
      ).id;
    } else {
      throw conflict('Only a payout sent to the bank can fail.');
    }
    await move(trx, PAYOUT_ITEM_MACHINE, {
      table: 'payout_items',
      id: item.id,
      to: 'failed',
      actor: 'admin',
      set: { failure_reason: input.reason, settled_tx_id: txId, updated_at: new Date() },
    });
    const pending = await trx.selectFrom('payout_items').select('id').where('run_id', '=', run.id).where('status', '=', 'pending').limit(1).executeTakeFirst();
    if (!pending && run.status === 'approved') await move(trx, PAYOUT_RUN_MACHINE, { table: 'payout_runs', id: run.id, to: 'closed', actor: 'admin' });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'payout_item.fail',
      entityType: 'payout_item',
      entityId: item.id,
      before: { status: item.status },
      after: { status: 'failed', amount_cents: amount, driver_id: item.driver_id, run_id: run.id },
      reason: input.reason,
    });
  });
  const run = await loadRun(db, found.run_id);
  if (!run) throw notFound('No such payout run.');
  return run;
}
