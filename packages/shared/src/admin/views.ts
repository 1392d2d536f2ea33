import { z } from 'zod';
import { reviewedDriverSchema } from '../drivers/views';

/**
 * The admin panel's answers (decision 0017): apps/server/src/admin. The lists (`{ items, next_cursor, total? }`)
 * use the item schemas of the listing kit (admin/users.ts, admin/drivers.ts, admin/audit.ts).
 */
export const adminPathSchema = z.strictObject({ path: z.string() });
export const reviewedDriverResponseSchema = z.strictObject({ driver: reviewedDriverSchema });
/** A suspension or reinstatement: the driver's state after it. */
export const driverSuspensionResponseSchema = z.strictObject({
  driver: z.looseObject({ id: z.string(), status: z.string(), suspended: z.boolean(), suspended_at: z.string().nullable() }),
});
