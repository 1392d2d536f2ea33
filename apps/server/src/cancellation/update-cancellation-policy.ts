import type { CancellationPolicyInput } from '@openride/shared/cancellation/schemas';
import { isUuid } from '@openride/shared/text';
import { recordAudit } from '../audit/record-audit';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { POLICY_TERMS } from './cancellation.repo';
import { listCancellationPolicies } from './list-cancellation-policies';
import type { Ports } from '../ports';

/**
 * An admin changes one policy's terms. The row is locked, changed and audited (only the terms that
 * changed, before and after) in one transaction; an edit that changes nothing writes no audit row. It
 * applies to the next cancellation: a ride's fee is decided at its cancel, from the policy then in force.
 */
export async function updateCancellationPolicy(services: Pick<Ports, 'db'>, adminId: string, policyId: string, input: CancellationPolicyInput) {
  if (!isUuid(policyId)) throw notFound('No such cancellation policy.');
  const { db } = services;
  const cityId = await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('cancellation_policies').selectAll().where('id', '=', policyId).forUpdate().executeTakeFirst();
    if (!before) throw notFound('No such cancellation policy.');
    const changed = POLICY_TERMS.filter((k) => before[k] !== input[k]);
    if (changed.length === 0) return before.city_id;
    await trx
      .updateTable('cancellation_policies')
      .set({ ...input, updated_at: new Date() })
      .where('id', '=', policyId)
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'cancellation_policy.update',
      entityType: 'cancellation_policy',
      entityId: policyId,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, input[k]])),
    });
    return before.city_id;
  });
  const policy = (await listCancellationPolicies(db, { city: cityId })).find((p) => p.id === policyId);
  if (!policy) throw notFound('No such cancellation policy.');
  return policy;
}
