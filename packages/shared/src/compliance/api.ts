import { defineRoutes, idParamsSchema } from '../contract';
import { adminDocumentsQuerySchema, documentReviewSchema, documentTypesInputSchema, documentTypesQuerySchema, documentUploadSchema } from './schemas';
import { adminDocumentsPageSchema, cityDocumentTypesSchema, documentResponseSchema, driverComplianceSchema, ownDocumentsSchema } from './views';

const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'No driver record (FORBIDDEN), or the newest one is not approved (DRIVER_NOT_APPROVED)' },
} as const;
const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** Driver compliance: papers against the city's requirements, and the hold (issue 14, decision 0049). */
export const complianceRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/drivers/me/compliance',
    tag: 'compliance',
    summary: "The signed-in driver's papers against their city's requirements, and whether they are on hold",
    description:
      "One item per kind the city configures, with the best of what the driver has (approved, expiring within 30 days, in review, rejected with the reason, expired, missing). `on_hold` is true when a required kind is not valid today (the city's calendar); `hold_reasons` says why, one sentence each. The caller's own only.",
    auth: 'driver',
    responses: { 200: { description: 'The papers and the hold', schema: driverComplianceSchema }, ...driverRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/drivers/:id/compliance',
    tag: 'compliance',
    summary: "A driver's papers against their city's requirements, and whether they are on hold",
    auth: 'admin',
    permission: 'driver.read',
    cityOf: { record: 'driver' },
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The papers and the hold', schema: driverComplianceSchema }, 404: { description: 'No such driver' }, ...adminRefusals },
  },
]);

/** Documents: the city's requirements, a driver's uploads and the admins' review (decision 0051). */
export const documentRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/document-types',
    tag: 'compliance',
    summary: "A city's five kinds of paper: required before going online or not, expiry date or not, one picture or front and back",
    auth: 'admin',
    permission: 'document.read',
    request: { query: documentTypesQuerySchema },
    responses: {
      200: { description: 'The city’s kinds', schema: cityDocumentTypesSchema },
      400: { description: 'No city given' },
      404: { description: 'No such city' },
      ...adminRefusals,
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/document-types',
    tag: 'compliance',
    summary: "Set a city's kinds (audited). A kind newly required holds the city's drivers who lack it at once (the hold is a rule, decision 0049)",
    auth: 'admin',
    permission: 'document_types.manage',
    request: { body: documentTypesInputSchema },
    responses: {
      200: { description: 'The city’s kinds', schema: cityDocumentTypesSchema },
      400: { description: 'Bad field' },
      404: { description: 'No such city' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/documents',
    tag: 'compliance',
    summary: "The signed-in driver's documents: the city's kinds, the newest upload per kind and older ones",
    auth: 'driver',
    responses: { 200: { description: 'The documents', schema: ownDocumentsSchema }, ...driverRefusals },
  },
  {
    method: 'POST',
    path: '/api/drivers/me/documents',
    tag: 'compliance',
    summary: 'Send a document for review: files uploaded with purpose `driver_document` (the front then the back when the kind has two sides)',
    description:
      "Not insurance (a vehicle's policy, on /vehicles). The files must be the caller's own, of purpose driver_document, used by no other document. `expires_on` is required when the city's type asks for it and may not be past in the city's calendar. A document of the same kind still in review is superseded; an approved one stays valid until this one is approved.",
    auth: 'driver',
    request: { body: documentUploadSchema },
    responses: {
      201: { description: 'The document, in review', schema: documentResponseSchema },
      400: { description: 'Bad kind, file, side or date (nothing stored)' },
      ...driverRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/documents',
    tag: 'compliance',
    summary: 'The review queue: documents in review (or `status`), oldest first, by kind and by the driver’s city',
    auth: 'admin',
    permission: 'document.read',
    request: { query: adminDocumentsQuerySchema },
    responses: {
      200: { description: 'One page', schema: adminDocumentsPageSchema, csv: true },
      400: { description: 'Bad filter or cursor' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/documents/:id/review',
    tag: 'compliance',
    summary: 'Approve (with the expiry date confirmed) or reject (with a reason) a document in review; the driver is notified either way (audited)',
    description: 'Approving supersedes the previous approved document of the kind. A document already decided answers 409 and nothing changes.',
    auth: 'admin',
    permission: 'document.review',
    cityOf: { record: 'document' },
    request: { params: idParamsSchema, body: documentReviewSchema },
    responses: {
      200: { description: 'The document, decided', schema: documentResponseSchema },
      400: { description: 'Bad field (expiry date missing when the kind needs one, or past)' },
      404: { description: 'No such document' },
      409: { description: 'Already decided' },
      ...adminRefusals,
    },
  },
]);
