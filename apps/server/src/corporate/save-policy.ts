import { corporateText } from '@openride/shared/corporate/corporate-text';
import type { SavePolicyInput } from '@openride/shared/corporate/schemas';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError } from '../lib/errors';
import { policyOf, requireCompanyAdmin } from './corporate.repo';

/**
 * A company admin saves the policy, naming the version they edited (0: the defaults, before the first save); a
 * newer one refuses the save (409, nothing changes). Under the company's row lock, which a business request
 * takes too: a request sees the policy before or after the save, never half of it. Audited `company.policy`.
 */
export async function savePolicy(db: Kysely<DB>, actorId: string, companyId: string, input: SavePolicyInput) {
  await requireCompanyAdmin(db, companyId, actorId);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().executeTakeFirstOrThrow();
    const before = await policyOf(trx, companyId);
    if (before.version !== input.version) throw new AppError('CONFLICT', corporateText.refusals.stale);
    const { version: _v, ...policy } = input;
    const row = {
      ride_types: policy.ride_types,
      per_ride_limit_cents: policy.per_ride_limit_cents,
      monthly_budget_cents: policy.monthly_budget_cents,
      allowed_hours: policy.allowed_hours ? JSON.stringify(policy.allowed_hours) : null,
      approved_addresses: JSON.stringify(policy.approved_addresses),
      radius_m: policy.radius_m,
      expense_code_required: policy.expense_code_required,
      version: before.version + 1,
      updated_by: actorId,
      updated_at: new Date(),
    };
    if (before.version === 0)
      await trx
        .insertInto('company_policies')
        .values({ company_id: companyId, ...row })
        .execute();
    else await trx.updateTable('company_policies').set(row).where('company_id', '=', companyId).execute();
    const { version: _bv, updated_at: _bu, ...was } = before;
    await recordAudit(trx, { actorId, action: 'company.policy', entityType: 'company', entityId: companyId, before: was, after: policy });
  });
}
