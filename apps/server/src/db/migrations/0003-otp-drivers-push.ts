import { type Kysely, sql } from 'kysely';

/**
 * One-time codes, phone comparison by digits, driver review by admins, Web Push subscriptions.
 * The phone key expression must stay identical to `phoneKeySql` (profiles/phone-key.ts), or the
 * conflict check stops using the index.
 */
export async function up(db: Kysely<any>) {
  // One live code per phone: a new send replaces the row, so the previous code dies with it. Only an
  // HMAC of the code is stored; attempts count wrong guesses against this one code.
  await sql`create table phone_otps (
    phone text primary key,
    code_hash text not null,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    created_at timestamptz not null default now()
  )`.execute(db);

  await sql`alter table profiles add column phone_verified_at timestamptz`.execute(db);
  // Phones are stored as typed; they are compared by digits ('(415) 555-0100' is '4155550100', and a
  // leading US country code 1 on 11 digits is dropped). This index serves that comparison instead.
  await sql`drop index if exists profiles_phone_idx`.execute(db);
  await sql`create index profiles_phone_key_idx on profiles ((regexp_replace(regexp_replace(phone, '\\D', '', 'g'), '^1(\\d{10})$', '\\1'))) where phone is not null`.execute(
    db,
  );

  await sql`alter table drivers add column rejection_reason text`.execute(db);
  await sql`alter table drivers add column reviewed_at timestamptz`.execute(db);
  await sql`alter table drivers add column reviewed_by text references "user" (id) on delete set null`.execute(db);
  // The admin review queue: one status, newest first.
  await sql`create index drivers_verification_created_idx on drivers (verification_status, created_at desc)`.execute(db);

  await sql`create table push_subscriptions (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id, created_at desc)`.execute(db);
}
