import { ACTIVE_STATUSES } from '@openride/shared/rides/ride-state';
import { DELETE_CONFIRMATION, type DeleteAccountInput } from '@openride/shared/privacy/schemas';
import { verifyPassword } from 'better-auth/crypto';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import { owedFeeCents } from '../cancellation/cancellation.repo';
import type { DB } from '../db/schema';
import { riderBalances } from '../ledger/ride-money';
import { domainError } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { driverStanding, findHomeCity } from '../payouts/driver-ledger';
import { identityOf, scrubIdentityCopies } from './identity-copies';
import { PERSONAL_TABLES, matchCondition, personOf, tableExists } from './personal-data';
import type { Ports } from '../ports';

/** Why the account cannot go now: a ride under way (as rider or driver), or money owed. */
async function assertMayDelete(db: Kysely<DB>, userId: string, driverIds: string[]) {
  let active = db.selectFrom('rides').select('id').where('status', 'in', ACTIVE_STATUSES);
  active = active.where((eb) => eb.or([eb('rider_id', '=', userId), ...(driverIds.length ? [eb('driver_id', 'in', driverIds)] : [])]));
  if (await active.limit(1).executeTakeFirst()) throw domainError('ACCOUNT_HAS_ACTIVE_RIDE');
  // The rider: fees and declined fares not yet carried by a ride, and the owed account's balance.
  if ((await owedFeeCents(db, userId)) > 0) throw domainError('ACCOUNT_OWES_MONEY');
  if ((await riderBalances(db, userId)).some((b) => b.owed_cents > 0)) throw domainError('ACCOUNT_OWES_MONEY');
  // The driver: owing the operator more than the city's negative-balance limit (decision 0040).
  for (const driverId of driverIds) {
    // No ledger, no ride and no city (decision 0074): no money ever moved, nothing is owed.
    if (!(await findHomeCity(db, driverId))) continue;
    const { standing } = await driverStanding(db, driverId);
    if (standing.settle_cents > 0) throw domainError('ACCOUNT_OWES_MONEY');
  }
}

/**
 * Delete the caller's account (decision 0059): typed confirmation and the current password; refused with an
 * active ride or money owed; then, in one transaction, every table of the registry does what its entry says
 * (erase, anonymise or keep without identity), the sessions and the password go, and the audit log records
 * it. After commit the photo and document bytes are removed from storage.
 */
export async function deleteAccount(services: Pick<Ports, 'db' | 'storage' | 'logger'>, userId: string, input: DeleteAccountInput) {
  const { db } = services;
  if (input.confirm !== DELETE_CONFIRMATION) throw domainError('ACCOUNT_DELETE_NOT_CONFIRMED');
  const credential = await db.selectFrom('account').select('password').where('userId', '=', userId).where('providerId', '=', 'credential').executeTakeFirst();
  if (credential?.password) {
    const ok = input.password ? await verifyPassword({ hash: credential.password, password: input.password }) : false;
    if (!ok) throw domainError('ACCOUNT_DELETE_NOT_CONFIRMED');
  }

  const storageKeys = await inTransaction(db, async (trx) => {
    // The profile row first: two deletions of one account queue here, and the second finds it done.
    await trx.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const who = await personOf(trx, userId);
    await assertMayDelete(trx, userId, who.driverIds);
    // How they were written, read before their own rows are anonymised: the copies elsewhere are found by it.
    const identity = await identityOf(trx, who);
    const keys = (await trx.selectFrom('files').select('storage_key').where('owner_id', '=', userId).where('deleted_at', 'is', null).execute()).map(
      (f) => f.storage_key,
    );
    for (const entry of PERSONAL_TABLES) {
      if (entry.onDelete === 'keep') continue;
      if (entry.optional && !(await tableExists(trx, entry.table))) continue;
      if (entry.onDelete === 'delete') await sql`delete from ${sql.table(entry.table)} where ${matchCondition(entry.match, who)}`.execute(trx);
      else await entry.onDelete(trx, who);
    }
    await scrubIdentityCopies(trx, who, identity);
    // The owner acted on their own account: the trail shows when, never what was erased.
    await recordAudit(trx, {
      actorId: userId,
      action: 'account.delete',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { deleted: true },
      reason: null,
    });
    return keys;
  });

  for (const key of storageKeys)
    await services.storage.delete(key).catch((err: unknown) => services.logger.error({ err, key }, 'could not delete a deleted account’s file'));
}
