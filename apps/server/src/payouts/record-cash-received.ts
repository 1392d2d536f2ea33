import { moneyIn } from '@openride/shared/public/public-text';
import type { CashReceived } from '@openride/shared/payouts/schemas';
import { isUuid } from '@openride/shared/text';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { post } from '../ledger/ledger';
import { badRequest, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { lockDriverBalance } from './approve-payout-run';
import { driverAccount, driverStanding, homeCityOf } from './driver-ledger';
import { collectionOf } from './list-collections';

/**
 * "Record cash received" (decision 0040): a driver who owes hands cash to the operator. Under the lock on
 * their account: at most what they owe; debit the bank, credit the driver (line `cash_received`), audited,
 * in one transaction. The dialog's `request_id` makes a double submit post once. Back within the limit, the
 * driver may go online at once (the rule reads the balance when they try).
 */
export async function recordCashReceived(db: Kysely<DB>, adminId: string, driverId: string, input: CashReceived) {
  if (!isUuid(driverId)) throw notFound('No such driver.');
  const driver = await db.selectFrom('drivers').select(['id']).where('id', '=', driverId).executeTakeFirst();
  if (!driver) throw notFound('No such driver.');
  const city = await homeCityOf(db, driverId);
  const key = `cash:${input.request_id ?? randomUUID()}`;
  await inTransaction(db, async (trx) => {
    if (await trx.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', key).executeTakeFirst()) return;
    const balance = await lockDriverBalance(trx, driverId, city.currency);
    if (input.amount_cents > balance) {
      const money = moneyIn(city.currency);
      throw badRequest(balance > 0 ? `They owe ${money(balance)}: record at most that.` : 'This driver owes nothing.');
    }
    await post(trx, {
      kind: 'driver.cash_received',
      key,
      currency: city.currency,
      city_id: city.id,
      created_by: adminId,
      reason: input.reference,
      memo: { reference: input.reference },
      entries: [
        { account: { code: 'bank' }, line: 'cash_received', amount_cents: input.amount_cents },
        { account: driverAccount(driverId), line: 'cash_received', amount_cents: -input.amount_cents },
      ],
    });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'driver.cash_received',
      entityType: 'driver',
      entityId: driverId,
      before: { balance_cents: balance },
      after: { balance_cents: balance - input.amount_cents, amount_cents: input.amount_cents },
      reason: input.reference,
    });
  });
  return { collection: await collectionOf(db, driverId), standing: (await driverStanding(db, driverId)).standing };
}
