import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { multilineText, text } from '../text';
import { SUPPORT_CATEGORIES, type SupportCategory } from './categories';
import type { TicketStatus } from './ticket-state';
import { TICKET_STATUSES } from './ticket-state';

/** Support tickets (issue 15, decision 0055). Their categories are the one list in ./categories (procedures share it). */
export const TICKET_CATEGORIES = SUPPORT_CATEGORIES;
export type TicketCategory = SupportCategory;

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export { TICKET_STATUSES, type TicketStatus };

/** Safety tickets are urgent from the start; every other category starts normal (an admin may change it). */
export const defaultPriority = (category: TicketCategory): TicketPriority => (category === 'safety' ? 'urgent' : 'normal');

/**
 * The SLA (decision 0055): hours an open ticket may wait for an admin, by priority. The clock starts when the
 * ticket becomes open (opened, a user reply, a reopen); `sla_due_at` = that moment + these hours.
 */
export const SLA_HOURS: Record<TicketPriority, number> = { urgent: 1, high: 4, normal: 24, low: 72 };

export const slaDueAt = (waitingSince: Date, priority: TicketPriority) => new Date(waitingSince.getTime() + SLA_HOURS[priority] * 3_600_000);

/** Days a resolved ticket stays resolved without a user reply before the job closes it. */
export const AUTO_CLOSE_DAYS = 7;

/** Photos per message (purpose `ticket_photo`). */
export const TICKET_PHOTOS_MAX = 4;

/** Tickets are numbered from here; shown as T-1001. */
export const ticketNumber = (n: number) => `T-${n}`;

/** "T-1042", "t-1042" or "1042" → 1042; anything else undefined. */
export function parseTicketNumber(value: string): number | undefined {
  const m = /^(?:t-?)?(\d{1,9})$/i.exec(value.trim());
  return m ? Number(m[1]) : undefined;
}

const messageBody = multilineText().trim().min(1, 'Write a message.').max(4000, 'At most 4,000 characters.');
const fileIds = z.array(z.uuid('Not a file id')).max(TICKET_PHOTOS_MAX, `At most ${TICKET_PHOTOS_MAX} photos.`);

/** `POST /api/support/tickets`: a rider or driver opens a ticket, about one of their rides or not. */
export const openTicketSchema = z.strictObject({
  category: z.enum(TICKET_CATEGORIES, { error: 'Choose a category.' }),
  message: messageBody,
  ride_id: z.uuid('Not a ride id').optional(),
  file_ids: fileIds.optional(),
});
export type OpenTicketInput = z.infer<typeof openTicketSchema>;

/** `POST /api/support/tickets/:id/messages`: the user's reply. */
export const ticketReplySchema = z.strictObject({ body: messageBody, file_ids: fileIds.optional() });
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;

/** `POST /api/support/tickets/:id/rating`: 1–5 after resolution, once. */
export const ticketRatingSchema = z.strictObject({
  rating: z.number().int('A whole number of stars.').min(1, 'From 1 to 5 stars.').max(5, 'From 1 to 5 stars.'),
});

/** `POST /api/admin/support-tickets/:id/messages`: a reply the user reads, or an internal note they never see. */
export const adminTicketMessageSchema = z.strictObject({ body: messageBody, internal: z.boolean().default(false), file_ids: fileIds.optional() });
export type AdminTicketMessageInput = z.infer<typeof adminTicketMessageSchema>;

/** `POST /api/admin/support-tickets/:id/assign`: to an admin (oneself or another), or null to unassign. */
export const assignTicketSchema = z.strictObject({ assignee_id: text().min(1).max(100).nullable() });

/** `POST /api/admin/support-tickets/:id/priority`. */
export const ticketPrioritySchema = z.strictObject({ priority: z.enum(TICKET_PRIORITIES) });

/** Age filter of the queue: opened less than a day ago, 1–7 days, more than 7 days. */
export const TICKET_AGES = ['today', 'week', 'older'] as const;

/** `GET /api/admin/support-tickets` (the queue): soonest due first by default. */
export const supportTicketsQuerySchema = defineListQuery({
  sorts: ['sla_due_at', 'created_at'],
  dir: 'asc',
  filters: {
    status: optionalFilter(z.enum(TICKET_STATUSES)),
    category: optionalFilter(z.enum(TICKET_CATEGORIES)),
    priority: optionalFilter(z.enum(TICKET_PRIORITIES)),
    /** `me`, `unassigned`, or an admin's user id. */
    assignee: optionalFilter(text().min(1).max(100)),
    age: optionalFilter(z.enum(TICKET_AGES)),
    overdue: optionalFilter(z.enum(['yes'])),
    /** The console's city (decision 0091): tickets about that city's rides, and those about no ride. */
    city: optionalFilter(z.string().max(40)),
  },
});
export type SupportTicketsQuery = z.input<typeof supportTicketsQuerySchema>;

/** `POST /api/support/contact`: /contact's form (visitors too; a signed-in user's ticket is theirs). */
export const contactSchema = z.strictObject({
  name: text().trim().min(1, 'Tell us your name.').max(100),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.').max(254)),
  category: z.enum(TICKET_CATEGORIES, { error: 'Choose a category.' }),
  message: messageBody,
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Contact messages per network address per hour. */
export const CONTACTS_PER_HOUR = 5;

/** Where a ticket's notification opens: the support page with that ticket (decision 0059's `link`). */
export const supportLink = (ticketId: string) => `/support-tickets?ticket=${encodeURIComponent(ticketId)}`;
