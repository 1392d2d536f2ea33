import type { AdminDriverFilter } from '@openride/shared/drivers/schemas';
import type { Services } from '../http/context';
import { DRIVER_COLUMNS } from './drivers.repo';

/** Newest first; a page is enough for a review queue until pagination is needed. */
export const ADMIN_DRIVERS_LIMIT = 200;

/** The admin review list: every driver field, the applicant's email and the review so far. */
export function listDriversForReview(services: Pick<Services, 'db'>, filter: AdminDriverFilter) {
  let query = services.db
    .selectFrom('drivers')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    .select([
      ...DRIVER_COLUMNS.map((column) => `drivers.${column}` as const),
      'drivers.user_id',
      'drivers.updated_at',
      'drivers.rejection_reason',
      'drivers.reviewed_at',
      'drivers.reviewed_by',
      'user.email',
    ])
    .orderBy('drivers.created_at', 'desc')
    .limit(ADMIN_DRIVERS_LIMIT);
  if (filter !== 'all') query = query.where('drivers.verification_status', '=', filter);
  return query.execute();
}
