import type { AuditEntry } from '@openride/shared/admin/audit';
import { hrefOf } from '@/lib/call';

export type { AuditEntry };

/** GET /api/admin/audit-log is read by the data table under this key; every admin verb invalidates it. */
export const auditLogKey = ['admin', 'audit-log'] as const;

/** The audit log in the admin kit's table: its endpoint (the contract's key), key and first order. */
export const auditLogList = { endpoint: hrefOf('GET /api/admin/audit-log'), queryKey: auditLogKey, defaultSort: { id: 'created_at', dir: 'desc' } } as const;
