import { type Kysely, sql } from 'kysely';

/** The spec's entities (§3) and the app's own settings and dev outbox. */
export async function up(db: Kysely<any>) {
  await sql`create table app_settings (
    key text primary key,
    value text not null,
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table profiles (
    id text primary key references "user" (id) on delete cascade,
    full_name text,
    phone text,
    push_token text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The phone-conflict check looks profiles up by phone.
  await sql`create index profiles_phone_idx on profiles (phone) where phone is not null`.execute(db);

  // No row means role 'user' (§3 default); the primary key makes a duplicate role an ignorable conflict.
  await sql`create table user_roles (
    user_id text not null references "user" (id) on delete cascade,
    role text not null check (role in ('user', 'driver', 'admin')),
    created_at timestamptz not null default now(),
    primary key (user_id, role)
  )`.execute(db);

  await sql`create table notifications (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    type text not null check (type in ('success', 'warning', 'error', 'other')),
    title text not null,
    message text not null,
    is_read boolean not null default false,
    booking_id uuid,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Serves the 5-second poll: the 50 newest of one user.
  await sql`create index notifications_user_created_idx on notifications (user_id, created_at desc)`.execute(db);

  await sql`create table drivers (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    status text not null default 'offline' check (status in ('available', 'offline')),
    verification_status text not null default 'pending',
    full_name text not null,
    phone text not null,
    license_number text not null,
    vehicle_make text not null,
    vehicle_model text not null,
    vehicle_year integer not null,
    vehicle_color text not null,
    license_plate text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index drivers_user_created_idx on drivers (user_id, created_at desc)`.execute(db);

  await sql`create table dev_outbox (
    id bigserial primary key,
    channel text not null check (channel in ('email', 'sms')),
    "to" text not null,
    subject text not null,
    body text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}
