/** Every query key of the money pages (/financial-settings, /financial-dashboard). */
export const financeKeys = {
  settings: (cityId: string) => ['admin', 'finance', 'settings', cityId] as const,
  dashboard: ['admin', 'finance', 'dashboard'] as const,
  entries: ['admin', 'finance', 'entries'] as const,
};
/** The audit log's key (features/admin owns it; the same literal, not an import: features never import each other). */
export const auditLogKey = ['admin', 'audit-log'] as const;
