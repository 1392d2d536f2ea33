/** Every query key of fare policies (/pricing-settings). */
export const pricingKeys = {
  all: ['admin', 'pricing'] as const,
  city: (cityId: string) => ['admin', 'pricing', cityId] as const,
};
/** The audit log's key (features/admin owns it; the same literal, not an import: features never import each other). */
export const auditLogKey = ['admin', 'audit-log'] as const;
