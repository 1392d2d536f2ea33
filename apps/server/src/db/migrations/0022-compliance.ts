import { type Kysely, sql } from 'kysely';

/**
 * Driver compliance (issue 14, decision 0049).
 * - `document_types`: per city, the five kinds of paper (licence, registration, insurance, profile photo,
 *   background check), each required before going online or not, with an expiry date or not, one picture or
 *   a front and a back. Every city gets the five, **not required** until its operator requires them (an
 *   operator running today keeps running; the demo city requires all five and seeds approved papers).
 * - `driver_documents`: a driver's uploads, by kind (not by city: a licence approved once counts in every
 *   city that asks for one). A new upload supersedes an older one waiting for review; an approved one stays
 *   valid until a newer one of the same kind is approved (a renewal never leaves a gap).
 * - `insurance_policies`: per vehicle, the policy (insurer, number, insured name, cover dates, document),
 *   verified by an admin; the city's `insurance` kind is met by a verified policy of the active vehicle whose
 *   cover includes today.
 * - `compliance_reminders`: one row per document or policy and reminder (30, 7, 1 days before; 0 = the
 *   expiry notice), claimed in the notification's transaction so a reminder is sent once across processes.
 */
export async function up(db: Kysely<any>) {
  await sql`create table document_types (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id) on delete cascade,
    kind text not null check (kind in ('driver_licence', 'vehicle_registration', 'insurance', 'profile_photo', 'background_check')),
    required boolean not null default false,
    expiry_required boolean not null,
    sides text not null default 'one' check (sides in ('one', 'front_back')),
    updated_by text,
    updated_at timestamptz not null default now(),
    unique (city_id, kind)
  )`.execute(db);
  await sql`insert into document_types (city_id, kind, expiry_required, sides)
    select c.id, k.kind, k.expiry_required, k.sides from cities c
    cross join (values ('driver_licence', true, 'front_back'), ('vehicle_registration', true, 'one'), ('insurance', true, 'one'),
      ('profile_photo', false, 'one'), ('background_check', true, 'one')) as k (kind, expiry_required, sides)`.execute(db);

  await sql`create table driver_documents (
    id uuid primary key default gen_random_uuid(),
    driver_id uuid not null references drivers (id) on delete cascade,
    kind text not null check (kind in ('driver_licence', 'vehicle_registration', 'insurance', 'profile_photo', 'background_check')),
    file_ids uuid[] not null check (cardinality(file_ids) between 1 and 2),
    expires_on date,
    status text not null default 'in_review' check (status in ('in_review', 'approved', 'rejected', 'superseded')),
    rejection_reason text,
    check ((status = 'rejected') = (rejection_reason is not null)),
    reviewed_by text,
    reviewed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index driver_documents_driver_idx on driver_documents (driver_id, kind, created_at desc)`.execute(db);
  // The review queue: waiting ones, oldest first.
  await sql`create index driver_documents_queue_idx on driver_documents (created_at) where status = 'in_review'`.execute(db);
  // The expiry jobs: approved ones by their last day.
  await sql`create index driver_documents_expiry_idx on driver_documents (expires_on) where status = 'approved'`.execute(db);

  await sql`create table insurance_policies (
    id uuid primary key default gen_random_uuid(),
    driver_id uuid not null references drivers (id) on delete cascade,
    vehicle_id uuid not null references vehicles (id) on delete cascade,
    insurer text not null check (length(insurer) between 1 and 100),
    policy_number text not null check (length(policy_number) between 1 and 60),
    insured_name text not null check (length(insured_name) between 1 and 120),
    coverage_start date not null,
    coverage_end date not null,
    check (coverage_end >= coverage_start),
    file_id uuid not null references files (id),
    status text not null default 'in_review' check (status in ('in_review', 'verified', 'rejected', 'superseded')),
    rejection_reason text,
    check ((status = 'rejected') = (rejection_reason is not null)),
    reviewed_by text,
    reviewed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index insurance_policies_vehicle_idx on insurance_policies (vehicle_id, status)`.execute(db);
  await sql`create index insurance_policies_driver_idx on insurance_policies (driver_id, created_at desc)`.execute(db);
  await sql`create index insurance_policies_queue_idx on insurance_policies (created_at) where status = 'in_review'`.execute(db);
  await sql`create index insurance_policies_expiry_idx on insurance_policies (coverage_end) where status = 'verified'`.execute(db);

  await sql`create table compliance_reminders (
    subject_id uuid not null,
    days_before integer not null check (days_before >= 0),
    sent_at timestamptz not null default now(),
    primary key (subject_id, days_before)
  )`.execute(db);
}
