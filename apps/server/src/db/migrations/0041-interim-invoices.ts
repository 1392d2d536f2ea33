import { type Kysely, sql } from 'kysely';

/**
 * Interim invoices (issue 16, decision 0071): a platform admin bills a company "to date" — everything on its
 * account not yet invoiced, from the start of the current month (its city's clock) up to the issue instant.
 * An invoice is `monthly` (once per company and month, the job's or an admin's) or `interim` (any number):
 * the unique (company_id, period_start) becomes a partial unique index on the monthly kind. Items stay unique
 * per ledger transaction, so nothing is invoiced twice, whatever the kind.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table corporate_invoices add column kind text not null default 'monthly' check (kind in ('monthly', 'interim'))`.execute(db);
  await sql`alter table corporate_invoices drop constraint corporate_invoices_company_id_period_start_key`.execute(db);
  await sql`create unique index corporate_invoices_monthly_once on corporate_invoices (company_id, period_start) where kind = 'monthly'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index corporate_invoices_monthly_once`.execute(db);
  await sql`delete from corporate_invoices where kind = 'interim'`.execute(db);
  await sql`alter table corporate_invoices add constraint corporate_invoices_company_id_period_start_key unique (company_id, period_start)`.execute(db);
  await sql`alter table corporate_invoices drop column kind`.execute(db);
}
