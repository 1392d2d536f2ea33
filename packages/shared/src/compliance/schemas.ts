import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { multilineText } from '../text';

/**
 * Driver compliance (issue 14, decision 0049): the papers a city asks of its drivers. The five kinds are
 * fixed; each city configures, per kind, whether it is required before going online, whether it carries an
 * expiry date, and whether it has a front and a back. `insurance` is not uploaded as a loose document: it
 * is the active vehicle's insurance policy (insurer, number, cover dates, the policy document), verified on
 * /insurance-verification.
 */
export const DOCUMENT_KINDS = ['driver_licence', 'vehicle_registration', 'insurance', 'profile_photo', 'background_check'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentKindSchema = z.enum(DOCUMENT_KINDS, { error: `kind must be one of ${DOCUMENT_KINDS.join(', ')}` });

/** How many pictures a document has: one, or a front and a back. */
export const DOCUMENT_SIDES = ['one', 'front_back'] as const;
export type DocumentSides = (typeof DOCUMENT_SIDES)[number];

/** A stored document's state. `superseded`: replaced by a newer upload of the same kind (history only). */
export const DOCUMENT_STATUSES = ['in_review', 'approved', 'rejected', 'superseded'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** An insurance policy's state, like a document's. */
export const POLICY_STATUSES = ['in_review', 'verified', 'rejected', 'superseded'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/**
 * What a driver reads on a card, per kind: the best of what they have. `expiring`: approved, and it ends
 * within EXPIRING_SOON_DAYS (still valid); `expired`: approved once, ended.
 */
export const COMPLIANCE_ITEM_STATUSES = ['missing', 'in_review', 'approved', 'rejected', 'expiring', 'expired'] as const;
export type ComplianceItemStatus = (typeof COMPLIANCE_ITEM_STATUSES)[number];

/** "Expiring soon" starts this many days before the last valid day (the first reminder). */
export const EXPIRING_SOON_DAYS = 30;
/** Reminders before expiry, in days before the last valid day; each is sent once per document or policy. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;

/** Valid statuses: the driver may work on these. */
export const VALID_ITEM_STATUSES: readonly ComplianceItemStatus[] = ['approved', 'expiring'];

/** A date without time (YYYY-MM-DD): the last day a document or policy is valid, in the city's time zone. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2027-03-31');

// ——— Documents (the documents slice of issue 14, decision 0051) ———

/** The kinds a driver uploads as a document: every kind but insurance (a vehicle's policy, on /vehicles). */
export const UPLOADABLE_DOCUMENT_KINDS = ['driver_licence', 'vehicle_registration', 'profile_photo', 'background_check'] as const;
export type UploadableDocumentKind = (typeof UPLOADABLE_DOCUMENT_KINDS)[number];

/** One kind's configuration in a city, as an admin sets it. */
export const documentTypeInputSchema = z.strictObject({
  kind: documentKindSchema,
  required: z.boolean('required must be true or false'),
  expiry_required: z.boolean('expiry_required must be true or false'),
  sides: z.enum(DOCUMENT_SIDES, { error: `sides must be one of ${DOCUMENT_SIDES.join(', ')}` }),
});
export type DocumentTypeInput = z.infer<typeof documentTypeInputSchema>;

/** `PUT /api/admin/document-types`: a city's kinds (any of the five, each at most once). */
export const documentTypesInputSchema = z.strictObject({
  city_id: z.string('Choose a city.').min(1, 'Choose a city.').max(64),
  types: z
    .array(documentTypeInputSchema)
    .min(1, 'Give at least one kind.')
    .max(DOCUMENT_KINDS.length)
    .refine((types) => new Set(types.map((t) => t.kind)).size === types.length, 'Each kind at most once.'),
});
export type DocumentTypesInput = z.infer<typeof documentTypesInputSchema>;

/** `GET /api/admin/document-types?city=ID`. */
export const documentTypesQuerySchema = z.object({ city: z.string('Choose a city.').min(1, 'Choose a city.').max(64) });

/**
 * `POST /api/drivers/me/documents`: files the driver uploaded (POST /api/files, purpose `driver_document`),
 * one, or the front then the back when the city's type has two sides; the last valid day when the type asks
 * for one (not past in the city's calendar).
 */
export const documentUploadSchema = z.strictObject({
  kind: z.enum(UPLOADABLE_DOCUMENT_KINDS, {
    error: (issue) =>
      issue.input === 'insurance' ? 'Insurance is your vehicle’s policy: add it on /vehicles.' : `kind must be one of ${UPLOADABLE_DOCUMENT_KINDS.join(', ')}`,
  }),
  file_ids: z.array(z.string().min(1).max(64), 'Choose a file.').min(1, 'Choose a file.').max(2, 'At most two files: the front and the back.'),
  expires_on: isoDateSchema.nullable().optional(),
});
export type DocumentUploadInput = z.infer<typeof documentUploadSchema>;

/** An admin's decision on a document in review: approve with the last valid day confirmed, or reject with a reason. */
export const documentReviewSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('approved'), expires_on: isoDateSchema.nullable().optional() }),
    z.strictObject({
      status: z.literal('rejected'),
      reason: multilineText('Please give a reason.').trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'At most 500 characters'),
    }),
  ],
  { error: 'status must be approved or rejected' },
);
export type DocumentReviewInput = z.infer<typeof documentReviewSchema>;

/** `GET /api/admin/documents`: the review queue (in review, oldest first), by kind and by the driver's city. */
export const adminDocumentsQuerySchema = defineListQuery({
  sorts: ['created_at'],
  dir: 'asc',
  filters: {
    status: optionalFilter(z.enum(DOCUMENT_STATUSES)),
    kind: optionalFilter(z.enum(UPLOADABLE_DOCUMENT_KINDS)),
    city: optionalFilter(z.string().max(64)),
  },
});
export type AdminDocumentsQuery = z.input<typeof adminDocumentsQuerySchema>;
