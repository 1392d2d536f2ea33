import { type Kysely, sql } from 'kysely';

/** The cheapest round trip to the database: readiness checks. */
export async function pingDatabase(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
