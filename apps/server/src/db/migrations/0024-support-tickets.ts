import { type Kysely, sql } from 'kysely';

/**
 * Support tickets (issue 15, decision 0055). A ticket is a user's (requester_id) or a visitor's from /contact
 * (requester_email and requester_name, no account); about one of their rides or not. A lost-item ticket names
 * the other party of the ride (participant_id: the driver when the rider reports, the rider when the driver
 * does), who reads and answers it too. `waiting_since` is when the ticket last became open; `sla_due_at` is
 * that plus the priority's SLA hours. Messages carry an `internal` flag: notes users never read.
 */
export async function up(db: Kysely<any>) {
  await sql`create sequence support_ticket_number_seq start 1001`.execute(db);
  await sql`create table support_tickets (
    id uuid primary key default gen_random_uuid(),
    number integer not null unique default nextval('support_ticket_number_seq'),
    requester_id text,
    requester_email text,
    requester_name text,
    participant_id text,
    ride_id uuid references rides (id),
    category text not null check (category in ('lost_item', 'fare_payment', 'safety', 'behaviour', 'app_problem', 'account', 'other')),
    priority text not null check (priority in ('low', 'normal', 'high', 'urgent')),
    status text not null default 'open' check (status in ('open', 'pending', 'resolved', 'closed')),
    subject text not null,
    assignee_id text,
    waiting_since timestamptz not null default now(),
    sla_due_at timestamptz not null,
    csat_rating smallint check (csat_rating between 1 and 5),
    rated_at timestamptz,
    resolved_at timestamptz,
    closed_at timestamptz,
    last_user_reply_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (requester_id is not null or requester_email is not null),
    check ((status in ('resolved', 'closed')) = (resolved_at is not null))
  )`.execute(db);
  await sql`create index support_tickets_queue_idx on support_tickets (status, sla_due_at)`.execute(db);
  await sql`create index support_tickets_requester_idx on support_tickets (requester_id, created_at) where requester_id is not null`.execute(db);
  await sql`create index support_tickets_participant_idx on support_tickets (participant_id) where participant_id is not null`.execute(db);
  await sql`create index support_tickets_resolved_idx on support_tickets (resolved_at) where status = 'resolved'`.execute(db);
  await sql`create table support_messages (
    id uuid primary key default gen_random_uuid(),
    ticket_id uuid not null references support_tickets (id),
    author_id text,
    author_role text not null check (author_role in ('requester', 'participant', 'support')),
    body text not null,
    internal boolean not null default false,
    file_ids uuid[] not null default '{}',
    created_at timestamptz not null default now(),
    check (cardinality(file_ids) <= 4),
    check (not internal or author_role = 'support')
  )`.execute(db);
  await sql`create index support_messages_ticket_idx on support_messages (ticket_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table support_messages`.execute(db);
  await sql`drop table support_tickets`.execute(db);
  await sql`drop sequence support_ticket_number_seq`.execute(db);
}
