/** Every query key of the legal feature (decision 0057). */
export const legalKeys = {
  /** GET /api/public/legal: the documents in force. */
  documents: ['public', 'legal'] as const,
  /** GET /api/legal/status, per user (signing out or in as someone else never reads another's answer). */
  status: (userId: string) => ['legal', 'status', userId] as const,
  /** GET /api/admin/legal. */
  versions: ['admin', 'legal'] as const,
};
export const auditLogKey = ['admin', 'audit-log'] as const;
