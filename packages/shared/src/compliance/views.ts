import { z } from 'zod';
import { COMPLIANCE_ITEM_STATUSES, DOCUMENT_KINDS, DOCUMENT_SIDES } from './schemas';

/** A city's configuration of one kind of document (GET /api/admin/document-types, and the driver's cards). */
export const documentTypeViewSchema = z.object({
  id: z.string(),
  city_id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  label: z.string(),
  required: z.boolean(),
  expiry_required: z.boolean(),
  sides: z.enum(DOCUMENT_SIDES),
  updated_at: z.string().nullable(),
});
export type DocumentTypeView = z.infer<typeof documentTypeViewSchema>;

/** One kind of paper as its driver reads it: the best of what they have (decision 0049). */
export const complianceItemSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  label: z.string(),
  required: z.boolean(),
  status: z.enum(COMPLIANCE_ITEM_STATUSES),
  /** The last valid day (YYYY-MM-DD, the city's calendar), when the valid or expired one has one. */
  expires_on: z.string().nullable(),
  /** Days from today (the city's calendar) to `expires_on`: 0 on the last valid day, negative once expired. */
  days_left: z.number().int().nullable(),
  /** The newest upload's rejection reason, when it is rejected. */
  rejection_reason: z.string().nullable(),
  /** A newer upload waits for review while an older one is still valid (a renewal). */
  renewal_in_review: z.boolean(),
});
export type ComplianceItem = z.infer<typeof complianceItemSchema>;

/**
 * GET /api/drivers/me/compliance (and each driver's on the admin views): every kind the city configures,
 * whether the driver is on compliance hold, and why, in sentences a driver reads.
 */
export const driverComplianceSchema = z.object({
  city: z.object({ id: z.string(), name: z.string() }),
  on_hold: z.boolean(),
  items: z.array(complianceItemSchema),
  hold_reasons: z.array(z.string()),
});
export type DriverCompliance = z.infer<typeof driverComplianceSchema>;
