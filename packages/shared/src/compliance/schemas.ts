import { z } from 'zod';

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
