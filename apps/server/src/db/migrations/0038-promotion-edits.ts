import { type Kysely, sql } from 'kysely';

/**
 * Editing a promotion (issue 16, decision 0068): `version` counts the admins' changes (create, edit, launch,
 * pause) — not the counters a ride moves — so an edit made on a stale read is refused (409); `description`,
 * the admins' own note of what the promotion is for (one of the fields a launched promotion may still change).
 */
export async function up(db: Kysely<any>) {
  await sql`alter table promotions add column version integer not null default 1 check (version >= 1)`.execute(db);
  await sql`alter table promotions add column description text not null default '' check (length(description) <= 500)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table promotions drop column description`.execute(db);
  await sql`alter table promotions drop column version`.execute(db);
}
