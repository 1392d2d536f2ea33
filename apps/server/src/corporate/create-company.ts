import type { CreateCompanyInput } from '@openride/shared/corporate/schemas';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, isUniqueViolation, notFound } from '../lib/errors';
import { findCompany } from './corporate.repo';
import { emailInvitation, writeInvitation } from './invitations';
import type { Ports } from '../ports';

type Input = Omit<CreateCompanyInput, 'billing_cycle'> & { billing_cycle?: 'monthly' };

/**
 * A platform admin creates a company in a city (its currency) with its first company admin: the user with that
 * email when one exists (a member at once), else an invitation to that address (emailed after commit).
 * Audited `company.create`.
 */
export async function createCompany(services: Pick<Ports, 'db' | 'messenger' | 'publicUrl' | 'logger'>, adminId: string, input: Input) {
  const { db } = services;
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', input.city_id).executeTakeFirst();
  if (!city) throw notFound('City not found');
  let result;
  try {
    result = await db.transaction().execute(async (trx) => writeCompany(trx, adminId, { ...input, currency: city.currency }));
  } catch (err) {
    if (isUniqueViolation(err, 'companies_city_name_idx')) throw domainError('COMPANY_NAME_TAKEN');
    throw err;
  }
  if (result.token) await emailInvitation(services, input.name, input.admin_email, result.token);
  return { company: (await findCompany(db, result.id))!, admin: { email: input.admin_email, added: result.token === null } };
}

/** The company, its first company admin (member or invitation) and the audit record, in the caller's transaction. */
export async function writeCompany(trx: Kysely<DB>, adminId: string | null, input: Input & { currency: string }) {
  const { id } = await trx
    .insertInto('companies')
    .values({
      city_id: input.city_id,
      name: input.name,
      billing_email: input.billing_email,
      billing_cycle: 'monthly',
      credit_limit_cents: input.credit_limit_cents,
      currency: input.currency,
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await trx
    .selectFrom('user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.admin_email))
    .executeTakeFirst();
  let token: string | null = null;
  if (user) {
    await trx.insertInto('company_members').values({ company_id: id, user_id: user.id, role: 'admin', monthly_budget_cents: null }).execute();
  } else {
    token = (await writeInvitation(trx, { companyId: id, email: input.admin_email, role: 'admin', invitedBy: adminId })).token;
  }
  if (adminId) {
    const { admin_email, ...company } = input;
    await recordAudit(trx, {
      actorId: adminId,
      action: 'company.create',
      entityType: 'company',
      entityId: id,
      before: null,
      after: { ...company, first_admin: admin_email, first_admin_added: user !== undefined },
    });
  }
  return { id, token };
}
