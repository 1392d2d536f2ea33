import { type Kysely, sql } from 'kysely';

/**
 * A refund's proposal (issue 29 §2/§5, decision 0093): support proposes a decision on an open request (what
 * to do, how much, who bears it, the note) and someone with `refund.approve` decides; above the owners'
 * threshold for the ride's currency, the one who decides must not be the one who proposed. The request stays
 * `open` while proposed (a proposal is advice, not a status); a newer proposal replaces it.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table refund_requests
    add column proposal jsonb,
    add column proposed_by text references "user" (id) on delete set null,
    add column proposed_at timestamptz,
    add constraint refund_requests_proposal_whole check ((proposal is null) = (proposed_at is null))`.execute(db);
}
