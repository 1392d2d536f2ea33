import { type Kysely, sql } from 'kysely';

/**
 * The audit log: one row per change an admin makes, written in the same transaction as the change, so
 * a change that rolls back leaves no record and a committed one always has its record.
 * - actor_id has no foreign key on purpose: the record of what an admin did outlives their account.
 * - before/after hold only the fields the change touched (jsonb), so the log reads as a diff.
 * - the indexes serve the panel's list: newest first, all of it or one admin's or one kind's, keyset
 *   paged by (created_at, id); and an entity's history (a driver's page).
 */
export async function up(db: Kysely<any>) {
  await sql`create table audit_log (
    id uuid primary key default gen_random_uuid(),
    actor_id text not null,
    action text not null,
    entity_type text not null,
    entity_id text not null,
    before jsonb,
    after jsonb,
    reason text check (char_length(reason) <= 1000),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_actor_created_idx on audit_log (actor_id, created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_action_created_idx on audit_log (action, created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_entity_idx on audit_log (entity_type, entity_id, created_at desc)`.execute(db);
}
