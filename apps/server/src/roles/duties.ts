import { type SeparationOfDuties, separationOfDutiesSchema } from '@openride/shared/admin/staff';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';
import { setSetting } from '../lib/settings';

/** Where the owners' separation-of-duties switches live (issue 29 §5, decision 0092). */
const KEY = 'separation_of_duties';
const OFF: SeparationOfDuties = { payout_runs: false, refunds_above: {} };

/** The switches as an owner last saved them; all off until then (the default). */
export async function separationOfDuties(db: Kysely<DB>): Promise<SeparationOfDuties> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return OFF;
  const parsed = separationOfDutiesSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : OFF;
}

export const saveSeparationOfDuties = (db: Kysely<DB>, value: SeparationOfDuties) => setSetting(db, KEY, JSON.stringify(value));

/**
 * Refuses the approval of what `approverId` prepared when the owners asked for two people (403
 * SEPARATION_OF_DUTIES). Read in the approval's transaction, after its row lock.
 */
export async function requireSecondPerson(db: Kysely<DB>, duty: keyof SeparationOfDuties, preparedBy: string | null, approverId: string) {
  if (preparedBy !== approverId) return;
  if ((await separationOfDuties(db))[duty]) throw domainError('SEPARATION_OF_DUTIES');
}

/** The owners' amount above which a refund in `currency` needs two people (decision 0093); null when none. */
export async function secondPersonAbove(db: Kysely<DB>, currency: string): Promise<number | null> {
  return (await separationOfDuties(db)).refunds_above[currency.trim()] ?? null;
}

/** What a proposal on a refund request holds (migration 0049): the decision with its amount resolved. */
export type StoredProposal = { action: string; amount_cents: number | null; bearer: string | null; note: string | null };

/**
 * A refund above the owners' amount for its currency (decision 0093) is accepted only when it is exactly what
 * someone other than the approver proposed: the same action, amount and bearer. Else 403 SEPARATION_OF_DUTIES
 * and nothing changes. Read in the decision's transaction, after the request's row lock.
 */
export async function requireSecondPersonForRefund(
  db: Kysely<DB>,
  refund: {
    currency: string;
    amount: number;
    decision: { action: string; bearer: string };
    request: { proposal: unknown; proposed_by: string | null };
    approverId: string;
  },
) {
  const above = await secondPersonAbove(db, refund.currency);
  if (above === null || refund.amount <= above) return;
  const proposal = refund.request.proposal as StoredProposal | null;
  const seconded =
    proposal !== null &&
    refund.request.proposed_by !== null &&
    refund.request.proposed_by !== refund.approverId &&
    proposal.action === refund.decision.action &&
    proposal.amount_cents === refund.amount &&
    proposal.bearer === refund.decision.bearer;
  if (!seconded) throw domainError('SEPARATION_OF_DUTIES');
}
