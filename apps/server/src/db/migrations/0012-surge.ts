import { type Kysely, sql } from 'kysely';
import { DEFAULT_SURGE_RULE } from '@openride/shared/surge/surge';

/**
 * Surge pricing (issue 12, decision 0035): one rule per city (the ladder, floor, cap, step limit, hysteresis),
 * its freeze switch and the demo's rush-hour switch; the multiplier in force per pricing zone, with an
 * operator's override; and a snapshot per zone per update, for the timeline and "why is it 1.4× now".
 * Multipliers are integer tenths (10 = 1.0×).
 */
export async function up(db: Kysely<any>) {
  await sql`create table surge_settings (
    city_id text primary key references cities (id) on delete cascade,
    rule jsonb not null,
    frozen boolean not null default false,
    demo_rush boolean not null default false,
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table surge_zones (
    zone_id uuid primary key references zones (id) on delete cascade,
    city_id text not null references cities (id) on delete cascade,
    multiplier_tenths integer not null default 10 check (multiplier_tenths between 5 and 30),
    requests integer not null default 0,
    drivers integer not null default 0,
    ratio double precision not null default 0,
    reason text not null default 'ratio',
    threshold double precision,
    override_tenths integer check (override_tenths between 5 and 30),
    override_until timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table surge_snapshots (
    id bigint generated always as identity primary key,
    zone_id uuid not null references zones (id) on delete cascade,
    at timestamptz not null default now(),
    requests integer not null,
    drivers integer not null,
    ratio double precision not null,
    multiplier_tenths integer not null,
    reason text not null,
    threshold double precision
  )`.execute(db);
  await sql`create index surge_snapshots_zone_at on surge_snapshots (zone_id, at desc)`.execute(db);

  await sql`insert into surge_settings (city_id, rule) select id, ${JSON.stringify(DEFAULT_SURGE_RULE)}::jsonb from cities`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table surge_snapshots`.execute(db);
  await sql`drop table surge_zones`.execute(db);
  await sql`drop table surge_settings`.execute(db);
}
