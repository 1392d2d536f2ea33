import { z } from 'zod';
import { ADMIN_DRIVER_FILTERS } from '../drivers/schemas';
import { defineListQuery, optionalFilter } from './list-query';

/** `GET /api/admin/drivers`: the review queue; `status` defaults to every application. */
export const adminDriversQuerySchema = defineListQuery({
  sorts: ['created_at', 'full_name', 'updated_at'],
  filters: { status: optionalFilter(z.enum(ADMIN_DRIVER_FILTERS)) },
});
export type AdminDriversQuery = z.input<typeof adminDriversQuerySchema>;
