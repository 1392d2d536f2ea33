import { type Kysely, sql } from 'kysely';

/**
 * The SLA alert (issue 15, decision 0065): `sla_alerted_for` is the due time the `support-sla` job last told
 * the operators an open ticket had passed. A ticket whose due time changed since (a reopen, a user's reply
 * that reopens it, a new priority) is told again once that one passes too.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table support_tickets add column sla_alerted_for timestamptz`.execute(db);
  await sql`create index support_tickets_sla_idx on support_tickets (sla_due_at) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index support_tickets_sla_idx`.execute(db);
  await sql`alter table support_tickets drop column sla_alerted_for`.execute(db);
}
