import { MEMBER_MACHINE } from '@openride/shared/corporate/membership-state';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, notFound } from '../lib/errors';
import { requireCompanyAdmin } from './corporate.repo';
import { moveAll } from '../lib/move';

/**
 * A company admin removes a person (the row stays, status `removed`, so old rides and invoices still name
 * them); their next business request is refused, rides under way finish on account. The company keeps at least
 * one company admin. Audited `company.member_remove`. Under the company's row lock, so two removals of the last
 * two admins cannot both pass.
 */
export async function removeMember(db: Kysely<DB>, actorId: string, companyId: string, userId: string) {
  await requireCompanyAdmin(db, companyId, actorId);
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().executeTakeFirstOrThrow();
    const member = await trx
      .selectFrom('company_members')
      .select(['role', 'status'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!member || member.status !== 'active') throw notFound('Member not found');
    if (member.role === 'admin') {
      const admins = await trx
        .selectFrom('company_members')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .execute();
      if (admins.length <= 1) throw domainError('LAST_COMPANY_ADMIN');
    }
    await moveAll(trx, MEMBER_MACHINE, {
      table: 'company_members',
      to: 'removed',
      actor: 'company_admin',
      set: { removed_at: new Date() },
      where: (eb) => eb.and([eb('company_id', '=', companyId), eb('user_id', '=', userId)]),
    });
    await recordAudit(trx, {
      actorId,
      action: 'company.member_remove',
      entityType: 'company',
      entityId: companyId,
      before: { user_id: userId, status: 'active' },
      after: { user_id: userId, status: 'removed' },
    });
  });
}

/** A company admin sets (or clears, null) a member's own monthly budget. Audited `company.member_budget`. */
export async function setMemberBudget(db: Kysely<DB>, actorId: string, companyId: string, userId: string, budget: number | null) {
  await requireCompanyAdmin(db, companyId, actorId);
  await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('company_members')
      .select(['monthly_budget_cents', 'status'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!member || member.status !== 'active') throw notFound('Member not found');
    if (member.monthly_budget_cents === budget) return;
    await trx.updateTable('company_members').set({ monthly_budget_cents: budget }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
    await recordAudit(trx, {
      actorId,
      action: 'company.member_budget',
      entityType: 'company',
      entityId: companyId,
      before: { user_id: userId, monthly_budget_cents: member.monthly_budget_cents },
      after: { user_id: userId, monthly_budget_cents: budget },
    });
  });
}
