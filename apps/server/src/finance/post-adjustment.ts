import { formatMoney } from '@openride/shared/money';
import { randomUUID } from 'node:crypto';
import { financeText } from '@openride/shared/finance/finance-text';
import type { adjustmentInputSchema } from '@openride/shared/finance/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { type AccountRef, accountId, accountKey, balanceOf, post } from '../ledger/ledger';
import { badRequest, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';

type Input = z.output<typeof adjustmentInputSchema>;

/**
 * An admin credits or debits a driver's account or a rider's wallet by hand (issue 13), with a reason:
 * one balanced transaction against the platform's `adjustments` account (line `adjustment`), posted with
 * its audit row in one database transaction. A credit is what the platform owes them more (a driver's
 * account or the wallet is credited); a debit the other way. A rider's wallet is never taken below zero:
 * its account row is locked while its balance is read, so two debits at once cannot both pass.
 * The idempotency key (the dialog's, else a fresh one) posts it once.
 */
export async function postAdjustment(db: Kysely<DB>, adminId: string, input: Input) {
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', input.city).executeTakeFirst();
  if (!city) throw notFound(financeText.errors.cityNotFound);
  const currency = city.currency.trim();
  let account: AccountRef;
  if (input.party === 'driver') {
    const driver = isUuid(input.party_id) ? await db.selectFrom('drivers').select('id').where('id', '=', input.party_id).executeTakeFirst() : undefined;
    if (!driver) throw notFound(financeText.errors.driverNotFound);
    account = { code: 'driver', owner: driver.id };
  } else {
    const rider = await db.selectFrom('user').select('id').where('id', '=', input.party_id).executeTakeFirst();
    if (!rider) throw notFound(financeText.errors.riderNotFound);
    account = { code: 'rider_wallet', owner: rider.id };
  }
  // The party's side, debit positive: a credit to them is a credit (negative) on their account.
  const partySide = input.direction === 'credit' ? -input.amount_cents : input.amount_cents;
  const key = `adjustment:${input.idempotency_key ?? randomUUID()}`;

  return inTransaction(db, async (trx) => {
    if (account.code === 'rider_wallet' && input.direction === 'debit') {
      const id = await accountId(trx, account, currency);
      await trx.selectFrom('ledger_accounts').select('id').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      // A wallet's credit is a liability: its balance is negative while the rider holds credit.
      const held = -(await balanceOf(trx, account, currency));
      const replay = await trx.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', key).executeTakeFirst();
      if (!replay && held < input.amount_cents) throw badRequest(financeText.errors.walletTooLow(formatMoney(Math.max(0, held), currency)));
    }
    const posted = await post(trx, {
      kind: 'adjustment',
      key,
      currency,
      city_id: city.id,
      created_by: adminId,
      reason: input.reason,
      memo: { party: input.party, party_id: input.party_id, direction: input.direction },
      entries: [
        { account, line: 'adjustment', amount_cents: partySide },
        { account: { code: 'adjustments' }, line: 'adjustment', amount_cents: -partySide },
      ],
    });
    if (posted.posted) {
      await recordAudit(trx, {
        actorId: adminId,
        action: 'ledger.adjustment',
        entityType: 'ledger_transaction',
        entityId: posted.id,
        before: null,
        after: { account: accountKey(account, currency), direction: input.direction, amount_cents: input.amount_cents, city_id: city.id },
        reason: input.reason,
        cityId: city.id,
      });
    }
    return { transaction_id: posted.id, posted: posted.posted, balance_cents: await balanceOf(trx, account, currency) };
  });
}
