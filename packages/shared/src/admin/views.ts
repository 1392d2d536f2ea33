import { z } from 'zod';
import { timestampSchema } from '../contract';
import { adminDriverSchema, reviewedDriverSchema } from '../drivers/views';
import { roleSchema } from '../profiles/views';

/** The admin panel's answers (decision 0017): apps/server/src/admin. */
export const adminPathSchema = z.strictObject({ path: z.string() });
export const adminUserSchema = z.strictObject({ id: z.string(), email: z.string(), name: z.string(), created_at: timestampSchema, roles: z.array(roleSchema) });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.strictObject({ users: z.array(adminUserSchema) });
export const adminDriversResponseSchema = z.strictObject({ drivers: z.array(adminDriverSchema) });
export const reviewedDriverResponseSchema = z.strictObject({ driver: reviewedDriverSchema });
