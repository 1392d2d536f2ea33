import { type Kysely, sql } from 'kysely';

/**
 * Referrals (issue 16, decision 0064): each person's codes (one per program: rider, and driver once approved),
 * the programs' settings (one row each, versioned, audited), the referrals themselves (one per referee, ever),
 * and the devices people use (a random id the web keeps in localStorage), which the fraud rules compare.
 */
export async function up(db: Kysely<any>) {
  await sql`create table referral_codes (
    user_id text not null references "user" (id) on delete cascade,
    program text not null check (program in ('rider', 'driver')),
    code text not null unique check (code ~ '^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$'),
    created_at timestamptz not null default now(),
    primary key (user_id, program)
  )`.execute(db);

  await sql`create table referral_programs (
    program text primary key check (program in ('rider', 'driver')),
    enabled boolean not null,
    referrer_reward_cents integer not null check (referrer_reward_cents between 0 and 100000),
    referee_reward_cents integer not null check (referee_reward_cents between 0 and 100000),
    rides_required integer not null check (rides_required between 1 and 500),
    within_days integer not null check (within_days between 1 and 365),
    expiry_days integer not null check (expiry_days between 1 and 730),
    version integer not null default 1,
    updated_by text,
    updated_at timestamptz
  )`.execute(db);
  await sql`insert into referral_programs (program, enabled, referrer_reward_cents, referee_reward_cents, rides_required, within_days, expiry_days) values
    ('rider', true, 500, 500, 1, 90, 90),
    ('driver', true, 10000, 0, 10, 30, 90)`.execute(db);

  await sql`create table referrals (
    id uuid primary key default gen_random_uuid(),
    program text not null check (program in ('rider', 'driver')),
    code text not null,
    referrer_id text not null references "user" (id),
    -- One referral per person, ever: the first claim stands (the rule "rewards only once per referee").
    referee_id text not null unique references "user" (id),
    status text not null default 'pending' check (status in ('pending', 'qualified', 'rewarded', 'expired', 'flagged')),
    flag_reason text check (flag_reason in ('shared_phone', 'shared_card', 'shared_device')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    qualified_at timestamptz,
    rewarded_at timestamptz,
    -- The ride that qualified it (the rider's first, or the driver's Nth).
    ride_id uuid references rides (id),
    referrer_reward_cents integer,
    referee_reward_cents integer,
    currency text,
    check (referrer_id <> referee_id),
    check ((status = 'flagged') = (flag_reason is not null))
  )`.execute(db);
  await sql`create index referrals_referrer_idx on referrals (referrer_id, created_at desc)`.execute(db);
  await sql`create index referrals_created_idx on referrals (created_at desc, id desc)`.execute(db);

  await sql`create table user_devices (
    user_id text not null references "user" (id) on delete cascade,
    device_id text not null check (device_id ~ '^[A-Za-z0-9_-]{16,64}$'),
    first_seen_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    primary key (user_id, device_id)
  )`.execute(db);
  await sql`create index user_devices_device_idx on user_devices (device_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table user_devices`.execute(db);
  await sql`drop table referrals`.execute(db);
  await sql`drop table referral_programs`.execute(db);
  await sql`drop table referral_codes`.execute(db);
}
