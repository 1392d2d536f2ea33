import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The demo city's sample company (decision 0067): the demo rider rides on its account; its admin manages it. */
export const DEMO_COMPANY_NAME = 'Acme Logistics';

/**
 * Idempotent: Acme Logistics in the demo city ($2,000 credit), the company admin and the demo rider as a member,
 * and a policy an operator can see at work on /book-ride (Economy and Comfort, $60 a ride, $300 a month each,
 * an expense code on every ride). Made once: an operator's later changes to it are left alone.
 */
export async function ensureDemoCompany(db: Kysely<DB>, cityId: string, people: { adminId: string; companyAdminId: string; riderId: string }) {
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', cityId).executeTakeFirst();
  if (!city) return;
  const exists = await db.selectFrom('companies').select('id').where('city_id', '=', city.id).where('name', '=', DEMO_COMPANY_NAME).executeTakeFirst();
  if (exists) return;
  await db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('companies')
      .values({
        city_id: city.id,
        name: DEMO_COMPANY_NAME,
        billing_email: 'billing@acme-logistics.example',
        credit_limit_cents: 200_000,
        currency: city.currency,
        created_by: people.adminId,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!company) return;
    await trx
      .insertInto('company_members')
      .values([
        { company_id: company.id, user_id: people.companyAdminId, role: 'admin', monthly_budget_cents: null },
        { company_id: company.id, user_id: people.riderId, role: 'member', monthly_budget_cents: null },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('company_policies')
      .values({
        company_id: company.id,
        ride_types: ['economy', 'comfort'],
        per_ride_limit_cents: 6_000,
        monthly_budget_cents: 30_000,
        allowed_hours: null,
        approved_addresses: '[]',
        radius_m: 500,
        expense_code_required: true,
        version: 1,
        updated_by: people.companyAdminId,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
