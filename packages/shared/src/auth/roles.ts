export const ROLES = ['user', 'driver', 'admin'] as const;
export type Role = (typeof ROLES)[number];
