import {
  adminReferralsQuerySchema,
  claimReferralSchema,
  DEVICE_ID_HEADER,
  referralProgramParamsSchema,
  referralProgramSchema,
  referralProgramScopeSchema,
  reviewReferralSchema,
} from '@openride/shared/referrals/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { claimReferral } from './claim-referral';
import { getMyReferrals } from './get-my-referrals';
import { listReferrals, REFERRALS_CSV } from './list-referrals';
import { getReferralPrograms, updateReferralProgram } from './referral-programs';
import { reviewReferral } from './review-referral';

const EXPORT_PAGE = 500;

/** /referrals (issue 16, decision 0064): the caller's codes and referrals, the claim at sign-up, the admins' programs and list. */
export function referralRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { db } = services;
  app.use('/api/admin/referrals', requireAdmin(services));
  app.use('/api/admin/referrals/*', requireAdmin(services));
  app.use('/api/admin/referral-programs', requireAdmin(services));
  app.use('/api/admin/referral-programs/*', requireAdmin(services));

  app.get('/api/referrals/me', async (c) => c.json(await getMyReferrals(db, requireUser(c).id, c.req.header(DEVICE_ID_HEADER))));
  app.post('/api/referrals/claim', async (c) => {
    const user = requireUser(c);
    const input = claimReferralSchema.parse(await c.req.json());
    return c.json({ referral: await claimReferral(db, user.id, input, c.req.header(DEVICE_ID_HEADER)) }, 201);
  });

  app.get('/api/admin/referral-programs', async (c) => c.json(await getReferralPrograms(db, referralProgramScopeSchema.parse(c.req.query()).city ?? null)));
  app.put('/api/admin/referral-programs/:program', async (c) => {
    const { program } = referralProgramParamsSchema.parse({ program: c.req.param('program') });
    const { city } = referralProgramScopeSchema.parse(c.req.query());
    const input = referralProgramSchema.parse(await c.req.json());
    return c.json({ program: await updateReferralProgram(db, requireUser(c).id, program, city ?? null, input) });
  });
  app.post('/api/admin/referrals/:id/approve', async (c) => c.json({ referral: await reviewReferral(services, requireUser(c).id, c.req.param('id'), 'approved', reviewReferralSchema.parse(await c.req.json())) }));
  app.post('/api/admin/referrals/:id/reject', async (c) => c.json({ referral: await reviewReferral(services, requireUser(c).id, c.req.param('id'), 'rejected', reviewReferralSchema.parse(await c.req.json())) }));
  app.get('/api/admin/referrals', async (c) => {
    const query = adminReferralsQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('referrals', REFERRALS_CSV, pageThrough((cursor) => listReferrals(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listReferrals(db, query));
  });
  return app;
}
