import { type Kysely, sql } from 'kysely';

/**
 * Staff two-factor sign-in (issue 29 §4, decision 0090).
 *
 * - `staff_two_factor`: a staff member's authenticator secret, encrypted under a key derived from the auth
 *   secret (AES-256-GCM); `enabled_at` null while a setup is begun and not confirmed; `last_step` the TOTP
 *   time step last accepted, so a code is never accepted twice.
 * - `staff_recovery_codes`: the 10 single-use codes, of which only a keyed hash is kept.
 * - `staff_two_factor_sessions`: the sessions that gave the second factor; a session that ends (sign-out,
 *   expiry, a password reset) takes its row with it.
 */
export async function up(db: Kysely<any>) {
  await sql`create table staff_two_factor (
    user_id text primary key references "user" (id) on delete cascade,
    secret_encrypted text not null,
    enabled_at timestamptz,
    last_step integer,
    created_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table staff_recovery_codes (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now(),
    unique (user_id, code_hash)
  )`.execute(db);

  await sql`create table staff_two_factor_sessions (
    session_id text primary key references "session" (id) on delete cascade,
    user_id text not null references "user" (id) on delete cascade,
    verified_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index staff_two_factor_sessions_user_idx on staff_two_factor_sessions (user_id)`.execute(db);
}
