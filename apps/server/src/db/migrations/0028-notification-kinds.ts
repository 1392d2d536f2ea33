import { type Kysely, sql } from 'kysely';

/**
 * The notification center (issue 15, decision 0059): every notification has a `kind` the center filters by
 * (ride, payment, promotion, safety, document, support, account) and an optional in-app `link` it opens.
 * Existing rows: about a booking → ride; the document and insurance notices by their titles; else account.
 * The (user_id, created_at, id) index serves the center's keyset pages and the bell's newest 50.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table notifications add column kind text`.execute(db);
  await sql`alter table notifications add column link text`.execute(db);
  await sql`update notifications set kind = case
      when booking_id is not null then 'ride'
      when title ilike '%insurance%' or title ilike '%document%' or title ilike '%expires soon%' or title ilike '%expired%' then 'document'
      else 'account' end`.execute(db);
  await sql`alter table notifications alter column kind set not null`.execute(db);
  await sql`alter table notifications alter column kind set default 'account'`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check
    check (kind in ('ride', 'payment', 'promotion', 'safety', 'document', 'support', 'account'))`.execute(db);
  await sql`alter table notifications add constraint notifications_link_check
    check (link is null or (link like '/%' and link not like '//%' and length(link) <= 500))`.execute(db);
  await sql`create index notifications_center_idx on notifications (user_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index notifications_center_idx`.execute(db);
  await sql`alter table notifications drop column link`.execute(db);
  await sql`alter table notifications drop column kind`.execute(db);
}
