import type { AdminDriverFilter } from '@openride/shared/drivers/schemas';
import type { AdminDriverView as AdminDriver } from '@openride/shared/drivers/views';

/** The tabs, in the order a reviewer works through them: the queue first. */
export const DRIVER_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const satisfies readonly AdminDriverFilter[];
export type DriverFilter = (typeof DRIVER_FILTERS)[number];

export type { AdminDriver };

/** GET /api/admin/drivers is read by the data table under this key (plus its parameters). */
export const adminDriversKey = ['admin', 'drivers'] as const;
