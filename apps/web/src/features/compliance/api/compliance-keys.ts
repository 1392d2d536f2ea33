/** Every query key of the compliance feature's documents side (decision 0051). Insurance keeps its own (insurance-keys.ts). */
export const complianceKeys = {
  /** GET /api/drivers/me/compliance: the driver's papers and the hold. */
  mine: ['drivers', 'me', 'compliance'] as const,
  /** GET /api/drivers/me/documents. */
  myDocuments: ['drivers', 'me', 'documents'] as const,
  /** GET /api/admin/documents (every filter under it). */
  queue: ['admin', 'documents'] as const,
  /** GET /api/admin/drivers/:id/compliance. */
  driver: (driverId: string) => ['admin', 'drivers', driverId, 'compliance'] as const,
  /** GET /api/admin/document-types?city=ID. */
  types: (cityId: string) => ['admin', 'document-types', cityId] as const,
};
export const auditLogKey = ['admin', 'audit-log'] as const;
