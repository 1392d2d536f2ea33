import { type Kysely, sql } from 'kysely';

/**
 * Ride check (issue 15, decision 0062): a ride in progress that stops too long or strays far from its way asks
 * both parties "Is everything OK?". One row per check asked. A check is open until both the rider and the
 * driver answered OK (`closed_at`, the later answer): the partial unique index lets one open check exist per
 * ride and reason, so two job runs (two processes) cannot both ask the same thing — the second insert finds
 * the first and does nothing. After a closed one, the detector asks again only once the condition held a full
 * period after `closed_at`. `detail` is what the detector measured (`long_stop:6min`, `route_deviation:1400m`).
 *
 * Also /help's Safety topic gets a question about it (faq_entries, migration 0025), at the end of the topic.
 */
const FAQ = {
  question: 'What is a ride check?',
  answer:
    'If a trip under way stops for several minutes away from the destination, or the car goes far from the way to it, OpenRide asks both the rider and the driver "Is everything OK?" in the app, with SOS one tap away. Tap I\'m OK if all is well. The operator sees every check and each answer on the ride\'s record.',
};

export async function up(db: Kysely<any>) {
  await sql`create table ride_checks (
    id uuid primary key default gen_random_uuid(),
    ride_id uuid not null references rides (id),
    reason text not null check (reason in ('long_stop', 'route_deviation')),
    detail text not null check (length(detail) <= 100),
    asked_at timestamptz not null default now(),
    rider_ok_at timestamptz,
    driver_ok_at timestamptz,
    closed_at timestamptz,
    check (closed_at is null or (rider_ok_at is not null and driver_ok_at is not null))
  )`.execute(db);
  await sql`create unique index ride_checks_one_open_idx on ride_checks (ride_id, reason) where closed_at is null`.execute(db);
  await sql`create index ride_checks_ride_idx on ride_checks (ride_id, asked_at)`.execute(db);

  const last = await sql<{ n: number | null }>`select max(position) as n from faq_entries where topic = 'safety'`.execute(db);
  await db
    .insertInto('faq_entries')
    .values({ topic: 'safety', question: FAQ.question, answer: FAQ.answer, position: Number(last.rows[0]?.n ?? 0) + 1 })
    .execute();
}

export async function down(db: Kysely<any>) {
  await sql`delete from faq_entries where topic = 'safety' and question = ${FAQ.question}`.execute(db);
  await sql`drop table ride_checks`.execute(db);
}
