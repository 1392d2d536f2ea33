import type { AuditEntry } from '@openride/shared/admin/audit';

export type { AuditEntry };

/** GET /api/admin/audit-log is read by the data table under this key; every admin verb invalidates it. */
export const auditLogKey = ['admin', 'audit-log'] as const;
