import type { supportTicketsQuerySchema } from '@openride/shared/support/schemas';
import { parseTicketNumber } from '@openride/shared/support/schemas';
import type { AdminTicket } from '@openride/shared/support/views';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { type CityScope, cityCondition } from '../roles/city-scope';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { adminTicketRows, adminTicketView } from './support.repo';

type Query = z.output<typeof supportTicketsQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: { sla_due_at: { expr: 't.sla_due_at', type: 'timestamptz' }, created_at: { expr: 't.created_at', type: 'timestamptz' } },
  id: { ref: 't.id', type: 'uuid' },
};

/**
 * The support queue (decision 0055): soonest due first by default; filtered by status, category, priority,
 * assignee (`me`, `unassigned` or an admin's id), age and overdue (open and past its due time); search by
 * ticket number, requester name or email.
 */
export async function listSupportTickets(db: Kysely<DB>, adminId: string, query: Query, scope: CityScope = null) {
  let rows = adminTicketRows(db);
  // A staff member's cities, or the console's city among them (decision 0091): tickets about those cities'
  // rides, and those about no ride (everyone's).
  const inCities = cityCondition('tr.city_id', scope, query.city);
  if (inCities) rows = rows.where(sql<boolean>`(t.ride_id is null or exists (select 1 from rides tr where tr.id = t.ride_id and ${inCities}))`);
  if (query.status) rows = rows.where('t.status', '=', query.status);
  if (query.category) rows = rows.where('t.category', '=', query.category);
  if (query.priority) rows = rows.where('t.priority', '=', query.priority);
  if (query.assignee === 'me') rows = rows.where('t.assignee_id', '=', adminId);
  else if (query.assignee === 'unassigned') rows = rows.where('t.assignee_id', 'is', null);
  else if (query.assignee) rows = rows.where('t.assignee_id', '=', query.assignee);
  if (query.age === 'today') rows = rows.where(sql<boolean>`t.created_at > now() - interval '1 day'`);
  if (query.age === 'week') rows = rows.where(sql<boolean>`t.created_at <= now() - interval '1 day' and t.created_at > now() - interval '7 days'`);
  if (query.age === 'older') rows = rows.where(sql<boolean>`t.created_at <= now() - interval '7 days'`);
  if (query.overdue === 'yes') rows = rows.where(sql<boolean>`t.status = 'open' and t.sla_due_at < now()`);
  if (query.q) {
    const like = containsPattern(query.q);
    const n = parseTicketNumber(query.q);
    rows = rows.where((eb) =>
      eb.or([
        ...(n !== undefined ? [eb('t.number', '=', n)] : []),
        eb('r.name', 'ilike', like),
        eb('r.email', 'ilike', like),
        eb('t.requester_name', 'ilike', like),
        eb('t.requester_email', 'ilike', like),
      ]),
    );
  }
  const page = await keysetPage(db, rows, spec, query);
  return { ...page, items: page.items.map(adminTicketView) };
}

export const SUPPORT_TICKETS_CSV: CsvColumn<AdminTicket>[] = [
  { header: 'Ticket', value: (t) => t.number },
  { header: 'Opened', value: (t) => t.created_at },
  { header: 'Category', value: (t) => t.category },
  { header: 'Priority', value: (t) => t.priority },
  { header: 'Status', value: (t) => t.status },
  { header: 'Subject', value: (t) => t.subject },
  { header: 'From', value: (t) => t.requester_name },
  { header: 'Email', value: (t) => t.requester_email },
  { header: 'Ride', value: (t) => t.ride_id },
  { header: 'Assignee', value: (t) => t.assignee_name },
  { header: 'Due', value: (t) => t.sla_due_at },
  { header: 'Overdue', value: (t) => (t.overdue ? 'yes' : 'no') },
  { header: 'Rating', value: (t) => t.csat_rating },
];
