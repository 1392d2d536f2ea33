import { moneyDecimal } from '@openride/shared/money';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { csvResponse } from '../lib/csv';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { conflict, loadRun } from './payout-runs.repo';

/**
 * The bank's file of an approved run (decision 0040): one row per payout sent (pending or paid) — driver
 * name, amount in decimal units, currency, our reference. Audited: who took the file, when.
 */
export async function exportPayoutRun(db: Kysely<DB>, adminId: string, runId: string) {
  if (!isUuid(runId)) throw notFound('No such payout run.');
  const run = await loadRun(db, runId);
  if (!run) throw notFound('No such payout run.');
  if (run.status === 'preview' || run.status === 'discarded') throw conflict('Approve the run before exporting it for the bank.');
  const rows = run.items.filter((i) => i.status === 'pending' || i.status === 'paid');
  await inTransaction(db, (trx) =>
    recordAudit(trx, {
      actorId: adminId,
      action: 'payout_run.export',
      entityType: 'payout_run',
      entityId: run.id,
      before: null,
      after: { rows: rows.length, total_cents: rows.reduce((s, i) => s + i.amount_cents, 0) },
    }),
  );
  async function* pages() {
    yield rows;
  }
  return csvResponse(
    `payout-run-${run.id.slice(0, 8)}`,
    [
      { header: 'driver_name', value: (i: (typeof rows)[number]) => i.driver_name },
      { header: 'amount', value: (i) => moneyDecimal(i.amount_cents, run.currency) },
      { header: 'currency', value: () => run.currency },
      { header: 'reference', value: (i) => i.reference },
    ],
    pages(),
  );
}
