import { corporateRoutes as corporateContract } from '@openride/shared/corporate/api';
import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
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
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'logger' | 'messenger' | 'publicUrl'>;

/**
 * Corporate accounts (issue 16, decisions 0066 and 0067): platform admins manage companies under /api/admin;
 * company admins (role admin in company_members, checked per company) their people and policy; members check a
 * trip before requesting it on account; anyone signed in accepts an invitation sent to their address.
 */
export function corporateRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, corporateContract);

  on('GET /api/admin/companies', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'companies',
        COMPANIES_CSV,
        pageThrough((cursor) => listCompanies(db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listCompanies(db, query, staff.cityIds) };
  });
  on('POST /api/admin/companies', async ({ user, body }) => ({ status: 201, body: await createCompany(services, user.id, body) }));
  on('GET /api/admin/companies/:id', async ({ params }) => {
    if (!isUuid(params.id)) throw notFound('Company not found');
    return { status: 200, body: await companyDetail(db, params.id) };
  });
  on('PATCH /api/admin/companies/:id', async ({ user, params, body }) => ({
    status: 200,
    body: { company: await updateCompany(db, user.id, params.id, body) },
  }));

  on('GET /api/corporate/companies', async ({ user }) => ({ status: 200, body: { companies: await myCompanies(db, user.id) } }));
  on('GET /api/corporate/companies/:id', async ({ user, params }) => {
    await requireCompanyAdmin(db, params.id, user.id);
    return { status: 200, body: await companyDetail(db, params.id) };
  });
  on('POST /api/corporate/companies/:id/invitations', async ({ user, params, body }) => {
    await requireCompanyAdmin(db, params.id, user.id);
    return { status: 201, body: { invitation: await inviteMember(services, user.id, params.id, body) } };
  });
  on('POST /api/corporate/companies/:id/invitations/:invitationId/revoke', async ({ user, params }) => {
    await revokeInvitation(db, user.id, params.id, params.invitationId);
    return { status: 200, body: await companyDetail(db, params.id) };
  });
  on('POST /api/corporate/companies/:id/members/:userId/remove', async ({ user, params }) => {
    await removeMember(db, user.id, params.id, params.userId);
    return { status: 200, body: await companyDetail(db, params.id) };
  });
  on('PUT /api/corporate/companies/:id/members/:userId/budget', async ({ user, params, body }) => {
    await requireCompanyAdmin(db, params.id, user.id);
    await setMemberBudget(db, user.id, params.id, params.userId, body.monthly_budget_cents);
    return { status: 200, body: await companyDetail(db, params.id) };
  });
  on('PUT /api/corporate/companies/:id/policy', async ({ user, params, body }) => {
    await requireCompanyAdmin(db, params.id, user.id);
    await savePolicy(db, user.id, params.id, body);
    return { status: 200, body: await companyDetail(db, params.id) };
  });
  on('POST /api/corporate/companies/:id/check', async ({ user, params, body }) => ({
    status: 200,
    body: await checkBusinessTrip(db, user.id, params.id, body),
  }));

  on('GET /api/corporate/invitations/:token', async ({ params }) => ({ status: 200, body: { invitation: await previewInvitation(db, params.token) } }));
  on('POST /api/corporate/invitations/accept', async ({ user, body }) => ({ status: 200, body: await acceptInvitation(db, user, body.token) }));

  return app;
}
