import { z } from 'zod';
import { defineListQuery, optionalFilter } from './list-query';

export const ADMIN_USER_ROLES = ['admin', 'driver', 'user'] as const;

/** `GET /api/admin/users`: search by name or email, filter by role ('user' = no role row at all). */
export const adminUsersQuerySchema = defineListQuery({
  sorts: ['created_at', 'name', 'email'],
  filters: { role: optionalFilter(z.enum(ADMIN_USER_ROLES)) },
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: z.string(),
  roles: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
