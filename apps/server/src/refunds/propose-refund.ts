import type { RefundDecision } from '@openride/shared/refunds/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import type { StoredProposal } from '../roles/duties';
import { lockRequest, resolveRefund } from './decide-refund';
import { getRefundDetail } from './get-refund-request';

/**
 * A staff member proposes a decision on an open refund request (issue 29 §2/§5, decision 0093): support's one
 * money action. Checked as the decision itself is, under the same locks (an amount above what is left is
 * REFUND_EXCEEDS_PAID, a decided request REFUND_DECIDED), and kept on the request with who and when; nothing
 * is posted and the rider is not told. A newer proposal replaces an older one; each is audited
 * (`refund.propose`, with the one it replaced).
 */
export async function proposeRefund(db: Kysely<DB>, staffId: string, requestId: string, decision: RefundDecision) {
  if (!isUuid(requestId)) throw notFound('No such refund request.');
  await inTransaction(db, async (trx) => {
    const locked = await lockRequest(trx, requestId);
    if (!locked) throw notFound('No such refund request.');
    const { ride, request } = locked;
    if (request.status !== 'open') throw domainError('REFUND_DECIDED');
    const proposal: StoredProposal =
      decision.action === 'reject'
        ? { action: 'reject', amount_cents: null, bearer: null, note: decision.reason }
        : {
            action: decision.action,
            amount_cents: (await resolveRefund(trx, ride, decision)).amount,
            bearer: decision.bearer,
            note: decision.note || null,
          };
    await trx
      .updateTable('refund_requests')
      .set({ proposal: JSON.stringify(proposal), proposed_by: staffId, proposed_at: new Date() })
      .where('id', '=', requestId)
      .execute();
    await recordAudit(trx, {
      actorId: staffId,
      action: 'refund.propose',
      entityType: 'refund_request',
      entityId: requestId,
      before: request.proposal ? { proposal: request.proposal, proposed_by: request.proposed_by } : null,
      after: { proposal, ride_id: ride.id },
      reason: proposal.note,
    });
  });
  return getRefundDetail(db, requestId);
}
