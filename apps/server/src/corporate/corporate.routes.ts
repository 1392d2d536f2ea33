import { acceptInvitationSchema, adminCompaniesQuerySchema, businessCheckSchema, createCompanySchema, inviteMemberSchema, memberBudgetSchema, savePolicySchema, updateCompanySchema } from '@openride/shared/corporate/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { notFound } from '../lib/errors';
import { pageThrough } from '../lib/keyset';
import { acceptInvitation, previewInvitation } from './accept-invitation';
import { companyDetail, myCompanies, requireCompanyAdmin } from './corporate.repo';
import { createCompany } from './create-company';
import { inviteMember } from './invite-member';
import { COMPANIES_CSV, listCompanies } from './list-companies';
import { removeMember, setMemberBudget } from './manage-members';
import { revokeInvitation } from './revoke-invitation';
import { checkBusinessTrip } from './ride-business';
import { savePolicy } from './save-policy';
import { updateCompany } from './update-company';
import { isUuid } from '@openride/shared/text';

const EXPORT_PAGE = 500;

/**
 * Corporate accounts (issue 16, decisions 0066 and 0067): platform admins manage companies under /api/admin;
 * company admins (role admin in company_members, checked per company) their people and policy; members check a
 * trip before requesting it on account; anyone signed in accepts an invitation sent to their address.
 */
export function corporateRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/companies', requireAdmin(services));
  app.use('/api/admin/companies/*', requireAdmin(services));

  app.get('/api/admin/companies', async (c) => {
    const query = adminCompaniesQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('companies', COMPANIES_CSV, pageThrough((cursor) => listCompanies(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listCompanies(db, query));
  });
  app.post('/api/admin/companies', async (c) => c.json(await createCompany(services, requireUser(c).id, createCompanySchema.parse(await c.req.json())), 201));
  app.get('/api/admin/companies/:id', async (c) => {
    if (!isUuid(c.req.param('id'))) throw notFound('Company not found');
    return c.json(await companyDetail(db, c.req.param('id')));
  });
  app.patch('/api/admin/companies/:id', async (c) => c.json({ company: await updateCompany(db, requireUser(c).id, c.req.param('id'), updateCompanySchema.parse(await c.req.json())) }));

  app.get('/api/corporate/companies', async (c) => c.json({ companies: await myCompanies(db, requireUser(c).id) }));
  app.get('/api/corporate/companies/:id', async (c) => {
    const id = c.req.param('id');
    await requireCompanyAdmin(db, id, requireUser(c).id);
    return c.json(await companyDetail(db, id));
  });
  app.post('/api/corporate/companies/:id/invitations', async (c) => {
    const user = requireUser(c);
    await requireCompanyAdmin(db, c.req.param('id'), user.id);
    const input = inviteMemberSchema.parse(await c.req.json());
    return c.json({ invitation: await inviteMember(services, user.id, c.req.param('id'), input) }, 201);
  });
  app.post('/api/corporate/companies/:id/invitations/:invitationId/revoke', async (c) => {
    const id = c.req.param('id');
    await revokeInvitation(db, requireUser(c).id, id, c.req.param('invitationId'));
    return c.json(await companyDetail(db, id));
  });
  app.post('/api/corporate/companies/:id/members/:userId/remove', async (c) => {
    const id = c.req.param('id');
    await removeMember(db, requireUser(c).id, id, c.req.param('userId'));
    return c.json(await companyDetail(db, id));
  });
  app.put('/api/corporate/companies/:id/members/:userId/budget', async (c) => {
    const id = c.req.param('id');
    const user = requireUser(c);
    await requireCompanyAdmin(db, id, user.id);
    await setMemberBudget(db, user.id, id, c.req.param('userId'), memberBudgetSchema.parse(await c.req.json()).monthly_budget_cents);
    return c.json(await companyDetail(db, id));
  });
  app.put('/api/corporate/companies/:id/policy', async (c) => {
    const id = c.req.param('id');
    const user = requireUser(c);
    await requireCompanyAdmin(db, id, user.id);
    await savePolicy(db, user.id, id, savePolicySchema.parse(await c.req.json()));
    return c.json(await companyDetail(db, id));
  });
  app.post('/api/corporate/companies/:id/check', async (c) => c.json(await checkBusinessTrip(db, requireUser(c).id, c.req.param('id'), businessCheckSchema.parse(await c.req.json()))));

  app.get('/api/corporate/invitations/:token', async (c) => {
    requireUser(c);
    return c.json({ invitation: await previewInvitation(db, c.req.param('token')) });
  });
  app.post('/api/corporate/invitations/accept', async (c) => c.json(await acceptInvitation(db, requireUser(c), acceptInvitationSchema.parse(await c.req.json()).token)));

  return app;
}
