import { type Kysely, sql } from 'kysely';

const ROLES = `'owner', 'operations', 'support', 'finance', 'compliance', 'marketing'`;

/**
 * Staff roles and city scopes (issue 29 §2–3, decision 0089). `user_roles`' `admin` row still says a person
 * may open the console (the spec's role); `staff_members` says what they may do there: one role, and the
 * cities they work on (null: every city). Every admin there was is an owner of every city.
 *
 * `staff_invitations`: an owner invites a person by email with a role and a scope; a random token, of which
 * only the hash is kept, is the link's; one pending invitation per address.
 */
export async function up(db: Kysely<any>) {
  await sql
    .raw(
      `create table staff_members (
    user_id text primary key references "user" (id) on delete cascade,
    role text not null check (role in (${ROLES})),
    city_ids text[] check (city_ids is null or cardinality(city_ids) >= 1),
    invited_by text references "user" (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
    )
    .execute(db);
  await sql`insert into staff_members (user_id, role) select user_id, 'owner' from user_roles where role = 'admin'`.execute(db);

  await sql
    .raw(
      `create table staff_invitations (
    id uuid primary key default gen_random_uuid(),
    email text not null check (email = lower(email) and position('@' in email) > 1 and length(email) <= 254),
    role text not null check (role in (${ROLES})),
    city_ids text[] check (city_ids is null or cardinality(city_ids) >= 1),
    token_hash text not null unique,
    status text not null default 'pending' check (status in ('pending', 'accepted', 'revoked')),
    expires_at timestamptz not null,
    invited_by text references "user" (id) on delete set null,
    accepted_by text references "user" (id) on delete set null,
    accepted_at timestamptz,
    created_at timestamptz not null default now()
  )`,
    )
    .execute(db);
  await sql`create unique index staff_invitations_pending_idx on staff_invitations (email) where status = 'pending'`.execute(db);
}
