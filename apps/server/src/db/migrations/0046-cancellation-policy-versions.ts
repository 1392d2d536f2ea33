import { type Kysely, sql } from 'kysely';

const TERMS = `free_window_s, fee_kind, fee_fixed_cents, fee_percent_bp, fee_min_cents, fee_max_cents, no_show_wait_s, no_show_fee_cents,
    late_driver_margin_s, driver_share_late_cancel_pct, driver_share_no_show_pct`;

/**
 * Cancellation policies versioned like fare policies and financial settings (issue 28 §4, decision 0087).
 * `cancellation_policies` keeps the scope only (city × ride type × optional pricing zone; its id is what the
 * console edits); the terms move to `cancellation_policy_versions`, one row per change (who, when, from when,
 * the values, a note), never changed afterwards. A ride's cancellation reads the version in force:
 * `cancellation_policies_in_force`, per policy the newest `effective_from` ≤ now, then the highest version.
 *
 * Each policy's terms as they stood become its version 1, effective from their last edit, by nobody known.
 */
export async function up(db: Kysely<any>) {
  await sql`create table cancellation_policy_versions (
    id uuid primary key default gen_random_uuid(),
    policy_id uuid not null references cancellation_policies (id) on delete cascade,
    version integer not null check (version >= 1),
    free_window_s integer not null default 120 check (free_window_s between 0 and 3600),
    fee_kind text not null default 'fixed' check (fee_kind in ('fixed', 'percent')),
    fee_fixed_cents integer not null default 0 check (fee_fixed_cents between 0 and 100000),
    fee_percent_bp integer not null default 0 check (fee_percent_bp between 0 and 10000),
    fee_min_cents integer not null default 0 check (fee_min_cents between 0 and 100000),
    fee_max_cents integer not null default 0 check (fee_max_cents between 0 and 100000),
    no_show_wait_s integer not null default 300 check (no_show_wait_s between 0 and 3600),
    no_show_fee_cents integer not null default 0 check (no_show_fee_cents between 0 and 100000),
    late_driver_margin_s integer not null default 300 check (late_driver_margin_s between 0 and 3600),
    driver_share_late_cancel_pct integer not null default 100 check (driver_share_late_cancel_pct between 0 and 100),
    driver_share_no_show_pct integer not null default 100 check (driver_share_no_show_pct between 0 and 100),
    effective_from timestamptz not null default now(),
    created_by text,
    created_at timestamptz not null default now(),
    note text,
    check (fee_max_cents >= fee_min_cents),
    unique (policy_id, version)
  )`.execute(db);
  await sql`create index cancellation_policy_versions_in_force_idx
    on cancellation_policy_versions (policy_id, effective_from desc, version desc)`.execute(db);

  await sql
    .raw(
      `insert into cancellation_policy_versions (policy_id, version, ${TERMS}, effective_from, created_at)
    select id, 1, ${TERMS}, updated_at, updated_at from cancellation_policies`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table cancellation_policies
    ${TERMS.split(',')
      .map((c) => `drop column ${c.trim()}`)
      .join(', ')},
    drop column updated_at`,
    )
    .execute(db);

  // The terms every ride's cancellation is decided by: per policy, the version in force now.
  await sql
    .raw(
      `create view cancellation_policies_in_force as
    select distinct on (p.id) p.id, p.city_id, p.ride_type, p.zone_id, v.version, ${TERMS.split(',')
      .map((c) => `v.${c.trim()}`)
      .join(', ')}, v.effective_from, v.created_at as updated_at
    from cancellation_policies p
    join cancellation_policy_versions v on v.policy_id = p.id and v.effective_from <= now()
    order by p.id, v.effective_from desc, v.version desc`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop view cancellation_policies_in_force`.execute(db);
  await sql`alter table cancellation_policies
    add column free_window_s integer not null default 120 check (free_window_s between 0 and 3600),
    add column fee_kind text not null default 'fixed' check (fee_kind in ('fixed', 'percent')),
    add column fee_fixed_cents integer not null default 0 check (fee_fixed_cents between 0 and 100000),
    add column fee_percent_bp integer not null default 0 check (fee_percent_bp between 0 and 10000),
    add column fee_min_cents integer not null default 0 check (fee_min_cents between 0 and 100000),
    add column fee_max_cents integer not null default 0 check (fee_max_cents between 0 and 100000),
    add column no_show_wait_s integer not null default 300 check (no_show_wait_s between 0 and 3600),
    add column no_show_fee_cents integer not null default 0 check (no_show_fee_cents between 0 and 100000),
    add column late_driver_margin_s integer not null default 300 check (late_driver_margin_s between 0 and 3600),
    add column driver_share_late_cancel_pct integer not null default 100 check (driver_share_late_cancel_pct between 0 and 100),
    add column driver_share_no_show_pct integer not null default 100 check (driver_share_no_show_pct between 0 and 100),
    add column updated_at timestamptz not null default now()`.execute(db);
  await sql
    .raw(
      `update cancellation_policies p set (${TERMS}, updated_at) = (
    select ${TERMS}, created_at from cancellation_policy_versions v where v.policy_id = p.id order by v.version desc limit 1)
    where exists (select 1 from cancellation_policy_versions v where v.policy_id = p.id)`,
    )
    .execute(db);
  await sql`drop table cancellation_policy_versions`.execute(db);
}
