import { corporateText } from '@openride/shared/corporate/corporate-text';
import type { UpdateCompanyInput } from '@openride/shared/corporate/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError, domainError, isUniqueViolation, notFound } from '../lib/errors';
import { findCompany } from './corporate.repo';

/**
 * A platform admin edits a company (name, billing email, credit limit) or suspends / reactivates it, naming the
 * version they edited: a newer one refuses the edit (409, nothing changes). Audited `company.update` with only
 * the fields that changed. A suspension takes effect for the next request (rides under way finish on account).
 */
export async function updateCompany(db: Kysely<DB>, adminId: string, id: string, input: UpdateCompanyInput) {
  if (!isUuid(id)) throw notFound('Company not found');
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('companies')
        .select(['name', 'billing_email', 'credit_limit_cents', 'status', 'version'])
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!before) throw notFound('Company not found');
      if (before.version !== input.version) throw new AppError('CONFLICT', corporateText.refusals.stale);
      const { version: _v, ...fields } = input;
      const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && before[k as keyof typeof before] !== v));
      if (Object.keys(changed).length === 0) return;
      await trx
        .updateTable('companies')
        .set({ ...changed, version: before.version + 1, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      const was = Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof typeof before]]));
      await recordAudit(trx, { actorId: adminId, action: 'company.update', entityType: 'company', entityId: id, before: was, after: changed });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'companies_city_name_idx')) throw domainError('COMPANY_NAME_TAKEN');
    throw err;
  }
  return (await findCompany(db, id))!;
}
