import { defaultPriority, slaDueAt, type TicketCategory, ticketNumber, TICKET_PHOTOS_MAX } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import type { AdminTicket, TicketMessage, TicketView } from '@openride/shared/support/views';
import { isUuid } from '@openride/shared/text';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, SupportMessagesTable, SupportTicketsTable } from '../db/schema';
import { findFile } from '../files/files.repo';
import { badRequest, notFound } from '../lib/errors';

export type TicketRow = Selectable<SupportTicketsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
/** A first name only: the other party of a lost-item ticket never learns more (no phone, no email). */
export const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || null;

/** A ticket, locked for a change (the verbs' one lock: the ticket row). */
export async function lockTicket(trx: Kysely<DB>, id: string) {
  if (!isUuid(id)) throw notFound(supportText.errors.notFound);
  const row = await trx.selectFrom('support_tickets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(supportText.errors.notFound);
  return row;
}

/** How `userId` stands on a ticket: its requester, the other party of a lost-item ticket, or nobody (404). */
export function roleOn(ticket: TicketRow, userId: string): 'requester' | 'participant' | null {
  if (ticket.requester_id === userId) return 'requester';
  if (ticket.participant_id === userId && ticket.category === 'lost_item') return 'participant';
  return null;
}

export function userTicketView(t: TicketRow, role: 'requester' | 'participant'): TicketView {
  return {
    id: t.id,
    number: ticketNumber(t.number),
    category: t.category,
    status: t.status,
    subject: t.subject,
    ride_id: t.ride_id,
    role,
    csat_rating: role === 'requester' ? t.csat_rating : null,
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
    resolved_at: isoOrNull(t.resolved_at),
  };
}

/**
 * The conversation as `readerId` reads it. `withInternal` only for admins: a user's reader query leaves
 * internal notes out in SQL, so they never leave the database for a user.
 */
export async function messageViews(db: Kysely<DB>, ticketId: string, readerId: string, withInternal: boolean): Promise<TicketMessage[]> {
  let q = db
    .selectFrom('support_messages as m')
    .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .leftJoin('user as a', 'a.id', 'm.author_id')
    .select(['m.id', 'm.author_id', 'm.author_role', 'm.body', 'm.internal', 'm.file_ids', 'm.created_at', 'a.name as author_account_name', 't.requester_name'])
    .where('m.ticket_id', '=', ticketId);
  if (!withInternal) q = q.where('m.internal', '=', false);
  const rows = await q.orderBy('m.created_at').orderBy('m.id').execute();
  return rows.map((m) => ({
    id: m.id,
    author_role: m.author_role,
    author_name: firstName(m.author_account_name ?? (m.author_role === 'requester' ? m.requester_name : null)),
    mine: m.author_id !== null && m.author_id === readerId,
    body: m.body,
    internal: m.internal,
    file_ids: m.file_ids,
    created_at: iso(m.created_at),
  }));
}

/** Photos attached to a message: each uploaded by the author as a `ticket_photo` (another's: 404, another purpose: 400). */
export async function checkPhotos(db: Kysely<DB>, authorId: string, fileIds: readonly string[] | undefined) {
  const ids = [...new Set((fileIds ?? []).map((id) => id.toLowerCase()))];
  if (ids.length > TICKET_PHOTOS_MAX) throw badRequest(`At most ${TICKET_PHOTOS_MAX} photos.`);
  for (const id of ids) {
    const file = await findFile(db, id);
    if (!file || file.owner_id !== authorId) throw notFound(supportText.errors.photoNotFound);
    if (file.purpose !== 'ticket_photo') throw badRequest(supportText.errors.notAPhoto);
  }
  return ids;
}

/** The queue's rows: the ticket with its requester's, participant's and assignee's names. */
export function adminTicketRows(db: Kysely<DB>) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('user as r', 'r.id', 't.requester_id')
    .leftJoin('user as p', 'p.id', 't.participant_id')
    .leftJoin('user as a', 'a.id', 't.assignee_id')
    .selectAll('t')
    .select([
      'r.name as requester_account_name',
      'r.email as requester_account_email',
      'p.name as participant_name',
      'a.name as assignee_name',
      sql<boolean>`t.status = 'open' and t.sla_due_at < now()`.as('overdue'),
    ]);
}
type AdminRow = Awaited<ReturnType<ReturnType<typeof adminTicketRows>['execute']>>[number];

export function adminTicketView(t: AdminRow): AdminTicket {
  return {
    id: t.id,
    number: ticketNumber(t.number),
    category: t.category,
    status: t.status,
    priority: t.priority,
    subject: t.subject,
    ride_id: t.ride_id,
    requester_id: t.requester_id,
    requester_name: t.requester_account_name ?? t.requester_name ?? '',
    requester_email: t.requester_account_email ?? t.requester_email,
    visitor: t.requester_id === null,
    participant_name: t.participant_name ?? null,
    assignee_id: t.assignee_id,
    assignee_name: t.assignee_name ?? null,
    sla_due_at: iso(t.sla_due_at),
    overdue: Boolean(t.overdue),
    csat_rating: t.csat_rating,
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
    resolved_at: isoOrNull(t.resolved_at),
  };
}

/** A ticket's subject: the first line of its first message, at most 120 characters. */
export const subjectOf = (message: string) => {
  const line = message.trim().split('\n')[0]!.trim();
  return line.length > 120 ? `${[...line].slice(0, 119).join('')}…` : line;
};

/**
 * Writes a new ticket and its first message (the requester's words) in the caller's transaction: the
 * category's priority (Safety urgent), the SLA clock from `now`, nobody assigned. Every way a ticket is
 * opened goes through here (a rider or driver, /contact, an SOS).
 */
export async function insertTicket(
  trx: Kysely<DB>,
  t: {
    requester_id: string | null;
    requester_email?: string | null;
    requester_name?: string | null;
    participant_id?: string | null;
    ride_id?: string | null;
    category: TicketCategory;
    message: string;
    file_ids?: string[];
  },
  now: Date,
) {
  const priority = defaultPriority(t.category);
  const ticket = await trx
    .insertInto('support_tickets')
    .values({
      requester_id: t.requester_id,
      requester_email: t.requester_email ?? null,
      requester_name: t.requester_name ?? null,
      participant_id: t.participant_id ?? null,
      ride_id: t.ride_id ?? null,
      category: t.category,
      priority,
      subject: subjectOf(t.message),
      assignee_id: null,
      waiting_since: now,
      sla_due_at: slaDueAt(now, priority),
      csat_rating: null,
      rated_at: null,
      resolved_at: null,
      closed_at: null,
      last_user_reply_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('support_messages')
    .values({ ticket_id: ticket.id, author_id: t.requester_id, author_role: 'requester', body: t.message, file_ids: t.file_ids ?? [], created_at: now })
    .execute();
  return ticket;
}
