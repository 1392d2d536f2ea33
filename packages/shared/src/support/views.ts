import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { timestampSchema } from '../contract';
import { adminRideDetailSchema } from '../rides/operator';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './schemas';

/** Who wrote a message, as the reader is told: the requester, the other party of a lost-item ticket, or support. */
export const TICKET_AUTHOR_ROLES = ['requester', 'participant', 'support'] as const;

/** A message of the conversation. The user's view never has internal notes (the server leaves them out). */
export const ticketMessageSchema = z.strictObject({
  id: z.string(),
  author_role: z.enum(TICKET_AUTHOR_ROLES),
  /** The author's first name (support: the agent's name); no phone, no email. */
  author_name: z.string().nullable(),
  /** Whether the reader wrote it. */
  mine: z.boolean(),
  body: z.string(),
  internal: z.boolean(),
  file_ids: z.array(z.string()),
  created_at: timestampSchema,
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket as a rider or driver reads it. */
export const ticketSchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  subject: z.string(),
  ride_id: z.string().nullable(),
  /** `requester` (they opened it) or `participant` (the driver of a lost-item ride, who arranges the return here). */
  role: z.enum(['requester', 'participant']),
  csat_rating: z.number().int().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  resolved_at: timestampSchema.nullable(),
});
export type TicketView = z.infer<typeof ticketSchema>;

export const ticketResponseSchema = z.strictObject({ ticket: ticketSchema });
export const ticketListSchema = z.strictObject({ tickets: z.array(ticketSchema) });
export const ticketDetailSchema = z.strictObject({ ticket: ticketSchema, messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** A row of the admin queue. */
export const adminTicketSchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  subject: z.string(),
  ride_id: z.string().nullable(),
  requester_id: z.string().nullable(),
  requester_name: z.string(),
  requester_email: z.string().nullable(),
  /** A visitor's ticket from /contact (no account). */
  visitor: z.boolean(),
  participant_name: z.string().nullable(),
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  sla_due_at: timestampSchema,
  /** Open and past its due time. */
  overdue: z.boolean(),
  csat_rating: z.number().int().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  resolved_at: timestampSchema.nullable(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;
export const adminTicketsPageSchema = listPageSchema(adminTicketSchema);

/** One ticket for an admin: the conversation with internal notes, the ride beside it, who may be assigned. */
export const adminTicketDetailSchema = z.strictObject({
  ticket: adminTicketSchema,
  messages: z.array(ticketMessageSchema),
  /** The ride's summary, timeline, route and chat (/booking-management's reader), when the ticket names one. */
  ride: adminRideDetailSchema.nullable(),
  agents: z.array(z.strictObject({ id: z.string(), name: z.string() })),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

/** `POST /api/support/contact`'s answer: the number to quote. */
export const contactResponseSchema = z.strictObject({ number: z.string() });
