import { z } from 'zod';
import { ADMIN_DRIVER_FILTERS, DRIVER_COMPLIANCE_STATES } from '../drivers/schemas';
import { defineListQuery, optionalFilter } from './list-query';

/**
 * `GET /api/admin/drivers`: the review queue; `status` defaults to every application. `compliance` keeps the
 * approved drivers on compliance hold (`on_hold`) or not (`ok`) in their city (decision 0053).
 */
export const adminDriversQuerySchema = defineListQuery({
  sorts: ['created_at', 'full_name', 'updated_at'],
  filters: {
    status: optionalFilter(z.enum(ADMIN_DRIVER_FILTERS)),
    compliance: optionalFilter(z.enum(DRIVER_COMPLIANCE_STATES)),
    /** The console's city (decision 0091): that city's drivers only. */
    city: optionalFilter(z.string().max(40)),
  },
});
export type AdminDriversQuery = z.input<typeof adminDriversQuerySchema>;
