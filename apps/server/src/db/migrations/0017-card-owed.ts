import { type Kysely, sql } from 'kysely';

/**
 * Failed captures and removed cards (decision 0043). A ride's capture refused for good leaves what the card
 * should have paid owed by the rider (`owed_cents`, booked on their `rider_owed` account), carried by their
 * next ride like an owed cancellation fee (`owed_carried_to`). A card the rider removes is kept (rides and
 * payments refer to it) but marked `removed_at`: never listed, never charged again.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table payments add column owed_cents integer not null default 0 check (owed_cents >= 0)`.execute(db);
  await sql`alter table payments add column owed_carried_to uuid references rides (id)`.execute(db);
  // What riders owe from failed captures, found per rider through the ride: few rows, kept small.
  await sql`create index payments_owed_idx on payments (ride_id) where owed_cents > 0`.execute(db);
  await sql`alter table payment_cards add column removed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table payment_cards drop column removed_at`.execute(db);
  await sql`drop index payments_owed_idx`.execute(db);
  await sql`alter table payments drop column owed_carried_to`.execute(db);
  await sql`alter table payments drop column owed_cents`.execute(db);
}
