import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessCheck, CompanyDetail, CompanyMember, CompanyView, InvitationPreview, MyCompany } from '@openride/shared/corporate/views';
import { call, type CallInput, type CallResult, hrefOf } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';

export type { BusinessCheck, CompanyDetail, CompanyMember, CompanyView, InvitationPreview, MyCompany };

/** Every key of the corporate domain (the admin table's pages go below `list`). */
export const corporateKeys = {
  list: ['admin', 'companies'] as const,
  adminDetail: (id: string) => ['admin', 'companies', id] as const,
  mine: ['corporate', 'mine'] as const,
  detail: (id: string) => ['corporate', 'company', id] as const,
  invitation: (token: string) => ['corporate', 'invitation', token] as const,
  check: (companyId: string, body: unknown) => ['corporate', 'check', companyId, body] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** The companies' list in the admin kit's table: its endpoint (the contract's key), key and first order. */
export const companiesList = {
  endpoint: hrefOf('GET /api/admin/companies'),
  queryKey: corporateKeys.list,
  defaultSort: { id: 'created_at', dir: 'desc' },
} as const;

type CompanyInput = CallInput<'POST /api/admin/companies'>['body'];
type CompanyPatch = CallInput<'PATCH /api/admin/companies/:id'>['body'];
type InvitationInput = CallInput<'POST /api/corporate/companies/:id/invitations'>['body'];
type PolicyInput = CallInput<'PUT /api/corporate/companies/:id/policy'>['body'];
type BusinessCheckInput = CallInput<'POST /api/corporate/companies/:id/check'>['body'];

/** A company admin's write, named by what it does; each is sent as its contract entry (`call`), never as a built path. */
export type CompanyWrite =
  | { kind: 'invite'; body: InvitationInput }
  | { kind: 'policy'; body: PolicyInput }
  | { kind: 'remove-member'; userId: string }
  | { kind: 'revoke-invitation'; invitationId: string };

function companyWrite(id: string, write: CompanyWrite): Promise<CompanyDetail | CallResult<'POST /api/corporate/companies/:id/invitations'>> {
  switch (write.kind) {
    case 'invite':
      return call('POST /api/corporate/companies/:id/invitations', { params: { id }, body: write.body });
    case 'policy':
      return call('PUT /api/corporate/companies/:id/policy', { params: { id }, body: write.body });
    case 'remove-member':
      return call('POST /api/corporate/companies/:id/members/:userId/remove', { params: { id, userId: write.userId } });
    case 'revoke-invitation':
      return call('POST /api/corporate/companies/:id/invitations/:invitationId/revoke', { params: { id, invitationId: write.invitationId } });
  }
}

/** POST /api/admin/companies. */
export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyInput) => call('POST /api/admin/companies', { body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: corporateKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** PATCH /api/admin/companies/:id (edit, suspend, reactivate), naming the version edited. */
export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & CompanyPatch) => call('PATCH /api/admin/companies/:id', { params: { id }, body }).then((r) => r.company),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: corporateKeys.list }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** GET /api/admin/companies/:id: a platform admin's read of one company. */
export function useAdminCompany(id: string | null) {
  return useQuery({
    queryKey: corporateKeys.adminDetail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => call('GET /api/admin/companies/:id', { params: { id: id! } }, { signal }),
  });
}

/** GET /api/corporate/companies: the caller's memberships. */
export function useMyCompanies(enabled = true) {
  return useQuery({
    queryKey: corporateKeys.mine,
    enabled,
    queryFn: ({ signal }) => call('GET /api/corporate/companies', {}, { signal }).then((r) => r.companies),
  });
}

/** GET /api/corporate/companies/:id: a company admin's view (polls while the socket is down). */
export function useCompanyDetail(id: string) {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    queryKey: corporateKeys.detail(id),
    refetchInterval,
    queryFn: ({ signal }) => call('GET /api/corporate/companies/:id', { params: { id } }, { signal }),
  });
}

/** The company admin's writes: each answers the company's new detail. */
export function useCompanyAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: CompanyWrite) => companyWrite(id, write),
    onSuccess: (data) => {
      if ('company' in data) client.setQueryData(corporateKeys.detail(id), data);
      else void client.invalidateQueries({ queryKey: corporateKeys.detail(id) });
    },
  });
}

/** PUT /api/corporate/companies/:id/members/:userId/budget: a member's own budget, or null for the policy's. */
export function useSetMemberBudget(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, monthly_budget_cents }: { userId: string; monthly_budget_cents: number | null }) =>
      call('PUT /api/corporate/companies/:id/members/:userId/budget', { params: { id: companyId, userId }, body: { monthly_budget_cents } }),
    onSuccess: (data) => client.setQueryData(corporateKeys.detail(companyId), data),
  });
}

/** GET /api/corporate/invitations/:token. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: corporateKeys.invitation(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    queryFn: ({ signal }) => call('GET /api/corporate/invitations/:token', { params: { token: token! } }, { signal }).then((r) => r.invitation),
  });
}

/** POST /api/corporate/invitations/accept. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call('POST /api/corporate/invitations/accept', { body: { token } }).then((r) => r.company),
    onSuccess: () => client.invalidateQueries({ queryKey: ['corporate'] }),
  });
}

/** POST /api/corporate/companies/:id/check: per ride type, allowed on account or why not (for the quote shown). */
export function useBusinessCheck(
  companyId: string | null,
  body: { pickup: { lat: number; lng: number }; fares: { ride_type: string; fare_cents: number }[] } | null,
) {
  return useQuery({
    queryKey: corporateKeys.check(companyId ?? '', body),
    enabled: Boolean(companyId && body && body.fares.length > 0),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call('POST /api/corporate/companies/:id/check', { params: { id: companyId! }, body: body as BusinessCheckInput }, { signal }),
  });
}
