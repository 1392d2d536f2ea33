import type { Transaction } from 'kysely';
import { type AuditInput, recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { inTransaction, lostRace } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import type { NewNotification } from '../notifications/notifications.repo';
import type { Ports } from '../ports';

/**
 * What an admin's review of one row needs to say (issue 28 §4, decision 0087): how to find it, who may not
 * decide it, when it is still open, the decision itself, its audit record and the notification it sends.
 */
export type ReviewSpec<Row, Decided> = {
  adminId: string;
  /** Reads the row under review in the transaction, taking the locks its verb's order asks for; undefined is `notFound`. */
  load: (trx: Transaction<DB>) => Promise<Row | undefined>;
  notFound: () => Error;
  /** An admin who is also the row's owner (a driver) cannot decide it: `refuse` when `ownerOf(row)` is the admin's user id. */
  own?: { ownerOf: (row: Row) => string; refuse: () => Error };
  /** Whether the row can still be decided (else `decided`). Checked before `decide`; the move's own guard settles a race. */
  reviewable?: (row: Row) => boolean;
  /** The refusal of a row already decided, before or by a racing admin (409 CONFLICT when not given). */
  decided?: () => Error;
  /**
   * The decision: the status moved through its machine (`move()`), the reviewer, time and reason written with
   * it, and whatever else commits with it. Undefined when the move found the row already moved (`decided`).
   */
  decide: (trx: Transaction<DB>, row: Row, now: Date) => Promise<Decided | undefined>;
  /** The audit record, in the same transaction (the actor is the admin). */
  audit: (row: Row, decided: Decided) => Omit<AuditInput, 'actorId'>;
  /** Whom the decision is told to, and in what words: written in the transaction, published after commit. */
  notice: (trx: Transaction<DB>, row: Row, decided: Decided) => Promise<NewNotification>;
};

/**
 * The one way an admin decides a row in review (vehicles, insurance policies, documents, refund requests,
 * driver records): in one transaction (`inTransaction`, run again on a deadlock) it loads the row, refuses
 * an unknown one (`notFound`), the admin's own (`own`) and one no longer open (`reviewable`, `decided`),
 * makes the decision, writes the audit record and the notification; after commit it publishes the
 * notification (the bell, the push). What the caller sends or answers afterwards is the caller's.
 */
export async function review<Row, Decided>(
  services: Pick<Ports, 'db' | 'bus' | 'push'>,
  spec: ReviewSpec<Row, Decided>,
): Promise<{ row: Row; decided: Decided }> {
  const { row, decided, notification } = await inTransaction(services.db, async (trx) => {
    const row = await spec.load(trx);
    if (row === undefined) throw spec.notFound();
    if (spec.own && spec.own.ownerOf(row) === spec.adminId) throw spec.own.refuse();
    const refused = spec.decided ?? lostRace;
    if (spec.reviewable && !spec.reviewable(row)) throw refused();
    const decided = await spec.decide(trx, row, new Date());
    if (decided === undefined) throw refused();
    await recordAudit(trx, { actorId: spec.adminId, ...spec.audit(row, decided) });
    const notification = await createNotification(trx, services, await spec.notice(trx, row, decided));
    return { row, decided, notification };
  });
  await notification.publish();
  return { row, decided };
}
