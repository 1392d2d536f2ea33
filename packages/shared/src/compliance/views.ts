import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { COMPLIANCE_ITEM_STATUSES, DOCUMENT_KINDS, DOCUMENT_SIDES, DOCUMENT_STATUSES } from './schemas';

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
  /** The driver's city (decision 0074); null when unknown: on hold, the reason says to choose one. */
  city: z.object({ id: z.string(), name: z.string() }).nullable(),
  on_hold: z.boolean(),
  items: z.array(complianceItemSchema),
  hold_reasons: z.array(z.string()),
});
export type DriverCompliance = z.infer<typeof driverComplianceSchema>;

// ——— Documents (decision 0051) ———

/** `GET`/`PUT /api/admin/document-types`: a city's five kinds. */
export const cityDocumentTypesSchema = z.object({ city_id: z.string(), types: z.array(documentTypeViewSchema) });
export type CityDocumentTypes = z.infer<typeof cityDocumentTypesSchema>;

/** A stored file of a document: its id (GET /api/files/:id) and type (an image, or a PDF). */
export const documentFileSchema = z.object({ id: z.string(), content_type: z.string() });

/** One uploaded document as its driver (and admins) read it. `files`: one, or the front then the back. */
export const driverDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  label: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  files: z.array(documentFileSchema),
  /** The last valid day (YYYY-MM-DD, the city's calendar), as the driver gave it or the reviewer confirmed it. */
  expires_on: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type DriverDocument = z.infer<typeof driverDocumentSchema>;

/**
 * `GET /api/drivers/me/documents`: the city's kinds (what each asks: sides, expiry), the newest document per
 * kind, and the rest (older uploads, newest first).
 */
export const ownDocumentsSchema = z.object({
  city: z.object({ id: z.string(), name: z.string() }),
  types: z.array(documentTypeViewSchema),
  latest: z.array(driverDocumentSchema),
  history: z.array(driverDocumentSchema),
});
export type OwnDocuments = z.infer<typeof ownDocumentsSchema>;
export const documentResponseSchema = z.object({ document: driverDocumentSchema });

/** A document in the review queue, with whose it is (the application's details) and what the driver's city asks of its kind. */
export const adminDocumentSchema = driverDocumentSchema.extend({
  driver: z.object({
    id: z.string(),
    full_name: z.string(),
    phone: z.string(),
    license_number: z.string(),
    vehicle: z.string(),
    license_plate: z.string(),
    applied_at: z.string(),
    /** Null when the driver's city is unknown (decision 0074); `city_name` then says so. */
    city_id: z.string().nullable(),
    city_name: z.string(),
  }),
  expiry_required: z.boolean(),
  sides: z.enum(DOCUMENT_SIDES),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;
export const adminDocumentsPageSchema = listPageSchema(adminDocumentSchema);
