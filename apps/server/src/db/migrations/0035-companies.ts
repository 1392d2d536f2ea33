import { type Kysely, sql } from 'kysely';

/**
 * Corporate accounts, the shared base (issue 16, decision 0066): companies, their people (company admins and
 * members), and business rides. A business ride names its company and the expense code the member gave; the
 * driver collects nothing for it and at completion the fare is owed by the company (ledger account `company`,
 * owner = companies.id, line `fare_business`). Invitations and policies (migration 0036) and invoices
 * (migration 0037) build on this.
 */
export async function up(db: Kysely<any>) {
  await sql`create table companies (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id),
    name text not null check (length(name) between 2 and 120),
    billing_email text not null check (position('@' in billing_email) > 1 and length(billing_email) <= 254),
    billing_cycle text not null default 'monthly' check (billing_cycle in ('monthly')),
    -- What the company may owe at once (unpaid invoices + rides not yet invoiced); 0 = no rides on account.
    credit_limit_cents integer not null check (credit_limit_cents between 0 and 1000000000),
    currency text not null,
    status text not null default 'active' check (status in ('active', 'suspended')),
    created_by text references "user" (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`.execute(db);
  await sql`create unique index companies_city_name_idx on companies (city_id, lower(name))`.execute(db);

  await sql`create table company_members (
    company_id uuid not null references companies (id) on delete cascade,
    user_id text not null references "user" (id) on delete cascade,
    role text not null check (role in ('admin', 'member')),
    status text not null default 'active' check (status in ('active', 'removed')),
    -- The member's monthly budget when it differs from the company's policy (null = the policy's).
    monthly_budget_cents integer check (monthly_budget_cents is null or monthly_budget_cents >= 0),
    joined_at timestamptz not null default now(),
    removed_at timestamptz,
    primary key (company_id, user_id)
  )`.execute(db);
  await sql`create index company_members_user_idx on company_members (user_id) where status = 'active'`.execute(db);

  await sql`alter table rides add column company_id uuid references companies (id)`.execute(db);
  await sql`alter table rides add column expense_code text check (expense_code is null or length(expense_code) between 1 and 64)`.execute(db);
  await sql`alter table rides drop constraint rides_payment_method_check`.execute(db);
  await sql`alter table rides add constraint rides_payment_method_check check (payment_method in ('cash', 'card', 'business'))`.execute(db);
  await sql`alter table rides add constraint rides_business_has_company check ((payment_method = 'business') = (company_id is not null))`.execute(db);
  await sql`create index rides_company_idx on rides (company_id, completed_at) where company_id is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists rides_company_idx`.execute(db);
  await sql`alter table rides drop constraint rides_business_has_company`.execute(db);
  await sql`alter table rides drop constraint rides_payment_method_check`.execute(db);
  await sql`alter table rides add constraint rides_payment_method_check check (payment_method in ('cash', 'card'))`.execute(db);
  await sql`alter table rides drop column expense_code`.execute(db);
  await sql`alter table rides drop column company_id`.execute(db);
  await sql`drop table company_members`.execute(db);
  await sql`drop table companies`.execute(db);
}
