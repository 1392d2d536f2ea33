import { z } from 'zod';
import { text, multilineText } from '../text';
import { defineListQuery, optionalFilter } from './list-query';

/**
 * Every kind of change an admin can make, as `<entity>.<verb>`. A new admin verb adds its kind here
 * (the audit log's filter and labels follow) and calls `recordAudit` in its transaction.
 */
export const AUDIT_ACTIONS = [
  'staff.invite',
  'staff.invite_revoke',
  'staff.join',
  'staff.update',
  'staff.remove',
  'staff.duties',
  'staff.two_factor_enrol',
  'staff.two_factor_reset',
  'driver.approve',
  'driver.reject',
  'driver.suspend',
  'driver.reinstate',
  'rider.block',
  'rider.unblock',
  'ride.cancel',
  'ride.redispatch',
  'city.create',
  'city.update',
  'zone.create',
  'zone.update',
  'zone.delete',
  'zone.import',
  'city_place.create',
  'city_place.update',
  'city_place.delete',
  'city_place.import',
  'fare_policy.create',
  'cancellation_policy.update',
  'cancellation_policy.create',
  'cancellation_policy.remove',
  'surge.rule',
  'surge.freeze',
  'surge.unfreeze',
  'surge.override',
  'surge.override_clear',
  'surge.demo_rush',
  'refund.propose',
  'refund.approve',
  'refund.credit',
  'refund.reject',
  'financial_settings.create',
  'ledger.adjustment',
  'payout_run.create',
  'payout_run.approve',
  'payout_run.export',
  'payout_run.mark_paid',
  'payout_item.fail',
  'driver.cash_received',
  'vehicle.verify',
  'vehicle.reject',
  'vehicle_rules.update',
  'insurance.verify',
  'insurance.reject',
  'insurance.revoke',
  'document.approve',
  'document.reject',
  'document_types.update',
  'legal.publish',
  'account.delete',
  'support_procedure.create',
  'faq.create',
  'faq.update',
  'faq.delete',
  'faq.reorder',
  'support_ticket.assign',
  'support_ticket.reply',
  'support_ticket.note',
  'support_ticket.priority',
  'support_ticket.resolve',
  'support_ticket.reopen',
  'referral_program.update',
  'referral.approve',
  'referral.reject',
  'sos.resolve',
  'promotion.create',
  'promotion.status',
  'promotion.update',
  'corporate_invoice.issue',
  'corporate_invoice.mark_paid',
  'company.create',
  'company.update',
  'company.invite',
  'company.invite_revoke',
  'company.member_add',
  'company.member_remove',
  'company.member_budget',
  'company.policy',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * `GET /api/admin/audit-log`: newest first by default, filter by the admin who acted, the kind and the city
 * (the console's, decision 0091: that city's entries and those of no city).
 */
export const auditLogQuerySchema = defineListQuery({
  sorts: ['created_at'],
  filters: {
    actor_id: optionalFilter(text().max(200)),
    action: optionalFilter(z.enum(AUDIT_ACTIONS)),
    city: optionalFilter(z.string().max(40)),
  },
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string(),
  /** Null when the admin's account no longer exists: the record outlives it. */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.string(),
  entity_id: z.string(),
  /**
   * What was acted on, named when the log is read (issue 27, decision 0075): the driver's or rider's name
   * ("Deleted user" once they deleted their account), a ride's short id, a promo code, a city's name…; `href`
   * is its console page, null when the record is gone or has no page.
   */
  target: z.object({ kind: z.string(), label: z.string(), href: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The reason an admin gives for a block, a suspension or a cancellation: required, shown to whoever it touches. */
export const adminReasonSchema = z.object({ reason: multilineText().trim().min(3, 'Give a reason (at least 3 characters)').max(500) });
export type AdminReason = z.infer<typeof adminReasonSchema>;
