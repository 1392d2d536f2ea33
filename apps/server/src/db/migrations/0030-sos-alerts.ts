import { type Kysely, sql } from 'kysely';

/**
 * SOS (issue 15, decision 0061). `sos_alerts`: one row per press of the SOS button during a ride — who raised it
 * (`raised_by`, as the ride's rider or its driver: `role`), where the car was (the driver's last fix when the
 * server knew one), the urgent Safety ticket opened with it, and its close by an operator (`resolved_by`,
 * `resolved_at`, `note`). At most one open alert per person and ride (a partial unique index): a second press
 * returns the first. No foreign key to "user" (as support_tickets): a deleted account leaves the record nameless.
 *
 * Also the help center's answer about SOS (faq_entries, topic safety), appended after the seeded ones.
 */
export const SOS_FAQ = {
  q: 'What does the SOS button do?',
  a: 'During a ride, riders and drivers have an SOS button on their trip screen. After you confirm, the operator’s team is alerted at once with the ride and the car’s live position, an urgent safety ticket is opened, and each of your emergency contacts (Account settings, up to 3) gets a text message with a live link to follow the trip. If you are in danger, also call your local emergency number: the button shows it.',
};

export async function up(db: Kysely<any>) {
  await sql`create table sos_alerts (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id),
    raised_by text not null,
    role text not null check (role in ('rider', 'driver')),
    lat double precision,
    lng double precision,
    position_at timestamptz,
    ticket_id uuid references support_tickets (id),
    status text not null default 'open' check (status in ('open', 'resolved')),
    resolved_by text,
    resolved_at timestamptz,
    note text check (note is null or length(note) <= 1000),
    created_at timestamptz not null default now(),
    check ((lat is null) = (lng is null)),
    check ((status = 'resolved') = (resolved_at is not null))
  )`.execute(db);
  await sql`create unique index sos_alerts_one_open_idx on sos_alerts (ride_id, raised_by) where status = 'open'`.execute(db);
  await sql`create index sos_alerts_open_idx on sos_alerts (created_at) where status = 'open'`.execute(db);
  await sql`create index sos_alerts_ride_idx on sos_alerts (ride_id)`.execute(db);
  await sql`insert into faq_entries (topic, question, answer, position)
    select 'safety', ${SOS_FAQ.q}, ${SOS_FAQ.a}, coalesce(max(position), 0) + 1 from faq_entries where topic = 'safety'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`delete from faq_entries where topic = 'safety' and question = ${SOS_FAQ.q}`.execute(db);
  await sql`drop table sos_alerts`.execute(db);
}
