import { type Kysely, sql } from 'kysely';

/**
 * Vehicle photos (issue 14, decision 0048): a vehicle's photos are the ids of stored files (purpose
 * `vehicle_photo`, uploaded by the vehicle's driver), in the order attached, at most 4 — a column on the
 * vehicle, read with it in the same row (no join on every list), its limit held by a check.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table vehicles add column photo_file_ids uuid[] not null default '{}'`.execute(db);
  await sql`alter table vehicles add constraint vehicles_photos_max check (cardinality(photo_file_ids) <= 4)`.execute(db);
}
