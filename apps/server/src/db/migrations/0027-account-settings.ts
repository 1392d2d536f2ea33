import { type Kysely, sql } from 'kysely';

/**
 * /account-settings (issue 15, decision 0058): the profile photo (a `profile_avatar` file), saved places
 * (Home, Work), emergency contacts (at most 3, for SOS) and the notification preferences a user switched
 * off (a row per channel × kind that differs from the default "on"; safety has none: it cannot be off).
 */
export async function up(db: Kysely<any>) {
  await sql`alter table profiles add column avatar_file_id uuid references files (id) on delete set null`.execute(db);
  await sql`create table saved_places (
    user_id text not null references "user" (id) on delete cascade,
    kind text not null check (kind in ('home', 'work')),
    label text not null,
    address_label text not null,
    lat double precision not null check (lat between -90 and 90),
    lng double precision not null check (lng between -180 and 180),
    updated_at timestamptz not null default now(),
    primary key (user_id, kind)
  )`.execute(db);
  await sql`create table emergency_contacts (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    name text not null,
    phone text not null,
    relationship text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index emergency_contacts_user on emergency_contacts (user_id, created_at)`.execute(db);
  await sql`create table notification_preferences (
    user_id text not null references "user" (id) on delete cascade,
    kind text not null check (kind in ('rides', 'payments', 'promotions')),
    channel text not null check (channel in ('push', 'email', 'sms')),
    enabled boolean not null,
    updated_at timestamptz not null default now(),
    primary key (user_id, kind, channel)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table notification_preferences`.execute(db);
  await sql`drop table emergency_contacts`.execute(db);
  await sql`drop table saved_places`.execute(db);
  await sql`alter table profiles drop column avatar_file_id`.execute(db);
}
