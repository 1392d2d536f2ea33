import { type Kysely, sql } from 'kysely';

/**
 * Referrals, second part (issue 16, decision 0069):
 * - an admin's review of a flagged referral: approved (paid now if it qualified, else when it does) or rejected
 *   (never paid), with who, when and a note; the flag's reason stays on the row as its history;
 * - the programs per city: `referral_programs.city_id` null is the default (every city without settings of its
 *   own, and the claim, made before the new person's city is known); a city's row has no expiry (the expiry
 *   is set at the claim, from the default); the referral remembers the city whose settings paid it.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table referrals add column review text check (review in ('approved', 'rejected'))`.execute(db);
  await sql`alter table referrals add column reviewed_by text`.execute(db);
  await sql`alter table referrals add column reviewed_at timestamptz`.execute(db);
  await sql`alter table referrals add column review_note text check (char_length(review_note) <= 500)`.execute(db);
  await sql`alter table referrals add column city_id text references cities (id)`.execute(db);
  await sql`alter table referrals drop constraint referrals_status_check`.execute(db);
  await sql`alter table referrals add constraint referrals_status_check check (status in ('pending', 'qualified', 'rewarded', 'expired', 'flagged', 'rejected'))`.execute(
    db,
  );
  // "flagged ⇔ a reason" becomes: flagged ⇒ a reason; a reason on another status ⇒ an admin reviewed it.
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint where conrelid = 'referrals'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%flag_reason IS NOT NULL%'`.execute(
    db,
  );
  for (const r of rows) await sql`alter table referrals drop constraint ${sql.id(r.conname)}`.execute(db);
  await sql`alter table referrals add constraint referrals_flag_check check (status <> 'flagged' or flag_reason is not null)`.execute(db);
  await sql`alter table referrals add constraint referrals_flag_reviewed_check check (flag_reason is null or status = 'flagged' or review is not null)`.execute(
    db,
  );
  await sql`alter table referrals add constraint referrals_rejected_check check ((status = 'rejected') = (review is not distinct from 'rejected'))`.execute(db);
  await sql`alter table referrals add constraint referrals_reviewed_check check ((review is null) = (reviewed_at is null))`.execute(db);

  await sql`alter table referral_programs drop constraint referral_programs_pkey`.execute(db);
  await sql`alter table referral_programs add column city_id text references cities (id) on delete cascade`.execute(db);
  await sql`alter table referral_programs alter column expiry_days drop not null`.execute(db);
  await sql`alter table referral_programs add constraint referral_programs_expiry_check check ((city_id is null) = (expiry_days is not null))`.execute(db);
  await sql`create unique index referral_programs_scope_key on referral_programs (program, coalesce(city_id, ''))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`delete from referral_programs where city_id is not null`.execute(db);
  await sql`drop index referral_programs_scope_key`.execute(db);
  await sql`alter table referral_programs drop constraint referral_programs_expiry_check`.execute(db);
  await sql`alter table referral_programs drop column city_id`.execute(db);
  await sql`alter table referral_programs alter column expiry_days set not null`.execute(db);
  await sql`alter table referral_programs add primary key (program)`.execute(db);
  await sql`update referrals set status = 'expired' where status = 'rejected'`.execute(db);
  await sql`update referrals set flag_reason = null where status <> 'flagged'`.execute(db);
  for (const c of ['referrals_flag_check', 'referrals_flag_reviewed_check', 'referrals_rejected_check', 'referrals_reviewed_check', 'referrals_status_check']) {
    await sql`alter table referrals drop constraint ${sql.id(c)}`.execute(db);
  }
  await sql`alter table referrals add constraint referrals_status_check check (status in ('pending', 'qualified', 'rewarded', 'expired', 'flagged'))`.execute(
    db,
  );
  await sql`alter table referrals add check ((status = 'flagged') = (flag_reason is not null))`.execute(db);
  for (const c of ['city_id', 'review_note', 'reviewed_at', 'reviewed_by', 'review']) await sql`alter table referrals drop column ${sql.id(c)}`.execute(db);
}
