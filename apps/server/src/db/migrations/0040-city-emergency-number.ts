import { type Kysely, sql } from 'kysely';

/**
 * Each city's emergency number (decision 0061 addendum): what the SOS screen offers to call. Null: the
 * deployment's EMERGENCY_NUMBER (112 unless set). Cities on the North American plan get 911 here.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table cities add column emergency_number text check (emergency_number is null or emergency_number ~ '^[0-9+*#]{2,15}$')`.execute(db);
  // The cities already in the books in the US or Canada (by their currency): 911.
  await sql`update cities set emergency_number = '911' where currency in ('USD', 'CAD')`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table cities drop column emergency_number`.execute(db);
}
