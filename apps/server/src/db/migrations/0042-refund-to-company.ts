import { type Kysely, sql } from 'kysely';

/**
 * A refund on a business ride goes back to the company that paid it (decision 0072): a refund request's
 * destination may be `company` (the ledger credits the company's account, line `refund`), beside the rider's
 * wallet and card.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table refund_requests drop constraint refund_requests_destination_check`.execute(db);
  await sql`alter table refund_requests add constraint refund_requests_destination_check check (destination in ('wallet', 'card', 'company'))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table refund_requests drop constraint refund_requests_destination_check`.execute(db);
  await sql`alter table refund_requests add constraint refund_requests_destination_check check (destination in ('wallet', 'card'))`.execute(db);
}
