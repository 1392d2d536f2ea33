import { referralRoutes as referralContract } from '@openride/shared/referrals/api';
import { DEVICE_ID_HEADER } from '@openride/shared/referrals/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { claimReferral } from './claim-referral';
import { getMyReferrals } from './get-my-referrals';
import { listReferrals, REFERRALS_CSV } from './list-referrals';
import { getReferralPrograms, updateReferralProgram } from './referral-programs';
import { reviewReferral } from './review-referral';
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'push'>;

/** /referrals (issue 16, decision 0064): the caller's codes and referrals, the claim at sign-up, the admins' programs and list. */
export function referralRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const { db } = services;
  const on = mounter(app, services, referralContract);

  on('GET /api/referrals/me', async ({ c, user }) => ({ status: 200, body: await getMyReferrals(db, user.id, c.req.header(DEVICE_ID_HEADER)) }));
  on('POST /api/referrals/claim', async ({ c, user, body }) => ({
    status: 201,
    body: { referral: await claimReferral(db, user.id, body, c.req.header(DEVICE_ID_HEADER)) },
  }));

  on('GET /api/admin/referral-programs', async ({ query }) => ({ status: 200, body: await getReferralPrograms(db, query.city ?? null) }));
  on('PUT /api/admin/referral-programs/:program', async ({ user, params, query, body }) => ({
    status: 200,
    body: { program: await updateReferralProgram(db, user.id, params.program, query.city ?? null, body) },
  }));
  on('POST /api/admin/referrals/:id/approve', async ({ user, params, body }) => ({
    status: 200,
    body: { referral: await reviewReferral(services, user.id, params.id, 'approved', body) },
  }));
  on('POST /api/admin/referrals/:id/reject', async ({ user, params, body }) => ({
    status: 200,
    body: { referral: await reviewReferral(services, user.id, params.id, 'rejected', body) },
  }));
  on('GET /api/admin/referrals', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'referrals',
        REFERRALS_CSV,
        pageThrough((cursor) => listReferrals(db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listReferrals(db, query, staff.cityIds) };
  });
  return app;
}
