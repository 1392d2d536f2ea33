import { type Kysely, sql } from 'kysely';

/**
 * Corporate accounts, people and policy (issue 16, decision 0067). An invitation is a company admin's (or, for
 * the first company admin, a platform admin's) offer to an email address: its link carries a random token whose
 * SHA-256 is kept here (the token itself only in the email), it expires, and it is accepted once by the account
 * with that address. A company's policy is one row, versioned (a save names the version it edited); the budget
 * override per member stays on company_members (migration 0035).
 */
export async function up(db: Kysely<any>) {
  await sql`create table company_invitations (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    email text not null check (email = lower(email) and position('@' in email) > 1 and length(email) <= 254),
    role text not null check (role in ('admin', 'member')),
    token_hash text not null unique,
    status text not null default 'pending' check (status in ('pending', 'accepted', 'revoked')),
    expires_at timestamptz not null,
    invited_by text references "user" (id) on delete set null,
    accepted_by text references "user" (id) on delete set null,
    accepted_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One live invitation per company and address: a new one revokes the old in the same transaction.
  await sql`create unique index company_invitations_pending_idx on company_invitations (company_id, email) where status = 'pending'`.execute(db);

  await sql`create table company_policies (
    company_id uuid primary key references companies (id) on delete cascade,
    ride_types text[] not null check (cardinality(ride_types) >= 1 and ride_types <@ array['economy', 'comfort', 'xl']),
    per_ride_limit_cents integer check (per_ride_limit_cents is null or per_ride_limit_cents > 0),
    monthly_budget_cents integer check (monthly_budget_cents is null or monthly_budget_cents >= 0),
    -- {days: [1..7], from: 'HH:MM', to: 'HH:MM'} on the city's clock, or null (any time).
    allowed_hours jsonb,
    -- [{label, lat, lng}]; empty = any pickup.
    approved_addresses jsonb not null default '[]',
    radius_m integer not null default 500 check (radius_m between 50 and 50000),
    expense_code_required boolean not null default false,
    version integer not null default 1,
    updated_by text references "user" (id) on delete set null,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table company_policies`.execute(db);
  await sql`drop table company_invitations`.execute(db);
}
